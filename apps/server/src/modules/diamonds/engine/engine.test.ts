/**
 * The in-memory search against the SQL search on the same random inventory: for random searches, the same stones in
 * the same order and the same total. Then the inventory changes (reservations, releases, sales, new stones, a price
 * change) and the comparison runs again on what the engine learned from the change feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDiamondSearch, SHAPES, SORTS } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../../test/database.ts';
import { createInventoryService, latestStoneChange, seedInventory, stoneChangesSince } from '../../inventory/index.ts';
import { fitConditions, toConditions, toOrder, type Condition, type FitWindow } from '../filter.ts';
import { AVAILABLE_PAGE_SQL, createDiamondRepository } from '../repository.ts';
import { createSearchEngine, type SearchEngine } from './client.ts';
import { runSearch } from './search.ts';
import { StoneStore, type StoneRow } from './stones.ts';

const COUNT = 6_000;
const silent = { info() {}, error() {} };

/** A search a shopper could make, as query parameters: any mix of the eleven ranges, shapes, tabs and the rest. */
function searchQuery(certificates: readonly string[], ids: readonly number[]) {
  // Uniform, not biased towards the edges as fast-check's numbers are: slider handles land anywhere.
  const unit01 = fc.noBias(fc.integer({ min: 0, max: 10_000 })).map((n) => n / 10_000);
  // Slider handles: the low one usually in the lower part of the scale, the high one anywhere above it.
  const range = (min: number, max: number, digits: number) =>
    fc.tuple(unit01, unit01).map(([a, b]) => {
      const lo = min + (max - min) * a * a * 0.7;
      const hi = lo + (max - lo) * Math.sqrt(b);
      return [lo.toFixed(digits), Math.max(hi, lo + 10 ** -digits).toFixed(digits)];
    });
  const scale = (top: number) =>
    fc.tuple(fc.noBias(fc.integer({ min: 1, max: top - 1 })), unit01).map(([lo, b]) => [String(lo), String(lo + 1 + Math.floor(b * (top - lo)))]);
  // Each filter is left out most of the time, as shoppers set a few at once.
  const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: arb, weight });
  return fc
    .record(
      {
        active_tab: fc.constantFrom('1', '2', '3', ''),
        shapes: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: SHAPES.length }), { maxLength: 3 }).map((s) => s.map(String)), 4),
        price: sometimes(range(0, 10_000, 0), 4),
        carat: sometimes(range(0, 6, 2), 4),
        ratio: sometimes(range(0.9, 2.75, 3)),
        table: sometimes(range(40, 90, 0)),
        depth: sometimes(range(40, 90, 0)),
        cut: sometimes(scale(6)),
        color: sometimes(scale(6)),
        clarity: sometimes(scale(7)),
        polish: sometimes(scale(7)),
        symmetry: sometimes(scale(7)),
        fluorescence: sometimes(scale(6)),
        fancy_colors: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }).map((s) => s.map(String))),
        featured: sometimes(fc.constant('1')),
        selectedReport: sometimes(fc.constantFrom('1', '2')),
        certificate: sometimes(fc.tuple(fc.constantFrom(...certificates), fc.integer({ min: 1, max: 9 }), fc.boolean()).map(([c, n, lower]) => (lower ? c.slice(0, n).toLowerCase() : c.slice(0, n)))),
        checkedDiamonds: sometimes(fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 6 }).map((s) => s.map(String))),
      },
    )
    .chain((params) =>
      fc.record({
        params: fc.constant(params),
        sort: fc.constantFrom(...SORTS),
        page: fc.integer({ min: 1, max: 12 }),
        per_page: fc.constantFrom('20', '7', '100'),
        showOnlyChecked: params.checkedDiamonds ? fc.constantFrom('1', '0') : fc.constant('0'),
      }),
    )
    .map(({ params, sort, page, per_page, showOnlyChecked }) => {
      const query: Record<string, string | string[]> = { sort, page: String(page), per_page, showOnlyChecked };
      for (const [key, value] of Object.entries(params)) if (value !== '' && value !== undefined) query[key] = value as string | string[];
      return query;
    });
}

