import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PROMOTIONS, colorLabel, diamondTitle, formatMoney, type Diamond } from '@everstone/contract';
import { hydrated, sidewaysOverflow } from './support.ts';

/**
 * The cart journeys (/cart). Stones come from the store's own API, so nothing here depends on the seed's
 * numbers; a cart is put in place the way the detail page leaves it: the records in localStorage 'cart'.
 */

type Line = Diamond & { quantity: number };

/** Available stones priced within [min, max] dollars, cheapest first. */
async function stones(request: APIRequestContext, min: number, max: number, count: number): Promise<Diamond[]> {
  const res = await request.get(`/api/get-all-diamonds?price=${min}&price=${max}&sort=price_asc&per_page=${count}`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Diamond[] };
  expect(data.length, `the store has ${count} stones priced ${min}–${max}`).toBe(count);
  return data;
}

const lineOf = (d: Diamond, quantity = 1): Line => ({ ...d, quantity });

/** Opens /cart with these lines in storage, as if the shopper had added them earlier. */
async function openCart(page: Page, lines: Line[]) {
  // Written from a page of the same origin that has no cart on it, so no check of an earlier cart races the write.
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('cart', JSON.stringify(value)), lines);
  await page.goto('/cart');
  await hydrated(page);
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as Line[]);
const cartLine = (page: Page, d: Pick<Diamond, 'certificate_number'>) =>
  page.locator(`li.cart-line[data-certificate="${d.certificate_number}"]`);
const subtotal = (page: Page) => page.getByTestId('cart-subtotal');
const notices = (page: Page) => page.locator('.cart-notices[role="status"]');
const sum = (lines: Line[]) => Math.round(lines.reduce((s, l) => s + l.price * l.quantity, 0) * 100) / 100;

async function expectNoHorizontalScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toEqual([]);
}

