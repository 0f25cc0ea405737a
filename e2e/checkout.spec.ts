import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PAYMENT_METHODS, PROMOTIONS, WALLET_MESSAGES, formatMoney, holdNoticeOf, type Diamond, type Order } from '@everstone/contract';
import { SHOPPER_PASSWORD, createAccount as createShopper, sidewaysOverflow, stonesPricedWithin, postOrder } from './support.ts';
import { pdfPlainText } from '@everstone/server/testing';

/*
 * /checkout and /thankyou (issue 6): §5's messages, the guest's detour through sign-in, the signed-in prefill and
 * the purchase itself. Each test makes its own account and its own cart; the stones come from the store's API,
 * picked at random from a price band the other journeys leave alone, so orders placed here take nothing they use.
 */

const PASSWORD = SHOPPER_PASSWORD;
type Line = Diamond & { quantity: number };

const createAccount = (request: APIRequestContext, name?: string) => createShopper(request, 'checkout', name);

/** `count` stones priced 5,000–8,000 dollars, a band the other journeys leave alone. */
const stones = (request: APIRequestContext, count: number) => stonesPricedWithin(request, 5000, 8000, count);

/** Opens /checkout with this cart (and this token, when given) in storage. */
async function openCheckout(page: Page, lines: Line[], token?: string) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([cart, t]) => {
      localStorage.setItem('cart', JSON.stringify(cart));
      if (t) localStorage.setItem('auth_token', t);
    },
    [lines, token ?? null] as const,
  );
  await page.goto('/checkout');
  // Hydrated, and the session settled: the contact section shows the email field or the signed-in email.
  await expect(checkoutForm(page).getByLabel('Email', { exact: true }).or(page.getByTestId('checkout-email'))).toBeVisible();
}

const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });
const field = (page: Page, label: string) => checkoutForm(page).getByLabel(label, { exact: true });
const payNow = (page: Page) => checkoutForm(page).getByRole('button', { name: 'Pay now' });

const DELIVERY = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Address: '12 Analytical Row',
  'Apartment, suite, etc. (optional)': 'Suite 3',
  City: 'New York',
  'ZIP code': '10036',
  Phone: '212-555-0100',
} as const;

async function fillDelivery(page: Page) {
  for (const [label, value] of Object.entries(DELIVERY)) await field(page, label).fill(value);
}

/** The store's own quote (POST /api/checkout/quote) of these stones with `method`, shipped to `address` (DELIVERY's by default). */
async function quoteOf(request: APIRequestContext, picked: { diamondid: number }[], method: string | null, address: object = { zip: DELIVERY['ZIP code'], country: 'United States' }) {
  const res = await request.post('/api/checkout/quote', { data: { lines: picked.map((d) => ({ kind: 'diamond', diamond_id: d.diamondid, quantity: 1 })), payment_mode: method, address: JSON.stringify(address) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { total: string; tax: string | null; tax_message: string | null; taxes: { jurisdiction: string; rate: string; amount: string }[]; gift: string | null };
}

async function expectMessage(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the server sends noindex shells; an empty cart says so and links to the diamonds', async ({ page, request }) => {
  for (const path of ['/checkout', '/thankyou']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');
  }
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop diamonds' })).toHaveAttribute('href', '/diamond');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('Pay now checks the form exactly as §5 says, each message beside its field, focus on the first', async ({ page, request }) => {
  const [a] = await stones(request, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }]);

  await payNow(page).click();
  const email = field(page, 'Email');
  await expectMessage(email, 'Email is required');
  await expect(email).toBeFocused();
  await expectMessage(field(page, 'First name'), 'first name is required');
  await expectMessage(field(page, 'Last name'), 'last name is required');
  await expectMessage(field(page, 'Address'), 'address is required');
  await expectMessage(field(page, 'City'), 'city is required');
  await expectMessage(field(page, 'ZIP code'), 'zip code is required');
  await expectMessage(field(page, 'Phone'), 'phone is required');
  const methods = checkoutForm(page).getByRole('radiogroup', { name: 'Payment' });
  await expectMessage(methods, 'Please select a payment method');
  // Apartment and country are not checked.
  await expect(field(page, 'Apartment, suite, etc. (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Country')).not.toHaveAttribute('aria-invalid', 'true');

  await email.fill('ada@example');
  await field(page, 'First name').fill('   ');
  await payNow(page).click();
  await expectMessage(email, 'Email is invalid');
  await expect(email).toBeFocused();
  // Only spaces is still empty.
  await expectMessage(field(page, 'First name'), 'first name is required');

  await email.fill('ada@example.com');
  await fillDelivery(page);
  await payNow(page).click();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(checkoutForm(page).getByText('Please select a payment method')).toBeVisible();
  await expect(checkoutForm(page).getByRole('radio', { name: 'Cash on delivery' })).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);

  // Choosing a method opens its info box.
  await checkoutForm(page).getByRole('radio', { name: 'Bank wire transfer' }).check();
  await expect(checkoutForm(page).getByRole('radio', { name: 'Bank wire transfer' })).toHaveAccessibleDescription(/bank-wire price.*held for 24 hours.*instructions come by email/);
  await expect(checkoutForm(page).getByText('Please select a payment method')).toHaveCount(0);
});

