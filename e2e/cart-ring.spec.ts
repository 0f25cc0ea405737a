import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  METAL_LABELS,
  builderPath,
  diamondTitle,
  dollarsToCents,
  fitProblem,
  formatCents,
  headFitOf,
  ringDesignWithStone,
  ringLeadDays,
  ringPrice,
  type Diamond,
  type PieceDesign,
  type ProductDetail,
  type RingPrice,
  type ShapeName,
} from '@everstone/contract';
import { hydrated, sidewaysOverflow } from './support.ts';

/**
 * A built ring in the cart and the checkout's summary (issue 16, "One ring in the cart"): one line of kind `ring`,
 * shown as one ring with its parts and its price item by item, checked against the store part by part. A ring is
 * put in the cart as the builder's step 3 leaves it, made here from the store's own records (a setting's variant
 * and a stone its head holds), so nothing depends on the seed's numbers.
 */

const SETTING = 'riviera-pave-setting';

type Variant = ProductDetail['variants'][number];

/** A ring as the cart stores it (apps/web/app/domain/cart.ts RingCartLine). */
interface StoredRing {
  kind: 'ring';
  quantity: 1;
  diamond: Diamond;
  variant_id: number;
  setting_slug: string;
  setting_name: string;
  sku: string;
  metal: Variant['metal'];
  shape: ShapeName;
  origin: 'lab' | 'natural' | null;
  ring_size: string;
  engraving: string | null;
  price: RingPrice;
  lead_days: number;
  design: PieceDesign;
}

/** The setting's round-stone variant in 14K white gold with lab-grown side stones, and the product it belongs to. */
async function settingVariant(request: APIRequestContext): Promise<{ product: ProductDetail; variant: Variant }> {
  const res = await request.get(`/api/products/${SETTING}`);
  expect(res.status()).toBe(200);
  const product = (await res.json()) as ProductDetail;
  const variant = product.variants.find((v) => v.metal === '14k-white' && v.shape === 'Round' && v.origin === 'lab');
  expect(variant, `${SETTING} comes in 14K white gold for a round stone`).toBeDefined();
  return { product, variant: variant! };
}

/** `count` round stones the variant's head holds, priced 2,000–6,000 dollars, picked at random. */
async function fittingStones(request: APIRequestContext, variant: Variant, count: number): Promise<Diamond[]> {
  const res = await request.get('/api/get-all-diamonds?shapes=1&price=2000&price=6000&sort=price_asc&per_page=100');
  expect(res.status()).toBe(200);
  const head = variant.design.form === 'ring' ? variant.design.head : null;
  expect(head).not.toBeNull();
  const fits = ((await res.json()) as { data: Diamond[] }).data.filter(
    (d) => fitProblem(headFitOf(head!), { shape: d.shape.name, carat: d.carat_weight, lengthMm: d.measurement_l, widthMm: d.measurement_w }) === null,
  );
  expect(fits.length).toBeGreaterThanOrEqual(count);
  return fits.sort(() => Math.random() - 0.5).slice(0, count);
}

/** The ring step 3 would add: this stone in this variant, priced as the builder prices it. */
function ringOf(product: ProductDetail, variant: Variant, stone: Diamond, choices: { ring_size?: string; engraving?: string | null } = {}): StoredRing {
  const engraving = choices.engraving ?? null;
  return {
    kind: 'ring',
    quantity: 1,
    diamond: stone,
    variant_id: variant.id,
    setting_slug: product.slug,
    setting_name: product.name,
    sku: variant.sku,
    metal: variant.metal,
    shape: 'Round',
    origin: variant.origin,
    ring_size: choices.ring_size ?? '6.5',
    engraving,
    price: ringPrice({
      stoneCents: dollarsToCents(stone.price),
      settingVariantCents: variant.price_cents,
      settingStonesCents: variant.breakdown.stones_cents,
      engraved: engraving !== null,
    }),
    lead_days: ringLeadDays(variant.lead_days),
    design:
      variant.design.form === 'ring'
        ? ringDesignWithStone(variant.design, { shape: 'Round', lengthMm: stone.measurement_l!, widthMm: stone.measurement_w!, depthPct: stone.depth })
        : variant.design,
  };
}

const buildOf = (ring: StoredRing) => ({
  diamond: ring.diamond.diamondid,
  setting: ring.setting_slug,
  metal: ring.metal,
  accents: ring.origin,
  size: ring.ring_size,
  engraving: ring.engraving ?? '',
  by: null,
});

