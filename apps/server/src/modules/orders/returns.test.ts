import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EXAMPLE_WIRE_TRANSFER, centsToPrice, type LineItem, type Order, type PaymentMethod } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { openOutbox } from '../mail/index.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { HttpError } from '../../errors.ts';
import { createOrderDesk, type OrderDesk } from './desk.ts';
import { createReturns, type Returns } from './returns.ts';

const ADDRESS = JSON.stringify({ street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' });
const UPS = ['1Z999AA10123456784', '1Z5R89390357567127'];
let tracking = 0;

describe.each(TEST_ENGINES)('returns and refunds on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let desk: OrderDesk;
  let returns: Returns;
  let stones: { id: number; price_cents: number; carat: number }[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 60, seed: 53 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'carat']).where('status', '=', 'available').orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      price_cents: Number(r.price_cents),
      carat: Number(r.carat),
    }));
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    const inventory = createInventoryService({ db: db.db });
    const mail = { enqueue: (trx: Parameters<typeof openOutbox>[0], messages: Parameters<ReturnType<typeof openOutbox>['enqueue']>[0]) => openOutbox(trx).enqueue(messages, new Date()), flush: () => {} };
    desk = createOrderDesk({ db, inventory, storeEmail: 'orders@everstone.test', wireTransfer: EXAMPLE_WIRE_TRANSFER, now: clock.now, mail });
    returns = createReturns({
      db,
      inventory,
      now: clock.now,
      mail,
      storeEmail: 'orders@everstone.test',
      publicUrl: 'https://everstone.test',
      wireTransfer: EXAMPLE_WIRE_TRANSFER,
      refunds: { paypal: () => Promise.reject(new Error('no PayPal in this test')) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const refusal = async (step: Promise<unknown>) => {
    const err = await step.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  };
  const userIdOf = async (email: string) => Number((await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);

  /** A stone ordered by a new account (or `as`), paid, shipped and delivered. */
  async function delivered(stone: { id: number; price_cents: number }, as?: { token: string; email: string }) {
    const account = as ?? (await signUpAndIn(app, { name: 'Grace Hopper' }));
    const lines: LineItem[] = [{ kind: 'diamond', diamond_id: stone.id, quantity: 1 }];
    const method: PaymentMethod = 'pay-credit';
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(account.token),
      payload: { user_name: 'Grace Hopper', contact_number: '212-555-0142', lines, total_price: centsToPrice(stone.price_cents), address: ADDRESS, payment_mode: method, is_gift: 0 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    await waitFor(() => smtp.to(account.email)[0], { what: 'the order confirmation' });
    const by = { by: 'grace@everstone.test' };
    await desk.recordPayment(order.order_number, by);
    await desk.ready(order.order_number, by);
    await desk.ship(order.order_number, { carrier: 'ups', trackingNumber: UPS[tracking++ % UPS.length]!, insuredCents: stone.price_cents }, by).catch(async () =>
      desk.ship(order.order_number, { carrier: 'fedex', trackingNumber: String(100_000_000_000 + tracking++) }, by),
    );
    await desk.deliver(order.order_number, by);
    return { order, account, userId: await userIdOf(account.email) };
  }

  it('authorizes a return of the shopper’s own delivered line, back on sale once inspected, refunded once with its reference', async () => {
    const stone = stones.find((s) => s.carat <= 1.99)!;
    const { order, userId } = await delivered(stone);
    const stranger = await signUpAndIn(app, { name: 'Ada Lovelace' });
    expect((await refusal(returns.request(await userIdOf(stranger.email), order.order_number, { lines: [1], reason: 'changed_mind' }))).statusCode).toBe(404);

    const authorized = await returns.request(userId, order.order_number, { lines: [1], reason: 'changed_mind', note: 'Lovely, but not for us.' });
    expect(authorized.rma).toMatch(/^RMA-[2-9A-HJ-NP-Z]{8}$/);
    expect(authorized.refundCents).toBe(stone.price_cents);
    expect(authorized.token).toHaveLength(43);
    expect((await returns.labelOf(authorized.token))?.rma).toBe(authorized.rma);
    expect(await returns.labelOf(`${authorized.token.slice(0, -1)}x`)).toBeNull();
    const again = await refusal(returns.request(userId, order.order_number, { lines: [1], reason: 'changed_mind' }));
    expect([again.statusCode, again.message]).toEqual([422, `Line 1 is already in return ${authorized.rma}.`]);

    // The window closes while the return is open: the order is not completed under it.
    expect((await refusal(returns.inspect(authorized.rma, { passed: true }, { by: 'staff' }))).message).toBe(`Return ${authorized.rma} cannot be inspected: it is return authorized.`);
    await returns.receive(authorized.rma, { by: 'staff@everstone.test' });
    await returns.inspect(authorized.rma, { passed: true, note: 'Certificate and inscription match.' }, { by: 'staff@everstone.test' });
    expect(await statusOf(stone.id)).toBe('available');
    const noReference = await refusal(returns.refund(authorized.rma, {}, { by: 'staff' }));
    expect(noReference.statusCode).toBe(422);

    // Two staff refund at once: one refund, never more than was paid.
    const both = await Promise.allSettled([returns.refund(authorized.rma, { reference: 'TERM-4471' }, { by: 'a' }), returns.refund(authorized.rma, { reference: 'TERM-4472' }, { by: 'b' })]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refunds = await db.db.selectFrom('order_refunds').selectAll().execute();
    expect(refunds.filter((r) => r.reason === `Return ${authorized.rma}`)).toHaveLength(1);
    const row = await db.db.selectFrom('orders').select(['refunded_cents', 'open_returns']).where('order_number', '=', order.order_number).executeTakeFirstOrThrow();
    expect([Number(row.refunded_cents), Number(row.open_returns)]).toEqual([stone.price_cents, 0]);
  });

  it('keeps to one return every six months per account, and a cancelled return frees its line', async () => {
    const [a, b] = stones.filter((s) => s.carat <= 1.99).slice(1, 3);
    const first = await delivered(a!);
    const second = await delivered(b!, first.account);
    const rma = (await returns.request(first.userId, first.order.order_number, { lines: [1], reason: 'size' })).rma;
    const stopped = await refusal(returns.request(first.userId, second.order.order_number, { lines: [1], reason: 'size' }));
    expect(stopped.message).toMatch(/^One return every six months: your next is possible from /);
    await returns.cancel(rma, { by: 'shopper' }, { userId: first.userId, orderNumber: first.order.order_number });
    expect((await returns.request(first.userId, second.order.order_number, { lines: [1], reason: 'size' })).rma).toMatch(/^RMA-/);
  });

  it('passes a returned stone above 1.99 carats only with its GIA re-check', async () => {
    const big = stones.find((s) => s.carat > 1.99);
    if (!big) throw new Error('the test inventory has no stone above 1.99 ct');
    const { order, userId } = await delivered(big);
    const { rma } = await returns.request(userId, order.order_number, { lines: [1], reason: 'quality' });
    await returns.receive(rma, { by: 'staff' });
    const refused = await refusal(returns.inspect(rma, { passed: true }, { by: 'staff' }));
    expect([refused.statusCode, refused.message]).toEqual([422, 'A returned diamond above 1.99 carats passes only with its GIA re-check: give the re-check’s report reference.']);
    expect(await statusOf(big.id)).toBe('sold');
    await returns.inspect(rma, { passed: true, giaRecheck: 'GIA 2245891123' }, { by: 'staff' });
    expect(await statusOf(big.id)).toBe('available');
  });
});