/** Nothing at all within the cart; nothing serious or critical anywhere on the page. */
async function expectAxeClean(page: Page, label: string) {
  const cart = await new AxeBuilder({ page }).include('section.cart').analyze();
  expect(cart.violations.map((v) => `${label}: ${v.id} (${v.impact}): ${v.nodes[0]?.target}`)).toEqual([]);
  const whole = await new AxeBuilder({ page }).analyze();
  const serious = whole.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}): ${v.nodes[0]?.target}`)).toEqual([]);
}

test('the server sends a noindex shell and the browser shows the empty cart', async ({ page, request }) => {
  const html = await (await request.get('/cart')).text();
  expect(html).toMatch(/<title>Shopping Cart \| [^<]+<\/title>/);
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).toContain('Loading your cart');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart is Empty');
  await expect(page.getByText('You have no items in your shopping cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/diamond');
  await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('lines show each stone from the API and the subtotal is their sum', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  const lines = [lineOf(a!), lineOf(b!)];
  await openCart(page, lines);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
  for (const d of [a!, b!]) {
    const row = cartLine(page, d);
    await expect(row.getByRole('heading', { level: 2 })).toHaveText(diamondTitle(d));
    await expect(row.getByRole('link', { name: diamondTitle(d) })).toHaveAttribute('href', `/diamond-details/${d.diamondid}`);
    await expect(row.getByRole('list', { name: 'Grades' })).toContainText(`Color ${colorLabel(d)}`);
    await expect(row.getByRole('list', { name: 'Grades' })).toContainText(`Clarity ${d.clarity?.name ?? 'NA'}`);
    await expect(row).toContainText(`${d.certificate_company.dl_name} certificate ${d.certificate_number}`);
    await expect(row.locator('.cart-line__price')).toHaveText(`Price: ${formatMoney(d.price)}`);
    await expect(row.getByRole('img')).toHaveCount(0); // the shape drawing is decorative (alt="")
    await expect(row.locator('img')).toHaveAttribute('src', `/shapes/${d.shape.image}.svg`);
  }
  await expect(subtotal(page)).toHaveText(formatMoney(sum(lines)));
  await expect(page.getByText('Free insured shipping', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(notices(page)).toHaveText('');
});

test('the cart fills in without moving what is already on screen', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A stale price makes the check add a notice above the lines: it must arrive with them, not after.
  await openCart(page, [lineOf({ ...a!, price: a!.price + 1 }), lineOf(b!)]);
  await expect(notices(page)).toContainText('The price of');
  await expect(cartLine(page, b!)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
});

test('the quantity never goes below 1, and plus is disabled because each diamond is one of a kind', async ({ page, request }) => {
  const [a] = await stones(request, 500, 3000, 1);
  await openCart(page, [lineOf(a!)]);
  const title = diamondTitle(a!);
  const minus = page.getByRole('button', { name: `Decrease quantity of ${title}` });
  const plus = page.getByRole('button', { name: `Increase quantity of ${title}` });
  const value = page.getByRole('group', { name: `Quantity of ${title}` }).locator('output');

  await expect(value).toHaveText('1');
  await expect(minus).toBeDisabled();
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription('Each diamond is one of a kind');
  await expect(page.getByText('Each diamond is one of a kind')).toBeVisible();
  // They stay reachable by keyboard, and pressing them changes nothing.
  await plus.focus();
  await page.keyboard.press('Enter');
  await minus.focus();
  await page.keyboard.press('Space');
  await expect(value).toHaveText('1');
  expect((await stored(page))[0]!.quantity).toBe(1);
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price));
});

test('a stored quantity above one is brought back to one with a notice', async ({ page, request }) => {
  const [a] = await stones(request, 500, 3000, 1);
  await openCart(page, [lineOf(a!, 3)]);
  await expect(notices(page)).toContainText(`Each diamond is one of a kind, so the quantity of ${diamondTitle(a!)} was set to 1.`);
  await expect(page.getByRole('group', { name: /^Quantity of/ }).locator('output')).toHaveText('1');
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price));
  await expect.poll(async () => (await stored(page))[0]!.quantity).toBe(1);
});

test('when the store cannot be reached, the stored cart still shows and minus steps down to 1', async ({ page, request }) => {
  const [a] = await stones(request, 500, 3000, 1);
  await page.route('**/api/diamonds/lookup', (route) => route.abort());
  await openCart(page, [lineOf(a!, 2)]);
  const alert = page.locator('section.cart').getByRole('alert');
  await expect(alert).toContainText("We could not confirm today's prices and availability.");
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price * 2));
  const minus = page.getByRole('button', { name: /^Decrease quantity of/ });
  await minus.click();
  await expect(page.getByRole('group', { name: /^Quantity of/ }).locator('output')).toHaveText('1');
  await expect(minus).toBeDisabled();
  await minus.click({ force: true });
  await expect(page.getByRole('group', { name: /^Quantity of/ }).locator('output')).toHaveText('1');
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price));
  expect((await stored(page))[0]!.quantity).toBe(1);

  // Once the store answers again, Try again confirms the cart.
  await page.unroute('**/api/diamonds/lookup');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
});

test('remove takes a line out, and the last one leaves the empty cart', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  await openCart(page, [lineOf(a!), lineOf(b!)]);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.getByRole('button', { name: `Remove ${diamondTitle(a!)}` }).first().click();
  await expect(cartLine(page, a!)).toHaveCount(0);
  await expect(cartLine(page, b!)).toBeVisible();
  await expect(subtotal(page)).toHaveText(formatMoney(b!.price));
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  expect((await stored(page)).map((l) => l.certificate_number)).toEqual([b!.certificate_number]);

  await cartLine(page, b!).getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart is Empty');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect(await stored(page)).toEqual([]);
});

test.describe('progress toward the free gifts', () => {
  const { freeNecklaceThreshold: necklace, freeBraceletThreshold: bracelet } = PROMOTIONS;

  async function expectGift(page: Page, gift: string, total: number, threshold: number) {
    const remaining = Math.max(0, Math.round((threshold - total) * 100) / 100);
    const item = page.locator('.gift-progress__item', { has: page.getByRole('progressbar', { name: `Progress toward a free ${gift}` }) });
    // One gift per order: past the bracelet's threshold, the necklace's line says the bracelet takes its place.
    const replaced = gift === 'Diamond Necklace' && total >= bracelet;
    await expect(item.locator('.gift-progress__message')).toHaveText(
      remaining > 0
        ? `You are ${formatMoney(remaining)} away from a free ${gift}`
        : replaced
          ? 'One gift per order: the free Diamond Bracelet takes the place of the Diamond Necklace.'
          : `You qualify for a free ${gift}!`,
    );
    await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.min(total, threshold)));
    await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuemax', String(threshold));
  }

  const cases: Array<[string, (r: APIRequestContext) => Promise<Diamond[]>]> = [
    ['below the necklace', async (r) => stones(r, 0, necklace - 1, 1)],
    ['between the necklace and the bracelet', async (r) => stones(r, necklace + 1, bracelet - 1, 1)],
    ['above the bracelet', async (r) => stones(r, bracelet + 1, bracelet + 4000, 1)],
    ['above the bracelet with two stones that are each below it', async (r) => {
      const [a] = await stones(r, Math.ceil(bracelet / 2) + 1, bracelet - 1, 1);
      const res = await r.get(`/api/get-all-diamonds?price=${Math.ceil(bracelet - a!.price) + 1}&price=${bracelet - 1}&sort=price_asc&per_page=2`);
      const b = ((await res.json()).data as Diamond[]).find((d) => d.diamondid !== a!.diamondid)!;
      return [a!, b];
    }],
  ];

  for (const [name, pick] of cases) {
    test(`a subtotal ${name}`, async ({ page, request }) => {
      const lines = (await pick(request)).map((d) => lineOf(d));
      await openCart(page, lines);
      const total = sum(lines);
      await expect(subtotal(page)).toHaveText(formatMoney(total));
      await expectGift(page, 'Diamond Necklace', total, necklace);
      await expectGift(page, 'Diamond Bracelet', total, bracelet);
    });
  }
});

test('a stale price in storage is corrected, saved and explained', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  const stale = a!.price + 123.45;
  await openCart(page, [lineOf({ ...a!, price: stale }), lineOf(b!)]);

  await expect(notices(page)).toHaveText(
    `The price of ${diamondTitle(a!)} changed from ${formatMoney(stale)} to ${formatMoney(a!.price)}.`,
  );
  await expect(cartLine(page, a!).locator('.cart-line__price')).toHaveText(`Price: ${formatMoney(a!.price)}`);
  await expect(subtotal(page)).toHaveText(formatMoney(sum([lineOf(a!), lineOf(b!)])));
  await expect.poll(async () => (await stored(page)).map((l) => l.price)).toEqual([a!.price, b!.price]);

  // Saved, so the next visit has nothing to say.
  await page.reload();
  await hydrated(page);
  await expect(cartLine(page, a!)).toBeVisible();
  await expect(notices(page)).toHaveText('');
});

test('a stone the store no longer has is marked, left out of the subtotal and blocks checkout until removed', async ({ page, request }) => {
  const [a] = await stones(request, 500, 3000, 1);
  const gone: Diamond = { ...a!, diamondid: 2_000_000_000, certificate_number: 'E2E-NO-SUCH-STONE', price: 4321 };
  await openCart(page, [lineOf(a!), lineOf(gone)]);

  const row = cartLine(page, gone);
  await expect(row).toContainText('No longer available.');
  await expect(row).toContainText('This diamond is no longer in our inventory.');
  await expect(notices(page)).toContainText(`The ${diamondTitle(gone)} is no longer in our inventory.`);
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price));
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription('Remove the diamond marked No longer available to check out.');
  await expectAxeClean(page, 'cart with an unavailable stone');

  await row.getByRole('button', { name: /^Remove / }).click();
  await expect(checkout).toBeEnabled();
  await expect(subtotal(page)).toHaveText(formatMoney(a!.price));
});

test('the cart survives a reload', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  await openCart(page, [lineOf(a!), lineOf(b!)]);
  await page.getByRole('button', { name: `Remove ${diamondTitle(a!)}` }).first().click();
  await expect(cartLine(page, a!)).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(cartLine(page, b!)).toBeVisible();
  await expect(cartLine(page, a!)).toHaveCount(0);
  await expect(subtotal(page)).toHaveText(formatMoney(b!.price));
});

test('two open tabs stay in step', async ({ context, request }) => {
  const [a, b, c] = await stones(request, 500, 3000, 3);
  const first = await context.newPage();
  await openCart(first, [lineOf(a!), lineOf(b!)]);
  const second = await context.newPage();
  await second.goto('/cart');
  await hydrated(second);
  await expect(cartLine(second, a!)).toBeVisible();
  await expect(cartLine(second, b!)).toBeVisible();

  await first.getByRole('button', { name: `Remove ${diamondTitle(a!)}` }).first().click();
  await expect(cartLine(second, a!)).toHaveCount(0);
  await expect(subtotal(second)).toHaveText(formatMoney(b!.price));
  await expect(second.getByTestId('cart-badge')).toHaveText('1');

  // A stone added in one tab (as the detail page adds it) appears in the other.
  await second.evaluate((d) => {
    const lines = JSON.parse(localStorage.getItem('cart') ?? '[]');
    localStorage.setItem('cart', JSON.stringify([...lines, { ...d, quantity: 1 }]));
  }, c!);
  await expect(cartLine(first, c!)).toBeVisible();
  await expect(subtotal(first)).toHaveText(formatMoney(b!.price + c!.price));
  await expect(first.getByTestId('cart-badge')).toHaveText('2');
});

test('checkout goes to /checkout carrying the items and the subtotal', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  const lines = [lineOf(a!), lineOf(b!)];
  await openCart(page, lines);
  await expect(subtotal(page)).toHaveText(formatMoney(sum(lines)));
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const state = await page.evaluate(() => (window.history.state as { usr?: { items: Line[]; subtotal: number } }).usr);
  expect(state?.subtotal).toBe(sum(lines));
  expect(state?.items.map((l) => [l.certificate_number, l.price, l.quantity])).toEqual(
    lines.map((l) => [l.certificate_number, l.price, 1]),
  );
});

for (const width of [375, 768, 1440]) {
  test(`the cart fits ${width} pixels and passes axe`, async ({ page, request }) => {
    const [a, b] = await stones(request, 500, 3000, 2);
    await page.setViewportSize({ width, height: 900 });
    await openCart(page, [lineOf(a!), lineOf({ ...b!, price: b!.price + 10 })]);
    await expect(cartLine(page, a!)).toBeVisible();
    await expect(notices(page)).not.toHaveText('');
    await expectNoHorizontalScroll(page);
    await expectAxeClean(page, `cart at ${width}px`);
  });
}

test('the cart works by keyboard, and the empty cart fits and passes axe', async ({ page, request }) => {
  const [a, b] = await stones(request, 500, 3000, 2);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openCart(page, [lineOf(a!), lineOf(b!)]);

  // Keyboard: tab from the line's link to its remove button and press it.
  const link: Locator = cartLine(page, a!).getByRole('link', { name: diamondTitle(a!) });
  await link.focus();
  const remove = cartLine(page, a!).getByRole('button', { name: /^Remove / });
  for (let i = 0; i < 6 && !(await remove.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cartLine(page, a!)).toHaveCount(0);

  await page.evaluate(() => localStorage.removeItem('cart'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart is Empty');
  await expectNoHorizontalScroll(page);
  await expectAxeClean(page, 'empty cart');
});