async function openCart(page: Page, lines: unknown[]) {
  // Written from a page of the same origin that has no cart on it, so no check of an earlier cart races the write.
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('cart', JSON.stringify(value)), lines);
  await page.goto('/cart');
  await hydrated(page);
}

const ringLine = (page: Page, ring: StoredRing) => page.locator(`li.cart-line[data-ring="${ring.diamond.certificate_number}"]`);
const notices = (page: Page) => page.locator('.cart-notices[role="status"]');
const subtotal = (page: Page) => page.getByTestId('cart-subtotal');
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ kind: string; price: unknown }>);

async function expectAxeClean(page: Page, label: string, scope: string) {
  const inside = await new AxeBuilder({ page }).include(scope).analyze();
  expect(inside.violations.map((v) => `${label}: ${v.id} (${v.impact}): ${v.nodes[0]?.target}`)).toEqual([]);
  const whole = await new AxeBuilder({ page }).analyze();
  const serious = whole.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}): ${v.nodes[0]?.target}`)).toEqual([]);
}

test('a built ring is one line: its picture, its parts, its price item by item, Edit ring, no quantity, and Remove takes it all', async ({ page, request }) => {
  const { product, variant } = await settingVariant(request);
  const [stone] = await fittingStones(request, variant, 1);
  const ring = ringOf(product, variant, stone!, { engraving: 'A & B' });
  const title = `${product.name} in ${METAL_LABELS[variant.metal]}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openCart(page, [ring]);

  const row = ringLine(page, ring);
  await expect(row.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(row.getByRole('img', { name: title })).toBeVisible();
  await expect(row.getByRole('link', { name: diamondTitle(stone!) })).toHaveAttribute('href', `/diamond-details/${stone!.diamondid}`);
  await expect(row).toContainText(`${stone!.certificate_company.dl_name} certificate ${stone!.certificate_number}`);
  await expect(row).toContainText('14K White Gold · Lab-grown side stones');
  await expect(row).toContainText('Size 6.5');
  await expect(row).toContainText('“A & B”');
  await expect(row).toContainText(/Ships by \w+day, \w+ \d+/);
  // The price, item by item, adds up to the ring's total, which is the cart's subtotal.
  const items = row.locator('.ring-price__rows > div');
  await expect(items).toHaveText([
    `Center stone: ${diamondTitle(stone!)}${formatCents(ring.price.stoneCents)}`,
    `Setting: ${product.name}${formatCents(ring.price.settingCents)}`,
    ...(ring.price.sideStonesCents > 0 ? [`Side stones of the setting${formatCents(ring.price.sideStonesCents)}`] : []),
    `Engraving${formatCents(ring.price.engravingCents)}`,
    `Ring total${formatCents(ring.price.totalCents)}`,
  ]);
  await expect(subtotal(page)).toHaveText(formatCents(ring.price.totalCents));
  await expect(notices(page)).toHaveText('');

  // One of a kind: no quantity to change. Edit ring goes back to step 3 with this very build.
  await expect(row.getByRole('button', { name: /quantity/i })).toHaveCount(0);
  await expect(row.getByText('One of a kind')).toBeVisible();
  await expect(row.getByRole('link', { name: /^Edit ring/ })).toHaveAttribute('href', builderPath(3, buildOf(ring)));

  await row.getByRole('button', { name: `Remove ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart is Empty');
  expect(await storedCart(page)).toEqual([]);
});

test('a stale ring price is renewed from both parts, saved and explained by the ring’s name', async ({ page, request }) => {
  const { product, variant } = await settingVariant(request);
  const [stone] = await fittingStones(request, variant, 1);
  const ring = ringOf(product, variant, stone!);
  const staleStone = ring.price.stoneCents + 12_345;
  const stale = { ...ring, diamond: { ...stone!, price: stone!.price + 123.45 }, price: { ...ring.price, stoneCents: staleStone, totalCents: ring.price.totalCents + 12_345 } };
  await openCart(page, [stale]);

  await expect(notices(page)).toHaveText(
    `The price of your ${product.name} changed from ${formatCents(stale.price.totalCents)} to ${formatCents(ring.price.totalCents)}.`,
  );
  await expect(ringLine(page, ring).locator('.cart-line__price')).toHaveText(`Price: ${formatCents(ring.price.totalCents)}`);
  await expect(subtotal(page)).toHaveText(formatCents(ring.price.totalCents));
  await expect.poll(async () => (await storedCart(page))[0]?.price).toEqual(ring.price);
});

test('a ring whose stone or setting the store no longer has is marked, says which, and offers the way to another', async ({ page, request }) => {
  const { product, variant } = await settingVariant(request);
  const [a, b] = await fittingStones(request, variant, 2);
  const noStone = ringOf(product, variant, { ...a!, diamondid: 2_000_000_000, certificate_number: 'E2E-NO-SUCH-STONE' });
  const noSetting = { ...ringOf(product, variant, b!), variant_id: 999_999_999 };
  await page.setViewportSize({ width: 1440, height: 900 });
  await openCart(page, [noStone, noSetting]);

  const first = ringLine(page, noStone);
  await expect(first).toContainText('No longer available. The diamond in this ring is no longer in our inventory.');
  await expect(first.getByRole('link', { name: 'Choose another diamond for this setting' })).toHaveAttribute('href', builderPath(1, { ...buildOf(noStone), diamond: null }));
  const second = ringLine(page, noSetting);
  await expect(second).toContainText('Its setting is no longer available in this metal and shape.');
  await expect(second.getByRole('link', { name: 'Choose another setting for this diamond' })).toHaveAttribute('href', builderPath(2, { ...buildOf(noSetting), setting: null }));
  await expect(notices(page)).toContainText(`The diamond in your ${product.name} is no longer in our inventory.`);
  await expect(notices(page)).toContainText(`The ${product.name} setting is no longer available in 14K White Gold, so your ring cannot be made as it is.`);
  await expect(subtotal(page)).toHaveText('$0.00');
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription('Remove the rings marked No longer available to check out.');
  await expectAxeClean(page, 'cart with unavailable rings', 'section.cart');
});

test('a stone both loose and in a ring stays in the ring only, with a notice', async ({ page, request }) => {
  const { product, variant } = await settingVariant(request);
  const [stone] = await fittingStones(request, variant, 1);
  const ring = ringOf(product, variant, stone!);
  await openCart(page, [{ ...stone!, kind: 'diamond', quantity: 1 }, ring]);

  await expect(notices(page)).toContainText(`The ${diamondTitle(stone!)} is set in your ${product.name}, so it is no longer in your cart as a loose diamond as well.`);
  await expect(page.locator('li.cart-line')).toHaveCount(1);
  await expect(ringLine(page, ring)).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect.poll(async () => (await storedCart(page)).map((l) => l.kind)).toEqual(['ring']);
});

for (const width of [375, 1440]) {
  test(`a ring in the cart and in checkout's summary fits ${width} pixels and passes axe`, async ({ page, request }) => {
    const { product, variant } = await settingVariant(request);
    const [stone, loose] = await fittingStones(request, variant, 2);
    const ring = ringOf(product, variant, stone!, { ring_size: 'unknown', engraving: 'Always ♥' });
    await page.setViewportSize({ width, height: 900 });
    await openCart(page, [ring, { ...loose!, kind: 'diamond', quantity: 1 }]);

    const row = ringLine(page, ring);
    await expect(row).toContainText('Size to be confirmed — one free resize');
    await expect(subtotal(page)).toHaveText(formatCents(ring.price.totalCents + dollarsToCents(loose!.price)));
    expect(await sidewaysOverflow(page)).toEqual([]);
    await expectAxeClean(page, `cart with a ring at ${width}px`, 'section.cart');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const toggle = page.getByRole('button', { name: 'Show order summary' });
    if (await toggle.isVisible()) await toggle.click();
    const line = page.locator(`li.summary-line[data-ring="${stone!.certificate_number}"]`);
    await expect(line).toContainText(`${product.name} in 14K White Gold`);
    await expect(line).toContainText(`Center stone: ${diamondTitle(stone!)}`);
    await expect(line).toContainText(`Setting: ${product.name}`);
    await expect(line).toContainText('Engraving “Always ♥”');
    await expect(line.locator('.summary-line__price')).toHaveText(formatCents(ring.price.totalCents));
    await expect(page.getByTestId('checkout-subtotal')).toHaveText(formatCents(ring.price.totalCents + dollarsToCents(loose!.price)));
    expect(await sidewaysOverflow(page)).toEqual([]);
    await expectAxeClean(page, `checkout with a ring at ${width}px`, '.checkout-summary');
  });
}
