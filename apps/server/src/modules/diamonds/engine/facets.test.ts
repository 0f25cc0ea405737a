/**
 * GET /api/diamond-facets against the search itself: every count is the total the search would give with that
 * choice alone (the other filters as they are), the counts of a filter add up to the search without it, and each
 * bar behind a slider counts what the database counts in its range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FANCY_COLORS, HISTOGRAM_BINS, SCALES, histogramEdge, parseDiamondSearch, type DiamondFacetsResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../../test/database.ts';
import { createTestApp } from '../../../test/app.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { seedInventory } from '../../inventory/index.ts';
import { toConditions } from '../filter.ts';
import { createDiamondRepository } from '../repository.ts';

const SEARCHES = [
  'active_tab=2',
  'active_tab=1&shapes=1&shapes=4&price=800&price=6000&color=2&color=5&clarity=2&clarity=6',
  'active_tab=3&fancy_colors=2&fancy_colors=7&carat=0.5&carat=3&selectedReport=1',
  'carat=0.9&carat=1.5&cut=1&cut=3&table=54&table=62&featured=1',
];

describe.each(TEST_ENGINES)('the search counts (%s)', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let version = 0;

  const total = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/get-all-diamonds?${query}&per_page=1` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { total: number }).total;
  };
  const facets = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/diamond-facets?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as DiamondFacetsResponse;
  };
  /** The query without one parameter's values. */
  const without = (query: string, name: string) => query.split('&').filter((p) => p && !p.startsWith(`${name}=`)).join('&');

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 4_000, seed: 21 });
    app = await createTestApp(db);
    await waitFor(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it.each(SEARCHES)('counts each choice as the search would find it: %s', async (query) => {
    const f = await facets(query);
    expect(f.total).toBe(await total(query));

    const rest = without(query, 'shapes');
    for (const { id, count } of f.shapes) expect(count, `shape ${id}`).toBe(await total(`${rest}&shapes=${id}`));
    expect(f.shapes.reduce((a, s) => a + s.count, 0)).toBe(await total(rest));

    for (const [name, grades] of Object.entries(SCALES)) {
      const counts = f.grades[name as keyof typeof f.grades];
      expect(counts).toHaveLength(grades.length);
      const others = without(query, name);
      for (let g = 1; g <= grades.length; g++) {
        // Color diamonds carry no D–H grade: the color filter does not apply to them.
        if (name === 'color' && query.includes('active_tab=3')) expect(counts[g - 1]).toBe(0);
        else expect(counts[g - 1], `${name} ${grades[g - 1]}`).toBe(await total(`${others}&${name}=${g}&${name}=${g + 1}`));
      }
    }

    const anyReport = without(query, 'selectedReport');
    expect(f.reports).toEqual({ gia: await total(`${anyReport}&selectedReport=1`), igi: await total(`${anyReport}&selectedReport=2`) });

    expect(f.fancy_colors).toHaveLength(FANCY_COLORS.length);
    const anyFancy = without(query, 'fancy_colors');
    for (let k = 1; k <= FANCY_COLORS.length; k++) expect(f.fancy_colors[k - 1]).toBe(await total(`${anyFancy}&fancy_colors=${k}`));
  });

  it.each(SEARCHES)('puts every stone of the search without its own price or carat range under one bar: %s', async (query) => {
    const f = await facets(query);
    const repo = createDiamondRepository(db.db, engine);
    for (const [name, column, unit] of [['price', 'price_cents', 100], ['carat', 'carat', 1]] as const) {
      const bars = f.histograms[name];
      expect(bars.counts).toHaveLength(HISTOGRAM_BINS);
      expect([bars.min, bars.max]).toEqual([histogramEdge(name, 0), histogramEdge(name, HISTOGRAM_BINS)]);
      const rest = without(query, name);
      expect(bars.counts.reduce((a, b) => a + b, 0)).toBe(await total(rest));
      const params = new URLSearchParams(rest);
      const parsed = parseDiamondSearch(Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)])));
      if (!parsed.ok) throw new Error(`bad query: ${JSON.stringify(parsed.errors)}`);
      const base = toConditions(parsed.value);
      // A few bars, the last one open-ended, counted by the database.
      for (const k of [0, 3, 7, HISTOGRAM_BINS - 1]) {
        const low = histogramEdge(name, k) * unit;
        const high = histogramEdge(name, k + 1) * unit;
        const conditions = [...base, ...(k > 0 ? [{ column, op: '>=' as const, value: low }] : []), ...(k < HISTOGRAM_BINS - 1 ? [{ column, op: '<' as const, value: high }] : [])];
        expect(bars.counts[k], `${name} bar ${k}`).toBe(await repo.count(conditions, `facets-${++version}`));
      }
    }
  });

  it('says 400 with what is wrong, and 503 when the counts cannot be taken', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/diamond-facets?price=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/price/);
    const sql = await createTestApp(db, { SEARCH_ENGINE: 'database' });
    try {
      const res = await sql.inject({ method: 'GET', url: '/api/diamond-facets?active_tab=2' });
      expect(res.statusCode).toBe(503);
      // Off, not loading: asking again would not help, so no Retry-After.
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.json().message).toBe('The counts are not available on this store at the moment.');
    } finally {
      await sql.close();
    }
  });
});
