import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  ENGRAVING,
  HOLD,
  METAL_LABELS,
  VERIFICATION_MESSAGES,
  builderPath,
  formatTagPrice,
  ringInnerDiameterMm,
  type BuilderRingResponse,
  type BuilderSettingsResponse,
  type Diamond,
  type ProductListResponse,
  type ProductSummary,
} from '@everstone/contract';
import { VERIFICATION_SUBJECT, createAccount, hydrated, readOutbox, sidewaysOverflow, verificationLinkFor, type ShopperAccount, postOrder } from './support.ts';

/*
 * The ring builder (issue 16), both starts: a diamond first (the search, its page, the settings that hold it, the ring
 * completed, the cart holding one ring, the checkout and the order page), and a setting first (its page, the diamonds
 * that fit it, one of them, the ring). A shared build opens the same ring in a fresh browser; a stone another shopper
 * ordered is reported with the nearest alternatives; a signed-in shopper holds the stone while deciding.
 *
 * The stones these journeys order come from a price band the other journeys leave alone, and every expectation is
 * read from the store's own API, never from the seed's numbers.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 800 };
/** The price band of the stones these journeys build with (and order): dollars. */
const BAND = 'price=9600,10000';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`);
}

/** Axe finds nothing serious, and on a phone nothing sticks out sideways. */
async function expectSound(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) < 500) expect(await sidewaysOverflow(page)).toEqual([]);
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Ring builder steps' });
const step = (page: Page, n: 1 | 2 | 3) => steps(page).getByRole('link', { name: new RegExp(`^Step ${n}:`) });

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** A setting of the store and `count` stones of this journey's band that its head holds, picked at random. */
async function settingWithStones(request: APIRequestContext, count: number): Promise<{ setting: ProductSummary; stones: Diamond[] }> {
  const { data: settings } = await json<ProductListResponse>(request, '/api/products?department=engagement-rings&sort=price_asc');
  for (const setting of settings) {
    const { data } = await json<{ data: Diamond[] }>(request, `/api/get-all-diamonds?setting=${setting.slug}&${BAND}&per_page=100`);
    if (data.length >= count + 2) return { setting, stones: [...data].sort(() => Math.random() - 0.5).slice(0, count) };
  }
  throw new Error(`No setting holds ${count} stones priced ${BAND}`);
}

const ring = (request: APIRequestContext, diamond: number, setting: string, metal?: string) =>
  json<BuilderRingResponse>(request, `/api/builder/ring?diamond=${diamond}&setting=${setting}${metal ? `&metal=${metal}` : ''}`);

async function signIn(page: Page, account: ShopperAccount) {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), account.token);
}

test('diamond first: the search, a stone, the settings that hold it, the ring completed, one ring in the cart, the order', async ({ page, request }) => {
  // Nothing goes wrong on the way (a server's page and the browser's render that disagree would say so here).
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.setViewportSize(DESKTOP);
  await page.goto(`/diamond?shapes=1&${BAND}`);
  await hydrated(page);
  await expect(step(page, 1)).toHaveAttribute('aria-current', 'step');
  await page.locator('.ds-row__link').first().click();
  await expect(page).toHaveURL(/\/diamond-details\/\d+$/);
  const diamondId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expectSound(page);

  // Choose this diamond: step 2 lists only the settings that hold it, each priced with it.
  await page.getByRole('link', { name: 'Choose this diamond' }).click();
  await expect(page).toHaveURL(`/ring-builder/settings?diamond=${diamondId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a Setting');
  await expect(step(page, 2)).toHaveAttribute('aria-current', 'step');
  const settings = await json<BuilderSettingsResponse>(request, `/api/builder/settings?diamond=${diamondId}`);
  expect(settings.total).toBeGreaterThan(0);
  await expect(steps(page)).toContainText(`${settings.diamond.carat_weight.toFixed(2)} ct Round`);
  await expect(page.locator('.jw-count')).toHaveText(new RegExp(`^${settings.total} settings?`));
  const cards = page.locator('.rb-card');
  await expect(cards).toHaveCount(settings.data.length);
  await expect(cards.first()).toContainText(`Ring total ${formatTagPrice(settings.data[0]!.ring_cents)} with your diamond`);
  await hydrated(page);
  await expectSound(page);

  // A style filter is a link with its count, kept in the address.
  const style = settings.styles.find((s) => s.count > 0)!;
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('link', { name: new RegExp(`^${style.label} ${style.count} settings?$`) }).click();
  await expect(page).toHaveURL(`/ring-builder/settings?diamond=${diamondId}&style=${style.value}`);
  await expect(cards).toHaveCount(Math.min(style.count, settings.per_page));
  const chosen = (await json<BuilderSettingsResponse>(request, `/api/builder/settings?diamond=${diamondId}&style=${style.value}`)).data[0]!;
  await cards.first().getByRole('link', { name: /^Choose this setting/ }).click();

  // Step 3: the ring the server prices, in the card's metal.
  await expect(page).toHaveURL(new RegExp(`^[^?]+/ring-builder/complete\\?diamond=${diamondId}&setting=${chosen.slug}&metal=${chosen.metal}`));
  await expect(step(page, 3)).toHaveAttribute('aria-current', 'step');
  const first = await ring(request, diamondId, chosen.slug, chosen.metal);
  await expect(page.getByRole('heading', { level: 2, name: `${chosen.name} in ${METAL_LABELS[chosen.metal]}` })).toBeVisible();
  await expect(page.locator('.rb-price__amount')).toHaveText(formatTagPrice(first.price.total_cents));
  await expect(steps(page)).toContainText(`${chosen.name} in ${METAL_LABELS[chosen.metal]}`);
  await hydrated(page);

  // Not without a size: the button waits, and says why.
  const add = page.getByRole('button', { name: 'Add ring to cart' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(/^Choose a ring size/);

  // Another metal is another variant, priced again by the server.
  const metal = first.setting.metals.find((m) => m !== first.variant.metal)!;
  await page.getByRole('link', { name: METAL_LABELS[metal], exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`metal=${metal}`));
  const second = await ring(request, diamondId, chosen.slug, metal);
  await expect(page.locator('.rb-ring__name')).toHaveText(`${chosen.name} in ${METAL_LABELS[metal]}`);
  await expect(page.locator('.rb-price__amount')).toHaveText(formatTagPrice(second.price.total_cents));

  await page.getByLabel('Ring size').selectOption('6.5');
  await expect(page).toHaveURL(/size=6\.5/);
  await page.getByLabel(/Engraving/).fill('J & K');
  await expect(page.locator('.rb-price__amount')).toHaveText(formatTagPrice(second.price.total_cents + ENGRAVING.priceCents));
  await expect(page.locator('.rb-price__items tbody tr').last()).toHaveText(/^Engraving\$60\.00$/);
  await expect(page).toHaveURL(/engraving=J(\+|%20)%26(\+|%20)K/);
  await expect(page.getByText(/^Ships by \w+day, \w+ \d+: made for you in \d+ business days/)).toBeVisible();

  // On a hand, at the chosen size's finger.
  await page.getByRole('button', { name: 'On a hand' }).click();
  await expect(page.locator('.rb-hand figcaption')).toContainText(`On a size 6.5 finger (${ringInnerDiameterMm('6.5')!.toFixed(1)} mm across)`);
  // A guest is asked to sign in to hold the stone, and comes back here.
  await expect(page.getByRole('link', { name: 'Sign in to hold it' })).toBeVisible();
  await expectSound(page);

  await add.click();
  await expect(page).toHaveURL(/\/cart$/);
  const stone = second.diamond;
  await expect(page.locator('li.cart-line')).toHaveCount(1);
  await expect(page.locator(`li.cart-line[data-ring="${stone.certificate_number}"]`)).toContainText('Size 6.5');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ kind: string; variant_id: number; ring_size: string; engraving: string }>);
  expect(stored).toEqual([expect.objectContaining({ kind: 'ring', variant_id: second.variant.id, ring_size: '6.5', engraving: 'J & K' })]);
  await expectSound(page);
  expect(errors).toEqual([]);

  // Checkout, and the order shows the ring.
  const account = await createAccount(request, 'ring-builder');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), account.token);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(page.getByTestId('checkout-email')).toBeVisible();
  for (const [label, value] of Object.entries({ 'First name': 'Ada', 'Last name': 'Lovelace', Address: '12 Analytical Row', City: 'New York', 'ZIP code': '10036', Phone: '212-555-0100' })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('radio', { name: 'Cash on delivery' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/thankyou$/);
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order EV-/ })).toBeVisible();
  const order = page.locator(`li[data-ring="${stone.certificate_number}"]`);
  await expect(order).toContainText(`${chosen.name} in ${METAL_LABELS[metal]}`);
  await expect(order).toContainText('Size 6.5');
  await expect(order).toContainText('J & K');
  await expectSound(page);
});

