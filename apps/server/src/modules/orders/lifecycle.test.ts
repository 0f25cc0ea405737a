import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  EXAMPLE_WIRE_TRANSFER,
  STORE_TERMS,
  addBusinessDays,
  centsToPrice,
  formatShipDay,
  isoDayOf,
  storeToday,
  type LineItem,
  type Order,
  type PaymentMethod,
  type ProductDetail,
  type ProductListResponse,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { openOutbox } from '../mail/index.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';
import { HttpError } from '../../errors.ts';
import { createOrderDesk, OrderStepRefused, type OrderDesk } from './desk.ts';

const ADDRESS = JSON.stringify({ street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' });
const UPS = '1Z999AA10123456784';
const UPS_TOO = '1Z5R89390357567127';
const USPS = '9400111899223818218407';

interface Stone {
  id: number;
  price_cents: number;
  certificate_number: string;
}

describe.each(TEST_ENGINES)('the life of an order after the sale on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let desk: OrderDesk;
  let stones: Stone[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 30, seed: 47 });
    await seedProducts(db, createInventoryService({ db: db.db }));
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'certificate_number']).where('status', '=', 'available').orderBy('id').execute()).map(
      (r) => ({ id: Number(r.id), price_cents: Number(r.price_cents), certificate_number: r.certificate_number }),
    );
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { now: clock.now, passwordHasher: quickHasher, holdSweepIntervalMs: 20, mail: { dispatcher: { pollIntervalMs: 20 } } });
    desk = createOrderDesk({
      db,
      inventory: createInventoryService({ db: db.db }),
      storeEmail: 'orders@everstone.test',
      wireTransfer: EXAMPLE_WIRE_TRANSFER,
      now: clock.now,
      signatureRequiredFromCents: 50_000,
      // Queued on the dispatcher's clock (the real one): the test clock runs ahead once windows are made to close.
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
  const squash = (text: string) => text.replace(/\s+/g, ' ');
  const by = { by: 'grace@everstone.test' };

  async function place(lines: LineItem[], totalCents: number, method: PaymentMethod): Promise<{ order: Order; email: string; token: string }> {
    const { token, email } = await signUpAndIn(app, { name: 'Grace Hopper' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(token),
      payload: { user_name: 'Grace Hopper', contact_number: '212-555-0142', lines, total_price: centsToPrice(totalCents), address: ADDRESS, payment_mode: method, is_gift: 0 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    await waitFor(() => smtp.to(email)[0], { what: 'the order confirmation' });
    return { order, email, token };
  }

  const placeStone = async (method: PaymentMethod = 'pay-credit') => {
    const stone = take();
    return { ...(await place([{ kind: 'diamond', diamond_id: stone.id, quantity: 1 }], stone.price_cents, method)), stone };
  };

  /** A platinum Aria setting in size 6.5: made to order. */
  async function placeRing(method: PaymentMethod = 'cod') {
    const listing = (await app.inject('/api/products?department=engagement-rings&per_page=100')).json() as ProductListResponse;
    const aria = (await app.inject(`/api/products/${listing.data.find((p) => p.name.includes('Aria'))!.slug}`)).json() as ProductDetail;
    const variant = aria.variants.find((v) => v.metal === 'platinum')!;
    return place([{ kind: 'product', variant_id: variant.id, quantity: 1, ring_size: '6.5', engraving: null }], variant.price_cents, method);
  }

  const shopperView = async (token: string, orderNumber: string) => (await app.inject({ url: `/api/orders/${orderNumber}`, headers: bearer(token) })).json() as Order;
  const mailTo = (email: string, subject: string) =>
    waitFor(() => smtp.to(email).find((m) => m.subject === subject), { what: `“${subject}”` }).then((m) => ({ ...m, text: squash(m.text) }));
  const refusal = async (step: Promise<unknown>) => {
    const err = await step.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  };

  it('ships a stocked order only once it is paid, with a checked tracking number, and the shopper follows it to delivery', async () => {
    const { order, email, token, stone } = await placeStone('pay-credit');
    const n = order.order_number;
    expect((await refusal(desk.ship(n, { carrier: 'ups', trackingNumber: UPS }, by))).message).toContain(
      `Order ${n} cannot ship: it is pending with payment pending.`,
    );
    await desk.recordPayment(n, by);
    expect((await refusal(desk.production(n, 'bench', by))).message).toBe(`Order ${n} cannot go to the workshop: nothing in it is made to order; pack it with ready.`);
    expect((await refusal(desk.complete(n, by))).message).toContain(`Order ${n} cannot be completed: it is confirmed with payment paid`);

    // What staff typed is checked before anything changes: another carrier's number, a wrong check digit, an
    // insured value above what the order is worth.
    const wrongCarrier = await refusal(desk.ship(n, { carrier: 'fedex', trackingNumber: UPS }, by));
    expect([wrongCarrier.statusCode, wrongCarrier.message]).toEqual([422, 'A FedEx tracking number has 12, 15, 20 or 22 digits.']);
    expect((await refusal(desk.ship(n, { carrier: 'usps', trackingNumber: `${USPS.slice(0, -1)}8` }, by))).message).toContain('check digit does not match');
    expect((await refusal(desk.ship(n, { carrier: 'usps', trackingNumber: USPS, insuredCents: stone.price_cents + 1 }, by))).statusCode).toBe(422);
    expect((await desk.find(n)).order_status).toBe('confirmed');

    await desk.ready(n, by);
    // The label's routing prefix (420 and the ZIP) is read by scanners; the store keeps the number itself.
    const shipped = await desk.ship(n, { carrier: 'usps', trackingNumber: `42010036 ${USPS}` }, by);
    expect(shipped).toMatchObject({ order_status: 'shipped', ships_by: null });
    expect(shipped.shipments).toEqual([
      {
        carrier: 'usps',
        carrier_name: 'USPS',
        tracking_number: USPS,
        tracking_url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${USPS}`,
        shipped_at: clock.now().toISOString(),
        delivered_at: null,
        insured_value: centsToPrice(stone.price_cents),
        signature_required: stone.price_cents >= 50_000,
      },
    ]);
    // It has left the store: its stone is sold for good, and it can no longer be cancelled.
    expect(await statusOf(stone.id)).toBe('sold');
    expect((await refusal(desk.cancel(n, by))).message).toBe(`Order ${n} cannot be cancelled: it is shipped with payment paid.`);
    expect((await refusal(desk.ship(n, { carrier: 'ups', trackingNumber: UPS }, by))).message).toContain('it is shipped with payment paid');

    const mail = await mailTo(email, `Your Everstone order ${n} has shipped`);
    expect(mail.text).toContain(`Order ${n} is on its way with USPS, insured for $`);
    expect(mail.text).toContain(USPS);
    expect(mail.html).toContain(`href="https://tools.usps.com/go/TrackConfirmAction?tLabels=${USPS}"`);

    await desk.deliver(n, by);
    const delivered = await mailTo(email, `Your Everstone order ${n} has been delivered`);
    expect(delivered.text).toContain(`you have ${STORE_TERMS.returnDays} days from delivery to return it`);
    const seen = await shopperView(token, n);
    expect(seen.order_status).toBe('delivered');
    expect(seen.timeline.map((e) => [e.step, e.label])).toEqual([
      ['placed', 'Order placed'],
      ['paid', 'Payment received'],
      ['ready', 'Packed and ready to ship'],
      ['shipped', 'Shipped with USPS, insured'],
      ['delivered', 'Delivered'],
    ]);
    expect(seen.shipments[0]!.delivered_at).toBe(clock.now().toISOString());
    expect((await refusal(desk.complete(n, by))).message).toContain(`Order ${n} cannot be completed yet: its return window is open until `);
  });

  it('takes a made-to-order ring through the workshop’s stages in order; the first tells the shopper, the quality check makes it ready', async () => {
    const { order, email, token } = await placeRing('cod');
    const n = order.order_number;
    expect((await refusal(desk.production(n, 'bench', by))).message).toContain('the workshop starts once the order is confirmed or paid');
    await desk.confirm(n, by);
    expect((await desk.fulfilment()).to_make.map((o) => o.order_number)).toContain(n);
    expect((await refusal(desk.ready(n, by))).message).toContain('it is made to order');
    expect((await refusal(desk.ship(n, { carrier: 'ups', trackingNumber: UPS_TOO }, by))).message).toBe(`Order ${n} cannot ship: its quality check is not recorded yet.`);
    expect((await refusal(desk.production(n, 'setting', by))).message).toBe(`Order ${n} cannot record setting: the next workshop stage is stone to the bench.`);

    expect(await desk.production(n, 'bench', by)).toMatchObject({ order_status: 'in_production', production_stage: 'bench' });
    const started = await mailTo(email, `Your Everstone order ${n} is being made`);
    expect(started.text).toContain(`It is on schedule to ship by ${formatShipDay(order.ships_by!)}.`);
    await desk.production(n, 'setting', by);
    await desk.production(n, 'polishing', by);
    expect(await desk.production(n, 'quality_check', by)).toMatchObject({ order_status: 'ready_to_ship', production_stage: 'quality_check' });
    expect((await refusal(desk.production(n, 'quality_check', by))).message).toBe(`Order ${n} cannot record a workshop stage: its quality check is already recorded.`);

    // Cash on delivery agreed with the shopper may leave unpaid; it is in the shipping desk's queue.
    const queue = await desk.fulfilment();
    expect(queue.to_make.map((o) => o.order_number)).not.toContain(n);
    expect(queue.to_ship.map((o) => o.order_number)).toContain(n);
    await desk.ship(n, { carrier: 'ups', trackingNumber: UPS_TOO }, by);
    expect((await desk.fulfilment()).in_transit.map((o) => o.order_number)).toContain(n);
    const seen = await shopperView(token, n);
    expect(seen.timeline.map((e) => e.label)).toEqual([
      'Order placed',
      'Order confirmed with you',
      'Your diamond went to our jeweler’s bench',
      'Your diamond was set',
      'Your piece was polished',
      'Your piece passed our quality check',
      'Packed and ready to ship',
      'Shipped with UPS, insured',
    ]);
    expect(seen.shipments[0]).toMatchObject({ carrier: 'ups', tracking_url: `https://www.ups.com/track?tracknum=${UPS_TOO}` });
  });

  it('ships an order once when two staff ship it at once, and records one tracking number for one parcel', async () => {
    const a = await placeStone('pay-credit');
    const b = await placeStone('pay-credit');
    await desk.recordPayment(a.order.order_number, by);
    await desk.recordPayment(b.order.order_number, by);
    const FEDEX_1 = '449044304137821';
    const FEDEX_2 = '449044304137822';
    const results = await Promise.allSettled([
      desk.ship(a.order.order_number, { carrier: 'fedex', trackingNumber: FEDEX_1 }, by),
      desk.ship(a.order.order_number, { carrier: 'fedex', trackingNumber: FEDEX_2 }, by),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(OrderStepRefused);
    expect((lost.reason as Error).message).toMatch(new RegExp(`Order ${a.order.order_number} (changed meanwhile: it is shipped with payment paid. Nothing was done|cannot ship: it is shipped with payment paid)\\.`));
    const parcels = (await desk.find(a.order.order_number)).shipments;
    expect(parcels).toHaveLength(1);
    const used = parcels[0]!.tracking_number;

    // The same number again, on another order, is a mistake: refused, and nothing of that order changes.
    expect((await refusal(desk.ship(b.order.order_number, { carrier: 'fedex', trackingNumber: used }, by))).message).toBe(
      `Order ${b.order.order_number} cannot ship with this tracking number: FedEx ${used} is already recorded for order ${a.order.order_number}.`,
    );
    const untouched = await desk.find(b.order.order_number);
    expect(untouched).toMatchObject({ order_status: 'confirmed', shipments: [] });
    expect(untouched.timeline.map((e) => e.step)).toEqual(['placed', 'paid']);
    expect(await statusOf(b.stone.id)).toBe('reserved');
  });

  it('flags an order past its ships-by date to staff, and tells the shopper the new date staff give', async () => {
    const { order, email, token } = await placeStone('pay-credit');
    const n = order.order_number;
    await desk.recordPayment(n, by);
    expect((await desk.fulfilment()).late.map((o) => o.order_number)).not.toContain(n);
    // Its ships-by day passes.
    const promised = order.ships_by!;
    clock.set(new Date(`${isoDayOf(addBusinessDays(storeToday(new Date(`${promised}T12:00:00Z`)), 1))}T17:00:00Z`));
    expect((await desk.fulfilment()).late.map((o) => o.order_number)).toContain(n);

    const today = isoDayOf(storeToday(clock.now()));
    expect((await refusal(desk.delay(n, { shipsBy: today }, by))).message).toBe('The new ships-by date must be after today.');
    const newDay = isoDayOf(addBusinessDays(storeToday(clock.now()), 3));
    const moved = await desk.delay(n, { shipsBy: newDay, reason: 'The stone is back at the lab for its certificate re-check.' }, by);
    expect(moved).toMatchObject({ ships_by: newDay, ships_by_changed: true });
    expect((await desk.fulfilment()).late.map((o) => o.order_number)).not.toContain(n);
    expect((await refusal(desk.delay(n, { shipsBy: newDay }, by))).message).toContain('it already ships by');

    const mail = await mailTo(email, `A new ships-by date for your Everstone order ${n}`);
    expect(mail.text).toContain(`It will now ship by ${formatShipDay(newDay)}.`);
    expect(mail.text).toContain('Why: The stone is back at the lab for its certificate re-check.');
    const seen = await shopperView(token, n);
    expect(seen.timeline.at(-1)).toMatchObject({ step: 'delayed', detail: newDay, label: `New ships-by date: ${formatShipDay(newDay)}: The stone is back at the lab for its certificate re-check.` });
    // The promise first made stays on the order for the on-time figures.
    expect(await db.db.selectFrom('orders').select(['ships_by', 'promised_ships_by']).where('order_number', '=', n).executeTakeFirstOrThrow()).toEqual({ ships_by: newDay, promised_ships_by: promised });
  });

  // Last: the clock jumps a month ahead.
  it('completes a delivered, paid order by itself once its return window closes', async () => {
    const { order } = await placeStone('pay-credit');
    const n = order.order_number;
    await desk.recordPayment(n, by);
    await desk.ship(n, { carrier: 'fedex', trackingNumber: '986578788855' }, by);
    const delivered = await desk.deliver(n, by);
    const deliveredAt = new Date(delivered.shipments[0]!.delivered_at!).getTime();
    clock.set(new Date(deliveredAt + STORE_TERMS.returnDays * 86_400_000 - 60_000));
    expect((await refusal(desk.complete(n, by))).message).toContain('its return window is open until');
    clock.set(new Date(deliveredAt + STORE_TERMS.returnDays * 86_400_000 + 1_000));
    // (The shopper's sign-in has lapsed in that month: the desk reads the order as they would see it.)
    const done = await waitFor(async () => {
      const seen = await desk.find(n);
      return seen.order_status === 'completed' ? seen : null;
    }, { what: 'the sweep to complete the order' });
    expect(done.timeline.at(-1)).toMatchObject({ step: 'completed', label: 'Completed: the return window has closed' });
    const actor = await db.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select('order_events.actor')
      .where('orders.order_number', '=', n)
      .where('order_events.step', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect(actor.actor).toBe('store');
  });
});
