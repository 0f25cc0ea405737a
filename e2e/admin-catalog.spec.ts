import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminMetalPricesResponseSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  centsToPrice,
  formatCents,
  formatTagPrice,
  productDetailSchema,
  variantSearch,
  type AdminProduct,
  type AdminProductSummary,
  type PieceDesign,
  type ProductFamily,
} from '@everstone/contract';
import { adminPut, createStaffAccount, signInToBackOffice } from './admin-support.ts';
import { SHOPPER_PASSWORD, seriousViolations, sidewaysOverflow } from './support.ts';

/*
 * The back office's catalog (/admin/products) in the browser, against the real API: a piece found by its SKU,
 * withdrawn from the storefront and published again; a ring's band made wider in the variant editor, its picture and
 * price following as it is typed, then saved and sold at the new price; a stocked variant's units; the metal prices,
 * changed by an owner through the password and a confirmation, read by staff. Each journey takes its piece at random
 * from families the storefront journeys do not buy or assert prices on (necklaces, bracelets, fashion rings) and puts
 * back what it changed. A metal price re-prices every piece in that metal while other journeys run beside this one,
 * so that change takes the metal with the fewest pieces (never platinum, which the bands journey prices) and is put
 * back as soon as it has been seen.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Published products of `family`, as the back office lists them (the page's own session asks). */
async function productsOf(request: APIRequestContext, family: ProductFamily): Promise<AdminProductSummary[]> {
  const res = await request.get(`/api/admin/products?family=${family}&state=published&per_page=100`);
  expect(res.status()).toBe(200);
  return adminProductListResponseSchema.parse(await res.json()).products;
}

async function adminProduct(request: APIRequestContext, id: number): Promise<AdminProduct> {
  const res = await request.get(`/api/admin/products/${id}`);
  expect(res.status()).toBe(200);
  return adminProductResponseSchema.parse(await res.json()).product;
}

/** A variant's price on the storefront, or null when the storefront does not sell the piece. */
async function storefrontPrice(request: APIRequestContext, slug: string, variantId: number): Promise<number | null> {
  const res = await request.get(`/api/products/${slug}`);
  if (res.status() === 404) return null;
  expect(res.status()).toBe(200);
  const product = productDetailSchema.parse(await res.json());
  return product.variants.find((v) => v.id === variantId)?.price_cents ?? null;
}

const savedBanner = (page: Page) => page.getByRole('status').locator('.form-banner--success');