test('a guest’s valid form waits while they sign in, then is restored and forgotten', async ({ page, request }) => {
  const account = await createAccount(request, 'Grace Hopper');
  const [a] = await stones(request, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }]);
  await field(page, 'Email').fill('grace@example.com');
  await fillDelivery(page);
  await field(page, 'Country').selectOption('Canada');
  await field(page, 'Postal code').fill('K1A 0B1');
  await checkoutForm(page).getByLabel('Email me with news and offers').check();
  await checkoutForm(page).getByRole('radio', { name: 'Cash on delivery' }).check();
  await payNow(page).click();

  await expect(page).toHaveURL(/\/signin$/);
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingAddress') ?? 'null') as unknown);
  expect(pending).toMatchObject({
    form: { email: 'grace@example.com', country: 'Canada', first_name: 'Ada', city: 'New York', zip_code: 'K1A 0B1', emailOffers: true },
    method: 'cod',
  });

  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(account.email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-email')).toHaveText(account.email);
  await expect(field(page, 'Country')).toHaveValue('Canada');
  await expect(field(page, 'First name')).toHaveValue('Ada');
  await expect(field(page, 'Last name')).toHaveValue('Lovelace');
  await expect(field(page, 'Address')).toHaveValue('12 Analytical Row');
  await expect(field(page, 'Apartment, suite, etc. (optional)')).toHaveValue('Suite 3');
  await expect(field(page, 'City')).toHaveValue('New York');
  await expect(field(page, 'Postal code')).toHaveValue('K1A 0B1');
  await expect(field(page, 'Phone')).toHaveValue('212-555-0100');
  await expect(checkoutForm(page).getByLabel('Email me with news and offers')).toBeChecked();
  await expect(checkoutForm(page).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('pendingAddress'))).toBeNull();
});

test('a signed-in shopper sees their email and their saved address; having none is fine', async ({ page, request }) => {
  const [a] = await stones(request, 1);
  const bare = await createAccount(request);
  await openCheckout(page, [{ ...a!, quantity: 1 }], bare.token);
  await expect(page.getByTestId('checkout-email')).toHaveText(bare.email);
  await expect(field(page, 'Email')).toHaveCount(0);
  await expect(field(page, 'First name')).toHaveValue('');

  const account = await createAccount(request, 'Katherine Johnson');
  const saved = await request.post('/api/addresses', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      first_name: 'Katherine',
      last_name: 'Johnson',
      country: 'United States',
      address: { street: '1 Langley Blvd', apartment: 'Unit 7', city: 'Hampton', zip: '23681' },
      phone_number: '757-555-0142',
      is_get_offer: 1,
    },
  });
  expect(saved.status()).toBe(201);
  await openCheckout(page, [{ ...a!, quantity: 1 }], account.token);
  await expect(page.getByTestId('checkout-email')).toHaveText(account.email);
  await expect(field(page, 'First name')).toHaveValue('Katherine');
  await expect(field(page, 'Last name')).toHaveValue('Johnson');
  await expect(field(page, 'Address')).toHaveValue('1 Langley Blvd');
  await expect(field(page, 'Apartment, suite, etc. (optional)')).toHaveValue('Unit 7');
  await expect(field(page, 'City')).toHaveValue('Hampton');
  await expect(field(page, 'ZIP code')).toHaveValue('23681');
  await expect(field(page, 'Phone')).toHaveValue('757-555-0142');
  await expect(field(page, 'Country')).toHaveValue('United States');
});

