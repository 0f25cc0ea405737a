import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  PAYMENT_METHOD_LABELS,
  UNPAID_HOLD_HOURS,
  WIRE_HOLD_MS,
  bankWirePrice,
  formatMoney,
  formatShipDay,
  orderSchema,
  trackingUrl,
  type Diamond,
  type Order,
} from '@everstone/contract';
import { E2E_WIRE_ACCOUNT } from './store-settings.ts';
import {
  SHOPPER_PASSWORD,
  createAccount as createShopper,
  readOutbox,
  runOrderDesk,
  seriousViolations,
  sidewaysOverflow,
  type ShopperAccount,
  postOrder,
  stonesPricedWithin,
} from './support.ts';

/*
 * /orders/{order number}: one order of the signed-in shopper. Each test makes its own accounts through the API and places its
 * own orders, through the API or the checkout, with stones picked at random from a price band no other journey
 * orders from (checkout takes 5,000–8,000; the cart and detail journeys only look at cheaper or the dearest stones).
 */

const PASSWORD = SHOPPER_PASSWORD;
const STORE_TIME_ZONE = 'America/New_York';

const createAccount = (request: APIRequestContext, name?: string) => createShopper(request, 'order-page', name);

/** `count` stones priced 8,000–9,500 dollars, a band the other journeys leave alone. */
const stones = (request: APIRequestContext, count: number) => stonesPricedWithin(request, 8000, 9500, count);

interface Delivery {
  name: string;
  phone: string;
  address: { street: string; apartment: string; city: string; state: string; zip: string; country: 'United States' | 'Canada' };
}

const DELIVERY: Delivery = {
  name: 'Ada Lovelace',
  phone: '212-555-0100',
  address: { street: '12 Analytical Row', apartment: 'Suite 3', city: 'New York', state: 'NY', zip: '10036', country: 'United States' },
};

/** Places an order through the API (§7 POST /api/store-order), as the checkout sends it. */
async function placeOrder(request: APIRequestContext, account: ShopperAccount, method: 'cod' | 'pay-wire', items: Diamond[], delivery = DELIVERY): Promise<Order> {
  const price = (d: Diamond) => (method === 'pay-wire' ? bankWirePrice(d.price) : d.price);
  const res = await postOrder(request, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      user_id: account.id,
      user_name: delivery.name,
      contact_number: delivery.phone,
      items_id: items.map((d) => d.diamondid),
      item_details: JSON.stringify(Object.fromEntries(items.map((d) => [d.diamondid, { type: d.type, price: price(d), quantity: 1, weight: d.carat_weight }]))),
      address: JSON.stringify(delivery.address),
      order_status: 'pending',
      payment_mode: method,
      payment_status: 'pending',
      is_gift: false,
      notes: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return orderSchema.parse(await res.json());
}

/** Signs the browser in as the session does after a login: the token in localStorage under `auth_token`. */
async function signInBrowser(page: Page, token: string) {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
}

/** Opens an order's page, by its number (§3's order_id), and waits for it to have loaded (or failed to). */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.locator('article.order-page')).not.toHaveAttribute('aria-busy', 'true');
}

async function signInThroughForm(page: Page, account: ShopperAccount) {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The value beside a term of a description list. */
const detail = (scope: Locator, term: string) => scope.locator('div').filter({ has: scope.page().getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');

const placedOn = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: STORE_TIME_ZONE }).format(new Date(iso));
/** The hold's deadline as the confirmation email words it: '07/14/2026 at 3:42 PM Eastern Time'. */
function easternTime(iso: string) {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, month: '2-digit', day: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true }).format(at);
  return `${day} at ${time.replace(/\s/g, ' ')} Eastern Time`;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The 'what happens next' section's paragraphs, each of which the confirmation email must say word for word. */
async function expectSaidInConfirmationEmail(page: Page, account: ShopperAccount, order: Order) {
  const mails = await readOutbox(account.email, { subject: `Your Everstone order ${order.order_number}` });
  const confirmation = mails.find((m) => m.subject === `Your Everstone order ${order.order_number}`);
  expect(confirmation, 'the confirmation email').toBeDefined();
  const said = await page.locator('.order-next > p:not(.order-next__contact)').allInnerTexts();
  expect(said.length).toBeGreaterThan(0);
  for (const text of said) expect(squash(confirmation!.text)).toContain(squash(text));
  return squash(confirmation!.text);
}