test('setting first, on a phone: the setting, only the diamonds it holds, one of them, the ring', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  await page.goto(`/jewelry/${setting.slug}`);
  await hydrated(page);
  // A setting alone is not bought: its page leads into the builder.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expectSound(page);
  await page.getByRole('link', { name: 'Choose this setting' }).click();

  // Step 1 after a setting: its fit presets the shapes and carat weights, and only stones that fit are listed.
  await expect(page).toHaveURL(new RegExp(`/diamond\\?setting=${setting.slug}&metal=[a-z0-9-]+.*&shapes=[\\d,]+&carat=[\\d.]+,[\\d.]+`));
  await expect(page.getByRole('heading', { name: `Showing diamonds that fit the ${setting.name}` })).toBeVisible();
  await expect(step(page, 2)).not.toHaveAttribute('aria-current', 'step');
  await expect(steps(page)).toContainText(setting.name);
  const url = new URL(page.url());
  const fitting = await json<{ total: number }>(
    request,
    `/api/get-all-diamonds?active_tab=2&setting=${setting.slug}&shapes=${url.searchParams.get('shapes')}&carat=${url.searchParams.get('carat')}&per_page=1`,
  );
  await expect(page.locator('.ds-results-section')).toContainText(`of ${fitting.total.toLocaleString('en-US')}`);
  await hydrated(page);
  await expectSound(page);

  // One of them, from this journey's price band (found by its certificate): its page carries the build, and Choose
  // this diamond completes the ring.
  await page.goto(`/diamond?setting=${setting.slug}&metal=${url.searchParams.get('metal')}&active_tab=${stone.type}&shapes=${stone.shape.id}&certificate=${stone.certificate_number}`);
  await hydrated(page);
  await page.locator('.ds-row__link').first().click();
  await expect(page).toHaveURL(new RegExp(`/diamond-details/${stone.diamondid}\\?setting=${setting.slug}&metal=`));
  const diamondId = stone.diamondid;
  await expect(page.getByText(`Next: your ring, with this diamond set in the ${setting.name}.`)).toBeVisible();
  await expectSound(page);
  await page.getByRole('link', { name: 'Choose this diamond' }).click();
  await expect(page).toHaveURL(new RegExp(`/ring-builder/complete\\?diamond=${diamondId}&setting=${setting.slug}&metal=`));
  const built = await ring(request, diamondId, setting.slug, new URL(page.url()).searchParams.get('metal')!);
  expect(built.fit_problem).toBeNull();
  await expect(page.locator('.rb-price__amount')).toHaveText(formatTagPrice(built.price.total_cents));
  await hydrated(page);

  // Not sure of the size: one free resize, and the hand is drawn at size 6, said so.
  await page.getByLabel('Ring size').selectOption('unknown');
  await page.getByRole('button', { name: 'On a hand' }).click();
  await expect(page.locator('.rb-hand figcaption')).toContainText('as no ring size is chosen yet');
  await expectSound(page);
  await page.getByRole('button', { name: 'Add ring to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('li.cart-line')).toHaveCount(1);
  await expect(page.locator(`li.cart-line[data-ring="${built.diamond.certificate_number}"]`)).toBeVisible();
  await expectSound(page);

  // The setting can be taken off the search: every diamond again.
  await page.goto(`${url.pathname}${url.search}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Show every diamond instead' }).click();
  await expect(page).not.toHaveURL(/setting=/);
  await expect(page.getByRole('heading', { name: /^Showing diamonds that fit/ })).toHaveCount(0);
});

test('a shared build opens the same ring in a fresh browser: the same parts, choices and price', async ({ page, browser, request }) => {
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  const plain = await ring(request, stone.diamondid, setting.slug);
  const metal = plain.setting.metals.at(-1)!;
  const build = { diamond: stone.diamondid, setting: setting.slug, metal, accents: null, size: '7.5', engraving: 'Always', by: null };
  const path = builderPath(3, build);

  async function readRing(p: Page) {
    await p.setViewportSize(DESKTOP);
    await p.goto(path);
    await hydrated(p);
    return {
      name: await p.locator('.rb-ring__name').textContent(),
      total: await p.locator('.rb-price__amount').textContent(),
      items: await p.locator('.rb-price__items tr').allTextContents(),
      // The picture drawn from the ring's parts: its name and every shape of it.
      picture: await p.locator('.rb-views svg[role="img"]').first().getAttribute('aria-label'),
      drawing: await p.locator('.rb-views svg[role="img"]').first().evaluate((svg) => svg.outerHTML),
      size: await p.getByLabel('Ring size').inputValue(),
      engraving: await p.getByLabel(/Engraving/).inputValue(),
      stone: await steps(p).locator('.rb-step__choice').first().textContent(),
    };
  }
  const here = await readRing(page);
  const priced = await ring(request, stone.diamondid, setting.slug, metal);
  expect(here).toMatchObject({ name: `${setting.name} in ${METAL_LABELS[metal]}`, total: formatTagPrice(priced.price.total_cents + ENGRAVING.priceCents), size: '7.5', engraving: 'Always' });

  const fresh = await browser.newContext();
  const there = await readRing(await fresh.newPage());
  expect(there).toEqual(here);
  await fresh.close();
  // And a reload of the same address.
  expect(await readRing(page)).toEqual(here);
});

test('a stone another shopper has ordered is reported, with the nearest stones that fit as the same ring', async ({ page, request }) => {
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  const rival = await createAccount(request, 'ring-rival', 'Rival Buyer');
  const taken = await postOrder(request, {
    headers: { Authorization: `Bearer ${rival.token}` },
    data: {
      user_id: rival.id,
      user_name: 'Rival Buyer',
      contact_number: '212-555-0199',
      items_id: [stone.diamondid],
      item_details: JSON.stringify({ [stone.diamondid]: { type: stone.type, price: stone.price, quantity: 1, weight: stone.carat_weight } }),
      address: JSON.stringify({ apartment: '', street: '5 Main St', city: 'Boston', zip: '02108', country: 'United States' }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: '',
    },
  });
  expect(taken.status()).toBe(201);
  const gone = await ring(request, stone.diamondid, setting.slug);
  expect(gone.stone_problem).not.toBeNull();
  expect(gone.alternatives.length).toBeGreaterThan(0);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(builderPath(3, { diamond: stone.diamondid, setting: setting.slug, metal: null, accents: null, size: '6', engraving: '', by: null }));
    await hydrated(page);
    const problem = page.locator('.rb-problem[role="alert"]');
    await expect(problem).toContainText('This diamond can no longer be ordered.');
    await expect(problem).toContainText(gone.stone_problem!);
    await expect(page.getByRole('button', { name: 'Add ring to cart' })).toBeDisabled();
    const alternatives = page.getByRole('region', { name: 'The nearest diamonds that fit this setting' }).getByRole('link', { name: /See this ring/ });
    await expect(alternatives).toHaveCount(gone.alternatives.length);
    await expectSound(page);
  }

  // An alternative is the same ring with that stone: it can be ordered.
  const next = gone.alternatives[0]!;
  await page.getByRole('link', { name: new RegExp(`^${next.carat_weight.toFixed(2)} ct .*See this ring$`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ring-builder/complete\\?diamond=${next.diamondid}&setting=${setting.slug}`));
  await expect(page.locator('.rb-problem')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add ring to cart' })).toBeEnabled();
});

test('a signed-in shopper holds the stone while deciding; others see until when, and it can be let go', async ({ page, browser, request }) => {
  await page.setViewportSize(DESKTOP);
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  const path = builderPath(3, { diamond: stone.diamondid, setting: setting.slug, metal: null, accents: null, size: null, engraving: '', by: null });
  const shopper = await createAccount(request, 'ring-hold');
  await signIn(page, shopper);
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: `Hold this diamond for ${HOLD.minutes} minutes` }).click();
  const held = page.getByRole('region', { name: 'Hold this diamond' });
  await expect(held).toContainText(/Held for you until \d{1,2}:\d{2} [AP]M \(\d{1,2}:\d{2}.*left\)/);
  const mine = await request.get(`/api/builder/holds/${stone.diamondid}`, { headers: { Authorization: `Bearer ${shopper.token}` } });
  expect(((await mine.json()) as { mine: boolean }).mine).toBe(true);
  await expectSound(page);

  // Another shopper sees it held, until when, and that an order would be refused meanwhile.
  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.setViewportSize(PHONE);
  await guest.goto(path);
  await hydrated(guest);
  await expect(guest.getByRole('region', { name: 'Hold this diamond' })).toContainText(/On hold by another shopper until \d{1,2}:\d{2} [AP]M/);
  await expect(guest.getByText(/an order for it will be refused until the hold ends/)).toBeVisible();
  await expectSound(guest);
  // The search still lists it, saying until when it is held.
  await guest.goto(`/diamond?active_tab=${stone.type}&certificate=${stone.certificate_number}`);
  await expect(guest.locator('.ds-row').filter({ hasText: stone.certificate_number }).locator('.ds-held')).toHaveText(/^On hold until \d{1,2}:\d{2} [AP]M$/);
  // The stone's own page says it is held, and until when.
  await guest.goto(`/diamond-details/${stone.diamondid}`);
  await hydrated(guest);
  await expect(guest.getByText(/^On hold until \d{1,2}:\d{2} [AP]M: a shopper is deciding on it/)).toBeVisible();

  // Let go: nobody holds it, and the other shopper may hold it after signing in.
  await held.getByRole('button', { name: 'Let it go' }).click();
  await expect(held).toContainText('You let the diamond go');
  expect((await request.get(`/api/builder/holds/${stone.diamondid}`)).status()).toBe(404);
  await guest.goto(path);
  await hydrated(guest);
  await guest.getByRole('link', { name: 'Sign in to hold it' }).click();
  await expect(guest).toHaveURL(/\/signin$/);
  await other.close();
});

