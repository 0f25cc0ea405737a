import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  GIFTS,
  giftFor,
  giftOutcomeText,
  STONE_LEAD_DAYS,
  addBusinessDays,
  isoDayOf,
  storeToday,
  ACCOUNT_MESSAGES,
  MAX_HELD_STONES_PER_ACCOUNT,
  ORDER_MESSAGES,
  PROMOTIONS,
  UNPAID_HOLD_HOURS,
  centsToPrice,
  formatEasternTime,
  formatAmount,
  tooManyHeldMessage,
  totalChangedMessage,
  unavailableMessage,
  type Order,
  type PaymentMethod,
  type WireTransfer,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { createDb, type Db } from '../../db/database.ts';
import type { DiamondRow } from '../../db/schema.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { openOutbox } from '../mail/index.ts';
import { createOrderDesk } from './desk.ts';

/** Where the store's copy of each order goes (STORE_EMAIL's default). */
const STORE_COPY = 'care@everstone.example';

const ADDRESS = { apartment: 'Apt 4B', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' };

type Stone = Pick<DiamondRow, 'id' | 'certificate_number' | 'price_cents' | 'type' | 'carat'>;

/** §3's order payload as the checkout page builds it from the cart. */
/** What the shopper pays per stone: the bank-wire price (−$5) by wire, the list price otherwise. */
const chargedCents = (s: Stone, method: unknown) => s.price_cents - (method === 'pay-wire' ? PROMOTIONS.bankWireDiscount * 100 : 0);

function orderPayload(userId: number, stones: Stone[], overrides: Record<string, unknown> = {}) {
  const total = stones.reduce((sum, s) => sum + chargedCents(s, overrides.payment_mode), 0);
  return {
    user_id: userId,
    user_name: 'Ann Lee',
    contact_number: '212-555-0100',
    items_id: stones.map((s) => s.id),
    item_details: JSON.stringify(
      Object.fromEntries(stones.map((s) => [s.id, { type: s.type, price: s.price_cents / 100, quantity: 1, weight: s.carat }])),
    ),
    total_price: centsToPrice(total),
    address: JSON.stringify(ADDRESS),
    order_status: 'pending',
    payment_mode: 'cod',
    payment_status: 'pending',
    is_gift: 0,
    notes: null,
    ...overrides,
  };
}

/** The store's bank account in these tests: set through WIRE_*, not the example one a store falls back to. */
const WIRE_ACCOUNT: WireTransfer = {
  beneficiary: 'Everstone Test Jewelers LLC',
  bank: 'First Test Bank, Boston, MA',
  routing_number: '123456780',
  account_number: '9876543210',
  swift: 'FTBKUS44',
};
const WIRE_ENV = {
  WIRE_BENEFICIARY: WIRE_ACCOUNT.beneficiary,
  WIRE_BANK: WIRE_ACCOUNT.bank,
  WIRE_ROUTING_NUMBER: WIRE_ACCOUNT.routing_number,
  WIRE_ACCOUNT_NUMBER: WIRE_ACCOUNT.account_number,
  WIRE_SWIFT: WIRE_ACCOUNT.swift.toLowerCase(),
};

describe.each(TEST_ENGINES)('orders on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let stones: Stone[];
  let nextStone = 0;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 80, seed: 11 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'certificate_number', 'price_cents', 'type', 'carat']).orderBy('id').execute()).map(
      (r) => ({ ...r, id: Number(r.id), price_cents: Number(r.price_cents), type: Number(r.type), carat: Number(r.carat) }),
    );
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(db, { SMTP_URL: smtp.url, ...WIRE_ENV }, { now: clock.now, passwordHasher: quickHasher, holdSweepIntervalMs: 20 });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  /** Stones no other test has touched. */
  const take = (n = 1) => {
    const out = stones.slice(nextStone, nextStone + n);
    nextStone += n;
    if (out.length < n) throw new Error('the test inventory ran out');
    return out;
  };

  const place = (token: string, payload: object, on: FastifyInstance = app) =>
    on.inject({ method: 'POST', url: '/api/store-order', headers: bearer(token), payload });
  const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const searchTotal = async (certificate: string) => (await app.inject(`/api/get-all-diamonds?certificate=${certificate}`)).json().total as number;
  const ordersOfUser = async (userId: number) => db.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();

  describe('placing an order', () => {
    it('reserves the stones, stores the order pending with the server’s prices, and answers §3’s fields', async () => {
      const { user, token, email } = await signUpAndIn(app, { name: 'Ann Lee' });
      const pair = take(2);
      const [a, b] = pair as [Stone, Stone];
      // Searched once before the order, so the search has this result cached.
      expect(await searchTotal(a.certificate_number)).toBe(1);

      const res = await place(token, orderPayload(user.id, pair, { is_gift: true, notes: 'Please gift-wrap.' }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      const total = centsToPrice(a.price_cents + b.price_cents);
      const reached = giftFor(a.price_cents + b.price_cents);
      expect(order).toEqual({
        // §3's order_id is the public number: the row's counter never leaves the server.
        order_id: order.order_number,
        order_number: expect.stringMatching(/^EV-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/),
        total_price: total,
        tax: '0.00',
        taxes: [],
        currency: 'USD',
        order_status: 'pending',
        payment_status: 'pending',
        payment_mode: 'cod',
        hold_expires_at: new Date(clock.now().getTime() + UNPAID_HOLD_HOURS.cod * 3_600_000).toISOString(),
        wire_transfer: null,
        items: pair.map((s) => ({
          diamondid: s.id,
          certificate_number: s.certificate_number,
          description: expect.stringMatching(/^\d+\.\d{2} Carat \w+ (Natural|Lab|Color) Diamond/),
          type: s.type,
          carat_weight: s.carat,
          price: centsToPrice(s.price_cents),
        })),
        lines: pair.map((s) => ({
          kind: 'diamond',
          description: expect.stringMatching(/^\d+\.\d{2} Carat \w+ (Natural|Lab|Color) Diamond/),
          quantity: 1,
          unit_price: centsToPrice(s.price_cents),
          total: centsToPrice(s.price_cents),
          diamondid: s.id,
          certificate_number: s.certificate_number,
          product: null,
          ring: null,
          // No sales tax: this suite's store collects none (TAX_NEXUS none, createTestApp's default).
          tax: '0.00',
          taxes: [],
          gift: null,
        })),
        user_name: 'Ann Lee',
        contact_number: '212-555-0100',
        address: { ...ADDRESS, state: null },
        is_gift: true,
        notes: 'Please gift-wrap.',
        created_at: clock.now().toISOString(),
        // Loose stones leave the workshop STONE_LEAD_DAYS business days after the day they were ordered.
        ships_by: isoDayOf(addBusinessDays(storeToday(clock.now()), STONE_LEAD_DAYS)),
        ships_by_changed: false,
        production_stage: null,
        timeline: [{ step: 'placed', at: clock.now().toISOString(), label: 'Order placed', stage: null, detail: null }],
        shipments: [],
        // Not delivered: nothing may be returned yet, and nothing has been refunded.
        after_sale: [1, 2].map((line) => ({ line, returnable: false, return_until: null, engraving_removal_fee: '0.00', next_return_from: null, rma: null, free_resize: false, ticket: null, resizable: false, notes: [] })),
        returns: [],
        tickets: [],
        refunded: '0.00',
        // This store has no gift pieces in its catalog: a subtotal that reaches a gift is told it is out of stock.
        gift: reached === null ? null : { gift: reached, name: GIFTS[reached].name, outcome: 'out_of_stock', carried: false, message: giftOutcomeText('out_of_stock', reached) },
      });
      expect(res.headers['cache-control']).toBe('no-store');

      expect(await statusOf(a.id)).toBe('reserved');
      expect(await statusOf(b.id)).toBe('reserved');
      // The search no longer offers them, although the earlier result was cached.
      expect(await searchTotal(a.certificate_number)).toBe(0);
      expect((await app.inject(`/api/diamonds/${a.id}`)).json().data.status).toBe('reserved');

      const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.startsWith('Your Everstone order')), { what: 'the order confirmation' });
      expect(mail.subject).toBe(`Your Everstone order ${order.order_number}`);
      for (const text of [order.order_number, a.certificate_number, b.certificate_number, order.items[0]!.description, 'Cash on delivery']) {
        expect(mail.text).toContain(text);
      }
      expect(mail.text).toContain(`Total: $${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`);
      expect(mail.html).toContain(order.order_number);

      expect((await get(token, `/api/orders/${order.order_number}`)).json()).toEqual(order);
      expect(JSON.stringify(order)).not.toMatch(/"order_id":\d/);
    });

    /** Each method: its label, what the shopper is told happens next, and what the store's team is told to do. */
    const methods: Array<[PaymentMethod, string, RegExp, RegExp]> = [
      ['cod', 'Cash on delivery', /You pay \$[\d,.]+ when your order is delivered\. A member of our team will call you at the phone number you gave us/, /Call the shopper within one business day to confirm the delivery, and record that with "npm run orders -- confirm EV-\d{4}-\w{6}" before .*Once the courier has collected the cash/],
      ['pay-credit', 'Credit card', /Your card has not been charged\. A member of our team will call you at the phone number you gave us .*card payment/, /Call the shopper within one business day to take the card payment/],
      ['pay-synchrony', 'Synchrony financing', /link to apply for Synchrony financing .*no interest for 12 months on purchases of \$199 or more/, /Email the shopper the financing link.*approved the application, record that with "npm run orders -- confirm/],
      ['pay-affirm', 'Affirm', /a link to pay \$[\d,.]+ with Affirm/, /Email the shopper the financing link/],
      ['pay-multiple', 'Multiple payment methods', /arrange how the total of \$[\d,.]+ is split between your payment methods/, /arrange the split between payment methods/],
      ['pay-wire', 'Bank wire transfer', /Please send \$[\d,.]+ by bank wire transfer, quoting your order number EV-/, /Watch for the bank wire quoting EV-\d{4}-\w{6}\. The diamonds are held until \d\d\/\d\d\/\d{4} at/],
    ];

    it.each(methods)('stores a %s order with its method and emails what happens next, to the shopper and the store', async (method, label, nextStep, staffStep) => {
      const { user, token, email } = await signUpAndIn(app);
      const [stone] = take();
      const typed = { user_name: 'Ottoline Quisterwald', notes: 'Ring the bell for Zebedee at win-now.example' };
      const res = await place(token, orderPayload(user.id, [stone!], { payment_mode: method, ...typed }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      expect(order).toMatchObject({ payment_mode: method, order_status: 'pending', payment_status: 'pending' });
      const [row] = await ordersOfUser(user.id);
      expect(row).toMatchObject({ payment_mode: method, order_status: 'pending', payment_status: 'pending', total_cents: chargedCents(stone!, method) });

      const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.startsWith('Your Everstone order')), { what: `the ${method} confirmation` });
      const text = mail.text.replace(/\s+/g, ' ');
      // The account's address is not verified: what was typed at checkout (name, address, notes) is not in its email.
      for (const part of ['Ottoline', 'Quisterwald', 'Zebedee', 'win-now', 'Fifth Avenue', 'Apt 4B', '212-555-0100']) {
        expect(mail.text, part).not.toContain(part);
        expect(mail.html, part).not.toContain(part);
      }
      expect(text).toMatch(/^Hello,/);
      expect(text).toContain(`Payment method: ${label}`);
      expect(text).toMatch(nextStep);

      // The store's copy: who to call, what was ordered, and how to record the payment.
      const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject.startsWith(`New order ${order.order_number}:`)), { what: 'the store’s copy' });
      expect(notice.subject).toBe(`New order ${order.order_number}: ${formatAmount(order.total_price)}, ${label}`);
      expect(notice.replyTo).toBe(email);
      const staffText = notice.text.replace(/\s+/g, ' ');
      for (const part of [`Customer: ${typed.user_name}`, `Email: ${email}`, 'Phone: 212-555-0100', 'Deliver to: 580 Fifth Avenue, Apt 4B, New York, 10036, United States', typed.notes, stone!.certificate_number]) {
        expect(staffText).toContain(part);
      }
      expect(staffText).toMatch(staffStep);
      expect(staffText).toContain(`npm run orders -- paid ${order.order_number}`);
      // Every method placed unpaid holds its stones on its own deadline, given to the shopper and the team exactly.
      expect(order.hold_expires_at).toBe(new Date(clock.now().getTime() + UNPAID_HOLD_HOURS[method as keyof typeof UNPAID_HOLD_HOURS] * 3_600_000).toISOString());
      expect(text).toContain(formatEasternTime(order.hold_expires_at!));
      expect(staffText).toContain(formatEasternTime(order.hold_expires_at!));
      if (method === 'pay-wire') {
        // The bank-wire price the detail page shows: $5 below the list price.
        expect(order.items[0]!.price).toBe(centsToPrice(stone!.price_cents - 500));
        // The store's configured account, in the answer (for the order page) and in the email.
        expect(order.wire_transfer).toEqual(WIRE_ACCOUNT);
        for (const [label, value] of [
          ['Beneficiary', WIRE_ACCOUNT.beneficiary],
          ['Bank', WIRE_ACCOUNT.bank],
          ['Routing number (ABA)', WIRE_ACCOUNT.routing_number],
          ['Account number', WIRE_ACCOUNT.account_number],
          ['SWIFT', WIRE_ACCOUNT.swift],
        ]) {
          expect(text).toContain(`${label}: ${value}`);
        }
        expect(text).toContain(`We hold your diamonds for 24 hours, until ${formatEasternTime(order.hold_expires_at!)}.`);
        // The bank's details sit between the instructions and what happens if the transfer is late.
        expect(text.indexOf('Please send')).toBeLessThan(text.indexOf(WIRE_ACCOUNT.routing_number));
        expect(text.indexOf(WIRE_ACCOUNT.routing_number)).toBeLessThan(text.indexOf('the order is cancelled and the diamonds return to our collection'));
      } else {
        expect(order.wire_transfer).toBeNull();
        expect(text).toContain(`We hold your diamonds for ${UNPAID_HOLD_HOURS[method as keyof typeof UNPAID_HOLD_HOURS] / 24} days, until ${formatEasternTime(order.hold_expires_at!)}`);
        expect(text).toContain('If your order has not been confirmed by then, it is cancelled and the diamonds return to our collection.');
        expect(text).not.toContain('wire');
      }
    });

    it('leaves PayPal to the wallet flow', async () => {
      const { user, token } = await signUpAndIn(app);
      const [stone] = take();
      const res = await place(token, orderPayload(user.id, [stone!], { payment_mode: 'pay-paypal' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ payment_mode: [ORDER_MESSAGES.walletElsewhere] });
      expect(await statusOf(stone!.id)).toBe('available');
    });
  });

  describe('prices come from the database', () => {
    it('refuses a lowered total with the server’s figure and stores nothing', async () => {
      const { user, token } = await signUpAndIn(app);
      const [stone] = take();
      const cheap = orderPayload(user.id, [stone!], { total_price: '1.00', item_details: JSON.stringify({ [stone!.id]: { price: 1, quantity: 1 } }) });
      const res = await place(token, cheap);
      expect(res.statusCode).toBe(422);
      const message = totalChangedMessage(centsToPrice(stone!.price_cents), '1.00');
      expect(res.json()).toEqual({ message, errors: { total_price: [message] } });
      expect(message).toContain(`$${(stone!.price_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      expect(await ordersOfUser(user.id)).toEqual([]);
      expect(await statusOf(stone!.id)).toBe('available');
    });

    it('refuses a raised total too, and a total that is not an amount', async () => {
      const { user, token } = await signUpAndIn(app);
      const [stone] = take();
      expect((await place(token, orderPayload(user.id, [stone!], { total_price: centsToPrice(stone!.price_cents + 1) }))).statusCode).toBe(422);
      const bad = await place(token, orderPayload(user.id, [stone!], { total_price: 'free' }));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ total_price: ['The total price must be an amount such as 1890.00.'] });
      expect(await ordersOfUser(user.id)).toEqual([]);
    });

    it('stores the database’s item prices whatever item_details says', async () => {
      const { user, token } = await signUpAndIn(app);
      const [stone] = take();
      const lying = orderPayload(user.id, [stone!], {
        item_details: JSON.stringify({ [stone!.id]: { type: 9, price: 0.01, quantity: 5, weight: 99 } }),
        order_status: 'completed',
        payment_status: 'paid',
      });
      const res = await place(token, lying);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ order_status: 'pending', payment_status: 'pending', items: [{ price: centsToPrice(stone!.price_cents), carat_weight: stone!.carat }] });
      const items = await db.db.selectFrom('order_items').selectAll().where('diamond_id', '=', stone!.id).execute();
      expect(items.map((i) => Number(i.price_cents))).toEqual([stone!.price_cents]);
    });

    it('takes no more off by wire than a stone costs: a $1 stone is a $0 line, never −$4', async () => {
      const { user, token, email } = await signUpAndIn(app);
      const [cheap, other] = take(2) as [Stone, Stone];
      // A stone priced at $1 before the editor and the import refused prices under the wire discount.
      await db.db.updateTable('diamonds').set({ price_cents: 100 }).where('id', '=', cheap.id).execute();
      const totalCents = other.price_cents - PROMOTIONS.bankWireDiscount * 100;
      const res = await place(
        token,
        orderPayload(user.id, [{ ...cheap, price_cents: 100 }, other], { payment_mode: 'pay-wire', total_price: centsToPrice(totalCents) }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      expect(order.total_price).toBe(centsToPrice(totalCents));
      expect(order.items.map((i) => [i.certificate_number, i.price])).toEqual([
        [cheap.certificate_number, '0.00'],
        [other.certificate_number, centsToPrice(totalCents)],
      ]);
      const [row] = await ordersOfUser(user.id);
      expect(Number(row!.total_cents)).toBe(totalCents);
      const mail = await waitFor(() => smtp.to(email)[0], { what: 'the wire confirmation' });
      expect(mail.text).not.toMatch(/[-−]\s*\$?4\.00/);
    });
  });

  describe('stones that cannot be ordered', () => {
    it('answers 409 naming a stone that is no longer available, and reserves none of the order', async () => {
      const first = await signUpAndIn(app);
      const second = await signUpAndIn(app);
      const [gone, free] = take(2) as [Stone, Stone];
      expect((await place(first.token, orderPayload(first.user.id, [gone]))).statusCode).toBe(201);

      const res = await place(second.token, orderPayload(second.user.id, [free, gone]));
      expect(res.statusCode).toBe(409);
      const message = unavailableMessage([gone.certificate_number]);
      expect(res.json()).toEqual({ message, errors: { items_id: [message] } });
      expect(message).toContain(gone.certificate_number);
      expect(await statusOf(free.id)).toBe('available');
      expect(await searchTotal(free.certificate_number)).toBe(1);
      expect(await ordersOfUser(second.user.id)).toEqual([]);
      expect(await db.db.selectFrom('order_items').select('id').where('diamond_id', '=', free.id).execute()).toEqual([]);
    });

    it('answers 422 for no stones, a repeated stone, an unknown stone and no payment method', async () => {
      const { user, token } = await signUpAndIn(app);
      const [stone] = take();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ items_id: [] }, 'items_id', ORDER_MESSAGES.noItems],
        [{ items_id: [stone!.id, stone!.id], total_price: centsToPrice(stone!.price_cents * 2) }, 'items_id', ORDER_MESSAGES.duplicateItems],
        [{ items_id: [999_999] }, 'items_id', 'We could not find the diamond with id 999999. Please remove it from your cart.'],
        [{ items_id: [3_000_000_000] }, 'items_id', 'We could not find the diamond with id 3000000000. Please remove it from your cart.'],
        [{ payment_mode: '' }, 'payment_mode', 'Please select a payment method'],
        [{ address: '{not json' }, 'address', 'The address must be JSON text.'],
        [{ address: JSON.stringify({ ...ADDRESS, country: 'Mexico' }) }, 'address.country', 'Please choose United States or Canada.'],
      ];
      for (const [override, field, message] of cases) {
        const res = await place(token, orderPayload(user.id, [stone!], override));
        expect(res.statusCode, JSON.stringify(override)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(override)).toEqual([message]);
      }
      expect(await ordersOfUser(user.id)).toEqual([]);
      expect(await statusOf(stone!.id)).toBe('available');
    });
  });

  describe('whose orders', () => {
    it('refuses an order in another user’s name (403) and a caller without a token (401)', async () => {
      const alice = await signUpAndIn(app);
      const bob = await signUpAndIn(app);
      const [stone] = take();
      const res = await place(alice.token, orderPayload(bob.user.id, [stone!]));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.notYourAccount });
      const anonymous = await app.inject({ method: 'POST', url: '/api/store-order', payload: orderPayload(bob.user.id, [stone!]) });
      expect(anonymous.statusCode).toBe(401);
      expect(await statusOf(stone!.id)).toBe('available');
    });

    it('lists only the user’s own orders, newest first; another user’s order is answered as one that does not exist', async () => {
      const alice = await signUpAndIn(app);
      const bob = await signUpAndIn(app);
      const [s1, s2, s3] = take(3) as [Stone, Stone, Stone];
      const a1 = (await place(alice.token, orderPayload(alice.user.id, [s1]))).json() as Order;
      const a2 = (await place(alice.token, orderPayload(alice.user.id, [s2], { payment_mode: 'pay-wire' }))).json() as Order;
      const b1 = (await place(bob.token, orderPayload(bob.user.id, [s3], { user_name: 'Bob Brandt' }))).json() as Order;

      const list = await get(alice.token, '/api/orders');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ data: [a2, a1] });
      expect((await get(bob.token, '/api/orders')).json()).toEqual({ data: [b1] });

      // Addressed by the public number, in any case.
      expect((await get(alice.token, `/api/orders/${a1.order_number.toLowerCase()}`)).json()).toEqual(a1);

      // Someone else's order and one that does not exist: the same status, the same body, nothing of Bob's.
      const foreign = await get(alice.token, `/api/orders/${b1.order_number}`);
      const unknown = await get(alice.token, '/api/orders/EV-2000-ZZZZZZ');
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.body).toBe(unknown.body);
      expect(foreign.json()).toEqual({ message: ORDER_MESSAGES.noOrder });
      expect(foreign.body).not.toContain('Bob Brandt');
      // Anything else in the path is just another number that names none of Alice's orders.
      for (const other of ['abc', '99999999', String(Number.MAX_SAFE_INTEGER)]) {
        const res = await get(alice.token, `/api/orders/${other}`);
        expect(res.statusCode, other).toBe(404);
        expect(res.body, other).toBe(unknown.body);
      }
      expect((await app.inject('/api/orders')).statusCode).toBe(401);
      expect((await app.inject(`/api/orders/${a1.order_number}`)).statusCode).toBe(401);
    });
  });

  describe('unpaid holds', () => {
    const squash = (text: string) => text.replace(/\s+/g, ' ');
    const HELD_METHODS = Object.keys(UNPAID_HOLD_HOURS) as Array<keyof typeof UNPAID_HOLD_HOURS>;

    it('ends each unpaid method’s hold at its own time: cancelled, its stone back in the search, the shopper and the store emailed', async () => {
      const placed: Array<{ method: keyof typeof UNPAID_HOLD_HOURS; token: string; email: string; stone: Stone; order: Order }> = [];
      for (const method of HELD_METHODS) {
        const { user, token, email } = await signUpAndIn(app);
        const [stone] = take() as [Stone];
        const res = await place(token, orderPayload(user.id, [stone], { payment_mode: method }));
        expect(res.statusCode, res.body).toBe(201);
        placed.push({ method, token, email, stone, order: res.json() as Order });
      }
      const start = clock.now().getTime();
      const orderOf = async (p: (typeof placed)[number]) => (await get(p.token, `/api/orders/${p.order.order_number}`)).json() as Order;

      for (const hours of [...new Set(Object.values(UNPAID_HOLD_HOURS))].sort((a, b) => a - b)) {
        // The very instant the holds of this length end.
        clock.set(new Date(start + hours * 3_600_000));
        for (const p of placed.filter((q) => UNPAID_HOLD_HOURS[q.method] === hours)) {
          const number = p.order.order_number;
          const ended = await waitFor(async () => ((await orderOf(p)).order_status === 'cancelled' ? orderOf(p) : null), { what: `the ${p.method} hold to end` });
          expect(ended).toMatchObject({ payment_status: 'expired', hold_expires_at: null, wire_transfer: null });
          expect(await statusOf(p.stone.id)).toBe('available');
          expect(await searchTotal(p.stone.certificate_number)).toBe(1);

          const mail = await waitFor(() => smtp.to(p.email).find((m) => m.subject === `Your Everstone order ${number} has been cancelled`), { what: `the ${p.method} shopper’s email` });
          expect(squash(mail.text)).toContain(
            p.method === 'pay-wire'
              ? `We did not receive the bank wire transfer for order ${number} within 24 hours, so the order has been cancelled`
              : `We held the diamonds of order ${number} for ${hours / 24} days, but the order was not confirmed in that time, so it has been cancelled and its diamonds have returned to our collection. Nothing is due.`,
          );
          const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject === `Hold ended: order ${number} cancelled`), { what: `the store’s copy for ${p.method}` });
          expect(notice.replyTo).toBe(p.email);
          expect(squash(notice.text)).toContain(`The hold of order ${number}`);
          expect(squash(notice.text)).toContain('so the store cancelled it and its diamonds are back in the search');
          expect(notice.text).toContain(p.stone.certificate_number);
        }
        // The sweeps that ended those left the longer holds alone.
        for (const p of placed.filter((q) => UNPAID_HOLD_HOURS[q.method] > hours)) {
          expect(await orderOf(p), p.method).toMatchObject({ order_status: 'pending', payment_status: 'pending', hold_expires_at: p.order.hold_expires_at });
          expect(await statusOf(p.stone.id)).toBe('reserved');
        }
      }

      // A released stone can be ordered again.
      const again = await signUpAndIn(app);
      expect((await place(again.token, orderPayload(again.user.id, [placed[0]!.stone]))).statusCode).toBe(201);
    });

    it(`holds at most ${MAX_HELD_STONES_PER_ACCOUNT} stones per account on unpaid orders: beyond, a 409 says what to do and nothing is reserved`, async () => {
      const { user, token } = await signUpAndIn(app);
      // A ring’s center stone and a pair of studs, then one more: a real shopper fits.
      const ring = (await place(token, orderPayload(user.id, take(1)))).json() as Order;
      const studs = (await place(token, orderPayload(user.id, take(2), { payment_mode: 'pay-wire' }))).json() as Order;
      const pendant = (await place(token, orderPayload(user.id, take(1), { payment_mode: 'pay-synchrony' }))).json() as Order;
      expect([ring, studs, pendant].map((o) => o.order_status)).toEqual(['pending', 'pending', 'pending']);

      const [extra] = take() as [Stone];
      const refused = await place(token, orderPayload(user.id, [extra], { payment_mode: 'pay-affirm' }));
      expect(refused.statusCode).toBe(409);
      const message = tooManyHeldMessage(MAX_HELD_STONES_PER_ACCOUNT, 1, [ring.order_number, studs.order_number, pendant.order_number]);
      expect(refused.json()).toEqual({ message, errors: { items_id: [message] } });
      expect(message).toContain('Please complete the payment of an open order, or contact us to cancel one');
      expect(await statusOf(extra.id)).toBe('available');
      expect(await ordersOfUser(user.id)).toHaveLength(3);

      // Another account is not held back by this one.
      const other = await signUpAndIn(app);
      const tooBig = await place(other.token, orderPayload(other.user.id, take(MAX_HELD_STONES_PER_ACCOUNT + 1)));
      expect(tooBig.statusCode).toBe(409);
      expect(tooBig.json().message).toBe(tooManyHeldMessage(0, MAX_HELD_STONES_PER_ACCOUNT + 1, []));

      // Once the team records a payment, or confirms an order, its stones no longer count.
      const desk = createOrderDesk({
        db,
        inventory: createInventoryService({ db: db.db }),
        storeEmail: STORE_COPY,
        wireTransfer: WIRE_ACCOUNT,
        now: clock.now,
        mail: { enqueue: (trx, messages) => openOutbox(trx).enqueue(messages, new Date()), flush: () => {} },
      });
      await desk.recordPayment(studs.order_number);
      expect((await place(token, orderPayload(user.id, [extra], { payment_mode: 'pay-affirm' }))).statusCode).toBe(201);
      const [sixth, seventh] = take(2) as [Stone, Stone];
      expect((await place(token, orderPayload(user.id, [sixth, seventh]))).statusCode).toBe(409);
      await desk.confirm(ring.order_number);
      expect((await place(token, orderPayload(user.id, [sixth]))).statusCode).toBe(201);
    });

    it('two orders of one account at the cap’s edge at once: exactly one is placed', async () => {
      const { user, token } = await signUpAndIn(app);
      expect((await place(token, orderPayload(user.id, take(MAX_HELD_STONES_PER_ACCOUNT - 1)))).statusCode).toBe(201);
      const [a, b] = take(2) as [Stone, Stone];
      const answers = await Promise.all([place(token, orderPayload(user.id, [a])), place(token, orderPayload(user.id, [b]))]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const held = await db.db
        .selectFrom('diamonds')
        .select('id')
        .where('id', 'in', [a.id, b.id])
        .where('status', '=', 'reserved')
        .execute();
      expect(held).toHaveLength(1);
    });
  });

  describe('retries with an Idempotency-Key', () => {
    const placeWithKey = (token: string, body: object, key: string) =>
      app.inject({ method: 'POST', url: '/api/store-order', headers: { ...bearer(token), 'idempotency-key': key }, payload: body });

    it('answers the order the first try placed, instead of a second order or a 409', async () => {
      const { user, token } = await signUpAndIn(app);
      const body = orderPayload(user.id, take());
      const first = await placeWithKey(token, body, 'checkout-attempt-1');
      expect(first.statusCode).toBe(201);
      // The answer was lost on the way back; the browser sends the same request again.
      const again = await placeWithKey(token, body, 'checkout-attempt-1');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((again.json() as Order).order_id).toBe((first.json() as Order).order_id);
      expect(await ordersOfUser(user.id)).toHaveLength(1);
    });

    it('makes one order when the same key arrives many times at once', async () => {
      const { user, token } = await signUpAndIn(app);
      const body = orderPayload(user.id, take());
      const answers = await Promise.all(Array.from({ length: 6 }, () => placeWithKey(token, body, 'same-moment')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(await ordersOfUser(user.id)).toHaveLength(1);
    });

    it('refuses a key reused for other diamonds (422) and a malformed key (400); keys are per user', async () => {
      const { user, token } = await signUpAndIn(app);
      expect((await placeWithKey(token, orderPayload(user.id, take()), 'attempt-x')).statusCode).toBe(201);
      const reused = await placeWithKey(token, orderPayload(user.id, take()), 'attempt-x');
      expect(reused.statusCode).toBe(422);
      expect(reused.json().message).toBe(ORDER_MESSAGES.keyReused);
      const bad = await placeWithKey(token, orderPayload(user.id, take()), 'not a key!');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(ORDER_MESSAGES.badKey);
      // Another shopper's identical key is another order.
      const other = await signUpAndIn(app);
      expect((await placeWithKey(other.token, orderPayload(other.user.id, take()), 'attempt-x')).statusCode).toBe(201);
    });
  });

  describe('concurrency', () => {
    it('gives one stone to exactly one of 50 simultaneous shoppers, across two instances', async () => {
      // A second instance with its own connection(s) to the same database, as behind a load balancer.
      let secondDb: Db | undefined;
      let second: FastifyInstance | undefined;
      try {
        secondDb = createDb(db.url, { poolSize: 20 });
        second = await createTestApp(secondDb, {}, { now: clock.now, passwordHasher: quickHasher });
        const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUpAndIn(app)));
        const [stone] = take();
        const answers = await Promise.all(
          shoppers.map((s, i) => place(s.token, orderPayload(s.user.id, [stone!]), i % 2 === 0 ? app : second)),
        );
        const codes = answers.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 201), answers.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(49);
        for (const lost of answers.filter((r) => r.statusCode === 409)) {
          expect(lost.json().message).toBe(unavailableMessage([stone!.certificate_number]));
        }

        expect(await statusOf(stone!.id)).toBe('reserved');
        const items = await db.db.selectFrom('order_items').select('order_id').where('diamond_id', '=', stone!.id).execute();
        expect(items).toHaveLength(1);
        const winner = answers.find((r) => r.statusCode === 201)!.json() as Order;
        const winnerRow = await db.db.selectFrom('orders').select('id').where('order_number', '=', winner.order_number).executeTakeFirstOrThrow();
        expect(Number(items[0]!.order_id)).toBe(Number(winnerRow.id));
        const ordersOfShoppers = await db.db
          .selectFrom('orders')
          .select('id')
          .where('user_id', 'in', shoppers.map((s) => s.user.id))
          .execute();
        expect(ordersOfShoppers).toHaveLength(1);
      } finally {
        await second?.close();
        await secondDb?.close();
      }
    });
  });

  it.runIf(engine === 'sqlite')('answers 503 (never 500) while another process holds the write lock, and nothing is reserved', async () => {
    const { user, token } = await signUpAndIn(app);
    const [stone] = take();
    // Another process (an import, a second instance) writing to the same file for longer than we wait.
    const other = new DatabaseSync(db.url.slice('sqlite:'.length));
    await sql`pragma busy_timeout = 30`.execute(db.db);
    try {
      other.exec('BEGIN IMMEDIATE');
      const res = await place(token, orderPayload(user.id, [stone!]));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.busy });
      expect(res.headers['retry-after']).toBe('1');
      other.exec('COMMIT');
      expect(await statusOf(stone!.id)).toBe('available');
      // Once the lock is free the same request goes through.
      expect((await place(token, orderPayload(user.id, [stone!]))).statusCode).toBe(201);
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
      await sql`pragma busy_timeout = 10000`.execute(db.db);
    }
  });

  describe('rate limit', () => {
    it('refuses the 11th order attempt of one user within an hour', async () => {
      const limited = await createTestApp(db, { RATE_LIMITS_ENABLED: 'true' }, { now: clock.now, passwordHasher: quickHasher });
      try {
        const { user, token } = await signUpAndIn(limited);
        const empty = orderPayload(user.id, [], { items_id: [] });
        for (let i = 0; i < 10; i++) expect((await place(token, empty, limited)).statusCode).toBe(422);
        const res = await place(token, empty, limited);
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe('Too many orders. Please try again in 60 minutes.');
        expect(res.headers['retry-after']).toBe('3600');
      } finally {
        await limited.close();
      }
    });
  });
});
