import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SHAPES, fitProblem, headFitOf, type Diamond, type DiamondListResponse, type ProductDetail, type RingDesign, type SettingFit } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { insertStone } from '../../test/stones.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';

const SETTINGS = ['aria-solitaire-setting', 'reserve-luxe-solitaire-setting', 'cushion-frame-halo-setting', 'vela-solitaire-setting'];

/**
 * The search's `setting` parameter (the ring builder's step 1 after a setting): every stone listed fits the setting's
 * head by the contract's own `fitProblem`, and the total is what a count written straight in SQL finds.
 */
describe.each(TEST_ENGINES)('search for stones that fit a setting on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 3000, seed: 16 });
    await seedProducts(db, createInventoryService({ db: db.db }));
    app = await createTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

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

  /** The setting's heads, from its product page (not from the endpoint under test). */
  async function headsOf(slug: string) {
    const detail = (await app.inject(`/api/products/${slug}`)).json() as ProductDetail;
    return detail.variants.map((v) => headFitOf((v.design as RingDesign).head!));
  }

  /** How many available stones of `type` fit, counted in SQL from the setting's windows. */
  async function sqlCount(fit: SettingFit, type: number): Promise<number> {
    const width = sql`(case when measurement_l < measurement_w then measurement_l else measurement_w end)`;
    const windows = fit.shapes.map(
      (w) => sql`(shape_id = ${SHAPES.indexOf(w.shape) + 1} and ${width} >= ${w.min_width_mm} and ${width} <= ${w.max_width_mm} and carat >= ${fit.min_center_carat})`,
    );
    const { rows } = await sql<{ n: number }>`select count(*) as n from diamonds where status = 'available' and type = ${type} and (${sql.join(windows, sql` or `)})`.execute(db.db);
    return Number(rows[0]!.n);
  }

  it('lists only stones the setting’s head holds, as many as SQL counts', async () => {
    for (const slug of SETTINGS) {
      const heads = await headsOf(slug);
      const fit = (await app.inject(`/api/builder/fit?setting=${slug}`)).json() as SettingFit;
      for (const type of [1, 2]) {
        const found = await searchAll(`setting=${slug}&active_tab=${type}&sort=carat_asc`);
        expect(found.length, `${slug} ${type}`).toBe(await sqlCount(fit, type));
        expect((await search(`setting=${slug}&active_tab=${type}`)).total).toBe(found.length);
        for (const d of found) {
          const stone = { shape: d.shape.name, carat: d.carat_weight, lengthMm: d.measurement_l, widthMm: d.measurement_w };
          expect(heads.some((h) => fitProblem(h, stone) === null), `${slug}: ${d.certificate_number}`).toBe(true);
        }
        if (slug.includes('luxe')) expect(found.every((d) => d.carat_weight >= 3)).toBe(true);
      }
    }
    // Real inventories have stones of every kind: make sure the check above saw some.
    expect((await search('setting=aria-solitaire-setting&active_tab=2')).total).toBeGreaterThan(100);
  });

  it('narrows a search the shopper has filtered further, each combination counted on its own', async () => {
    const plain = await search('active_tab=2&price=500,4000');
    const aria = await search('active_tab=2&price=500,4000&setting=aria-solitaire-setting');
    const halo = await search('active_tab=2&price=500,4000&setting=cushion-frame-halo-setting');
    expect(aria.total).toBeLessThan(plain.total);
    expect(halo.total).toBeLessThan(aria.total);
    expect(aria.data.every((d) => d.price >= 500 && d.price <= 4000)).toBe(true);
    // The same search again is answered from the cache, still for its own setting.
    expect((await search('active_tab=2&price=500,4000&setting=cushion-frame-halo-setting')).total).toBe(halo.total);
    expect((await search('active_tab=2&price=500,4000')).total).toBe(plain.total);
  });

  it('never fits a stone without measurements, and refuses a setting it does not know', async () => {
    const unmeasured = await insertStone(db.db, { shape: 'Round', carat: 1.2, lengthMm: null, widthMm: null });
    const measured = await insertStone(db.db, { shape: 'Round', carat: 1.2, lengthMm: 6.83, widthMm: 6.8 });
    const both = await search(`certificate=TS&setting=aria-solitaire-setting&active_tab=2`);
    const ids = both.data.map((d) => d.diamondid);
    expect(ids).toContain(measured.id);
    expect(ids).not.toContain(unmeasured.id);

    for (const [query, needle] of [
      ['setting=no-such-setting', "'no-such-setting'"],
      ['setting=womens-classic-comfort-fit-band', "'womens-classic-comfort-fit-band'"],
      ['setting=Not%20A%20Slug', 'setting must be'],
    ] as const) {
      const res = await app.inject(`/api/get-all-diamonds?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.setting, query).toBeDefined();
      expect(res.json().message).toContain(needle);
    }
  });
});
