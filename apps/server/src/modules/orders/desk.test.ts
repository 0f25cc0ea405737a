import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EXAMPLE_WIRE_TRANSFER, STORE_TERMS, UNPAID_HOLD_HOURS, centsToPrice, type Order, type PaymentMethod } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { openOutbox } from '../mail/index.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { createOrderDesk, OrderStepRefused, type OrderDesk } from './desk.ts';

const ADDRESS = { street: '580 Fifth Avenue', apartment: null, city: 'New York', zip: '10036', country: 'United States' };

interface Stone {
  id: number;
  price_cents: number;
  certificate_number: string;
}

describe.each(TEST_ENGINES)('the order desk on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let desk: OrderDesk;
  let stones: Stone[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 40, seed: 23 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'certificate_number']).where('status', '=', 'available').orderBy('id').execute()).map(
      (r) => ({ id: Number(r.id), price_cents: Number(r.price_cents), certificate_number: r.certificate_number }),
    );
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    // The store's own dispatcher sends what the desk queues, as it does for a desk run beside a live store.
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { now: clock.now, passwordHasher: quickHasher, holdSweepIntervalMs: 20, mail: { dispatcher: { pollIntervalMs: 20 } } });
    desk = createOrderDesk({
      db,
      inventory: createInventoryService({ db: db.db }),
      storeEmail: 'orders@everstone.test',
      wireTransfer: EXAMPLE_WIRE_TRANSFER,
      now: clock.now,
      // Queued on the dispatcher's clock (the real one): the test clock runs ahead once holds are made to lapse.
      mail: { enqueue: (trx, messages) => openOutbox(trx).enqueue(messages, new Date()), flush: () => {} },
    });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  let next = 0;
  const take = () => {
    const stone = stones[next++];
    if (!stone) throw new Error('the test inventory ran out');
    return stone;
  };
  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A shopper orders one stone through the API; answers the order and the shopper's email. */
  async function order(method: PaymentMethod = 'cod'): Promise<{ order: Order; email: string; token: string; stone: Stone }> {
    const { user, token, email } = await signUpAndIn(app, { name: 'Grace Hopper' });
    const stone = take();
    const cents = stone.price_cents - (method === 'pay-wire' ? 500 : 0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(token),
      payload: {
        user_id: user.id,
        user_name: 'Grace Hopper',
        contact_number: '212-555-0142',
        items_id: [stone.id],
        total_price: centsToPrice(cents),
        address: JSON.stringify(ADDRESS),
        payment_mode: method,
        is_gift: 0,
        notes: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as Order;
    // The confirmation is out of the way before the desk's own email is looked for.
    await waitFor(() => smtp.to(email)[0], { what: 'the order confirmation' });
    return { order: placed, email, token, stone };
  }

  const mailsTo = (email: string) => smtp.to(email).map((m) => ({ subject: m.subject, text: m.text.replace(/\s+/g, ' ') }));

  it('finds an order by its number, in any case, and lists the newest first with the customer’s email', async () => {
    const first = await order();
    const second = await order('pay-wire');
    const found = await desk.find(` ${first.order.order_number.toLowerCase()} `);
    expect(found).toMatchObject({ order_id: first.order.order_id, contact_email: first.email, payment_mode: 'cod' });

    const listed = await desk.list({ limit: 2 });
    expect(listed.map((o) => o.order_number)).toEqual([second.order.order_number, first.order.order_number]);
    expect(listed[0]).toMatchObject({ contact_email: second.email, items: [expect.objectContaining({ diamondid: second.stone.id })] });
    const pending = await desk.list({ status: 'pending', limit: 1000 });
    expect(pending.every((o) => o.order_status === 'pending')).toBe(true);
    expect((await desk.list({ status: 'completed', limit: 1000 })).map((o) => o.order_id)).not.toContain(first.order.order_id);

    await expect(desk.find('EV-2000-ZZZZZZ')).rejects.toThrow('No order EV-2000-ZZZZZZ.');
  });

  it('records a wire transfer that arrived: paid and confirmed, emailed, and the hold no longer runs out', async () => {
    const paid = await order('pay-wire');
    const lapsing = await order('pay-wire');
    const after = await desk.recordPayment(paid.order.order_number);
    expect(after).toMatchObject({ order_status: 'confirmed', payment_status: 'paid' });
    expect(await statusOf(paid.stone.id)).toBe('reserved');

    const mail = await waitFor(() => mailsTo(paid.email).find((m) => m.subject.startsWith('Payment received')), { what: 'the payment email' });
    expect(mail.subject).toBe(`Payment received for your Everstone order ${paid.order.order_number}`);
    expect(mail.text).toContain(`We have received your payment of $${Number(paid.order.total_price).toLocaleString('en-US', { minimumFractionDigits: 2 })} for order ${paid.order.order_number}.`);
    expect(mail.text).toContain(paid.stone.certificate_number);

    // Past the 24 hours: the unpaid order lapses, the paid one stays as it is.
    clock.advance((STORE_TERMS.wireHoldHours + 1) * 3_600_000);
    await waitFor(async () => (await desk.find(lapsing.order.order_number)).payment_status === 'expired' || undefined, { what: 'the unpaid hold to lapse' });
    expect(await desk.find(paid.order.order_number)).toMatchObject({ order_status: 'confirmed', payment_status: 'paid' });
    expect(await statusOf(paid.stone.id)).toBe('reserved');

    // The shopper's own view says the same.
    const res = await app.inject({ url: `/api/orders/${paid.order.order_number}`, headers: bearer(paid.token) });
    expect(res.json()).toMatchObject({ order_status: 'confirmed', payment_status: 'paid', hold_expires_at: null });
  });

  it('confirms an unpaid order agreed with the shopper: its hold no longer runs out, and its payment is recorded later', async () => {
    const agreed = await order('cod');
    const lapsing = await order('cod');
    const confirmed = await desk.confirm(agreed.order.order_number);
    expect(confirmed).toMatchObject({ order_status: 'confirmed', payment_status: 'pending', hold_expires_at: null });
    await expect(desk.confirm(agreed.order.order_number)).rejects.toThrow(`Order ${agreed.order.order_number} cannot be confirmed: it is confirmed with payment pending.`);

    // Past cash on delivery's hold: the unconfirmed order lapses, the confirmed one keeps its stone.
    clock.advance((UNPAID_HOLD_HOURS.cod + 1) * 3_600_000);
    await waitFor(async () => (await desk.find(lapsing.order.order_number)).payment_status === 'expired' || undefined, { what: 'the unconfirmed hold to lapse' });
    expect(await desk.find(agreed.order.order_number)).toMatchObject({ order_status: 'confirmed', payment_status: 'pending' });
    expect(await statusOf(agreed.stone.id)).toBe('reserved');
    const page = (await app.inject({ url: `/api/orders/${agreed.order.order_number}`, headers: bearer(agreed.token) })).json() as Order;
    expect(page).toMatchObject({ order_status: 'confirmed', hold_expires_at: null });

    // The courier collected the cash.
    expect(await desk.recordPayment(agreed.order.order_number)).toMatchObject({ order_status: 'confirmed', payment_status: 'paid' });
    await waitFor(() => mailsTo(agreed.email).find((m) => m.subject.startsWith('Payment received')), { what: 'the payment email' });

    // A wire order is confirmed by its transfer, not by a call.
    const wire = await order('pay-wire');
    await expect(desk.confirm(wire.order.order_number)).rejects.toThrow('a bank wire order is confirmed by its transfer: record it with paid');
  });

  it('refuses a payment for an order that is paid, cancelled or lapsed, and changes nothing', async () => {
    const { order: placed } = await order();
    await desk.recordPayment(placed.order_number);
    await expect(desk.recordPayment(placed.order_number)).rejects.toThrow(
      new OrderStepRefused(`Order ${placed.order_number} cannot take a payment: it is confirmed with payment paid.`),
    );
    const { order: cancelled } = await order();
    await desk.cancel(cancelled.order_number);
    await expect(desk.recordPayment(cancelled.order_number)).rejects.toThrow('cannot take a payment: it is cancelled with payment pending');
    expect(await desk.find(cancelled.order_number)).toMatchObject({ order_status: 'cancelled', payment_status: 'pending' });
  });

  it('sells a paid order’s stone for good once it ships; a paid order is not completed before it is delivered', async () => {
    const { order: placed, stone } = await order();
    await expect(desk.complete(placed.order_number)).rejects.toThrow(
      `Order ${placed.order_number} cannot be completed: it is pending with payment pending; an order is completed once it is delivered and paid, and its return window has closed.`,
    );
    await desk.recordPayment(placed.order_number);
    await expect(desk.complete(placed.order_number)).rejects.toThrow('it is confirmed with payment paid');
    expect(await statusOf(stone.id)).toBe('reserved');
    expect(await desk.ship(placed.order_number, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' })).toMatchObject({ order_status: 'shipped', payment_status: 'paid' });
    expect(await statusOf(stone.id)).toBe('sold');
    await expect(desk.cancel(placed.order_number)).rejects.toThrow(`Order ${placed.order_number} cannot be cancelled: it is shipped with payment paid.`);
    expect(await statusOf(stone.id)).toBe('sold');
  });

  it('cancels an unpaid order: its stone back in the search, the shopper told nothing is due', async () => {
    const { order: placed, stone, email, token } = await order();
    const before = (await app.inject(`/api/get-all-diamonds?certificate=${stone.certificate_number}`)).json().total;
    expect(before).toBe(0);
    expect(await desk.cancel(placed.order_number)).toMatchObject({ order_status: 'cancelled', payment_status: 'pending' });
    expect(await statusOf(stone.id)).toBe('available');
    // The search's caches learn of it at once.
    expect((await app.inject(`/api/get-all-diamonds?certificate=${stone.certificate_number}`)).json().total).toBe(1);

    const mail = await waitFor(() => mailsTo(email).find((m) => m.subject.endsWith('has been cancelled')), { what: 'the cancellation email' });
    expect(mail.text).toContain(`Order ${placed.order_number} has been cancelled and its diamonds have returned to our collection. Nothing is due.`);
    expect((await app.inject({ url: `/api/orders/${placed.order_number}`, headers: bearer(token) })).json().order_status).toBe('cancelled');

    // Another shopper can now buy it.
    const again = await signUpAndIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(again.token),
      payload: { user_name: 'Ada', contact_number: '1', items_id: [stone.id], total_price: centsToPrice(stone.price_cents), address: JSON.stringify(ADDRESS), payment_mode: 'cod' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('cancels a paid order only once it is refunded, and says so to the shopper', async () => {
    const { order: placed, stone, email } = await order('pay-credit');
    await expect(desk.cancel(placed.order_number, { refunded: true })).rejects.toThrow('cannot be cancelled as refunded: it is pending with payment pending, so there is nothing to refund');
    await desk.recordPayment(placed.order_number);
    await expect(desk.cancel(placed.order_number)).rejects.toThrow(
      `Order ${placed.order_number} cannot be cancelled yet: it is paid. Refund the payment first, then cancel it with --refunded.`,
    );
    expect(await statusOf(stone.id)).toBe('reserved');

    expect(await desk.cancel(placed.order_number, { refunded: true })).toMatchObject({ order_status: 'cancelled', payment_status: 'refunded' });
    expect(await statusOf(stone.id)).toBe('available');
    const mail = await waitFor(() => mailsTo(email).find((m) => m.subject.endsWith('has been cancelled')), { what: 'the cancellation email' });
    expect(mail.text).toMatch(new RegExp(`Order ${placed.order_number} has been cancelled and your payment of \\$[\\d,]+\\.\\d{2} has been refunded\\.`));
  });

  it('two desks acting on one order at once: exactly one step happens', async () => {
    const { order: placed, stone } = await order('pay-wire');
    const results = await Promise.allSettled([desk.recordPayment(placed.order_number), desk.cancel(placed.order_number)]);
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected')!;
    expect(refused.reason).toBeInstanceOf(OrderStepRefused);
    const final = await desk.find(placed.order_number);
    if (final.order_status === 'cancelled') {
      expect(final.payment_status).toBe('pending');
      expect(await statusOf(stone.id)).toBe('available');
    } else {
      expect(final).toMatchObject({ order_status: 'confirmed', payment_status: 'paid' });
      expect(await statusOf(stone.id)).toBe('reserved');
    }
  });
});
