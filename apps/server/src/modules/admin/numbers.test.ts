import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  addBusinessDays,
  centsToPrice,
  dayFromIso,
  isoDayOf,
  type AdminNumbersResponse,
  type LineItem,
  type Order,
  type PaymentMethod,
  type ProductDetail,
  type ProductListResponse,
  type ReturnCreated,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';
import { median, percentile } from './numbers.ts';

const ADDRESS = JSON.stringify({ street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' });
/** A March without a federal holiday, so the business days below are weekdays; Monday the 2nd is the first day of orders. */
const FIRST = '2026-03-02';
/** A New York morning of a day (15:00 UTC is 10 or 11 a.m. there). */
const morningOf = (day: string) => new Date(`${day}T15:00:00Z`);
const businessDaysAfter = (day: string, n: number) => isoDayOf(addBusinessDays(dayFromIso(day), n));
let fedexSerial = 300_000_000_000;

/**
 * The after-sale numbers, on a database of this file's own: orders placed, made, shipped, delivered and returned on
 * the test clock through the API, then counted to the order.
 */
describe.each(TEST_ENGINES)('the after-sale numbers on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let stones: { id: number; price_cents: number }[];
  let staff: { email: string; password: string; cookie: string };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 20, seed: 71 });
    await seedProducts(db, createInventoryService({ db: db.db }));
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').where('carat', '<=', 1.99).orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      price_cents: Number(r.price_cents),
    }));
    smtp = await startTestSmtp();
    clock = createTestClock(morningOf('2026-02-18'));
    app = await createTestApp(db, { SMTP_URL: smtp.url, AUTH_TOKEN_TTL_DAYS: '365' }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    staff = await signUpAsStaff(app, db.db, 'staff', 'Stella Staff');
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  /** Moves the clock to a day's morning; the back office's session has idled out meanwhile, so staff sign in again. */
  const moveTo = async (day: string) => {
    clock.set(morningOf(day));
    staff.cookie = await adminCookie(app, staff.email, staff.password);
  };
  const step = async (number: string, what: string, payload?: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/api/admin/orders/${number}/${what}`, payload: (payload ?? {}) as object, headers: adminChange(staff.cookie) });
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  };
  const returnStep = async (rma: string, what: string, payload?: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/api/admin/returns/${rma}/${what}`, payload: (payload ?? {}) as object, headers: adminChange(staff.cookie) });
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  };
  const numbers = async () => {
    const res = await app.inject({ url: '/api/admin/numbers', headers: { cookie: staff.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminNumbersResponse;
  };

  /** An order by a shopper of its own (one return every six months is per account). */
  async function place(lines: LineItem[], totalCents: number, method: PaymentMethod) {
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: { user_name: 'Ann Lee', contact_number: '212-555-0100', lines, total_price: centsToPrice(totalCents), address: ADDRESS, payment_mode: method, is_gift: 0 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { order: res.json() as Order, token: shopper.token };
  }
  let next = 0;
  /** A stone paid by card, its payment recorded by staff. */
  async function paidStone() {
    const stone = stones[next++]!;
    const placed = await place([{ kind: 'diamond', diamond_id: stone.id, quantity: 1 }], stone.price_cents, 'pay-credit');
    await step(placed.order.order_number, 'paid');
    return { ...placed, stone };
  }
  /** A platinum Aria setting (made to order), cash on delivery confirmed with the shopper, its stone at the bench. */
  async function ringAtTheBench() {
    const listing = (await app.inject('/api/products?department=engagement-rings&per_page=100')).json() as ProductListResponse;
    const aria = (await app.inject(`/api/products/${listing.data.find((p) => p.name.includes('Aria'))!.slug}`)).json() as ProductDetail;
    const variant = aria.variants.find((v) => v.metal === 'platinum')!;
    const placed = await place([{ kind: 'product', variant_id: variant.id, quantity: 1, ring_size: '6.5', engraving: null }], variant.price_cents, 'cod');
    await step(placed.order.order_number, 'confirm');
    await step(placed.order.order_number, 'production', { stage: 'bench' });
    return placed;
  }
  const finishRing = async (number: string) => {
    for (const stage of ['setting', 'polishing', 'quality_check']) await step(number, 'production', { stage });
  };
  const shipAndDeliver = async (number: string) => {
    await step(number, 'ship', { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await step(number, 'deliver');
  };
  const askReturn = async (token: string, number: string, reason: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns`, headers: bearer(token), payload: { lines: [1], reason } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as ReturnCreated).rma;
  };

  it('counts shipping on time against the first promise, returns by reason, the money refunded, and the business days at the bench', async () => {
    // Last month: one stone shipped the day it was paid, within the last 90 days but not in March.
    const february = await paidStone();
    await step(february.order.order_number, 'ready');
    await step(february.order.order_number, 'ship', { carrier: 'fedex', tracking_number: String(fedexSerial++) });

    await moveTo(FIRST);
    // Shipped the same day and returned: refunded by card terminal (a recorded refund, its reference given).
    const refunded = await paidStone();
    await step(refunded.order.order_number, 'ready');
    await shipAndDeliver(refunded.order.order_number);
    const refundedRma = await askReturn(refunded.token, refunded.order.order_number, 'size');
    await returnStep(refundedRma, 'receive');
    await returnStep(refundedRma, 'inspect', { passed: true });
    await returnStep(refundedRma, 'refund', { reference: 'TERM-1001' });
    // Shipped the same day; its return withdrawn by the shopper: not a return in the figures.
    const withdrawn = await paidStone();
    await step(withdrawn.order.order_number, 'ready');
    await shipAndDeliver(withdrawn.order.order_number);
    const withdrawnRma = await askReturn(withdrawn.token, withdrawn.order.order_number, 'changed_mind');
    const cancel = await app.inject({ method: 'POST', url: `/api/orders/${withdrawn.order.order_number}/returns/${withdrawnRma}/cancel`, headers: bearer(withdrawn.token) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // To leave after its promised day, with a new date given.
    const delayed = await paidStone();
    expect(delayed.order.ships_by).toBe(businessDaysAfter(FIRST, 5));
    // Three rings to the bench: two finish (3 and 7 business days), one is still being made.
    const quick = await ringAtTheBench();
    const slow = await ringAtTheBench();
    await ringAtTheBench();

    await moveTo(businessDaysAfter(FIRST, 3));
    await finishRing(quick.order.order_number);

    // The promised day has passed: a new date is given, and the stone leaves after the first promise.
    await moveTo(businessDaysAfter(FIRST, 6));
    await step(delayed.order.order_number, 'delay', { ships_by: businessDaysAfter(FIRST, 8), reason: 'Its certificate is being re-checked.' });
    await step(delayed.order.order_number, 'ready');
    await shipAndDeliver(delayed.order.order_number);
    await askReturn(delayed.token, delayed.order.order_number, 'quality');

    await moveTo(businessDaysAfter(FIRST, 7));
    await finishRing(slow.order.order_number);

    const after = (await numbers()).after_sale;
    expect(after.month).toEqual({
      label: 'March 2026',
      from: '2026-03-01',
      to: '2026-03-31',
      shipping: { shipped: 3, on_time: 2, late: 1, on_time_rate: 0.667, delayed: 1, undated: 0 },
      returns: {
        requested: 2,
        orders_returned: 2,
        orders_delivered: 3,
        return_rate: 0.667,
        by_reason: [
          { reason: 'quality', label: 'A quality concern', count: 1 },
          { reason: 'size', label: 'Wrong size', count: 1 },
        ],
        by_status: [
          { status: 'authorized', label: 'Return authorized', count: 1 },
          { status: 'refunded', label: 'Refunded', count: 1 },
        ],
        exchanged: 0,
        refunded: centsToPrice(refunded.stone.price_cents),
      },
      production: { finished: 2, median_days: 5, p90_days: 7 },
    });
    // The last 90 days reach back into February: its shipment counts there, on time.
    expect(after.recent).toMatchObject({
      label: 'The last 90 days',
      to: businessDaysAfter(FIRST, 7),
      shipping: { shipped: 4, on_time: 3, late: 1, on_time_rate: 0.75, delayed: 1, undated: 0 },
      returns: { requested: 2, orders_delivered: 3 },
      production: { finished: 2 },
    });
    expect(after.in_production).toBe(1);

    // Next month starts empty: March's figures move to the last 90 days only.
    await moveTo('2026-04-01');
    const april = (await numbers()).after_sale;
    expect(april.month).toMatchObject({
      label: 'April 2026',
      shipping: { shipped: 0, on_time: 0, on_time_rate: null },
      returns: { requested: 0, orders_delivered: 0, return_rate: null, by_reason: [], refunded: '0.00' },
      production: { finished: 0, median_days: null, p90_days: null },
    });
    expect(april.recent.shipping.shipped).toBe(4);
  });
});

describe('the middle and the 90th percentile', () => {
  it('takes the middle (the mean of the two middle ones) and the nearest rank, and none of nothing', () => {
    expect([median([4, 1, 9]), median([3, 7]), median([])]).toEqual([4, 5, null]);
    const days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];
    expect([percentile(days, 0.9), percentile([3, 7], 0.9), percentile([6], 0.9), percentile([], 0.9)]).toEqual([10, 7, 6, null]);
  });
});
