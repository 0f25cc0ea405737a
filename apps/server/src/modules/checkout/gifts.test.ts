import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  GIFTS,
  centsToPrice,
  giftOutcomeText,
  giftNotReturnable,
  giftReturnedMessage,
  type GiftId,
  type ReturnCreated,
  type GiftStandingResponse,
  type LineItem,
  type Order,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { insertStone } from '../../test/stones.ts';
import { createInventoryService } from '../inventory/index.ts';
import { openOutbox } from '../mail/index.ts';
import { createOrderDesk } from '../orders/index.ts';
import { demoJewelry, seedProducts } from '../jewelry/index.ts';

const ADDRESS = JSON.stringify({ apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });
const GIFT_SLUGS = new Set(Object.values(GIFTS).map((g) => g.slug));

describe.each(TEST_ENGINES)('the free gift on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  const variantOf = new Map<GiftId, number>();
  let staff: { cookie: string };
  let fedexSerial = 300_000_000_000;

  beforeAll(async () => {
    db = await createTestDb(engine);
    // The demo catalog's three gift pieces alone: the rule is about them, not the rest of the catalog.
    await seedProducts(db, createInventoryService({ db: db.db }), demoJewelry().filter((p) => GIFT_SLUGS.has(p.slug)));
    for (const [gift, { slug }] of Object.entries(GIFTS) as [GiftId, { slug: string }][]) {
      const row = await db.db.selectFrom('product_variants').innerJoin('products', 'products.id', 'product_variants.product_id').select('product_variants.id').where('products.slug', '=', slug).executeTakeFirstOrThrow();
      variantOf.set(gift, Number(row.id));
    }
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.test' }, { passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    staff = await signUpAsStaff(app, db.db, 'staff', 'Stella Staff');
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const shelf = async (gift: GiftId) =>
    Number((await db.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variantOf.get(gift)!).executeTakeFirstOrThrow()).quantity);
  const setShelf = async (gift: GiftId, quantity: number) => {
    await db.db.updateTable('variant_stock').set({ quantity }).where('variant_id', '=', variantOf.get(gift)!).execute();
    await createInventoryService({ db: db.db }).changed(db.db);
  };
  const stone = (priceCents: number) => insertStone(db.db, { shape: 'Round', carat: 1, lengthMm: 6.4, widthMm: 6.4, priceCents });
  const standing = async (token?: string) => (await app.inject({ url: '/api/free-gift', headers: token ? bearer(token) : {} })).json() as GiftStandingResponse;
  const desk = () =>
    createOrderDesk({
      db,
      inventory: createInventoryService({ db: db.db }),
      storeEmail: 'care@everstone.example',
      wireTransfer: { beneficiary: 'B', bank: 'Bank', routing_number: '123456780', account_number: '1', swift: 'AAAAUS33' },
      mail: { enqueue: (trx, messages) => openOutbox(trx).enqueue(messages, new Date()), flush: () => {} },
    });

  /** Places a cash-on-delivery order of stones priced `cents` each (so the subtotal is exact to the cent). */
  async function order(token: string, cents: number[], extra: object = {}) {
    const stones = await Promise.all(cents.map(stone));
    const lines: LineItem[] = stones.map((s) => ({ kind: 'diamond', diamond_id: s.id, quantity: 1 }));
    const total = cents.reduce((a, b) => a + b, 0);
    return app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(token),
      payload: { user_name: 'Ann Lee', contact_number: '212-555-0100', lines, total_price: centsToPrice(total), address: ADDRESS, payment_mode: 'cod', is_gift: 0, ...extra },
    });
  }
  async function placed(token: string, cents: number[], extra: object = {}): Promise<Order> {
    const res = await order(token, cents, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  }
  const giftLines = (o: Order) => o.lines.filter((l) => l.gift !== null);

  it('gives nothing at $459.99, and the Diamond Necklace at $460.00: a $0 line from its shelf that leaves the total as it was', async () => {
    const below = await signUpAndIn(app);
    const none = await placed(below.token, [45_999]);
    expect([none.gift, giftLines(none)]).toEqual([null, []]);

    const { token, email } = await signUpAndIn(app);
    const before = await shelf('necklace');
    const o = await placed(token, [46_000]);
    expect(o.total_price).toBe('460.00');
    expect(o.gift).toEqual({ gift: 'necklace', name: 'Diamond Necklace', outcome: 'given', carried: true, message: giftOutcomeText('given', 'necklace') });
    const [line] = giftLines(o);
    expect(line).toMatchObject({ kind: 'product', gift: 'necklace', quantity: 1, unit_price: '0.00', total: '0.00' });
    expect(line!.description).toMatch(/^Free gift: Diamond Necklace/);
    expect(line!.product).toMatchObject({ slug: GIFTS.necklace.slug, made_to_order: false });
    expect(await shelf('necklace')).toBe(before - 1);

    // The order page's answer carries it, and so does the confirmation email.
    const read = await app.inject({ url: `/api/orders/${o.order_number}`, headers: bearer(token) });
    expect((read.json() as Order).gift).toEqual(o.gift);
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(email) && m.subject.includes(o.order_number)));
    expect(mail.text).toContain('Free gift: Diamond Necklace');
    expect(mail.text).toContain(giftOutcomeText('given', 'necklace'));
  });

  it('gives the bracelet from $2,460.00, or the earrings when the shopper chooses them, and only a necklace at $2,459.99', async () => {
    const a = await signUpAndIn(app);
    expect((await placed(a.token, [245_999], { gift_choice: 'earrings' })).gift?.gift).toBe('necklace');
    const b = await signUpAndIn(app);
    const bracelet = await placed(b.token, [246_000]);
    expect([bracelet.gift?.gift, giftLines(bracelet).map((l) => l.gift)]).toEqual(['bracelet', ['bracelet']]);
    const c = await signUpAndIn(app);
    const earrings = await placed(c.token, [200_000, 46_000], { gift_choice: 'earrings' });
    expect([earrings.gift?.gift, giftLines(earrings).length, earrings.total_price]).toEqual(['earrings', 1, '2460.00']);
    expect((await order(c.token, [100], { gift_choice: 'a pony' })).statusCode).toBe(422);
  });

  it('gives an account one gift ever: its next qualifying order says so, as the cart does, until the first is cancelled', async () => {
    const { token } = await signUpAndIn(app);
    expect(await standing(token)).toMatchObject({ received_with: null });
    const first = await placed(token, [50_000]);
    expect(await standing(token)).toMatchObject({ received_with: first.order_number });
    expect((await standing()).received_with).toBeNull();

    const second = await placed(token, [300_000]);
    expect(second.gift).toMatchObject({ gift: 'bracelet', outcome: 'already_received', carried: false });
    expect(giftLines(second)).toEqual([]);

    // Cancelled: the necklace goes back on the shelf and the account may receive a gift again.
    const before = await shelf('necklace');
    await desk().cancel(first.order_number);
    expect(await shelf('necklace')).toBe(before + 1);
    expect(await standing(token)).toMatchObject({ received_with: null });
    const read = await app.inject({ url: `/api/orders/${first.order_number}`, headers: bearer(token) });
    expect((read.json() as Order).gift).toMatchObject({ outcome: 'given', carried: false, message: giftOutcomeText('given', 'necklace', 'cancelled') });
    const third = await placed(token, [46_000]);
    expect(third.gift).toMatchObject({ gift: 'necklace', outcome: 'given', carried: true });
  });

  it('places the order without the gift when none is left, says so before and after, and keeps the account’s right to one', async () => {
    await setShelf('bracelet', 0);
    try {
      const { token } = await signUpAndIn(app);
      expect((await standing(token)).out_of_stock).toEqual(['bracelet']);
      const o = await placed(token, [250_000]);
      expect(o.gift).toMatchObject({ gift: 'bracelet', outcome: 'out_of_stock', carried: false, message: giftOutcomeText('out_of_stock', 'bracelet') });
      expect(giftLines(o)).toEqual([]);
      expect(o.total_price).toBe('2500.00');
      expect(await standing(token)).toMatchObject({ received_with: null });
      // The earrings are there: the same account may have them with its next order.
      expect((await placed(token, [250_000], { gift_choice: 'earrings' })).gift).toMatchObject({ gift: 'earrings', outcome: 'given' });
    } finally {
      await setShelf('bracelet', 40);
    }
  });

  it('gives exactly one gift to two qualifying orders of one account placed at once', async () => {
    const { token } = await signUpAndIn(app);
    const before = await shelf('necklace');
    const [a, b] = await Promise.all([order(token, [60_000]), order(token, [70_000])]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const outcomes = [a.json() as Order, b.json() as Order].map((o) => o.gift?.outcome).sort();
    expect(outcomes).toEqual(['already_received', 'given']);
    expect(await shelf('necklace')).toBe(before - 1);
  });

  it('holds the rule in the database: a second order cannot hold an account’s gift', async () => {
    const { token, user } = await signUpAndIn(app);
    const a = await placed(token, [46_000]);
    const b = await placed(token, [46_000]);
    expect(b.gift?.outcome).toBe('already_received');
    await expect(db.db.updateTable('orders').set({ gift_holder_id: user.id }).where('order_number', '=', b.order_number).execute()).rejects.toThrow();
    expect(a.gift?.outcome).toBe('given');
  });

  /** An order of stones priced `cents` each, paid through PayPal (the simulator). */
  async function paidViaPayPal(shopper: { token: string; user: { id: number } }, cents: number[], extra: object = {}): Promise<Order> {
    const stones = await Promise.all(cents.map(stone));
    const created = await app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      headers: bearer(shopper.token),
      payload: { amount: centsToPrice(cents.reduce((a, b) => a + b, 0)), currency: 'USD', user_id: shopper.user.id, items_id: stones.map((x) => x.id), user_name: 'Ann Lee', contact_number: '212-555-0100', address: ADDRESS, ...extra },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    await app.inject({ method: 'POST', url: `/wallet-simulator/${orderID}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });
    const captured = await app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(shopper.token), payload: { orderID } });
    expect(captured.statusCode, captured.body).toBe(201);
    return captured.json() as Order;
  }
  const admin = async (url: string, payload: object = {}) => {
    const res = await app.inject({ method: 'POST', url: `/api/admin${url}`, payload, headers: adminChange(staff.cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  async function delivered(o: Order) {
    await admin(`/orders/${o.order_number}/ready`);
    await admin(`/orders/${o.order_number}/ship`, { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await admin(`/orders/${o.order_number}/deliver`);
  }
  const ask = (token: string, number: string, lines: number[]) =>
    app.inject({ method: 'POST', url: `/api/orders/${number}/returns`, headers: bearer(token), payload: { lines, reason: 'changed_mind' } });

  it('gives the gift with a PayPal order too, chosen before the payment', async () => {
    const shopper = await signUpAndIn(app);
    const o = await paidViaPayPal(shopper, [300_000], { gift_choice: 'earrings' });
    expect([o.total_price, o.gift?.gift, o.gift?.outcome, giftLines(o).map((l) => l.unit_price)]).toEqual(['3000.00', 'earrings', 'given', ['0.00']]);
  });

  it('brings the gift back with a return that leaves less than its threshold, refunding nothing for it', async () => {
    const shopper = await signUpAndIn(app);
    const o = await paidViaPayPal(shopper, [30_000, 20_000]);
    expect(o.gift).toMatchObject({ gift: 'necklace', outcome: 'given' });
    await delivered(o);
    const before = await shelf('necklace');

    // $300.00 kept is below the necklace's $460.00: the gift, line 3, joins the return at $0.
    const res = await ask(shopper.token, o.order_number, [2]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ReturnCreated;
    expect(created.message).toContain(giftReturnedMessage('necklace'));
    expect(created.order.returns[0]).toMatchObject({ refund: '200.00' });
    expect(created.order.after_sale.filter((l) => l.rma === created.rma).map((l) => l.line)).toEqual([2, 3]);
    const mail = await waitFor(() => smtp.messages.find((m) => m.subject.includes(created.rma)));
    expect(mail.text).toContain(giftReturnedMessage('necklace'));

    await admin(`/returns/${created.rma}/receive`);
    await admin(`/returns/${created.rma}/inspect`, { passed: true, note: 'All there.' });
    expect(await shelf('necklace')).toBe(before + 1);
    const after = (await app.inject({ url: `/api/orders/${o.order_number}`, headers: bearer(shopper.token) })).json() as Order;
    expect(after.gift).toMatchObject({ outcome: 'given', carried: false, message: giftOutcomeText('given', 'necklace', 'returned') });
    expect(await standing(shopper.token)).toMatchObject({ received_with: null });
  });

  it('leaves the gift with the shopper when what they keep still reaches its threshold, to the cent', async () => {
    const shopper = await signUpAndIn(app);
    const o = await paidViaPayPal(shopper, [46_000, 10_000]);
    await delivered(o);
    // The gift is never returned on its own.
    const alone = await ask(shopper.token, o.order_number, [3]);
    expect([alone.statusCode, alone.json().errors?.lines]).toEqual([422, [giftNotReturnable(3)]]);
    const res = await ask(shopper.token, o.order_number, [2]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ReturnCreated;
    expect(created.message).not.toContain('free Diamond Necklace');
    expect(created.order.after_sale.filter((l) => l.rma === created.rma).map((l) => l.line)).toEqual([2]);
    expect(created.order.gift).toMatchObject({ carried: true });
  });
});