/** A setting's heads: a shape or two with a width window and sometimes the Luxe minimum. */
const fitArbitrary = fc.uniqueArray(
  fc.record({
    shapeId: fc.integer({ min: 1, max: SHAPES.length }),
    minWidthMm: fc.double({ min: 3, max: 9, noNaN: true }).map((x) => Math.round(x * 10) / 10),
    span: fc.double({ min: 0.2, max: 3, noNaN: true }).map((x) => Math.round(x * 10) / 10),
    minCarat: fc.constantFrom(0, 0, 1, 3),
  }),
  { minLength: 1, maxLength: 3, selector: (w) => `${w.shapeId}:${w.minWidthMm}` },
).map((ws) => ws.map((w): FitWindow => ({ shapeId: w.shapeId, minWidthMm: w.minWidthMm, maxWidthMm: w.minWidthMm + w.span, minCarat: w.minCarat })));

describe.each(TEST_ENGINES)('the in-memory search against SQL (%s)', (engine) => {
  let db: TestDb;
  let searchEngine: SearchEngine;
  let repo: ReturnType<typeof createDiamondRepository>;
  let certificates: string[];
  let ids: number[];
  let version = 0;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: COUNT, seed: 11 });
    repo = createDiamondRepository(db.db, engine);
    const sample = await db.db.selectFrom('diamonds').select(['id', 'certificate_number']).orderBy('id').execute();
    certificates = sample.filter((_, k) => k % 97 === 0).map((r) => r.certificate_number);
    ids = sample.filter((_, k) => k % 13 === 0).map((r) => Number(r.id));
    searchEngine = createSearchEngine({
      engine,
      refreshMs: 60_000,
      log: silent,
      source: {
        // As the app does: on SQLite the search's thread reads the file itself; on PostgreSQL the rows come in pages.
        ...(engine === 'sqlite' ? { sqlite: { file: db.url.slice('sqlite:'.length), sql: AVAILABLE_PAGE_SQL } } : {}),
        availableAfter: (afterId, limit) => repo.availableAfter(afterId, limit),
        byIds: (list) => repo.findByIds(list),
        countAvailable: () => repo.countAvailable(),
        latestChange: () => latestStoneChange(db.db),
        changesSince: (after, limit) => stoneChangesSince(db.db, after, limit),
      },
    });
    await searchEngine.started;
  }, 120_000);

  afterAll(async () => {
    await searchEngine?.close();
    await db?.destroy();
  });

  async function compare(conditions: Condition[], sort: (typeof SORTS)[number], page: number, perPage: number) {
    const order = toOrder(sort);
    const total = await repo.count(conditions, `v${++version}`);
    const offset = (page - 1) * perPage;
    const expected = offset < total ? (await repo.findPage(conditions, order, perPage, offset, total)).map((r) => Number(r.id)) : [];
    const got = await searchEngine.search({ conditions, order, offset, limit: perPage });
    expect({ total: got.total, ids: got.rows.map((r) => Number(r.id)) }).toEqual({ total, ids: expected });
    return total;
  }

  async function compareRandom(runs: number) {
    let compared = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(searchQuery(certificates, ids), fc.oneof({ arbitrary: fc.constant(null), weight: 7 }, { arbitrary: fitArbitrary, weight: 1 }), async (query, fit) => {
        const parsed = parseDiamondSearch(query);
        if (!parsed.ok) return;
        const conditions = toConditions(parsed.value);
        if (fit) conditions.push(...fitConditions(fit));
        const t = await compare(conditions, parsed.value.sort, parsed.value.page, parsed.value.perPage);
        found += t > 0 ? 1 : 0;
        compared++;
      }),
      { numRuns: runs },
    );
    // Most random searches parse, and enough of them find stones for the comparison to mean something.
    expect(compared).toBeGreaterThan(runs * 0.8);
    expect(found).toBeGreaterThan(runs * 0.25);
  }

  it('loads every stone on sale', async () => {
    expect(searchEngine.state).toBe('ready');
    await compare(toConditions(parse({})), 'price_asc', 1, 20);
  });

  it('finds the same stones in the same order, with the same total, for random searches', async () => {
    await compareRandom(300);
  }, 120_000);

  it('follows reservations, releases, sales, new stones and price changes through the change feed', async () => {
    const inventory = createInventoryService({ db: db.db });
    const [first, second, third, fourth] = ids;
    await db.db.transaction().execute(async (trx) => {
      await inventory.reserve(trx, [unit(first!), unit(second!), unit(third!)]);
      await inventory.changed(trx);
    });
    await db.db.transaction().execute(async (trx) => {
      await inventory.release(trx, [unit(second!)]);
      await inventory.sell(trx, [unit(third!)]);
    });
    await db.db.transaction().execute(async (trx) => {
      await trx.updateTable('diamonds').set({ price_cents: 123_456, is_superdeal: 1 }).where('id', '=', fourth!).execute();
      await inventory.changed(trx);
    });
    // New stones, as an import adds them: a second seed's stones under new certificate numbers.
    const fresh = await db.db.selectFrom('diamonds').selectAll().where('id', '<=', 400).execute();
    await db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('diamonds')
        .values(fresh.map(({ id: _id, ...rest }) => ({ ...rest, certificate_number: `N${rest.certificate_number}`, price_cents: rest.price_cents + 1 })))
        .execute();
      await inventory.changed(trx);
    });

    await searchEngine.refresh();
    const reserved = await searchEngine.search({ conditions: toConditions(parse({ checkedDiamonds: [first, second, third, fourth].map(String), showOnlyChecked: '1' })), order: toOrder('price_asc'), offset: 0, limit: 20 });
    expect(reserved.rows.map((r) => [Number(r.id), Number(r.price_cents)])).toEqual([
      [second!, expect.any(Number)],
      [fourth!, 123_456],
    ].sort((a, b) => (a[1] as number) - (b[1] as number)));
    expect(reserved.total).toBe(2);
    await compareRandom(150);
  }, 120_000);

  it('rereads everything after a new seed', async () => {
    await seedInventory(db, { count: 2_000, seed: 12, replace: true });
    await searchEngine.refresh();
    expect(searchEngine.state).toBe('ready');
    await compare(toConditions(parse({})), 'price_asc', 1, 20);
    const all = await searchEngine.search({ conditions: toConditions(parse({})), order: toOrder('carat_desc'), offset: 0, limit: 1 });
    expect(all.total).toBe(2_000);
  }, 120_000);
});

