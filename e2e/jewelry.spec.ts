import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ENGRAVING, formatTagPrice, type ProductDetail, type ProductListResponse } from '@everstone/contract';
import { createAccount, hydrated, sidewaysOverflow } from './support.ts';

/*
 * The jewelry (issue 15): a listing narrowed by its filters, a piece chosen with its options in the address, its
 * ring size and engraving, the cart, the checkout and the order page. Made-to-order men's bands are the pieces
 * ordered here: they take nothing from stock, so no other journey can run out of them.
 */

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 800 };

test('a shopper narrows a listing, chooses a band, its width, size and engraving, and orders it', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/bands-for-him');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men’s Wedding Bands');
  const all = (await (await request.get('/api/products?department=bands-for-him')).json()) as ProductListResponse;
  await expect(page.getByRole('status').first()).toContainText(`${all.total} pieces`);
  expect(await seriousViolations(page)).toEqual([]);

  // A filter is a link with its count; choosing it narrows the listing to that count and puts it in the address.
  const platinum = all.facets.metal.find((m) => m.value === 'platinum')!;
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('link', { name: `Platinum ${platinum.count} pieces` }).click();
  await expect(page).toHaveURL(/\/bands-for-him\?metal=platinum$/);
  await expect(page.getByRole('status').first()).toContainText(`${platinum.count} piece`);
  const plain = (await (await request.get('/api/products?department=bands-for-him&metal=platinum')).json()) as ProductListResponse;
  const style = plain.facets.style.find((s) => s.value === 'plain')!;
  await filters.getByRole('link', { name: `Metal Band ${style.count} ${style.count === 1 ? 'piece' : 'pieces'}` }).click();
  await expect(page).toHaveURL(/\/bands-for-him\?style=plain&metal=platinum$/);
  await expect(page.locator('.jw-card')).toHaveCount(Math.min(24, style.count));
  // Back is the listing as it was.
  await page.goBack();
  await expect(page).toHaveURL(/\/bands-for-him\?metal=platinum$/);
  await page.goForward();
  await expect(page).toHaveURL(/style=plain/);

  // The comfort-fit band, in platinum, in its widths.
  await page.locator('.jw-card-link', { hasText: 'Men’s Classic Comfort Fit Band' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Men’s Classic Comfort Fit Band');
  await expect(page).toHaveURL(/metal=platinum/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  const product = (await (await request.get(`/api/products/${slug}`)).json()) as ProductDetail;
  const wide = product.variants.find((v) => v.metal === 'platinum' && v.width_mm === 8)!;
  await hydrated(page);
  await page.getByRole('link', { name: '8 mm', exact: true }).click();
  await expect(page).toHaveURL(/width=8/);
  await expect(page.locator('.jw-price .jw-now')).toHaveText(formatTagPrice(wide.price_cents));
  await expect(page.getByText('8.0 mm', { exact: true })).toBeVisible();

  // The price, item by item, adds up to it.
  await page.getByText('What makes up this price').click();
  await expect(page.locator('.jw-breakdown tfoot td')).toHaveText(formatTagPrice(wide.price_cents));

  // A ring needs a size before it goes in the cart.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.jw-problem')).toHaveText(/^Please choose a ring size/);
  await expect(page.getByLabel('Ring size')).toBeFocused();
  await page.getByLabel('Ring size').selectOption('10.5');
  await page.getByLabel(/Engraving/).fill('J & K 2026');
  await expect(page.locator('.jw-price .jw-now')).toHaveText(formatTagPrice(wide.price_cents + ENGRAVING.priceCents));
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Men’s Classic Comfort Fit Band').first()).toBeVisible();
  await expect(page.getByLabel('Ring size').first()).toHaveValue('10.5');
  expect(await seriousViolations(page)).toEqual([]);

  // Checkout and the order.
  const account = await createAccount(request, 'jewelry');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), account.token);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(page.getByTestId('checkout-email')).toBeVisible();
  for (const [label, value] of Object.entries({ 'First name': 'Ada', 'Last name': 'Lovelace', Address: '12 Analytical Row', City: 'New York', 'ZIP code': '10036', Phone: '212-555-0100' })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await expect(page.getByTestId('checkout-total')).toContainText(formatTagPrice(wide.price_cents + ENGRAVING.priceCents).replace(/^\$/, ''));
  await form.getByRole('radio', { name: 'Cash on delivery' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/thankyou$/);
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order EV-/ })).toBeVisible();
  const order = page.locator('main');
  await expect(order).toContainText('Men’s Classic Comfort Fit Band');
  await expect(order).toContainText('Size 10.5');
  await expect(order).toContainText('J & K 2026');
  await expect(order).toContainText('Made to order');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('on a phone the filters open from a button, and a listing and a piece fit the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/fine-jewelry/earrings');
  await hydrated(page);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters).toBeHidden();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(filters).toBeVisible();
  await filters.getByRole('link', { name: /^Stud Earrings \d+ pieces?$/ }).click();
  await expect(page).toHaveURL(/style=studs/);
  await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText('Stud Earrings');
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator('.jw-card-link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Earrings take no ring size; their stock or lead time is stated with the day they ship.
  await expect(page.getByLabel('Ring size')).toHaveCount(0);
  await expect(page.locator('.jw-stock')).toContainText(/Ships by \w+day, \w+ \d+/);
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // Saved with the heart, the piece waits on the wishlist, drawn as it was chosen.
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved to your wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  const saved = page.getByRole('region', { name: 'Jewelry' }).or(page.locator('section[aria-labelledby="wishlist-pieces-title"]'));
  await expect(saved.getByRole('heading', { name })).toBeVisible();
  await saved.getByRole('link', { name: 'View piece' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('a piece that does not exist is the site’s 404, and a listing page past the last is too', async ({ page }) => {
  expect((await page.goto('/jewelry/no-such-piece'))!.status()).toBe(404);
  expect((await page.goto('/sale?page=99'))!.status()).toBe(404);
  expect((await page.goto('/collections/no-such-collection'))!.status()).toBe(404);
});