test('a cash-on-delivery order shows its number, date, statuses, stones, total, delivery address and next steps', async ({ page, request }) => {
  const account = await createAccount(request);
  const picked = await stones(request, 2);
  const order = await placeOrder(request, account, 'cod', picked);
  await signInBrowser(page, account.token);
  await openOrder(page, order.order_id);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
  await expect(page.locator('.order-page__date')).toHaveText(`Placed ${placedOn(order.created_at)}`);
  const badges = page.locator('.order-page__badges');
  await expect(badges).toContainText('Order status: Pending');
  await expect(badges).toContainText('Payment status: Payment pending');

  const items = page.getByRole('region', { name: 'Your diamonds (2)' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const stone of picked) {
    const item = order.items.find((i) => i.diamondid === stone.diamondid)!;
    const line = items.filter({ hasText: item.certificate_number });
    await expect(line).toContainText(`Certificate ${stone.certificate_number}`);
    await expect(line).toContainText(`${stone.carat_weight.toFixed(2)} carat`);
    await expect(line).toContainText(formatMoney(stone.price));
    await expect(line.getByRole('link', { name: item.description })).toHaveAttribute('href', `/diamond-details/${stone.diamondid}`);
  }

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(detail(summary, 'Payment method')).toHaveText(PAYMENT_METHOD_LABELS.cod);
  // The stones' prices and New York's sales tax on each (the order's own figures).
  await expect(page.getByTestId('order-total')).toHaveText(`USD ${formatMoney(Number(order.total_price))}`);
  expect(Math.round((Number(order.total_price) - Number(order.tax)) * 100)).toBe(Math.round((picked[0]!.price + picked[1]!.price) * 100));
  await expect(page.getByTestId('order-tax')).toHaveText(order.taxes.map((t) => formatMoney(Number(t.amount))));
  const delivery = page.getByRole('region', { name: 'Delivery' });
  expect((await delivery.getByTestId('order-address').innerText()).split('\n')).toEqual([
    'Ada Lovelace',
    '12 Analytical Row',
    'Suite 3',
    'New York, NY 10036',
    'United States',
  ]);
  await expect(delivery.getByTestId('order-phone')).toHaveText('212-555-0100');

  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText(`You pay ${formatMoney(Number(order.total_price))} when your order is delivered.`);
  // The number itself is in the delivery box: these words are the confirmation email's too, and it names nothing typed.
  await expect(next).toContainText('call you at the phone number you gave us within one business day');
  // Held on a deadline, given exactly: cash on delivery's three days.
  expect(Date.parse(order.hold_expires_at!) - Date.parse(order.created_at)).toBe(UNPAID_HOLD_HOURS.cod * 3_600_000);
  await expect(next).toContainText(`We hold your diamonds for 3 days, until ${easternTime(order.hold_expires_at!)}, while we confirm the delivery with you;`);
  await expect(page.getByText('Wire transfer details')).toHaveCount(0);
  await expectSaidInConfirmationEmail(page, account, order);

  await expect(page.getByRole('link', { name: 'Back to Order History' })).toHaveAttribute('href', '/profile?tab=orders');
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/diamond');
  // A stone's link opens its detail page.
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/diamond-details/${order.items[0]!.diamondid}$`));
  await expect(page.getByText(order.items[0]!.certificate_number).first()).toBeVisible();
});

test('a wire order shows the wire instructions: its amount, its number as the reference and the hold’s deadline', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, account, 'pay-wire', [stone!]);
  expect(order.hold_expires_at).not.toBeNull();
  expect(Date.parse(order.hold_expires_at!) - Date.parse(order.created_at)).toBe(WIRE_HOLD_MS);
  await signInBrowser(page, account.token);
  await openOrder(page, order.order_id);

  // The bank-wire price, with the address's sales tax on it.
  const total = formatMoney(Number(order.total_price));
  expect(Math.round((Number(order.total_price) - Number(order.tax)) * 100)).toBe(Math.round(bankWirePrice(stone!.price) * 100));
  await expect(page.getByTestId('order-total')).toHaveText(`USD ${total}`);
  await expect(detail(page.getByRole('region', { name: 'Summary' }), 'Payment method')).toHaveText('Bank wire transfer');
  const next = page.getByRole('region', { name: 'Complete your payment by bank wire' });
  await expect(next).toContainText(`Please send ${total} by bank wire transfer, quoting your order number ${order.order_number} as the reference.`);
  await expect(next).toContainText(`We hold your diamonds for 24 hours, until ${easternTime(order.hold_expires_at!)}.`);
  const wire = next.locator('.order-wire');
  await expect(wire.getByRole('heading', { name: 'Wire transfer details' })).toBeVisible();
  // The store's configured account (e2e/serve.ts), not the example one.
  await expect(detail(wire, 'Beneficiary')).toHaveText(E2E_WIRE_ACCOUNT.beneficiary);
  await expect(detail(wire, 'Bank')).toHaveText(E2E_WIRE_ACCOUNT.bank);
  await expect(detail(wire, 'Routing number (ABA)')).toHaveText(E2E_WIRE_ACCOUNT.routing_number);
  await expect(detail(wire, 'Account number')).toHaveText(E2E_WIRE_ACCOUNT.account_number);
  await expect(detail(wire, 'SWIFT')).toHaveText(E2E_WIRE_ACCOUNT.swift);
  await expect(detail(wire, 'Reference')).toHaveText(order.order_number);
  await expect(detail(wire, 'Amount')).toHaveText(`${total} USD`);
  await expect(next).toContainText('If the transfer has not arrived by then, the order is cancelled and the diamonds return to our collection.');

  // The page says what the confirmation email says, the instructions included.
  const email = await expectSaidInConfirmationEmail(page, account, order);
  for (const term of ['Beneficiary', 'Bank', 'Routing number (ABA)', 'Account number', 'SWIFT', 'Reference', 'Amount']) {
    expect(email).toContain(`${term}: ${(await detail(wire, term).innerText()).trim()}`);
  }
});

test('paid, reviewed and lapsed orders say where they stand instead of asking for a payment', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, account, 'pay-wire', [stone!]);
  await signInBrowser(page, account.token);
  // States the store reaches later (a wallet payment, an expired hold), given to the page by the API's answer.
  let answer: Partial<Order> = { payment_mode: 'pay-paypal', payment_status: 'paid', order_status: 'confirmed', hold_expires_at: null, wire_transfer: null };
  await page.route(`**/api/orders/${order.order_id}`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...((await res.json()) as Order), ...answer } });
  });

  await openOrder(page, order.order_id);
  const paid = page.getByRole('region', { name: 'Payment received' });
  await expect(paid).toContainText(`Your PayPal payment of ${formatMoney(Number(order.total_price))} has been received.`);
  await expect(page.locator('.order-page__badges')).toContainText('Payment status: Paid');
  await expect(page.getByText('Wire transfer details')).toHaveCount(0);

  // PayPal holds the payment for review: not paid yet, and the diamonds held.
  answer = { payment_mode: 'pay-paypal', payment_status: 'under_review', order_status: 'pending', hold_expires_at: null, wire_transfer: null };
  await openOrder(page, order.order_id);
  const review = page.getByRole('region', { name: 'PayPal is reviewing your payment' });
  await expect(review).toContainText(`PayPal is reviewing your payment of ${formatMoney(Number(order.total_price))} before releasing it to us. Your diamonds are held for you meanwhile`);
  await expect(page.locator('.order-page__badges')).toContainText('Payment status: Under review by PayPal');
  await expect(page.getByText('has been received')).toHaveCount(0);

  answer = { order_status: 'cancelled', payment_status: 'expired', wire_transfer: null };
  await openOrder(page, order.order_id);
  const lapsed = page.getByRole('region', { name: 'Order cancelled' });
  await expect(lapsed).toContainText(
    `We did not receive the bank wire transfer for order ${order.order_number} within 24 hours, so the order has been cancelled and its diamonds have returned to our collection.`,
  );
  await expect(page.locator('.order-page__badges')).toContainText('Order status: Cancelled');
  await expect(page.locator('.order-page__badges')).toContainText('Payment status: Hold expired');
  await expect(page.getByText('Wire transfer details')).toHaveCount(0);
  await expect(page.getByText('Please send')).toHaveCount(0);
});

test('what the order desk records shows on the shopper’s pages: a wire received, an order cancelled', async ({ page, request }) => {
  const account = await createAccount(request);
  const [first, second] = await stones(request, 2);
  const wire = await placeOrder(request, account, 'pay-wire', [first!]);
  const cod = await placeOrder(request, account, 'cod', [second!]);
  await signInBrowser(page, account.token);

  await openOrder(page, wire.order_id);
  await expect(page.getByRole('region', { name: 'Complete your payment by bank wire' })).toBeVisible();
  const paid = await runOrderDesk('paid', wire.order_number);
  expect(paid.code, paid.stderr).toBe(0);
  await openOrder(page, wire.order_id);
  await expect(page.getByRole('region', { name: 'Payment received' })).toContainText(`Your payment of ${formatMoney(Number(wire.total_price))} has been received.`);
  await expect(page.locator('.order-page__badges')).toContainText('Order status: Confirmed');
  await expect(page.locator('.order-page__badges')).toContainText('Payment status: Paid');
  await expect(page.getByText('Wire transfer details')).toHaveCount(0);
  const mails = await readOutbox(account.email, { subject: 'Payment received' });
  expect(mails.map((m) => m.subject)).toContain(`Payment received for your Everstone order ${wire.order_number}`);

  const cancelled = await runOrderDesk('cancel', cod.order_number);
  expect(cancelled.code, cancelled.stderr).toBe(0);
  await openOrder(page, cod.order_id);
  await expect(page.getByRole('region', { name: 'Order cancelled' })).toContainText(
    `Order ${cod.order_number} has been cancelled and its diamonds have returned to our collection. Nothing is due.`,
  );
  await expect(page.locator('.order-page__badges')).toContainText('Payment status: Not charged');
  // The stone is for sale again.
  const search = await request.get(`/api/get-all-diamonds?certificate=${second!.certificate_number}`);
  expect((await search.json()).total).toBe(1);

  await page.goto('/profile?tab=orders');
  const card = page.locator('.order-card', { hasText: cod.order_number });
  await expect(card).toContainText('Cancelled');
  await expect(card).toContainText('Not charged');
});

/** A FedEx tracking number of its own: the store records each number once, for one parcel. */
const fedexNumber = () => Array.from({ length: 15 }, () => Math.floor(Math.random() * 10)).join('');

test('the order desk’s steps show on the shopper’s page: its progress, its parcel with the carrier’s tracking page, its delivery and the last day to return it', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, account, 'cod', [stone!]);
  const desk = async (...args: string[]) => {
    const run = await runOrderDesk(...args);
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  };
  await signInBrowser(page, account.token);

  // Placed: the day it is to ship heads the page, and its progress starts.
  await openOrder(page, order.order_id);
  expect(order.ships_by).not.toBeNull();
  await expect(page.locator('.order-page__ships')).toHaveText(`Ships by ${formatShipDay(order.ships_by!)}`);
  const progress = page.getByRole('region', { name: 'Order progress' });
  const steps = progress.getByRole('listitem');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText('Order placed');
  await expect(steps.first().locator('time')).toHaveAttribute('datetime', order.created_at);

  const tracking = fedexNumber();
  await desk('confirm', order.order_number);
  await desk('ready', order.order_number);
  await desk('ship', order.order_number, '--carrier', 'fedex', '--tracking', tracking);

  await openOrder(page, order.order_id);
  await expect(page.locator('.order-page__badges')).toContainText('Order status: Shipped');
  await expect(page.locator('.order-page__ships')).toHaveCount(0);
  await expect(steps.locator('.order-timeline__label')).toHaveText(['Order placed', 'Order confirmed with you', 'Packed and ready to ship', 'Shipped with FedEx, insured']);
  // Only the latest step is where the order stands now.
  await expect(progress.locator('[aria-current="step"]')).toHaveCount(1);
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('region', { name: 'On its way' })).toContainText(
    `Your order is on its way with FedEx, insured for ${formatMoney(Number(order.total_price))}. Follow it with the tracking link below.`,
  );
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await expect(detail(shipment, 'Tracking number')).toHaveText(tracking);
  await expect(detail(shipment, 'Delivered')).toHaveText('On its way');
  // A stone of 8,000 dollars or more goes signature required.
  await expect(shipment).toContainText('Signature required on delivery');
  const track = shipment.getByRole('link', { name: 'Track with FedEx (opens the FedEx website in a new tab)' });
  await expect(track).toHaveAttribute('href', trackingUrl('fedex', tracking));
  await expect(track).toHaveAttribute('href', new RegExp(`^https://www\\.fedex\\.com/.*${tracking}$`));
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(track).toHaveAttribute('rel', 'noopener noreferrer');

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect(track).toBeVisible();
    expect(await sidewaysOverflow(page), `${width}px`).toEqual([]);
    expect(await seriousViolations(page), `${width}px`).toEqual([]);
  }

  // The Order History offers the tracking link while the parcel is on its way.
  await page.goto('/profile?tab=orders');
  const card = page.getByRole('listitem', { name: `Order ${order.order_number}` });
  await expect(card.getByRole('link', { name: /^Track with FedEx/ })).toHaveAttribute('href', trackingUrl('fedex', tracking));
  await expect(card.locator('.order-badge')).toHaveText('Shipped');

  await desk('deliver', order.order_number);
  const answer = await request.get(`/api/orders/${order.order_number}`, { headers: { Authorization: `Bearer ${account.token}` } });
  const deliveredAt = orderSchema.parse(await answer.json()).shipments[0]!.delivered_at!;
  // Thirty days from the delivery's instant, named as the store's day in New York.
  const returnBy = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: STORE_TIME_ZONE }).format(
    new Date(Date.parse(deliveredAt) + 30 * 86_400_000),
  );

  await openOrder(page, order.order_id);
  await expect(page.locator('.order-page__badges')).toContainText('Order status: Delivered');
  const delivered = page.getByRole('region', { name: 'Delivered' });
  await expect(delivered).toContainText(`you may return it until ${returnBy}, 30 days from delivery`);
  await expect(delivered).toContainText('To resize a ring, or for anything else about your order, call us at');
  await expect(detail(shipment, 'Delivered')).toHaveText(placedOn(deliveredAt));
  await expect(steps.last()).toContainText('Delivered');
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('VIEW ORDER on the thank-you page opens the page of the order just placed', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  await page.goto('/robots.txt');
  await page.evaluate(
    ([cart, token]) => {
      localStorage.setItem('cart', JSON.stringify(cart));
      localStorage.setItem('auth_token', token);
    },
    [[{ ...stone!, quantity: 1 }], account.token] as const,
  );
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(page.getByTestId('checkout-email')).toHaveText(account.email);
  for (const [label, value] of Object.entries({ 'First name': 'Ada', 'Last name': 'Lovelace', Address: '12 Analytical Row', City: 'New York', 'ZIP code': '10036', Phone: '212-555-0100' })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('radio', { name: 'Cash on delivery' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/thankyou$/);

  // §2's order_id is the order number: the store's counter never reaches the page.
  const orderNumber = await page.getByTestId('thankyou-order-id').innerText();
  expect(orderNumber).toMatch(/^EV-\d{4}-[0-9A-Z]{6}$/);
  await expect(page.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/orders/${orderNumber}`);
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page.getByRole('region', { name: 'Your diamond' })).toContainText(stone!.certificate_number);
});

test('each order in the Order History links to its page', async ({ page, request }) => {
  const account = await createAccount(request);
  const [a, b] = await stones(request, 2);
  const first = await placeOrder(request, account, 'cod', [a!]);
  const second = await placeOrder(request, account, 'pay-wire', [b!]);
  await signInBrowser(page, account.token);
  await page.goto('/profile?tab=orders');

  for (const order of [first, second]) {
    const card = page.getByRole('listitem', { name: `Order ${order.order_number}` });
    await expect(card.getByRole('link', { name: `View order ${order.order_number}` })).toHaveAttribute('href', `/orders/${order.order_number}`);
  }
  await page
    .getByRole('listitem', { name: `Order ${second.order_number}` })
    .getByRole('link', { name: `View order ${second.order_number}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${second.order_number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${second.order_number}`);
  await expect(page.getByRole('region', { name: 'Complete your payment by bank wire' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  await expect(page.getByRole('listitem', { name: `Order ${first.order_number}` })).toBeVisible();
});

test('another account’s order looks exactly like one that does not exist, and signing in as its owner opens it', async ({ page, request }) => {
  const owner = await createAccount(request, 'Grace Hopper');
  const other = await createAccount(request, 'Someone Else');
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, owner, 'cod', [stone!]);

  // The API answers both the same: nobody learns which numbers exist.
  const headers = { Authorization: `Bearer ${other.token}` };
  const foreign = await request.get(`/api/orders/${order.order_number}`, { headers });
  const missing = await request.get('/api/orders/EV-2000-ZZZZZZ', { headers });
  expect([foreign.status(), missing.status()]).toEqual([404, 404]);
  expect(await foreign.text()).toBe(await missing.text());

  await signInBrowser(page, other.token);
  await openOrder(page, 'EV-2000-ZZZZZZ');
  const unknownPage = await page.locator('article.order-page').innerText();
  await openOrder(page, order.order_number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that order');
  expect(await page.locator('article.order-page').innerText()).toBe(unknownPage);
  await expect(page.locator('.order-page')).toContainText(`None of the orders of ${other.email} has this number`);
  await expect(page.getByText(order.order_number)).toHaveCount(0);
  await expect(page.getByText(DELIVERY.address.street)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Order History' })).toHaveAttribute('href', '/profile?tab=orders');

  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, owner);
  await expect(page).toHaveURL(new RegExp(`/orders/${order.order_number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
});

test('an unknown order is not found; text that cannot be an order number is not even asked for', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/orders/')) asked.push(new URL(r.url()).pathname);
  });

  await openOrder(page, 'EV-2000-ZZZZZZ');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that order');
  await expect(page.getByRole('link', { name: 'Go to Order History' })).toHaveAttribute('href', '/profile?tab=orders');
  expect(asked).toEqual(['/api/orders/EV-2000-ZZZZZZ']);

  // The old counters among them: orders are never addressed by them.
  for (const text of ['abc', '57', '987654321', 'EV-2026-K7M3Q']) {
    await openOrder(page, text);
    await expect(page.getByRole('heading', { level: 1 }), text).toHaveText('We could not find that order');
  }
  expect(asked).toEqual(['/api/orders/EV-2000-ZZZZZZ']);
  expect(await seriousViolations(page)).toEqual([]);

  // The server sends the neutral frame, not for robots.
  const res = await request.get('/orders/EV-2000-ZZZZZZ');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).toContain('Loading your order');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /orders/');
});