const unit = (diamondId: number) => ({ kind: 'diamond' as const, diamondId, label: `stone ${diamondId}` });

function parse(query: Record<string, string | string[]>) {
  const parsed = parseDiamondSearch(query);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describe('the stones in memory, changed many times', () => {
  it('stays equal to a store loaded afresh with the same stones, through tails merged and clustered again', async () => {
    const { generateDiamonds } = await import('../../inventory/index.ts');
    let id = 0;
    const all = [...generateDiamonds({ count: 3_000, seed: 5 })].map((d) => ({ ...d, id: ++id }) as StoneRow);
    const live = new Map(all.slice(0, 2_000).map((row) => [row.id, row]));
    const store = new StoneStore({ nullsFirst: true, minTail: 150 });
    store.load([...live.values()]);
    const { toChunk } = await import('./stones.ts');
    let next = 2_000;
    for (let round = 0; round < 12; round++) {
      const gone = [...live.keys()].filter((_, k) => k % (7 + round) === 0);
      for (const g of gone) live.delete(g);
      const added = all.slice(next, next + 80);
      next += 80;
      const repriced = [...live.values()].filter((_, k) => k % 31 === round).map((row) => ({ ...row, price_cents: row.price_cents + 100 }));
      for (const row of [...added, ...repriced]) live.set(row.id, row);
      store.apply(toChunk([...added, ...repriced]), gone);
      const fresh = new StoneStore({ nullsFirst: true });
      fresh.load([...live.values()]);
      for (const sort of SORTS) {
        const queries: Array<Record<string, string | string[]>> = [{}, { active_tab: '2', price: ['1000', '6000'] }, { shapes: ['1', '4'], carat: ['0.5', '1.5'], color: ['2', '5'] }, { table: ['55', '62'], depth: ['58', '66'] }];
        for (const query of queries) {
          const search = { conditions: toConditions(parse(query)), order: toOrder(sort), offset: 3, limit: 40 };
          const a = runSearch(store, search);
          const b = runSearch(fresh, search);
          expect({ total: a.total, ids: a.rows.map((r) => r.id) }).toEqual({ total: b.total, ids: b.rows.map((r) => r.id) });
        }
      }
    }
    expect(store.live).toBe(live.size);
  });
});
