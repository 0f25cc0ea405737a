/**
 * The price bands, the similar stones and the value chart against the same figures worked out by hand from every
 * stone on sale in the database: the same similar stones, the same medians, the same best values; and a change to a
 * similar stone's price seen by the next answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIMILAR_LIST_MAX, type DiamondListResponse, type PriceBand, type SimilarDiamondsResponse, type ValueChartResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../../test/database.ts';
import { createTestApp } from '../../../test/app.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { createInventoryService, seedInventory } from '../../inventory/index.ts';
import { CARAT_BANDS, MIN_SIMILAR } from './value.ts';

interface Stone {
  id: number;
  type: number;
  shape_id: number;
  carat: number;
  color_id: number | null;
  fancy_color_id: number | null;
  clarity_id: number | null;
  cut_id: number | null;
  price_cents: number;
}

const bandOf = (carat: number) => CARAT_BANDS.findLastIndex((edge) => carat >= edge);

/** The stones like `s` among `all`, by the definition: same type, shape, carat band, color (fancy color), clarity, cut. */
function similarTo(all: readonly Stone[], s: Stone): Stone[] | null {
  const color = (x: Stone) => (x.type === 3 ? x.fancy_color_id : x.color_id);
  if (color(s) === null || s.clarity_id === null || s.cut_id === null) return null;
  return all
    .filter((x) => x.type === s.type && x.shape_id === s.shape_id && bandOf(x.carat) === bandOf(s.carat) && color(x) === color(s) && x.clarity_id === s.clarity_id && x.cut_id === s.cut_id)
    .sort((a, b) => a.price_cents - b.price_cents || a.id - b.id);
}

function medianCents(set: readonly Stone[]): number | null {
  if (set.length < MIN_SIMILAR) return null;
  const mid = set.length >> 1;
  return set.length % 2 === 1 ? set[mid]!.price_cents : Math.round((set[mid - 1]!.price_cents + set[mid]!.price_cents) / 2);
}

