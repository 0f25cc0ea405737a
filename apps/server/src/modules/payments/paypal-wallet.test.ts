import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WALLET_MESSAGES, centsToPrice, refundedMessage, soldBeforeCaptureMessage, type Order } from '@everstone/contract';
import { createTestDb, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { startFakePayPal, type FakePayPal } from '../../test/fake-paypal.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { seedInventory } from '../inventory/index.ts';
import type { WalletProvider } from './provider.ts';
import { REVIEW_POLL_MS } from './service.ts';

const WEBHOOK_ID = 'WH-EVERSTONE-TEST';

interface Stone {
  id: number;
  certificate_number: string;
  price_cents: number;
}

/**
 * The whole wallet flow with WALLET_PROVIDER=paypal, against a local server that speaks PayPal's Orders v2 JSON
 * (test/fake-paypal.ts): what the store sends PayPal, and what it does with each answer.
 */
describe('the online wallet on PayPal (a local fake of its REST API)', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let paypal: FakePayPal;
  let smtp: TestSmtp;
  let stones: Stone[];
  let nextStone = 0;
  let sellAfterCapture = false;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    await seedInventory(db, { count: 30, seed: 31 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'certificate_number', 'price_cents']).where('status', '=', 'available').orderBy('id').execute()).map(
      (r) => ({ id: Number(r.id), certificate_number: r.certificate_number, price_cents: Number(r.price_cents) }),
    );
    paypal = await startFakePayPal();
    smtp = await startTestSmtp();
    const sellingOne = (inner: WalletProvider): WalletProvider => ({
      ...inner,
      createPayment: (request) => inner.createPayment(request),
      refundCapture: (...args) => inner.refundCapture(...args),
      async capturePayment(id, key) {
        const outcome = await inner.capturePayment(id, key);
        if (sellAfterCapture) {
          sellAfterCapture = false;
          const payment = await db.db.selectFrom('wallet_payments').select('items').where('provider_order_id', '=', id).executeTakeFirstOrThrow();
          const [first] = JSON.parse(payment.items) as { diamond_id: number }[];
          await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', first!.diamond_id).execute();
        }
        return outcome;
      },
    });
    app = await createTestApp(
      db,
      {
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_API_BASE: paypal.url,
        PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://shop.example.test',
      },
      { passwordHasher: quickHasher, walletProvider: sellingOne, walletSweepIntervalMs: 3_600_000 },
    );
  });

  afterAll(async () => {
    await app?.close();
    await paypal?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const take = () => {
    const stone = stones[nextStone++];
    if (!stone) throw new Error('the test inventory ran out');
    return stone;
  };

  async function startPayment(stone: Stone) {
    const shopper = await signUpAndIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      headers: bearer(shopper.token),
      payload: {
        amount: centsToPrice(stone.price_cents),
        currency: 'USD',
        user_id: shopper.user.id,
        items_id: [stone.id],
        user_name: 'Grace Hopper',
        contact_number: '212-555-0199',
        address: { street: '1 Navy Way', apartment: '', city: 'Arlington', zip: '22202', country: 'United States' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...shopper, ...(res.json() as { orderID: string; approve_url: string }) };
  }

  const capture = (token: string, orderID: string) =>
    app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(token), payload: { orderID } });
  const ordersOf = (userId: number) => db.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();

  it('creates a PayPal order for the cart’s total, with the store’s return and cancel URLs', async () => {
    const stone = take();
    const { orderID, approve_url } = await startPayment(stone);
    const order = paypal.orders.get(orderID)!;
    expect(order.amount).toEqual({ currency_code: 'USD', value: centsToPrice(stone.price_cents) });
    expect(order.returnUrl).toBe('https://shop.example.test/checkout/paypal-return');
    expect(order.cancelUrl).toBe('https://shop.example.test/checkout?payment=cancelled');
    expect(order.customId).toMatch(/^W[0-9A-F]{24}$/);
    expect(approve_url).toBe(`${paypal.url}/checkoutnow?token=${orderID}`);
  });

  it('captures once after approval: the order is paid, and a repeated return neither orders nor charges again', async () => {
    const stone = take();
    const { user, token, orderID } = await startPayment(stone);
    expect((await capture(token, orderID)).json().message).toBe(WALLET_MESSAGES.notApproved);
    paypal.approve(orderID);
    const first = await capture(token, orderID);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json() as Order).toMatchObject({ payment_mode: 'pay-paypal', payment_status: 'paid', total_price: centsToPrice(stone.price_cents) });
    const again = await Promise.all([capture(token, orderID), capture(token, orderID)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('a declined funding source: 422, no order, and the payment ends', async () => {
    const { user, token, orderID } = await startPayment(take());
    paypal.approve(orderID);
    paypal.declineNextCapture();
    const res = await capture(token, orderID);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(WALLET_MESSAGES.declined);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('PayPal down: 503 and nothing decided; the same call later completes the order with one capture', async () => {
    const { user, token, orderID } = await startPayment(take());
    paypal.approve(orderID);
    paypal.failNext(1, 503);
    const down = await capture(token, orderID);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(WALLET_MESSAGES.unreachable);
    const later = await capture(token, orderID);
    expect(later.statusCode, later.body).toBe(201);
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('a stone sold before the capture: nothing is captured at PayPal', async () => {
    const stone = take();
    const { token, orderID } = await startPayment(stone);
    paypal.approve(orderID);
    await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', stone.id).execute();
    const res = await capture(token, orderID);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(soldBeforeCaptureMessage([stone.certificate_number]));
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(0);
  });

  it('a stone sold in the moment of capture: the capture is refunded in full at PayPal, once', async () => {
    const stone = take();
    const { user, token, orderID } = await startPayment(stone);
    paypal.approve(orderID);
    sellAfterCapture = true;
    const res = await capture(token, orderID);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(refundedMessage([stone.certificate_number], centsToPrice(stone.price_cents)));
    expect((await capture(token, orderID)).statusCode).toBe(409);
    const refunds = paypal.orders.get(orderID)!.refunds;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toEqual({ currency_code: 'USD', value: centsToPrice(stone.price_cents) });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  const notify = (headers: Record<string, string>, body: object) => app.inject({ method: 'POST', url: '/api/paypal/webhook', headers, payload: body });

  it('an approval PayPal notifies is captured and placed at once; the shopper’s return then answers that order', async () => {
    const stone = take();
    const { user, token, email, orderID } = await startPayment(stone);
    paypal.approve(orderID);
    // The shopper closed the tab after approving: only PayPal's notification arrives.
    const event = paypal.notification('CHECKOUT.ORDER.APPROVED', { id: orderID, status: 'APPROVED', intent: 'CAPTURE' }, WEBHOOK_ID);
    const res = await notify(event.headers, event.body);
    expect(res.statusCode, res.body).toBe(200);
    const orders = await ordersOf(user.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payment_mode: 'pay-paypal', payment_status: 'paid', contact_email: email });
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(1);

    // PayPal sends it again (it retries), and the shopper comes back after all: still one order, one capture.
    expect((await notify(event.headers, event.body)).statusCode).toBe(200);
    const back = await capture(token, orderID);
    expect(back.statusCode).toBe(200);
    expect((back.json() as Order).order_id).toBe(orders[0]!.order_number);
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('refuses a notification PayPal did not sign, or that was changed on the way, and does nothing', async () => {
    const { user, orderID } = await startPayment(take());
    paypal.approve(orderID);
    const genuine = paypal.notification('CHECKOUT.ORDER.APPROVED', { id: 'SOME-OTHER-ORDER' }, WEBHOOK_ID);
    const changed = await notify(genuine.headers, { ...genuine.body, resource: { id: orderID } });
    expect(changed.statusCode).toBe(400);
    const unsigned = await notify({}, { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderID } });
    expect(unsigned.statusCode).toBe(400);
    const otherWebhook = paypal.notification('CHECKOUT.ORDER.APPROVED', { id: orderID }, 'WH-SOMEONE-ELSE');
    expect((await notify(otherWebhook.headers, otherWebhook.body)).statusCode).toBe(400);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(paypal.orders.get(orderID)!.captures).toHaveLength(0);
  });

  it('acknowledges the events it has nothing to do for', async () => {
    const event = paypal.notification('PAYMENT.CAPTURE.COMPLETED', { id: 'CAPTURE-1', status: 'COMPLETED' }, WEBHOOK_ID);
    const res = await notify(event.headers, event.body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  const STORE_COPY = 'care@everstone.example';
  const squash = (text: string) => text.replace(/\s+/g, ' ');
  const stoneStatus = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A payment approved and captured while PayPal holds the capture for review: the order it became, under review. */
  async function heldForReview(reason?: string) {
    const stone = take();
    const shopper = await startPayment(stone);
    paypal.approve(shopper.orderID);
    paypal.holdNextCapture(reason);
    const placed = await capture(shopper.token, shopper.orderID);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const captureId = paypal.orders.get(shopper.orderID)!.captures[0]!.id;
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Everstone order ${order.order_number}`), { what: 'the confirmation' });
    return { ...shopper, stone, order, captureId };
  }

  const orderNow = async (token: string, order: Order) =>
    (await app.inject({ url: `/api/orders/${order.order_number}`, headers: bearer(token) })).json() as Order;

  it('a capture PayPal holds for review (PENDING) places the order under review, not paid, and nobody is told to ship', async () => {
    const { token, email, stone, order } = await heldForReview();
    expect(order).toMatchObject({ payment_mode: 'pay-paypal', order_status: 'pending', payment_status: 'under_review' });
    expect(await orderNow(token, order)).toMatchObject({ payment_status: 'under_review' });
    expect(await stoneStatus(stone.id)).toBe('reserved');

    const confirmation = squash(smtp.to(email).find((m) => m.subject === `Your Everstone order ${order.order_number}`)!.text);
    expect(confirmation).toContain(`PayPal is reviewing your payment of $${Number(order.total_price).toLocaleString('en-US', { minimumFractionDigits: 2 })} before releasing it to us. Your diamonds are held for you meanwhile`);
    expect(confirmation).not.toContain('has been received');
    const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject.startsWith(`New order ${order.order_number}:`)), { what: 'the store’s copy' });
    expect(notice.subject).toMatch(/, PayPal \(payment under review\)$/);
    const staff = squash(notice.text);
    expect(staff).toContain('PayPal is reviewing this payment (PENDING_REVIEW): the money is not final yet, so do not ship. The diamonds stay held');
    expect(staff).not.toMatch(/Arrange insured delivery|Paid by PayPal/);
  });

  it('PAYMENT.CAPTURE.COMPLETED settles it: paid, the shopper told the payment arrived, the store told to arrange delivery', async () => {
    const { token, email, stone, order, captureId } = await heldForReview();
    paypal.completeCapture(captureId);
    const event = paypal.notification('PAYMENT.CAPTURE.COMPLETED', { id: captureId, status: 'COMPLETED' }, WEBHOOK_ID);
    expect((await notify(event.headers, event.body)).statusCode).toBe(200);
    expect(await orderNow(token, order)).toMatchObject({ order_status: 'pending', payment_status: 'paid' });
    expect(await stoneStatus(stone.id)).toBe('reserved');
    const received = await waitFor(() => smtp.to(email).find((m) => m.subject === `Payment received for your Everstone order ${order.order_number}`), { what: 'the payment email' });
    expect(squash(received.text)).toContain('We will contact you to arrange insured delivery.');
    const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject === `Payment completed for order ${order.order_number}: arrange delivery`), { what: 'the store’s notice' });
    expect(squash(notice.text)).toContain('Paid by PayPal. Pack it with');

    // Sent again: nothing more happens.
    expect((await notify(event.headers, event.body)).statusCode).toBe(200);
    const queued = await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('subject', 'like', 'Payment received%').execute();
    expect(queued).toHaveLength(1);
  });

  it('PAYMENT.CAPTURE.DENIED cancels it: its stone back in the search, the shopper and the store told nothing was taken', async () => {
    const { token, email, stone, order, captureId } = await heldForReview();
    paypal.denyCapture(captureId);
    const denied = paypal.notification('PAYMENT.CAPTURE.DENIED', { id: captureId, status: 'DECLINED' }, WEBHOOK_ID);
    expect((await notify(denied.headers, denied.body)).statusCode).toBe(200);
    expect(await orderNow(token, order)).toMatchObject({ order_status: 'cancelled', payment_status: 'failed' });
    expect(await stoneStatus(stone.id)).toBe('available');
    expect((await app.inject(`/api/get-all-diamonds?certificate=${stone.certificate_number}`)).json().total).toBe(1);
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject === `Your Everstone order ${order.order_number} has been cancelled`), {
      what: 'the cancellation email',
    });
    expect(mail.text).toContain('did not complete it, so no money has been taken');
    const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject === `Payment denied: order ${order.order_number} cancelled`), { what: 'the store’s notice' });
    expect(squash(notice.text)).toContain('Do not ship it.');

    // Sent again: nothing more happens.
    expect((await notify(denied.headers, denied.body)).statusCode).toBe(200);
    const queued = await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).where('subject', 'like', '%has been cancelled').execute();
    expect(queued).toHaveLength(1);
  });

  it('without the webhook, the recovery sweep asks PayPal about held captures and settles them either way', async () => {
    const completing = await heldForReview();
    const denying = await heldForReview('PENDING_REVIEW');
    const waiting = await heldForReview('ECHECK');
    paypal.completeCapture(completing.captureId);
    paypal.denyCapture(denying.captureId);

    // Another instance of the store, with no webhook id, whose clock is past the review poll's interval.
    const later = createTestClock(new Date(Date.now() + REVIEW_POLL_MS + 60_000));
    const instance = await createTestApp(
      db,
      { PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_API_BASE: paypal.url, SMTP_URL: smtp.url },
      { now: later.now, passwordHasher: quickHasher, walletSweepIntervalMs: 20 },
    );
    try {
      await waitFor(async () => (await orderNow(completing.token, completing.order)).payment_status === 'paid', { what: 'the completed review to be settled' });
      await waitFor(async () => (await orderNow(denying.token, denying.order)).order_status === 'cancelled', { what: 'the denied review to be settled' });
      expect(await orderNow(denying.token, denying.order)).toMatchObject({ payment_status: 'failed' });
      expect(await stoneStatus(denying.stone.id)).toBe('available');
      await waitFor(() => smtp.to(completing.email).find((m) => m.subject === `Payment received for your Everstone order ${completing.order.order_number}`), { what: 'the payment email' });
      await waitFor(() => smtp.to(denying.email).find((m) => m.subject === `Your Everstone order ${denying.order.order_number} has been cancelled`), { what: 'the cancellation email' });
      // Still under review at PayPal: asked about, left as it is.
      const asked = () => paypal.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/captures/${waiting.captureId}`).length;
      await waitFor(() => asked() > 0, { what: 'the sweep to ask about the capture still under review' });
      expect(await orderNow(waiting.token, waiting.order)).toMatchObject({ order_status: 'pending', payment_status: 'under_review' });
      expect(await stoneStatus(waiting.stone.id)).toBe('reserved');
      // Asked again only once its poll interval has passed, not at every sweep: PayPal is asked twice in all.
      paypal.completeCapture(waiting.captureId);
      later.advance(REVIEW_POLL_MS);
      await waitFor(async () => (await orderNow(waiting.token, waiting.order)).payment_status === 'paid', { what: 'the later review to be settled' });
      expect(asked()).toBe(2);
    } finally {
      await instance.close();
    }
  });

  it('a stone sold in the moment of a capture PayPal holds for review: refunded once PayPal releases it, never charged if it declines', async () => {
    const heldAndLost = async () => {
      const stone = take();
      const shopper = await startPayment(stone);
      paypal.approve(shopper.orderID);
      paypal.holdNextCapture('PENDING_REVIEW');
      sellAfterCapture = true;
      const res = await capture(shopper.token, shopper.orderID);
      // PayPal refunds only released money: the shopper is told what happens next, and nothing is refunded yet.
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(WALLET_MESSAGES.refundAfterReview);
      expect(paypal.orders.get(shopper.orderID)!.refunds).toHaveLength(0);
      expect(await ordersOf(shopper.user.id)).toHaveLength(0);
      return { ...shopper, stone, captureId: paypal.orders.get(shopper.orderID)!.captures[0]!.id };
    };

    const released = await heldAndLost();
    paypal.completeCapture(released.captureId);
    const completed = paypal.notification('PAYMENT.CAPTURE.COMPLETED', { id: released.captureId, status: 'COMPLETED' }, WEBHOOK_ID);
    expect((await notify(completed.headers, completed.body)).statusCode).toBe(200);
    await waitFor(() => paypal.orders.get(released.orderID)!.refunds.length === 1 || null, { what: 'the refund once PayPal released the payment' });
    const refund = await waitFor(() => smtp.to(released.email).find((m) => m.subject.endsWith('has been refunded')), { what: 'the refund email' });
    // The account's address is not verified: the name typed at checkout is not in its email.
    expect(refund.text).not.toContain('Grace Hopper');

    const declined = await heldAndLost();
    paypal.denyCapture(declined.captureId);
    const denied = paypal.notification('PAYMENT.CAPTURE.DENIED', { id: declined.captureId, status: 'DECLINED' }, WEBHOOK_ID);
    expect((await notify(denied.headers, denied.body)).statusCode).toBe(200);
    const payment = await db.db.selectFrom('wallet_payments').select(['status', 'failure']).where('provider_order_id', '=', declined.orderID).executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'voided', failure: WALLET_MESSAGES.deniedBeforeRefund });
    expect(paypal.orders.get(declined.orderID)!.refunds).toHaveLength(0);
    const mail = await waitFor(() => smtp.to(declined.email).find((m) => m.subject.endsWith('was not taken')), { what: 'the email saying nothing was taken' });
    expect(squash(mail.text)).toContain('nothing was charged, and nothing needs refunding');
    expect(mail.text).not.toContain('Grace Hopper');
    // The shopper's return now says so too.
    const again = await capture(declined.token, declined.orderID);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WALLET_MESSAGES.deniedBeforeRefund);
  });
});
