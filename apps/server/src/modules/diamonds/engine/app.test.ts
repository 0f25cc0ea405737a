/**
 * The in-memory search through the API: the same answers as the database's, and an order's stone gone from the next
 * search of another instance on the same database, with no message between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../../test/database.ts';
import { createTestApp } from '../../../test/app.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { createInventoryService, seedInventory } from '../../inventory/index.ts';

const SEARCHES = [
  '',
  'active_tab=2&price=500&price=4000&sort=carat_desc&page=3',
  'active_tab=1&shapes=1&shapes=4&carat=0.9&carat=1.6&color=2&color=5&sort=color_asc',
  'active_tab=3&fancy_colors=2&sort=price_desc&per_page=50',
  'table=55&table=60&depth=58&depth=63&selectedReport=1&sort=clarity_asc&page=2',
  'featured=1&sort=cut_desc',
];

describe.each(TEST_ENGINES)('the in-memory search behind the API (%s)', (engine) => {
  let db: TestDb;
  let memory: FastifyInstance;
  let other: FastifyInstance;
  let database: FastifyInstance;

  const ready = (app: FastifyInstance) =>
    waitFor(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
  const search = async (app: FastifyInstance, query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/get-all-diamonds?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; data: Array<{ diamondid: number }> };
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 3_000, seed: 9 });
    [memory, other, database] = await Promise.all([createTestApp(db), createTestApp(db), createTestApp(db, { SEARCH_ENGINE: 'database' })]);
    await Promise.all([ready(memory), ready(other)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([memory?.close(), other?.close(), database?.close()]);
    await db?.destroy();
  });

  it('answers every search as the database does, byte for byte', async () => {
    expect((await database.inject({ method: 'GET', url: '/readyz' })).json().search).toBe('database');
    for (const query of SEARCHES) {
      const [a, b] = await Promise.all([memory.inject({ method: 'GET', url: `/api/get-all-diamonds?${query}` }), database.inject({ method: 'GET', url: `/api/get-all-diamonds?${query}` })]);
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
    }
  });

  it('drops a stone an order took from the next search of every instance, and brings it back when released', async () => {
    const first = (await search(memory, 'sort=price_asc')).data[0]!.diamondid;
    const checked = `checkedDiamonds=${first}&showOnlyChecked=1`;
    expect((await search(other, checked)).total).toBe(1);
    const inventory = createInventoryService({ db: db.db });
    const unit = { kind: 'diamond' as const, diamondId: first, label: 'the cheapest stone' };
    await db.db.transaction().execute(async (trx) => {
      await inventory.reserve(trx, [unit]);
      await inventory.changed(trx);
    });
    // No wait: the search reads the change feed before it answers.
    expect((await search(memory, checked)).total).toBe(0);
    expect((await search(other, checked)).total).toBe(0);
    expect((await search(other, 'sort=price_asc')).data[0]!.diamondid).not.toBe(first);
    await db.db.transaction().execute((trx) => inventory.release(trx, [unit]));
    expect((await search(other, checked)).total).toBe(1);
    expect((await search(memory, 'sort=price_asc')).data[0]!.diamondid).toBe(first);
  });
});
