import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SCALES, SORTS, type Diamond, type DiamondListResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { seedInventory } from '../inventory/index.ts';
import type { DiamondRow } from '../../db/schema.ts';

/**
 * The search is checked against an oracle: every available row read straight from the database and
 * filtered in plain JavaScript. Each case asserts the API's total and that every returned stone passes.
 */
describe.each(TEST_ENGINES)('diamond API on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let rows: DiamondRow[];
  let soldId: number;
  let reservedId: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 2500, seed: 42 });
    const two = await db.db.selectFrom('diamonds').select('id').orderBy('id').limit(2).execute();
    soldId = Number(two[0]!.id);
    reservedId = Number(two[1]!.id);
    await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', soldId).execute();
    await db.db.updateTable('diamonds').set({ status: 'reserved' }).where('id', '=', reservedId).execute();
    rows = ((await db.db.selectFrom('diamonds').selectAll().execute()) as DiamondRow[]).map((r) => ({
      ...r,
      id: Number(r.id),
      type: Number(r.type),
      price_cents: Number(r.price_cents),
    }));
    app = await createTestApp(db);
    // Every case below reads the in-memory search (the store's default), not the database it falls back to at start.
    await waitFor(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const available = () => rows.filter((r) => r.status === 'available');

  async function search(query: string): Promise<DiamondListResponse> {
    const res = await app.inject(`/api/get-all-diamonds?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function searchAll(query: string): Promise<Diamond[]> {
    const out: Diamond[] = [];
    for (let page = 1; ; page++) {
      const body = await search(`${query}&per_page=100&page=${page}`);
      out.push(...body.data);
      if (page >= body.last_page) return out;
    }
  }

  it('lists only available stones and counts them', async () => {
    const body = await search('per_page=5');
    expect(body.total).toBe(available().length);
    expect(body.data).toHaveLength(5);
    expect(body.per_page).toBe(5);
    expect(body.last_page).toBe(Math.ceil(available().length / 5));
    const all = await searchAll('sort=price_asc');
    const ids = new Set(all.map((d) => d.diamondid));
    expect(ids.has(soldId)).toBe(false);
    expect(ids.has(reservedId)).toBe(false);
    expect(ids.size).toBe(available().length);
  });

  it('shapes every record as §3 says', async () => {
    const { data } = await search('active_tab=1&per_page=1');
    const d = data[0]!;
    expect(Object.keys(d).sort()).toEqual(
      [
        'diamondid', 'certificate_number', 'type', 'shape', 'carat_weight', 'color', 'fancy_color', 'clarity', 'cut',
        'certificate_company', 'polish', 'symmetry', 'fluorescence', 'measurement_l', 'measurement_w', 'measurements',
        'table_diamond', 'depth', 'price', 'is_superdeal', 'status', 'held_until',
      ].sort(),
    );
    expect(d.shape).toEqual({ id: expect.any(Number), name: expect.any(String), image: d.shape.name.toLowerCase().replace(/ /g, '-') });
    expect(d.color).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(d.cut).toEqual({ id: expect.any(Number), full_name: expect.any(String) });
    expect(['GIA', 'IGI']).toContain(d.certificate_company.dl_name);
    const row = rows.find((r) => r.id === d.diamondid)!;
    expect(d.price).toBe(row.price_cents / 100);
    expect(d.carat_weight).toBe(Number(row.carat));
  });

  type Predicate = (r: DiamondRow) => boolean;
  const cases: Array<[string, string, Predicate]> = [
    ['natural tab', 'active_tab=1', (r) => r.type === 1],
    ['lab tab', 'active_tab=2', (r) => r.type === 2],
    ['color tab', 'active_tab=3', (r) => r.type === 3],
    ['price range', 'price=1000&price=4000', (r) => r.price_cents >= 100000 && r.price_cents <= 400000],
    ['price open at the top', 'price=5000&price=10000', (r) => r.price_cents >= 500000],
    ['carat range', 'carat=1&carat=2', (r) => Number(r.carat) >= 1 && Number(r.carat) <= 2],
    ['carat open at the top', 'carat=3&carat=20', (r) => Number(r.carat) >= 3],
    ['cut 2–4', 'cut=2&cut=4', (r) => r.cut_id !== null && r.cut_id >= 2 && r.cut_id < 4],
    ['color 1–3 (D, E) on the lab tab', 'active_tab=2&color=1&color=3', (r) => r.type === 2 && r.color_id !== null && r.color_id < 3],
    ['clarity 3–7', 'clarity=3&clarity=7', (r) => r.clarity_id !== null && r.clarity_id >= 3],
    ['polish 1–2', 'polish=1&polish=2', (r) => r.polish_id === 1],
    ['symmetry 2–5', 'symmetry=2&symmetry=5', (r) => r.symmetry_id !== null && r.symmetry_id >= 2 && r.symmetry_id < 5],
    ['fluorescence 1–3', 'fluorescence=1&fluorescence=3', (r) => r.fluorescence_id !== null && r.fluorescence_id < 3],
    ['ratio 1.2–1.6', 'ratio=1.2&ratio=1.6', (r) => r.ratio !== null && Number(r.ratio) >= 1.2 && Number(r.ratio) <= 1.6],
    ['table 55–60', 'table=55&table=60', (r) => r.table_pct !== null && Number(r.table_pct) >= 55 && Number(r.table_pct) <= 60],
    ['depth 60–65', 'depth=60&depth=65', (r) => r.depth_pct !== null && Number(r.depth_pct) >= 60 && Number(r.depth_pct) <= 65],
    ['shapes oval and pear', 'shapes=4&shapes=6', (r) => r.shape_id === 4 || r.shape_id === 6],
    ['shapes as a bracket list', 'shapes[]=1&shapes[]=2', (r) => r.shape_id === 1 || r.shape_id === 2],
    ['fancy colors on the color tab', 'active_tab=3&fancy_colors=1,2', (r) => r.type === 3 && (r.fancy_color_id === 1 || r.fancy_color_id === 2)],
    ['featured deals', 'featured=1', (r) => r.is_superdeal === 1],
    ['GIA reports', 'selectedReport=1', (r) => r.certificate_company_id === 1],
    ['IGI reports', 'selectedReport=2', (r) => r.certificate_company_id === 2],
    [
      'everything at once',
      'active_tab=1&price=500&price=9000&carat=0.5&carat=3&cut=1&cut=5&clarity=2&clarity=7&shapes=1,3,4,5',
      (r) =>
        r.type === 1 && r.price_cents >= 50000 && r.price_cents <= 900000 && Number(r.carat) >= 0.5 && Number(r.carat) <= 3 &&
        r.cut_id !== null && r.cut_id < 5 && r.clarity_id !== null && r.clarity_id >= 2 && [1, 3, 4, 5].includes(r.shape_id),
    ],
  ];

  it.each(cases)('filters by %s', async (_name, query, predicate) => {
    const expected = available().filter(predicate);
    expect(expected.length, 'the seed should exercise this filter').toBeGreaterThan(0);
    const found = await searchAll(query);
    expect(found.length).toBe(expected.length);
    expect((await search(query)).total).toBe(expected.length);
    const expectedIds = new Set(expected.map((r) => r.id));
    for (const d of found) expect(expectedIds.has(d.diamondid), `stone ${d.diamondid} should not match ${query}`).toBe(true);
  });

  it('includes a stone exactly on a bound and excludes one just outside', async () => {
    const stone = available().find((r) => r.type === 2)!;
    const price = stone.price_cents / 100;
    const ids = async (q: string) => (await searchAll(`active_tab=2&${q}`)).map((d) => d.diamondid);
    expect(await ids(`price=${price}&price=${price}`)).toContain(stone.id);
    expect(await ids(`price=0&price=${(stone.price_cents - 1) / 100}`)).not.toContain(stone.id);
    expect(await ids(`price=${(stone.price_cents + 1) / 100}&price=10000`)).not.toContain(stone.id);
    const carat = Number(stone.carat);
    expect(await ids(`carat=${carat}&carat=${carat}`)).toContain(stone.id);
    expect(await ids(`carat=0&carat=${carat - 0.01}`)).not.toContain(stone.id);
  });

  it('finds a stone by its certificate number, trimmed, and by its beginning', async () => {
    const stone = available()[10]!;
    const exact = await search(`certificate=${encodeURIComponent(`  ${stone.certificate_number} `)}`);
    expect(exact.data.map((d) => d.diamondid)).toEqual([stone.id]);
    const prefix = await searchAll(`certificate=${stone.certificate_number.slice(0, 4)}`);
    expect(prefix.map((d) => d.diamondid)).toContain(stone.id);
    for (const d of prefix) expect(d.certificate_number.startsWith(stone.certificate_number.slice(0, 4))).toBe(true);
    expect((await search('certificate=NO-SUCH-CERT')).total).toBe(0);
  });

  it('shows only the checked stones when asked', async () => {
    const picked = available().slice(0, 3).map((r) => r.id);
    const body = await search(`showOnlyChecked=1&${picked.map((id) => `checkedDiamonds=${id}`).join('&')}`);
    expect(body.data.map((d) => d.diamondid).sort((a, b) => a - b)).toEqual([...picked].sort((a, b) => a - b));
    expect((await search('showOnlyChecked=1')).total).toBe(0);
  });

  const sortKey: Record<string, (r: DiamondRow) => number> = {
    price: (r) => r.price_cents,
    carat: (r) => Number(r.carat),
    color: (r) => Number(r.color_id),
    clarity: (r) => Number(r.clarity_id),
    cut: (r) => Number(r.cut_id),
  };

  it.each(SORTS)('sorts by %s across pages without overlap or gaps', async (sort) => {
    const [key, dir] = sort.split('_') as [string, 'asc' | 'desc'];
    const sign = dir === 'asc' ? 1 : -1;
    const expected = available()
      .filter((r) => r.type === 1)
      .sort((a, b) => sign * (sortKey[key]!(a) - sortKey[key]!(b) || a.id - b.id))
      .map((r) => r.id);
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const body = await search(`active_tab=1&sort=${sort}&per_page=37&page=${page}`);
      seen.push(...body.data.map((d) => d.diamondid));
      if (page >= body.last_page) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });

  it('answers an empty page past the last one', async () => {
    const body = await search('active_tab=1&page=999');
    expect(body.data).toEqual([]);
    expect(body.page).toBe(999);
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['price=5000&price=100', 'price'],
    ['page=two', 'page'],
    ['page=0', 'page'],
    ['per_page=101', 'per_page'],
    ['shapes=round;drop', 'shapes'],
    ['cut=0&cut=9', 'cut'],
    ['carat=1', 'carat'],
    ['active_tab=9', 'active_tab'],
    ['selectedReport=7', 'selectedReport'],
  ])('answers 400 naming the parameter for %s', async (query, param) => {
    const res = await app.inject(`/api/get-all-diamonds?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toContain(param);
    expect(Object.keys(body.errors)).toContain(param);
  });

  it('returns one diamond by id, whatever its status, and 404 for an unknown id', async () => {
    const ok = await app.inject(`/api/diamonds/${soldId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ diamondid: soldId, status: 'sold' });
    const missing = await app.inject('/api/diamonds/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No diamond with id 99999999 exists.');
    expect((await app.inject('/api/diamonds/abc')).statusCode).toBe(400);
  });

  it('lists the shapes with their image names', async () => {
    const res = await app.inject('/api/diamond-shapes');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Round', 'Oval', 'Heart']));
    for (const s of data) expect(s.image).toBe(s.name.toLowerCase().replace(/ /g, '-'));
  });

  it('uses the scales of §9 for every grade', async () => {
    const { data } = await search('active_tab=1&per_page=100');
    for (const d of data) {
      if (d.cut) expect(SCALES.cut).toContain(d.cut.full_name);
      if (d.color) expect(SCALES.color).toContain(d.color.name);
      if (d.clarity) expect(SCALES.clarity).toContain(d.clarity.name);
      if (d.polish) expect(SCALES.polish).toContain(d.polish);
    }
  });
});
