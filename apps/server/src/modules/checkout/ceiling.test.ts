import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { UNPAID_CEILING, centsToPrice, ceilingReachedMessage, type LineItem } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { bearer, markEmailVerified, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { insertStone, type TestStone } from '../../test/stones.ts';
import { waitFor } from '../../test/wait-for.ts';

const ADDRESS = JSON.stringify({ apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });
/** Units unpaid orders of untrusted accounts may hold here: unverified ones half of it. */
const CEILING = 6;
const UNVERIFIED_LIMIT = Math.floor(CEILING * UNPAID_CEILING.unverifiedShare);

/**
 * The store-wide ceiling on what unpaid orders of accounts without a verified email and a paid order hold
 * (docs/decisions/011-unpaid-holds.md): past it such an order is refused with the ways through, a trusted account's
 * order is placed as before, and two orders racing at the ceiling cannot both pass, on either engine.
 */
describe.each(TEST_ENGINES)('the ceiling on unpaid holds of new accounts on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    clock = createTestClock(new Date('2031-05-05T15:00:00Z'));
    app = await createTestApp(db, { SMTP_URL: smtp.url, UNPAID_HOLD_CEILING: String(CEILING) }, { now: clock.now, passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const stones = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => insertStone(db.db, { shape: 'Round', carat: 1 + i / 100, lengthMm: 6.4, widthMm: 6.4 })));
  const payload = (picked: TestStone[], payment_mode = 'cod') => {
    const lines: LineItem[] = picked.map((s) => ({ kind: 'diamond', diamond_id: s.id, quantity: 1 }));
    const total = picked.reduce((sum, s) => sum + s.price_cents - (payment_mode === 'pay-wire' ? 500 : 0), 0);
    return { user_name: 'Ann Lee', contact_number: '212-555-0100', lines, total_price: centsToPrice(total), address: ADDRESS, payment_mode, is_gift: 0 };
  };
  const order = (token: string, picked: TestStone[]) => app.inject({ method: 'POST', url: '/api/store-order', headers: bearer(token), payload: payload(picked) });
  const statusOf = async (s: TestStone) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', s.id).executeTakeFirstOrThrow()).status;
  /** What unpaid orders of untrusted accounts hold now, as the ceiling counts it. */
  const untrustedHeld = async () => {
    const rows = await db.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.quantity')
      .where('orders.untrusted', '=', 1)
      .where('orders.order_status', '=', 'pending')
      .where('orders.payment_status', '=', 'pending')
      .where('orders.hold_expires_at', '>', clock.now().toISOString())
      .where('order_items.released_at', 'is', null)
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.quantity), 0);
  };
  /** Ends every open unpaid hold of this suite's earlier tests, so each test starts below the ceiling. */
  const endOpenHolds = () => clock.advance(8 * 24 * 3_600_000);

  /** Pays for an order with PayPal (the simulator's page approves, the return captures): placed paid at once. */
  async function payWithPayPal(shopper: { token: string; user: { id: number } }, picked: TestStone[]) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      headers: bearer(shopper.token),
      payload: { amount: centsToPrice(picked.reduce((sum, s) => sum + s.price_cents, 0)), currency: 'USD', user_id: shopper.user.id, items_id: picked.map((s) => s.id), user_name: 'Ann Lee', contact_number: '212-555-0100', address: ADDRESS },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    const approved = await app.inject({ method: 'POST', url: `/wallet-simulator/${orderID}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });
    expect(approved.statusCode).toBe(303);
    const captured = await app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(shopper.token), payload: { orderID } });
    expect(captured.statusCode, captured.body).toBe(201);
    return captured.json() as { payment_status: string };
  }

  it('refuses an untrusted account’s unpaid order past the ceiling, naming PayPal and verifying, and still places a trusted account’s', async () => {
    endOpenHolds();
    // A trusted shopper: a verified address and an order paid (PayPal, paid at once).
    const trusted = await signUpAndIn(app);
    await markEmailVerified(db.db, trusted.user.id);
    expect((await payWithPayPal(trusted, await stones(1))).payment_status).toBe('paid');

    // Unverified accounts fill their share of the ceiling…
    const filling = await stones(UNVERIFIED_LIMIT);
    for (const s of filling) {
      const shopper = await signUpAndIn(app);
      expect((await order(shopper.token, [s])).statusCode).toBe(201);
    }
    expect(await untrustedHeld()).toBe(UNVERIFIED_LIMIT);

    // …and the next unverified account's unpaid order is refused, saying both ways through; nothing is reserved.
    const late = await signUpAndIn(app);
    const [wanted] = await stones(1);
    const refused = await order(late.token, [wanted!]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ceilingReachedMessage(true), errors: { payment_mode: [ceilingReachedMessage(true)] } });
    expect(refused.json().message).toMatch(/PayPal.*verify your email address/);
    expect(await statusOf(wanted!)).toBe('available');
    expect(await untrustedHeld()).toBe(UNVERIFIED_LIMIT);

    // The trusted shopper's unpaid order is placed as before, and is not counted.
    const trustedOrder = await order(trusted.token, await stones(2));
    expect(trustedOrder.statusCode, trustedOrder.body).toBe(201);
    expect(await untrustedHeld()).toBe(UNVERIFIED_LIMIT);

    // Verifying the address is one way through: the account may use the rest of the ceiling.
    await markEmailVerified(db.db, late.user.id);
    expect((await order(late.token, [wanted!])).statusCode).toBe(201);
    const verified = await signUpAndIn(app);
    await markEmailVerified(db.db, verified.user.id);
    const upToCeiling = await stones(CEILING - UNVERIFIED_LIMIT - 1);
    expect((await order(verified.token, upToCeiling)).statusCode).toBe(201);
    expect(await untrustedHeld()).toBe(CEILING);

    // At the ceiling itself verifying no longer helps: the message names PayPal only.
    const unverified = await signUpAndIn(app);
    const full = await order(unverified.token, await stones(1));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(ceilingReachedMessage(false));
    const another = await signUpAndIn(app);
    await markEmailVerified(db.db, another.user.id);
    expect((await order(another.token, await stones(1))).json().message).toBe(ceilingReachedMessage(false));

    // PayPal is the other way through: paid at once, it holds nothing unpaid.
    expect((await payWithPayPal(unverified, await stones(1))).payment_status).toBe('paid');
    // Paid once but unverified, the account is still untrusted; verifying then makes it trusted, ceiling or not.
    expect((await order(unverified.token, await stones(1))).json().message).toBe(ceilingReachedMessage(true));
    await markEmailVerified(db.db, unverified.user.id);
    expect((await order(unverified.token, await stones(1))).statusCode).toBe(201);
    expect(await untrustedHeld()).toBe(CEILING);

    // Holds end by the clock: once they have, there is room again.
    clock.advance(3 * 24 * 3_600_000 + 60_000);
    const next = await signUpAndIn(app);
    expect((await order(next.token, await stones(1))).statusCode).toBe(201);
  });

  it('lets only one of two orders racing for the last room under the ceiling through', async () => {
    endOpenHolds();
    // Verified accounts without a paid order fill the ceiling but one unit (4 at most each, the cap per account).
    for (let left = CEILING - 1; left > 0; left -= Math.min(left, 4)) {
      const filler = await signUpAndIn(app);
      await markEmailVerified(db.db, filler.user.id);
      expect((await order(filler.token, await stones(Math.min(left, 4)))).statusCode).toBe(201);
    }
    expect(await untrustedHeld()).toBe(CEILING - 1);
    const [a, b] = [await signUpAndIn(app), await signUpAndIn(app)];
    for (const s of [a, b]) await markEmailVerified(db.db, s.user.id);
    const [stoneA, stoneB] = await stones(2);

    let results: number[];
    if (engine === 'postgres') {
      // Make the race happen every time: hold the row every order writes last (the inventory version) until both
      // orders are waiting. Each has counted by then unless the ceiling's lock keeps the second from counting at all.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const blocking = db.db.transaction().execute(async (trx) => {
        await sql`insert into store_meta (key, value) values ('inventory_version', 'gate') on conflict (key) do update set value = excluded.value`.execute(trx);
        await gate;
      });
      const racing = Promise.all([order(a.token, [stoneA!]), order(b.token, [stoneB!])]);
      await waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and (query ilike 'insert into "store_meta"%' or query ilike 'select pg_advisory_xact_lock%')`.execute(db.db);
          return rows[0]!.n >= 2 ? true : undefined;
        },
        { what: 'both orders to wait' },
      );
      open();
      await blocking;
      results = (await racing).map((r) => r.statusCode);
    } else {
      results = (await Promise.all([order(a.token, [stoneA!]), order(b.token, [stoneB!])])).map((r) => r.statusCode);
    }
    expect(results.sort()).toEqual([201, 409]);
    expect(await untrustedHeld()).toBe(CEILING);
    expect([await statusOf(stoneA!), await statusOf(stoneB!)].sort()).toEqual(['available', 'reserved']);
  });
});