test('the summary lists each stone; a wallet purchase goes through the simulator’s page and comes back paid', async ({ page, request }) => {
  const account = await createAccount(request);
  const [a, b] = await stones(request, 2);
  const lines = [{ ...a!, quantity: 1 }, { ...b!, quantity: 1 }];
  await openCheckout(page, lines, account.token);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const items = summary.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(a!.shape.name);
  await expect(items.first()).toContainText('Quantity 1');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(a!.price + b!.price));
  // Shipping and tax alike wait for the address (§6).
  await expect(summary.getByText('Enter shipping address')).toHaveCount(2);
  await expect(summary.getByLabel('Discount code or gift card')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toHaveAttribute('aria-disabled', 'true');

  let alerted = false;
  page.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  await fillDelivery(page);
  const quoted = await quoteOf(request, [a!, b!], 'pay-paypal');
  await expect(page.getByTestId('checkout-tax')).toContainText(formatMoney(Number(quoted.tax)));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number(quoted.total)));
  const wallet = checkoutForm(page).getByRole('radio', { name: 'PayPal' });
  await wallet.check();
  await expect(wallet).toHaveAccessibleDescription(/takes you to PayPal to approve the payment/);
  await payNow(page).click();

  // §4: the browser goes to approve_url; no order exists yet.
  await expect(page).toHaveURL(/\/wallet-simulator\/SIM[0-9A-Z]+$/);
  const orderID = page.url().split('/').pop()!;
  const headers = { Authorization: `Bearer ${account.token}` };
  expect(((await (await request.get('/api/orders', { headers })).json()) as { data: unknown[] }).data).toEqual([]);
  // PayPal is asked for the taxed total: the one the summary showed.
  const total = formatMoney(Number(quoted.total));
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await expect(pay).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await pay.click();

  // Back at the store: the payment captured, the order placed paid, /thankyou, the cart empty.
  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByTestId('thankyou-total')).toContainText(total);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  const orders = ((await (await request.get('/api/orders', { headers })).json()) as { data: Order[] }).data;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ payment_mode: 'pay-paypal', payment_status: 'paid', order_status: 'pending' });
  expect(orders[0]!.items.map((i) => i.diamondid).sort()).toEqual([a!.diamondid, b!.diamondid].sort());
  await expect(page.getByTestId('thankyou-order-id')).toHaveText(orders[0]!.order_number);
  expect(alerted).toBe(false);

  // The return URL opened again (a reload, the Back button) answers the same order: nothing is charged twice.
  await page.goto(`/checkout/paypal-return?token=${orderID}&PayerID=SIMULATEDBUYER`);
  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByTestId('thankyou-order-id')).toHaveText(String(orders[0]!.order_id));
  expect(((await (await request.get('/api/orders', { headers })).json()) as { data: unknown[] }).data).toHaveLength(1);
});