test('a guest is sent to sign in and comes back to the order', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, account, 'cod', [stone!]);
  await page.goto(`/orders/${order.order_number}`);
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(new RegExp(`/orders/${order.order_number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
});

test('a failed load says so and Try again loads the order', async ({ page, request }) => {
  const account = await createAccount(request);
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, account, 'cod', [stone!]);
  await signInBrowser(page, account.token);
  const failures = ['abort', 500];
  await page.route(`**/api/orders/${order.order_id}`, async (route) => {
    const failure = failures.shift();
    if (failure === 'abort') await route.abort('internetdisconnected');
    else if (failure === 500) await route.fulfill({ status: 500, json: { message: 'Something went wrong.' } });
    else await route.fallback();
  });

  await openOrder(page, order.order_id);
  const alert = page.locator('article.order-page').getByRole('alert');
  const message = 'We could not load your order. Please check your connection and try again.';
  await expect(alert).toHaveText(message);
  expect(failures).toEqual([500]);
  // The server failing the second time keeps the message and the button.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => failures.length).toBe(0);
  await expect(alert).toHaveText(message);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
  await expect(alert).toHaveCount(0);
});

test('the order page passes axe and fits 375 pixels, as do its other states', async ({ page, request }) => {
  const account = await createAccount(request, 'Maximilian Alexander Worthington-Smythe');
  const other = await createAccount(request);
  const picked = await stones(request, 2);
  const order = await placeOrder(request, account, 'pay-wire', picked, {
    name: 'Maximilian Alexander Worthington-Smythe',
    phone: '+1 (416) 555-0199',
    address: {
      street: '1 Avenue of the Extraordinarily Long Street Names',
      apartment: 'Penthouse Suite 4100',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5X 1A9',
      country: 'Canada',
    },
  });
  await signInBrowser(page, account.token);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openOrder(page, order.order_id);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await signInBrowser(page, other.token);
  await openOrder(page, order.order_id);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that order');
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