test('a shopper whose address is not verified is asked to verify it, gets the link from the builder, and then holds the stone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  const path = builderPath(3, { diamond: stone.diamondid, setting: setting.slug, metal: null, accents: null, size: null, engraving: '', by: null });
  const shopper = await createAccount(request, 'ring-unverified', 'Ada Lovelace', { verified: false });
  await signIn(page, shopper);
  await page.goto(path);
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Hold this diamond' });
  await panel.getByRole('button', { name: `Hold this diamond for ${HOLD.minutes} minutes` }).click();
  await expect(panel).toContainText(VERIFICATION_MESSAGES.holdNeedsVerified);
  expect((await request.get(`/api/builder/holds/${stone.diamondid}`)).status()).toBe(404);
  // Not a dead end: a new link is one press away, and goes to the account's own address.
  await panel.getByRole('button', { name: 'Email me a link to verify my address' }).click();
  await expect(panel).toContainText(VERIFICATION_MESSAGES.linkSent(shopper.email));
  await expect.poll(async () => (await readOutbox(shopper.email, { subject: VERIFICATION_SUBJECT })).length).toBe(2);
  await expectSound(page);

  // The shopper opens the link from the mail (in the same browser): the address is verified.
  await page.goto(await verificationLinkFor(shopper.email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Address Verified');
  await expect(page.getByText(VERIFICATION_MESSAGES.verified)).toBeVisible();
  await expectSound(page);
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: `Hold this diamond for ${HOLD.minutes} minutes` }).click();
  await expect(page.getByRole('region', { name: 'Hold this diamond' })).toContainText('Held for you until');
});