test('a cancelled wallet payment returns to /checkout with the cart and details intact, and nothing is charged', async ({ page, request }) => {
  const account = await createAccount(request);
  const [a] = await stones(request, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }], account.token);
  await fillDelivery(page);
  await checkoutForm(page).getByRole('radio', { name: 'PayPal' }).check();
  await payNow(page).click();
  await expect(page).toHaveURL(/\/wallet-simulator\//);
  const orderID = page.url().split('/').pop()!;
  const closed = page.waitForResponse((r) => r.url().endsWith('/api/paypal/cancel-order'));
  await page.getByRole('button', { name: 'Cancel and return to Everstone' }).click();

  await expect(page).toHaveURL(/\/checkout\?payment=cancelled&token=/);
  await expect(page.getByTestId('wallet-cancelled')).toContainText('nothing was charged');
  await expect(page.getByRole('complementary', { name: 'Order summary' }).getByRole('listitem')).toHaveCount(1);
  await expect(checkoutForm(page).getByRole('radio', { name: 'PayPal' })).toBeChecked();
  // The address was saved before the wallet opened (§4), so it is filled in again.
  await expect(field(page, 'Address')).toHaveValue(DELIVERY.Address);
  const headers = { Authorization: `Bearer ${account.token}` };
  expect(((await (await request.get('/api/orders', { headers })).json()) as { data: unknown[] }).data).toEqual([]);
  // The store closed that payment: approving it later from an old tab cannot place an order.
  expect((await closed).status()).toBe(200);
  const late = await request.post('/api/paypal/capture-order', { headers, data: { orderID } });
  expect(late.status()).toBe(422);
  expect(((await late.json()) as { message: string }).message).toBe(WALLET_MESSAGES.cancelled);
});

