import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HOLD_MESSAGES } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { insertStone, type TestStone } from '../../test/stones.ts';
import { waitFor } from '../../test/wait-for.ts';
import { clientScopesOf } from '../../plugins/rate-limit.ts';
import { createHoldRepository } from './hold-repository.ts';
import { inventoryTables } from './tables.ts';
import { createHoldService, type HoldService } from './holds.ts';
import { createInventoryService, StockUnavailableError, type InventoryService, type StockUnit } from './service.ts';

const unit = (stone: TestStone): StockUnit => ({ kind: 'diamond', diamondId: stone.id, label: stone.certificate_number });

/**
 * Holds and reservations meet in the inventory: an order never takes a stone another account holds, and takes over
 * its orderer's own hold. On PostgreSQL the two race for real; the gate below makes the race happen every time.
 */
describe.each(TEST_ENGINES)('holds and reservations on %s', (engine) => {
  let db: TestDb;
  let clock: TestClock;
  let holds: HoldService;
  let inventory: InventoryService;
  let users: number[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    clock = createTestClock(new Date('2031-06-01T12:00:00Z'));
    holds = createHoldService({ db, now: clock.now, minutes: 15 });
    inventory = createInventoryService({ db: db.db, now: clock.now });
    const at = clock.now().toISOString();
    users = [];
    for (const name of ['holder', 'buyer']) {
      const row = await db.db
        .insertInto('users')
        .values({ email: `${name}-${engine}@shopper.test`, name, title: 'Ms', birth_date: null, anniversary_date: null, password_hash: 'x', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(Number(row.id));
    }
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const stone = () => insertStone(db.db, { shape: 'Round', carat: 1, lengthMm: 6.4, widthMm: 6.38 });
  const statusOf = async (s: TestStone) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', s.id).executeTakeFirstOrThrow()).status;
  const reserve = (units: StockUnit[], holder: number | null) => db.db.transaction().execute((trx) => inventory.reserve(trx, units, holder));

  it('takes no stone another account holds, any stone whose hold ran out, and the orderer’s own held stone', async () => {
    const [holder, buyer] = users as [number, number];
    const [held, free] = [await stone(), await stone()];
    await holds.hold(holder, held.id, clientScopesOf('192.0.2.1'));
    const refused = await reserve([unit(free), unit(held)], buyer).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(StockUnavailableError);
    expect((refused as StockUnavailableError).units.map((u) => u.label)).toEqual([held.certificate_number]);
    // Nothing was taken: the transaction rolled back the free stone too.
    expect(await statusOf(free)).toBe('available');
    // With no orderer named, every running hold stands.
    await expect(reserve([unit(held)], null)).rejects.toBeInstanceOf(StockUnavailableError);
    expect(await inventory.unavailable([unit(held), unit(free)], buyer)).toEqual([unit(held)]);
    expect(await inventory.unavailable([unit(held), unit(free)], holder)).toEqual([]);
    expect(await inventory.unavailable([unit(held), unit(free)])).toEqual([]);

    await reserve([unit(held)], holder);
    expect(await statusOf(held)).toBe('reserved');
    expect(await holds.holdOf(held.id, null)).toBeNull();

    const lapsed = await stone();
    await holds.hold(holder, lapsed.id, clientScopesOf('192.0.2.1'));
    clock.advance(15 * 60_000);
    await reserve([unit(lapsed)], buyer);
    expect(await statusOf(lapsed)).toBe('reserved');
  });

  it.runIf(engine === 'postgres')('keeps the stone when a hold commits while the order waits for its row', async () => {
    const [holder, buyer] = users as [number, number];
    const s = await stone();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let written!: () => void;
    const holdWritten = new Promise<void>((resolve) => (written = resolve));
    // A hold that has locked the stone's row and written itself, and waits to commit.
    const holding = db.db.transaction().execute(async (trx) => {
      const repo = createHoldRepository(inventoryTables(trx));
      expect(await repo.lockAvailableStone(s.id)).toBe(true);
      const at = clock.now().toISOString();
      expect(await repo.upsert({ diamondId: s.id, userId: holder, clientKey: 'k', client56: null, client48: null, expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(), createdAt: at }, at)).toBe(true);
      written();
      await gate;
    });
    // The order starts once the hold holds the row: started together, either could reach the row first.
    await holdWritten;
    const ordering = reserve([unit(s)], buyer).catch((err: unknown) => err);
    // The order's UPDATE is waiting on the hold's row lock…
    await waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "diamonds"%'`.execute(db.db);
        return rows[0]!.n > 0 ? true : undefined;
      },
      { what: 'the order to wait for the stone' },
    );
    // …when the hold commits: the order must see it, though its UPDATE began before.
    open();
    await holding;
    expect(await ordering).toBeInstanceOf(StockUnavailableError);
    expect(await statusOf(s)).toBe('available');
    expect((await holds.holdOf(s.id, holder))?.mine).toBe(true);
  });

  it.runIf(engine === 'postgres')('refuses a hold that waited for an order which then took the stone', async () => {
    const [holder, buyer] = users as [number, number];
    const s = await stone();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let taken!: () => void;
    const orderTook = new Promise<void>((resolve) => (taken = resolve));
    const ordering = db.db.transaction().execute(async (trx) => {
      await inventory.reserve(trx, [unit(s)], buyer);
      taken();
      await gate;
    });
    // The hold starts once the order holds the row: started together, either could reach the row first.
    await orderTook;
    const holding = holds.hold(holder, s.id, clientScopesOf('192.0.2.9')).catch((err: unknown) => err);
    await waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "diamonds"%'`.execute(db.db);
        return rows[0]!.n > 0 ? true : undefined;
      },
      { what: 'the hold to wait for the stone' },
    );
    open();
    await ordering;
    const refused = await holding;
    expect((refused as Error).message).toBe(HOLD_MESSAGES.notAvailable);
    expect(await statusOf(s)).toBe('reserved');
  });
});