describe.each(TEST_ENGINES)('price bands and the value chart (%s)', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;

  const onSale = async (): Promise<Stone[]> =>
    (
      await db.db
        .selectFrom('diamonds')
        .select(['id', 'type', 'shape_id', 'carat', 'color_id', 'fancy_color_id', 'clarity_id', 'cut_id', 'price_cents'])
        .where('status', '=', 'available')
        .execute()
    ).map((r) => ({
      id: Number(r.id),
      type: Number(r.type),
      shape_id: Number(r.shape_id),
      carat: Number(r.carat),
      color_id: r.color_id === null ? null : Number(r.color_id),
      fancy_color_id: r.fancy_color_id === null ? null : Number(r.fancy_color_id),
      clarity_id: r.clarity_id === null ? null : Number(r.clarity_id),
      cut_id: r.cut_id === null ? null : Number(r.cut_id),
      price_cents: Number(r.price_cents),
    }));

  const get = async <T>(url: string, status = 200): Promise<T> => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status);
    return res.json() as T;
  };

  const expectedBand = (all: readonly Stone[], s: Stone): PriceBand => {
    const set = similarTo(all, s) ?? [];
    const median = medianCents(set);
    const band = bandOf(s.carat);
    return {
      diamondid: s.id,
      similar: set.length,
      median: median === null ? null : median / 100,
      difference_pct: median === null ? null : Math.round(((s.price_cents - median) / median) * 100) || 0,
      cheaper: set.filter((x) => x.price_cents < s.price_cents).length,
      dearer: set.filter((x) => x.price_cents > s.price_cents).length,
      carat_from: CARAT_BANDS[band]!,
      carat_to: CARAT_BANDS[band + 1] ?? null,
    };
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 5_000, seed: 31 });
    app = await createTestApp(db);
    await waitFor(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('gives each stone of a results page its similar stones, their median and where its price sits', async () => {
    const all = await onSale();
    const byId = new Map(all.map((s) => [s.id, s]));
    for (const query of ['active_tab=2&per_page=100', 'active_tab=1&per_page=100&sort=price_desc', 'active_tab=3&per_page=60']) {
      const page = await get<DiamondListResponse>(`/api/get-all-diamonds?${query}`);
      const ids = page.data.map((d) => d.diamondid);
      const { data } = await get<{ data: PriceBand[] }>(`/api/diamond-price-bands?ids=${ids.join(',')}`);
      expect(data).toEqual(ids.map((id) => expectedBand(all, byId.get(id)!)));
    }
    // And stones known to have many similar stones, so medians are compared too, not only their absence.
    const crowded = all.filter((s) => (similarTo(all, s)?.length ?? 0) >= MIN_SIMILAR + 2).slice(0, 40);
    expect(crowded.length).toBeGreaterThan(10);
    const { data } = await get<{ data: PriceBand[] }>(`/api/diamond-price-bands?ids=${crowded.map((s) => s.id).join(',')}`);
    expect(data).toEqual(crowded.map((s) => expectedBand(all, s)));
    expect(data.every((b) => b.median !== null && b.difference_pct !== null)).toBe(true);
  });

  it('lists a stone’s similar stones cheapest first, the same set its band counts', async () => {
    const all = await onSale();
    const crowded = all.map((s) => ({ s, set: similarTo(all, s) ?? [] })).sort((a, b) => b.set.length - a.set.length || a.s.id - b.s.id);
    for (const { s, set } of [crowded[0]!, crowded[Math.floor(crowded.length / 3)]!]) {
      const answer = await get<SimilarDiamondsResponse>(`/api/diamonds/${s.id}/similar`);
      expect(answer.band).toEqual(expectedBand(all, s));
      expect(answer.data.map((d) => d.diamondid)).toEqual(set.slice(0, SIMILAR_LIST_MAX).map((x) => x.id));
    }
  });

  it('marks the stones furthest below their similar stones’ median among all of a search’s stones, not only those drawn', async () => {
    const all = await onSale();
    for (const query of ['active_tab=2', 'active_tab=1&shapes=1&shapes=4&price=500&price=9000', 'active_tab=3&carat=0.5&carat=2']) {
      const [chart, list] = await Promise.all([get<ValueChartResponse>(`/api/diamond-value-chart?${query}`), get<DiamondListResponse>(`/api/get-all-diamonds?${query}&per_page=1`)]);
      expect(chart.total).toBe(list.total);
      expect(chart.points.length).toBe(Math.min(chart.total, 800));
      expect(new Set(chart.points.map((p) => p.diamondid)).size).toBe(chart.points.length);

      // Every stone drawn, and every stone of the search, with its price against its similar stones' median.
      const byId = new Map(all.map((s) => [s.id, s]));
      for (const p of chart.points) {
        const s = byId.get(p.diamondid)!;
        expect(p.price).toBe(s.price_cents / 100);
        const median = medianCents(similarTo(all, s) ?? []);
        expect(p.difference_pct, `stone ${s.id}`).toBe(median === null ? null : Math.round((s.price_cents / median - 1) * 100) || 0);
      }
      const ids = await allIds(query);
      const ranked = ids
        .map((id) => byId.get(id)!)
        .map((s) => ({ s, median: medianCents(similarTo(all, s) ?? []) }))
        .filter((x) => x.median !== null && x.s.price_cents / x.median < 1)
        .sort((a, b) => a.s.price_cents / a.median! - b.s.price_cents / b.median! || a.s.id - b.s.id);
      expect(chart.points.filter((p) => p.best).map((p) => p.diamondid).sort((a, b) => a - b)).toEqual(
        ranked.slice(0, 10).map((x) => x.s.id).sort((a, b) => a - b),
      );
    }
  });

  /** Every stone id of a search, page by page. */
  async function allIds(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get<DiamondListResponse>(`/api/get-all-diamonds?${query}&per_page=100&page=${page}`);
      ids.push(...res.data.map((d) => d.diamondid));
      if (page >= res.last_page) return ids;
    }
  }

  it('sees a similar stone’s new price and an ordered stone at the next answer', async () => {
    const all = await onSale();
    const { s, set } = all.map((x) => ({ s: x, set: similarTo(all, x) ?? [] })).find((x) => x.set.length >= 8)!;
    const before = await get<SimilarDiamondsResponse>(`/api/diamonds/${s.id}/similar`);
    const [other, sold] = set.filter((x) => x.id !== s.id);
    const inventory = createInventoryService({ db: db.db });
    await db.db.transaction().execute(async (trx) => {
      await trx.updateTable('diamonds').set({ price_cents: 1 }).where('id', '=', other!.id).execute();
      await inventory.reserve(trx, [{ kind: 'diamond', diamondId: sold!.id, label: `stone ${sold!.id}` }]);
      await inventory.changed(trx);
    });
    const after = await get<SimilarDiamondsResponse>(`/api/diamonds/${s.id}/similar`);
    const now = await onSale();
    expect(after.band).toEqual(expectedBand(now, now.find((x) => x.id === s.id)!));
    expect(after.band.similar).toBe(before.band.similar - 1);
    expect(after.data[0]!.diamondid).toBe(other!.id);
    expect(after.data.map((d) => d.diamondid)).not.toContain(sold!.id);
    await get(`/api/diamonds/${sold!.id}/similar`, 404);
    const { data } = await get<{ data: PriceBand[] }>(`/api/diamond-price-bands?ids=${sold!.id},${s.id}`);
    expect(data.map((b) => b.diamondid)).toEqual([s.id]);
  });

  it('stops one address drawing value charts without end, and no other route with them', async () => {
    const limited = await createTestApp(db, { RATE_LIMITS_ENABLED: 'true' });
    try {
      await waitFor(async () => (await limited.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
      const chart = () => limited.inject({ method: 'GET', url: '/api/diamond-value-chart?active_tab=3&shapes=1' });
      for (let k = 0; k < 600; k++) expect((await chart()).statusCode).toBe(200);
      const refused = await chart();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many value charts\. Please try again in \d+ minutes?\.$/);
      // The search, its counts and the bands are not counted with the charts.
      for (const url of ['/api/get-all-diamonds?active_tab=3', '/api/diamond-facets?active_tab=3', '/api/diamond-price-bands?ids=1']) {
        expect((await limited.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('says 400 with what is wrong, and 503 when the comparisons cannot be made', async () => {
    for (const [url, message] of [
      ['/api/diamond-price-bands', /ids=1,2,3/],
      ['/api/diamond-price-bands?ids=', /ids=1,2,3/],
      ['/api/diamond-price-bands?ids=1,abc', /abc/],
      ['/api/diamond-price-bands?ids=0', /positive whole number/],
      [`/api/diamond-price-bands?ids=${Array.from({ length: 101 }, (_, k) => k + 1).join(',')}`, /at most 100/],
      ['/api/diamonds/x1/similar', /x1/],
      ['/api/diamond-value-chart?price=abc', /price/],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(message);
    }
    const sql = await createTestApp(db, { SEARCH_ENGINE: 'database' });
    try {
      for (const url of ['/api/diamond-price-bands?ids=1', '/api/diamonds/1/similar', '/api/diamond-value-chart?active_tab=2']) {
        const res = await sql.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBeUndefined();
        expect(res.json().message, url).toMatch(/^(Price comparisons are|The value chart is) not available on this store at the moment\.$/);
      }
    } finally {
      await sql.close();
    }
  });
});