test('the wallet’s return page says what went wrong and offers the way on', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), account.token);

  // A payment this store never created (a mistyped or stale link): refused, back to checkout.
  await page.goto('/checkout/paypal-return?token=SIMNOTAPAYMENT&PayerID=SIMULATEDBUYER');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order was not placed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order was not placed' }).getByRole('alert')).toHaveText(WALLET_MESSAGES.noPayment);
  await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout');

  // No payment named at all.
  await page.goto('/checkout/paypal-return');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to complete' })).toBeVisible();

  // Signed out: asked to sign in, and brought back here afterwards.
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto('/checkout/paypal-return?token=SIMNOTAPAYMENT');
  await expect(page.getByRole('heading', { level: 1, name: 'Please sign in to finish' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/signin');
});

test('a purchase: the address saved, the order placed, /thankyou shows it and the cart is empty', async ({ page, request }) => {
  const account = await createAccount(request);
  const [a] = await stones(request, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }], account.token);
  await fillDelivery(page);
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number((await quoteOf(request, [a!], null)).total)));
  await checkoutForm(page).getByRole('radio', { name: 'Bank wire transfer' }).check();
  // A bank wire pays the bank-wire price (§5: $5 less per stone), and the tax is on that price.
  const wired = await quoteOf(request, [a!], 'pay-wire');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number(wired.total)));
  await payNow(page).click();

  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  const orders = (await (await request.get('/api/orders', { headers: { Authorization: `Bearer ${account.token}` } })).json()) as {
    data: Array<{ order_id: string; order_number: string; total_price: string; payment_mode: string; items: Array<{ diamondid: number }> }>;
  };
  expect(orders.data).toHaveLength(1);
  const order = orders.data[0]!;
  expect(order.payment_mode).toBe('pay-wire');
  expect(order.total_price).toBe(wired.total);
  expect(Math.round((Number(wired.total) - Number(wired.tax)) * 100)).toBe(Math.round((a!.price - PROMOTIONS.bankWireDiscount) * 100));
  expect(order.items.map((i) => i.diamondid)).toEqual([a!.diamondid]);
  // §3's order_id is the public order number; the store's counter never reaches the browser.
  expect(order.order_id).toBe(order.order_number);
  await expect(page.getByTestId('thankyou-order-id')).toHaveText(order.order_number);
  await expect(page.getByTestId('thankyou-total')).toContainText(formatMoney(Number(order.total_price)));
  await expect(page.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/orders/${order.order_number}`);
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/diamond');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[])).toEqual([]);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  // The address was saved first (§7): it is the default now.
  const saved = await request.get(`/api/user-address/${account.id}`, { headers: { Authorization: `Bearer ${account.token}` } });
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toMatchObject({ first_name: 'Ada', address: { street: '12 Analytical Row', zip: '10036' } });

  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await sidewaysOverflow(page)).toEqual([]);

  // VIEW ORDER opens the order's page; the profile's Order History lists it with its status, stone and total.
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.order_number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.order_number}` })).toBeVisible();
  await page.goto('/profile?tab=orders');
  const card = page.getByRole('listitem', { name: `Order ${order.order_number}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('Bank wire transfer');
  await expect(card).toContainText(`Total ${formatMoney(Number(order.total_price))}`);
  await expect(card).toContainText('while your bank wire arrives');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('a stone sold meanwhile: the alert, the server’s message naming it, the line marked and the cart kept', async ({ page, request }) => {
  const shopper = await createAccount(request);
  const rival = await createAccount(request, 'Rival Buyer');
  const [a] = await stones(request, 1);
  const lines = [{ ...a!, quantity: 1 }];
  await openCheckout(page, lines, shopper.token);
  await expect(page.getByRole('list', { name: 'Items in your order' })).not.toHaveAttribute('aria-busy', 'true');

  // Another shopper orders the stone after this page checked it.
  const taken = await postOrder(request, {
    headers: { Authorization: `Bearer ${rival.token}` },
    data: {
      user_id: rival.id,
      user_name: 'Rival Buyer',
      contact_number: '212-555-0199',
      items_id: [a!.diamondid],
      item_details: JSON.stringify({ [a!.diamondid]: { type: a!.type, price: a!.price, quantity: 1, weight: a!.carat_weight } }),
      address: JSON.stringify({ apartment: '', street: '5 Main St', city: 'Boston', zip: '02108', country: 'United States' }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: '',
    },
  });
  expect(taken.status()).toBe(201);

  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await fillDelivery(page);
  await checkoutForm(page).getByRole('radio', { name: 'Cash on delivery' }).check();
  await payNow(page).click();

  const failure = checkoutForm(page).getByRole('alert');
  await expect(failure).toContainText('Failed to process your order.');
  await expect(failure).toContainText(a!.certificate_number);
  expect(alerts[0]).toContain('Failed to process your order.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator(`li.summary-line[data-certificate="${a!.certificate_number}"]`)).toContainText('No longer available');
  expect((await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as Line[])).map((l) => l.certificate_number)).toEqual([
    a!.certificate_number,
  ]);
  await expect(payNow(page)).toBeDisabled();
});

test('sales tax follows the address: New York’s on a $1,200 stone, none in Oregon, HST in Toronto; PayPal, the order page and the invoice agree to the cent', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await createAccount(request);
  const [a] = await stonesPricedWithin(request, 1_100, 1_300, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }], account.token);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await fillDelivery(page);
  const ny = await quoteOf(request, [a!], null);
  expect(Number(ny.tax)).toBeGreaterThan(0);
  await expect(summary.getByText('Sales tax (New York)')).toBeVisible();
  await expect(page.getByTestId('checkout-tax')).toContainText(formatMoney(Number(ny.tax)));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number(ny.total)));

  // Oregon has no sales tax: the summary says so, and the total is the stone's price.
  await field(page, 'ZIP code').fill('97204');
  await expect(page.getByTestId('checkout-tax')).toContainText('No sales tax is collected for Oregon');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(a!.price));

  // Toronto: Ontario's HST.
  await field(page, 'Country').selectOption('Canada');
  await field(page, 'Postal code').fill('M5X 1A9');
  await expect(summary.getByText('Sales tax (Ontario)')).toBeVisible();
  const on = await quoteOf(request, [a!], null, { zip: 'M5X 1A9', country: 'Canada' });
  expect(on.taxes.map((t) => `${t.jurisdiction} ${t.rate}`)).toEqual(['HST 13%']);
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number(on.total)));

  // Back to New York, paid through PayPal (the simulator) at the taxed total.
  await field(page, 'Country').selectOption('United States');
  await field(page, 'ZIP code').fill('10036');
  await expect(summary.getByText('Sales tax (New York)')).toBeVisible();
  await checkoutForm(page).getByRole('radio', { name: 'PayPal' }).check();
  const paid = await quoteOf(request, [a!], 'pay-paypal');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(Number(paid.total)));
  await payNow(page).click();
  await expect(page).toHaveURL(/\/wallet-simulator\/SIM[0-9A-Z]+$/);
  await page.getByRole('button', { name: `Pay ${formatMoney(Number(paid.total))}` }).click();
  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByTestId('thankyou-tax')).toHaveText(formatMoney(Number(paid.tax)));
  await expect(page.getByTestId('thankyou-total')).toContainText(formatMoney(Number(paid.total)));

  const headers = { Authorization: `Bearer ${account.token}` };
  const [order] = ((await (await request.get('/api/orders', { headers })).json()) as { data: Order[] }).data;
  expect(order).toMatchObject({ total_price: paid.total, tax: paid.tax, taxes: paid.taxes, payment_status: 'paid' });
  // §9: past $460 the order reaches the necklace, a $0 line outside the total and its tax (given, or said to be out
  // of stock when the journeys before this one took the shelf's last).
  expect(paid.gift).toBe('necklace');
  expect(order!.gift).toMatchObject({ gift: 'necklace' });
  expect(order!.lines.filter((l) => l.gift !== null).every((l) => l.total === '0.00' && l.tax === '0.00')).toBe(true);
  await page.goto(`/orders/${order!.order_number}`);
  await expect(page.getByTestId('order-gift')).toContainText(order!.gift!.message);
  await expect(page.getByTestId('order-total')).toHaveText(`USD ${formatMoney(Number(paid.total))}`);
  await expect(page.getByTestId('order-tax')).toHaveText(paid.taxes.map((t) => formatMoney(Number(t.amount))));
  const invoice = await request.get(`/api/orders/${order!.order_number}/documents/invoice`, { headers });
  expect(invoice.status()).toBe(200);
  const text = pdfPlainText(await invoice.body());
  for (const t of paid.taxes) expect(text).toContain(`${t.jurisdiction} ${t.rate}`);
  expect(text).toContain(formatMoney(Number(paid.total)));
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `the taxed order at ${width}px`).toEqual([]);
  }
});

test('each payment method’s info box says how long its diamonds are held', async ({ page, request }) => {
  const account = await createAccount(request);
  const [a] = await stones(request, 1);
  await openCheckout(page, [{ ...a!, quantity: 1 }], account.token);
  for (const { id, label } of PAYMENT_METHODS) {
    const radio = checkoutForm(page).getByRole('radio', { name: label, exact: true });
    await radio.check();
    const hold = holdNoticeOf(id);
    if (hold) await expect(checkoutForm(page).locator(`.pay-method__info[data-method="${id}"]`)).toContainText(hold);
  }
  const cod = checkoutForm(page).getByRole('radio', { name: 'Cash on delivery' });
  await cod.check();
  await expect(cod).toHaveAccessibleDescription(/Your diamonds are held for you for 3 days while we confirm the delivery with you/);
  // The bank wire's box says its own 24 hours beside its price.
  const wire = checkoutForm(page).getByRole('radio', { name: 'Bank wire transfer' });
  await wire.check();
  await expect(wire).toHaveAccessibleDescription(/your diamonds are held for 24 hours while the transfer arrives/);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await cod.check();
    expect(await sidewaysOverflow(page)).toEqual([]);
  }
});

test('/thankyou without an order says so', async ({ page }) => {
  await page.goto('/thankyou');
  await expect(page.getByText('No order data found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/diamond');
  expect(await seriousViolations(page)).toEqual([]);
});

test('checkout passes axe, with and without messages, and fits 375 pixels with the summary open', async ({ page, request }) => {
  const [a, b] = await stones(request, 2);
  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckout(page, [
    { ...a!, quantity: 1 },
    { ...b!, quantity: 1 },
  ]);
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  const toggle = page.getByRole('button', { name: /Show order summary/ });
  await toggle.click();
  await expect(page.getByRole('button', { name: /Hide order summary/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('list', { name: 'Items in your order' })).toBeVisible();
  await payNow(page).click();
  await expect(field(page, 'Email')).toBeFocused();
  await checkoutForm(page).getByRole('radio', { name: 'Bank wire transfer' }).check();
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 900 });
  // Desktop: the summary is always open beside the form, and the fold's button is gone.
  await expect(page.getByRole('button', { name: /order summary/ })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Items in your order' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
});
