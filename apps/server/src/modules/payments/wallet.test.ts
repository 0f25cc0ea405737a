import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  WALLET_MESSAGES,
  centsToPrice,
  refundedMessage,
  soldBeforeCaptureMessage,
  totalChangedMessage,
  unavailableMessage,
  type Order,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTestClock } from '../../test/clock.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { seedInventory } from '../inventory/index.ts';
import { WalletProviderError, type WalletProvider } from './provider.ts';

const ADDRESS = { apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' };

interface Stone {
  id: number;
  certificate_number: string;
  price_cents: number;
}

/** What a test makes the wallet do on its next capture, on top of the real simulator. */
type CaptureTwist = 'sell-stone-after-capture' | 'lose-answer-after-capture' | null;

describe.each(TEST_ENGINES)('the online wallet (simulator) on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let stones: Stone[];
  let nextStone = 0;
  let twist: CaptureTwist = null;
  let captureCalls = 0;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 60, seed: 23 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'certificate_number', 'price_cents']).where('status', '=', 'available').orderBy('id').execute()).map(
      (r) => ({ id: Number(r.id), certificate_number: r.certificate_number, price_cents: Number(r.price_cents) }),
    );
    smtp = await startTestSmtp();
    // The real simulator, with a hook to bend one capture: a stone sold in the same instant, or an answer lost.
    const withTwists = (inner: WalletProvider): WalletProvider => ({
      ...inner,
      createPayment: (request) => inner.createPayment(request),
      refundCapture: (...args) => inner.refundCapture(...args),
      async capturePayment(id, key) {
        captureCalls += 1;
        const outcome = await inner.capturePayment(id, key);
        const current = twist;
        twist = null;
        if (current === 'sell-stone-after-capture') {
          const payment = await db.db.selectFrom('wallet_payments').select('items').where('provider_order_id', '=', id).executeTakeFirstOrThrow();
          const [first] = JSON.parse(payment.items) as { diamond_id: number }[];
          await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', first!.diamond_id).execute();
        }
        if (current === 'lose-answer-after-capture') throw new WalletProviderError('connection reset after the capture went through');
        return outcome;
      },
    });
    app = await createTestApp(
      db,
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.test' },
      { passwordHasher: quickHasher, walletProvider: withTwists, walletSweepIntervalMs: 3_600_000 },
    );
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const take = (n = 1) => {
    const out = stones.slice(nextStone, nextStone + n);
    nextStone += n;
    if (out.length < n) throw new Error('the test inventory ran out');
    return out;
  };

  const payload = (userId: number, picked: Stone[], overrides: Record<string, unknown> = {}) => ({
    amount: centsToPrice(picked.reduce((sum, s) => sum + s.price_cents, 0)),
    currency: 'USD',
    user_id: userId,
    items_id: picked.map((s) => s.id),
    user_name: 'Ann Lee',
    contact_number: '212-555-0100',
    address: JSON.stringify(ADDRESS),
    ...overrides,
  });

  const create = (token: string, body: object) => app.inject({ method: 'POST', url: '/api/paypal/create-order', headers: bearer(token), payload: body });
  const capture = (token: string, orderID: string) => app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(token), payload: { orderID } });
  /** What the shopper's browser does on the simulator's page: press Pay (or Cancel). */
  const decide = (orderID: string, decision: 'approve' | 'cancel') =>
    app.inject({ method: 'POST', url: `/wallet-simulator/${orderID}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const ordersOf = (userId: number) => db.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
  const paymentOf = (orderID: string) => db.db.selectFrom('wallet_payments').selectAll().where('provider_order_id', '=', orderID).executeTakeFirstOrThrow();
  const ledgerOf = (orderID: string) => db.db.selectFrom('wallet_simulated_payments').selectAll().where('id', '=', orderID).executeTakeFirstOrThrow();

  async function approvedPayment(picked: Stone[]) {
    const shopper = await signUpAndIn(app);
    const created = await create(shopper.token, payload(shopper.user.id, picked));
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    expect((await decide(orderID, 'approve')).statusCode).toBe(303);
    return { ...shopper, orderID };
  }

  it('creates a payment for the cart’s real total, stores no order and reserves nothing (§4)', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    const res = await create(token, payload(user.id, [stone]));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { orderID: string; approve_url: string };
    expect(body.approve_url).toBe(`https://shop.example.test/wallet-simulator/${body.orderID}`);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await statusOf(stone.id)).toBe('available');
    const ledger = await ledgerOf(body.orderID);
    expect(Number(ledger.amount_cents)).toBe(stone.price_cents);
    expect(ledger.return_url).toBe('https://shop.example.test/checkout/paypal-return');
    expect(ledger.cancel_url).toBe('https://shop.example.test/checkout?payment=cancelled');

    // The simulator's approval page shows the amount and both choices, and runs no script.
    const page = await app.inject(`/wallet-simulator/${body.orderID}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`Pay $${Number(centsToPrice(stone.price_cents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(page.body).toContain('value="cancel"');
  });

  it('refuses a post to the approval page from another site, or with an Origin that is not one, with a 403 (never a 500)', async () => {
    const shopper = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    const { orderID } = (await create(shopper.token, payload(shopper.user.id, [stone]))).json() as { orderID: string };
    for (const origin of ['https://evil.example', 'http://[not a host', 'javascript:alert(1)']) {
      const res = await app.inject({
        method: 'POST',
        url: `/wallet-simulator/${orderID}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: 'decision=approve',
      });
      expect(res.statusCode, origin).toBe(403);
    }
    expect((await ledgerOf(orderID)).status).toBe('CREATED');
  });

  it('without PUBLIC_URL, returns the shopper to a loopback host only: a Host header cannot choose where PayPal sends them', async () => {
    const local = await createTestApp(db, { SMTP_URL: smtp.url, PORT: '3000' }, { passwordHasher: quickHasher, walletSweepIntervalMs: 3_600_000 });
    try {
      const shopper = await signUpAndIn(local);
      const returnOf = async (host: string) => {
        const [stone] = take() as [Stone];
        const res = await local.inject({
          method: 'POST',
          url: '/api/paypal/create-order',
          headers: { ...bearer(shopper.token), host },
          payload: payload(shopper.user.id, [stone]),
        });
        expect(res.statusCode, res.body).toBe(201);
        const { orderID, approve_url } = res.json() as { orderID: string; approve_url: string };
        return { approve: approve_url, back: (await ledgerOf(orderID)).return_url };
      };
      expect(await returnOf('127.0.0.1:3000')).toEqual({ approve: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/wallet-simulator\//), back: 'http://127.0.0.1:3000/checkout/paypal-return' });
      expect((await returnOf('localhost:3000')).back).toBe('http://localhost:3000/checkout/paypal-return');
      expect(await returnOf('phish.example')).toEqual({ approve: expect.stringMatching(/^http:\/\/localhost:3000\/wallet-simulator\//), back: 'http://localhost:3000/checkout/paypal-return' });
    } finally {
      await local.close();
    }
  });

  it('refuses an amount that is not the cart’s total, naming the real one (422), and stores nothing', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    const res = await create(token, payload(user.id, [stone], { amount: centsToPrice(stone.price_cents - 100_00) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(totalChangedMessage(centsToPrice(stone.price_cents), centsToPrice(stone.price_cents - 100_00)));
    expect(await db.db.selectFrom('wallet_payments').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it.each([
    ['a currency other than USD', { currency: 'EUR' }, 'currency'],
    ['an amount that is not money', { amount: '12,00.5x' }, 'amount'],
    ['no items', { items_id: [] }, 'items_id'],
  ])('answers 422 for %s', async (_case, overrides, field) => {
    const { user, token } = await signUpAndIn(app);
    const res = await create(token, payload(user.id, take(), overrides));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('refuses another user’s id (403) and a guest (401)', async () => {
    const a = await signUpAndIn(app);
    const b = await signUpAndIn(app);
    expect((await create(a.token, payload(b.user.id, take()))).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/paypal/create-order', payload: payload(a.user.id, take()) })).statusCode).toBe(401);
  });

  it('refuses a stone that is no longer available before any payment exists (409)', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', stone.id).execute();
    const res = await create(token, payload(user.id, [stone]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(unavailableMessage([stone.certificate_number]));
  });

  it('after approval, captures once and creates the order paid, with the stones reserved and a confirmation', async () => {
    const picked = take(2);
    const { user, token, email, orderID } = await approvedPayment(picked);
    const res = await capture(token, orderID);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      payment_mode: 'pay-paypal',
      payment_status: 'paid',
      order_status: 'pending',
      total_price: centsToPrice(picked[0]!.price_cents + picked[1]!.price_cents),
      user_name: 'Ann Lee',
      address: { street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' },
    });
    expect(order.items.map((i) => i.diamondid)).toEqual(picked.map((s) => s.id));
    for (const s of picked) expect(await statusOf(s.id)).toBe('reserved');
    const row = await db.db.selectFrom('orders').select('id').where('order_number', '=', order.order_number).executeTakeFirstOrThrow();
    expect(await paymentOf(orderID)).toMatchObject({ status: 'completed', capture_status: 'completed', order_id: row.id });
    expect((await ledgerOf(orderID)).status).toBe('COMPLETED');
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.includes(order.order_number)), { what: 'the confirmation' });
    expect(mail.text).toContain('Your PayPal payment of');
    // The store's copy says it is paid: nothing to record, only the delivery to arrange.
    const notice = await waitFor(() => smtp.to('care@everstone.example').find((m) => m.subject.startsWith(`New order ${order.order_number}:`)), { what: 'the store’s copy' });
    expect(notice.subject).toMatch(/, PayPal$/);
    expect(notice.text).toContain('Paid by PayPal. Pack it with');

    // The return page reloaded, the request retried: the same order, no second order or capture.
    const again = await capture(token, orderID);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).order_id).toBe(order.order_id);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('makes exactly one order when the return is sent many times at once', async () => {
    const { user, token, orderID } = await approvedPayment(take());
    const answers = await Promise.all(Array.from({ length: 8 }, () => capture(token, orderID)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.json() as Order).order_id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('answers 422 before approval and keeps the payment open for it', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    const { orderID } = (await create(token, payload(user.id, [stone]))).json() as { orderID: string };
    const early = await capture(token, orderID);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(WALLET_MESSAGES.notApproved);
    expect((await paymentOf(orderID)).status).toBe('created');
    await decide(orderID, 'approve');
    expect((await capture(token, orderID)).statusCode).toBe(201);
  });

  it('a cancelled payment returns the shopper to /checkout and can never be captured', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take() as [Stone];
    const { orderID } = (await create(token, payload(user.id, [stone]))).json() as { orderID: string };
    const back = await decide(orderID, 'cancel');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://shop.example.test/checkout?payment=cancelled&token=${orderID}`);
    const cancel = await app.inject({ method: 'POST', url: '/api/paypal/cancel-order', headers: bearer(token), payload: { orderID } });
    expect(cancel.statusCode).toBe(200);
    // Approving it later (an old tab) cannot turn it into an order.
    await decide(orderID, 'approve');
    const late = await capture(token, orderID);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(WALLET_MESSAGES.cancelled);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await statusOf(stone.id)).toBe('available');
  });

  it('has no webhook: the simulator sends no notifications', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/paypal/webhook', payload: { event_type: 'CHECKOUT.ORDER.APPROVED' } });
    expect(res.statusCode).toBe(404);
  });

  it('a payment already completed cannot be cancelled (409), and its order stays', async () => {
    const { user, token, orderID } = await approvedPayment(take());
    expect((await capture(token, orderID)).statusCode).toBe(201);
    const cancel = await app.inject({ method: 'POST', url: '/api/paypal/cancel-order', headers: bearer(token), payload: { orderID } });
    expect(cancel.statusCode).toBe(409);
    expect((await paymentOf(orderID)).status).toBe('completed');
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('someone else’s payment is 403 and an unknown one 404', async () => {
    const { orderID } = await approvedPayment(take());
    const other = await signUpAndIn(app);
    expect((await capture(other.token, orderID)).statusCode).toBe(403);
    expect((await capture(other.token, 'SIM-NOT-A-PAYMENT')).statusCode).toBe(404);
  });

  it('a stone sold while the shopper was on the approval page: the payment is not taken (409)', async () => {
    const [stone] = take() as [Stone];
    const { user, token, orderID } = await approvedPayment([stone]);
    await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', stone.id).execute();
    const res = await capture(token, orderID);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(soldBeforeCaptureMessage([stone.certificate_number]));
    expect((await ledgerOf(orderID)).status).toBe('APPROVED');
    expect((await paymentOf(orderID)).status).toBe('voided');
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('a stone sold in the moment the payment was taken: refunded in full, told on the page and by email', async () => {
    const [stone, other] = take(2) as [Stone, Stone];
    const { user, token, email, orderID } = await approvedPayment([stone, other]);
    twist = 'sell-stone-after-capture';
    const res = await capture(token, orderID);
    expect(res.statusCode).toBe(409);
    const amount = centsToPrice(stone.price_cents + other.price_cents);
    expect(res.json().message).toBe(refundedMessage([stone.certificate_number], amount));
    const ledger = await ledgerOf(orderID);
    expect(ledger.status).toBe('COMPLETED');
    expect(ledger.refund_id).toMatch(/^SIMREF/);
    expect(await paymentOf(orderID)).toMatchObject({ status: 'refunded', refund_id: ledger.refund_id, order_id: null });
    expect(await ordersOf(user.id)).toHaveLength(0);
    // The other stone was not kept aside by the failed order.
    expect(await statusOf(other.id)).toBe('available');
    await waitFor(() => smtp.to(email).find((m) => m.subject.includes('has been refunded')), { what: 'the refund email' });

    // Asked again, the same answer: refunded once.
    const again = await capture(token, orderID);
    expect(again.statusCode).toBe(409);
    expect((await ledgerOf(orderID)).refund_id).toBe(ledger.refund_id);
  });

  it('an answer lost after the money was taken: 503, then the retry makes the one order', async () => {
    const { user, token, orderID } = await approvedPayment(take());
    twist = 'lose-answer-after-capture';
    const lost = await capture(token, orderID);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toBe(WALLET_MESSAGES.unreachable);
    expect((await paymentOf(orderID)).status).toBe('capturing');
    expect((await ledgerOf(orderID)).status).toBe('COMPLETED');

    const before = captureCalls;
    const retried = await capture(token, orderID);
    expect(retried.statusCode).toBe(201);
    expect(captureCalls).toBe(before + 1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('an approval more than three hours after checkout is not captured: its prices may be stale', async () => {
    const { user, token, orderID } = await approvedPayment(take());
    // The shopper comes back after the three hours, to an instance whose clock says so.
    const later = createTestClock(new Date(Date.now() + 3 * 3_600_000 + 60_000));
    const instance = await createTestApp(db, { SMTP_URL: smtp.url }, { now: later.now, passwordHasher: quickHasher, walletSweepIntervalMs: 3_600_000 });
    try {
      const before = captureCalls;
      const res = await instance.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(token), payload: { orderID } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(WALLET_MESSAGES.expired);
      expect(captureCalls).toBe(before);
      expect((await ledgerOf(orderID)).status).toBe('APPROVED');
      expect(await ordersOf(user.id)).toHaveLength(0);
    } finally {
      await instance.close();
    }
  });

  it('the recovery sweep finishes a payment whose shopper never came back after the money was taken', async () => {
    const { user, token, orderID } = await approvedPayment(take());
    twist = 'lose-answer-after-capture';
    expect((await capture(token, orderID)).statusCode).toBe(503);
    // Another instance, its clock past the sweep's grace period, sweeping often.
    const later = createTestClock(new Date(Date.now() + 5 * 60_000));
    const instance = await createTestApp(db, { SMTP_URL: smtp.url }, { now: later.now, passwordHasher: quickHasher, walletSweepIntervalMs: 20 });
    try {
      await waitFor(async () => (await paymentOf(orderID)).status === 'completed', { what: 'the sweep to complete the payment' });
      const orders = await ordersOf(user.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ payment_mode: 'pay-paypal', payment_status: 'paid' });
    } finally {
      await instance.close();
    }
  });
});