test('a held stone is held again at checkout, and the order takes the hold over', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const { setting, stones } = await settingWithStones(request, 1);
  const stone = stones[0]!;
  const shopper = await createAccount(request, 'ring-hold-checkout');
  const asShopper = { headers: { Authorization: `Bearer ${shopper.token}` } };
  await signIn(page, shopper);
  await page.goto(builderPath(3, { diamond: stone.diamondid, setting: setting.slug, metal: null, accents: null, size: '7', engraving: '', by: null }));
  await hydrated(page);
  await page.getByRole('button', { name: `Hold this diamond for ${HOLD.minutes} minutes` }).click();
  await expect(page.getByRole('region', { name: 'Hold this diamond' })).toContainText('Held for you until');
  const before = (await (await request.get(`/api/builder/holds/${stone.diamondid}`, asShopper)).json()) as { expires_at: string };

  await page.getByRole('button', { name: 'Add ring to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  await expect(page.getByTestId('renewed-holds')).toContainText(new RegExp(`The diamond ${stone.certificate_number} in your .+ is held for you until \\d{1,2}:\\d{2} [AP]M while you check out\\.`));
  const renewed = (await (await request.get(`/api/builder/holds/${stone.diamondid}`, asShopper)).json()) as { expires_at: string; mine: boolean };
  expect(renewed.mine).toBe(true);
  expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.parse(before.expires_at));
  await expectSound(page);

  const form = page.getByRole('form', { name: 'Checkout' });
  for (const [label, value] of Object.entries({ 'First name': 'Grace', 'Last name': 'Hopper', Address: '7 Compiler Lane', City: 'Arlington', 'ZIP code': '22201', Phone: '703-555-0100' })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('radio', { name: 'Cash on delivery' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/thankyou$/);
  // The order's reservation took the hold over: no hold is left, and the stone is reserved.
  expect((await request.get(`/api/builder/holds/${stone.diamondid}`)).status()).toBe(404);
  expect(((await json<{ data: Diamond }>(request, `/api/diamonds/${stone.diamondid}`)).data.status)).toBe('reserved');
});