test('staff find a piece by its SKU, withdraw it from the storefront and publish it again', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'catalog-staff', 'staff', 'Sam Shelf');
  await signInToBackOffice(page, staff.email, '/admin');
  const summary = pick(await productsOf(page.request, 'necklace'));
  const product = await adminProduct(page.request, summary.id);
  const sku = product.variants[0]!.sku;
  const storefront = `/jewelry/${product.slug}`;
  expect((await request.get(`/api/products/${product.slug}`)).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
  await expect(page).toHaveTitle('Catalog | Everstone back office');

  const search = page.getByRole('search', { name: 'Catalog' });
  await search.getByLabel('Search').fill(sku);
  await search.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${sku}`));
  const table = page.getByRole('table', { name: /^Products/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Published');
  await expect(row).toContainText(`${product.variants.length}`);
  await row.getByRole('link', { name: product.name }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole('table', { name: `The variants of ${product.name}` }).getByRole('row', { name: new RegExp(sku) })).toBeVisible();

  const form = page.getByRole('form', { name: 'Product' });
  const published = form.getByLabel('Published (shoppers find and buy it)');
  try {
    await expect(published).toBeChecked();
    await published.uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(savedBanner(page)).toBeVisible();
    await expect(page.locator('.adm-order__facts')).toContainText('Storefront: Not published');
    await expect(published).not.toBeChecked();
    await expect(form.getByRole('button', { name: 'Save' })).toBeFocused();

    // The storefront no longer offers it: its page is not found, and its API answers 404.
    await expect.poll(async () => (await request.get(`/api/products/${product.slug}`)).status()).toBe(404);
    const shop = await page.context().newPage();
    expect((await shop.goto(storefront))!.status()).toBe(404);

    // The list finds it among the pieces not published.
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await page.getByRole('navigation', { name: 'Published or not' }).getByRole('link', { name: 'Not published' }).click();
    await expect(page).toHaveURL(/state=unpublished/);
    await page.getByRole('search', { name: 'Catalog' }).getByLabel('Search').fill(product.slug);
    await page.getByRole('search', { name: 'Catalog' }).getByLabel('Search').press('Enter');
    await expect(page.getByRole('table', { name: /^Products/ }).getByRole('link', { name: product.name })).toBeVisible();
    await page.getByRole('table', { name: /^Products/ }).getByRole('link', { name: product.name }).click();

    await page.getByRole('form', { name: 'Product' }).getByLabel('Published (shoppers find and buy it)').check();
    await page.getByRole('form', { name: 'Product' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.adm-order__facts')).toContainText('Storefront: Published');
    await expect.poll(async () => (await request.get(`/api/products/${product.slug}`)).status()).toBe(200);
    expect((await shop.goto(storefront))!.status()).toBe(200);
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(product.name);

    const history = page.getByRole('region', { name: 'History', exact: true });
    await expect(history).toContainText('Edited a product');
    await expect(history).toContainText('published: true → false');
    await expect(history).toContainText(staff.email);
  } finally {
    await adminPut(page, `/api/admin/products/${product.id}`, { published: true });
  }
});

test('staff widen a ring’s band: the picture and the price follow as it is typed, and the storefront sells it at the saved price', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'catalog-staff', 'staff', 'Sam Shelf');
  await signInToBackOffice(page, staff.email, '/admin/products');
  const rings = await productsOf(page.request, 'ring');
  const product = await adminProduct(page.request, pick(rings).id);
  const variant = pick(product.variants.filter((v) => !v.discontinued && v.design.form === 'ring'));
  const design = variant.design as Extract<PieceDesign, { form: 'ring' }>;
  const wider = Math.min(12, Math.round((design.bandWidthMm + 0.6) * 10) / 10);
  expect(wider).not.toBe(design.bandWidthMm);

  try {
    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole('link', { name: `Edit variant ${variant.sku}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}/variants/${variant.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Variant ${variant.sku}`);

    const picture = page.getByRole('img', { name: new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
    const price = page.getByRole('region', { name: 'Price' });
    await expect(price.getByTestId('live-price')).toHaveText(formatCents(variant.price_cents));
    const drawn = await picture.innerHTML();

    const width = page.getByRole('group', { name: 'Band' }).getByLabel('Band width (mm)');
    await expect(width).toHaveValue(String(design.bandWidthMm));
    await width.fill(String(wider));
    // The picture is drawn again from the edited design, and the server prices it.
    await expect.poll(() => picture.innerHTML()).not.toBe(drawn);
    await expect(price.getByTestId('live-price')).not.toHaveText(formatCents(variant.price_cents));
    await expect(price).toContainText(`was ${formatCents(variant.price_cents)}`);
    const livePrice = await price.getByTestId('live-price').innerText();

    // A design the server refuses says why instead of a price; putting a good value back prices it again.
    await width.fill('40');
    await expect(price.locator('.adm-live-price__problem')).toContainText(/bandWidthMm/);
    await width.fill(String(wider));
    await expect(price.getByTestId('live-price')).toHaveText(livePrice);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(savedBanner(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Band' }).getByLabel('Band width (mm)')).toHaveValue(String(wider));
    await expect(price.getByTestId('live-price')).toHaveText(livePrice);
    await expect(price).not.toContainText('was ');

    const saved = (await adminProduct(page.request, product.id)).variants.find((v) => v.id === variant.id)!;
    expect(formatCents(saved.price_cents)).toBe(livePrice);
    await expect.poll(() => storefrontPrice(request, product.slug, variant.id)).toBe(saved.price_cents);
    const detail = productDetailSchema.parse(await (await request.get(`/api/products/${product.slug}`)).json());
    const shop = await page.context().newPage();
    await shop.goto(`/jewelry/${product.slug}${variantSearch(detail, saved)}`);
    await expect(shop.locator('.jw-price .jw-now')).toHaveText(formatTagPrice(saved.price_cents));

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: product.name }).click();
    const history = page.getByRole('region', { name: 'History', exact: true });
    const entry = history.getByRole('row').filter({ hasText: 'Edited a variant' }).filter({ hasText: staff.email });
    await expect(entry).toContainText(`Variant ${variant.sku}`);
    await expect(entry).toContainText(`design.bandWidthMm: ${design.bandWidthMm} → ${wider}`);
  } finally {
    await adminPut(page, `/api/admin/variants/${variant.id}`, { design });
  }
});

test('staff set a stocked variant’s units on hand, and the list counts them on the shelf', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'catalog-staff', 'staff', 'Sam Shelf');
  await signInToBackOffice(page, staff.email, '/admin/products');
  const candidates = [...(await productsOf(page.request, 'bracelet')), ...(await productsOf(page.request, 'necklace'))].filter((p) => p.on_shelf !== null);
  expect(candidates.length, 'a stocked bracelet or necklace').toBeGreaterThan(0);
  const product = await adminProduct(page.request, pick(candidates).id);
  const variant = product.variants.find((v) => v.stocked)!;
  const shelf = product.variants.reduce((sum, v) => sum + (v.on_shelf ?? 0), 0);
  const more = (variant.on_hand ?? 0) + 3;

  try {
    await page.goto(`/admin/products/${product.id}/variants/${variant.id}`);
    const stock = page.getByRole('group', { name: 'Stock' });
    await expect(stock.getByLabel('Stocked')).toBeChecked();
    await expect(stock).toContainText(`${variant.held} held by open orders`);
    await stock.getByLabel('Units on hand').fill(String(more));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(savedBanner(page)).toBeVisible();
    await expect(stock).toContainText(`Now stocked: ${more} on hand`);

    await page.goto(`/admin/products?q=${encodeURIComponent(variant.sku)}`);
    const row = page.getByRole('table', { name: /^Products/ }).getByRole('row').filter({ hasText: product.name });
    await expect(row).toContainText(`${shelf + 3} units`);
  } finally {
    await adminPut(page, `/api/admin/variants/${variant.id}`, { on_hand: variant.on_hand });
  }
});

test('an owner changes a metal’s price through the password and a confirmation; staff read the prices', async ({ page, browser, request }) => {
  const owner = await createStaffAccount(request, 'catalog-owner', 'owner', 'Olivia Owner');
  await signInToBackOffice(page, owner.email, '/admin/products/metals');
  const metals = adminMetalPricesResponseSchema.parse(await (await page.request.get('/api/admin/metal-prices')).json()).metals;
  const metal = [...metals].filter((m) => m.variants > 0 && m.metal !== 'platinum').sort((a, b) => a.variants - b.variants)[0]!;
  // A piece sold in that metal, whose storefront price must move with it.
  const pieces = [...(await productsOf(page.request, 'ring')), ...(await productsOf(page.request, 'necklace'))];
  let sample: { slug: string; variantId: number } | null = null;
  for (const summary of pieces) {
    const found = (await adminProduct(page.request, summary.id)).variants.find((v) => v.metal === metal.metal && !v.discontinued);
    if (found) {
      sample = { slug: summary.slug, variantId: found.id };
      break;
    }
  }
  expect(sample, `a ring or necklace in ${metal.label}`).not.toBeNull();
  const before = await storefrontPrice(request, sample!.slug, sample!.variantId);
  expect(before).not.toBeNull();
  const newPrice = centsToPrice(metal.cents_per_gram + 100);

  // Signing in counts as a fresh password for a few minutes, so the server's "enter it again" answer is given to the
  // first change here, as it would be later in the day; the change then goes through for real.
  let asked = false;
  await page.route('**/api/admin/metal-prices', async (route) => {
    if (route.request().method() === 'PUT' && !asked) {
      asked = true;
      await route.fulfill({ status: 403, json: { message: 'Please enter your password again.', reauth: true } });
    } else await route.fallback();
  });

  try {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Metal prices');
    const field = page.getByLabel(metal.label, { exact: true });
    await expect(field).toHaveValue(centsToPrice(metal.cents_per_gram));
    await field.fill('1');
    await page.getByRole('button', { name: 'Save changed prices' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();

    await field.fill(newPrice);
    await page.getByRole('button', { name: 'Save changed prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the metal prices' });
    await expect(dialog).toContainText(`${metal.variants.toLocaleString('en-US')} variant${metal.variants === 1 ? '' : 's'} will be re-priced`);
    await expect(dialog).toContainText(`${metal.label}: ${formatCents(metal.cents_per_gram)} → ${formatCents(metal.cents_per_gram + 100)} a gram`);
    await dialog.getByRole('button', { name: 'Change the prices' }).click();

    const reauth = page.getByRole('dialog', { name: 'Enter your password again' });
    await expect(reauth).toBeVisible();
    await reauth.getByLabel('Password').fill(SHOPPER_PASSWORD);
    await reauth.getByRole('button', { name: 'Confirm' }).click();
    await expect(reauth).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(savedBanner(page)).toBeVisible();
    await expect(field).toHaveValue(newPrice);

    const now = adminMetalPricesResponseSchema.parse(await (await page.request.get('/api/admin/metal-prices')).json()).metals;
    expect(now.find((m) => m.metal === metal.metal)!.cents_per_gram).toBe(metal.cents_per_gram + 100);
    await expect.poll(() => storefrontPrice(request, sample!.slug, sample!.variantId)).toBeGreaterThan(before!);
  } finally {
    const res = await adminPut(page, '/api/admin/metal-prices', { prices: [{ metal: metal.metal, per_gram: centsToPrice(metal.cents_per_gram) }] });
    expect(res.status()).toBe(200);
  }
  await expect.poll(() => storefrontPrice(request, sample!.slug, sample!.variantId)).toBe(before);

  // Staff read the same table, without fields to change it.
  const staff = await createStaffAccount(request, 'catalog-staff', 'staff', 'Sam Shelf');
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInToBackOffice(other, staff.email, '/admin/products/metals');
  await expect(other.getByText('Only owners change metal prices.')).toBeVisible();
  await expect(other.getByRole('table', { name: 'Metals and their price a gram' })).toContainText(metal.label);
  await expect(other.getByRole('textbox')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Save changed prices' })).toHaveCount(0);
  await context.close();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the catalog pages pass axe and fit ${viewport.width} pixels: the list, a product, a variant’s editor, the metal prices`, async ({ page, request }) => {
    const owner = await createStaffAccount(request, 'catalog-owner', 'owner', 'Olivia Owner');
    await page.setViewportSize(viewport);
    const check = async (what: string) => {
      expect(await sidewaysOverflow(page), `${what} at ${viewport.width}`).toEqual([]);
      expect(await seriousViolations(page), `${what} at ${viewport.width}`).toEqual([]);
    };

    await signInToBackOffice(page, owner.email, '/admin/products');
    await expect(page.getByRole('table', { name: /^Products/ })).toBeVisible();
    await check('the catalog list');

    // The ring with the longest name: its name is on the editor's buttons and headings, the widest text a phone meets.
    const longest = (await productsOf(page.request, 'ring')).reduce((a, p) => (p.name.length > a.name.length ? p : a));
    const product = await adminProduct(page.request, longest.id);
    const variant = product.variants.find((v) => v.design.form === 'ring' && (v.design.head !== null || v.design.accents !== null)) ?? product.variants[0]!;
    await page.goto(`/admin/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await check('a product');

    await page.goto(`/admin/products/${product.id}/variants/${variant.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Variant ${variant.sku}`);
    await expect(page.getByRole('region', { name: 'Price' }).getByTestId('live-price')).toBeVisible();
    await check('a variant’s editor');

    await page.goto('/admin/products/metals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Metal prices');
    await check('the metal prices');
  });
}
