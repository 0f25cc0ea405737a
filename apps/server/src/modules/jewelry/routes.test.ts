import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEPARTMENTS, METAL_IDS, PRODUCT_PAGE_SIZE, breakdownTotal, type ProductDetail, type ProductListResponse, type ProductSummary, type RingDesign } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createInventoryService } from '../inventory/index.ts';
import { createProductRepository } from './repository.ts';
import { seedProducts } from './seed.ts';

/**
 * The catalog API against the seeded demo catalog. Counts are checked against the API itself (a facet's count is the
 * total that filter gives), never against fixed numbers of the seed.
 */
describe.each(TEST_ENGINES)('jewelry catalog API on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb(engine);
    const seeded = await seedProducts(db, createInventoryService({ db: db.db }));
    expect(seeded.seeded).toBe(true);
    app = await createTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  async function list(query: string): Promise<ProductListResponse> {
    const res = await app.inject(`/api/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function listAll(query: string): Promise<ProductSummary[]> {
    const out: ProductSummary[] = [];
    for (let page = 1; ; page++) {
      const body = await list(`${query}&page=${page}`);
      out.push(...body.data);
      if (page * body.per_page >= body.total) return out;
    }
  }

  async function detail(slug: string): Promise<ProductDetail> {
    const res = await app.inject(`/api/products/${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('lists every department, each piece of the department’s families', async () => {
    for (const dept of DEPARTMENTS) {
      const body = await list(`department=${dept.id}`);
      expect(body.total, dept.id).toBeGreaterThan(0);
      expect(body.data.length).toBe(Math.min(PRODUCT_PAGE_SIZE, body.total));
      for (const p of body.data) expect(dept.families as readonly string[], `${dept.id}: ${p.name}`).toContain(p.family);
    }
    const him = await listAll('department=bands-for-him');
    expect(him.every((p) => p.gender === 'him' || p.gender === 'unisex')).toBe(true);
    const sale = await listAll('department=sale');
    expect(sale.every((p) => p.offer_percent > 0 && p.list_cents !== null && p.list_cents > p.price_cents)).toBe(true);
    const gifts = await listAll('department=gifts');
    expect(gifts.every((p) => p.price_cents <= 150_000)).toBe(true);
  });

  it('narrows by each filter, and each value’s count is what choosing it gives', async () => {
    const base = 'department=engagement-rings';
    const body = await list(base);
    for (const facet of ['style', 'metal', 'shape', 'origin', 'collection'] as const) {
      for (const value of body.facets[facet]) {
        const narrowed = await list(`${base}&${facet}=${encodeURIComponent(value.value)}`);
        expect(narrowed.total, `${facet}=${value.value}`).toBe(value.count);
      }
    }
    // With a filter set, another facet's counts keep that filter: metal counts among halo settings.
    const halos = await list(`${base}&style=halo`);
    for (const value of halos.facets.metal) {
      expect((await list(`${base}&style=halo&metal=${value.value}`)).total).toBe(value.count);
    }
    // A shape keeps only settings whose head is made for it, and the card shows that shape's price.
    const ovals = await listAll(`${base}&shape=Oval&metal=platinum`);
    expect(ovals.length).toBeGreaterThan(0);
    for (const card of ovals) {
      expect(card.metal).toBe('platinum');
      const d = await detail(card.slug);
      const v = d.variants.find((x) => x.id === card.variant_id)!;
      expect(v.shape).toBe('Oval');
      expect(v.price_cents).toBe(card.price_cents);
    }
  });

  it('filters by price, carat weight and ready to ship on the variants themselves', async () => {
    const cheap = await listAll('department=fine-jewelry&price_max=1000');
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((p) => p.price_cents <= 100_000)).toBe(true);
    const heavy = await listAll('department=fine-jewelry&carat_min=5');
    for (const p of heavy) {
      const d = await detail(p.slug);
      expect(d.variants.find((v) => v.id === p.variant_id)!.carat_total).toBeGreaterThanOrEqual(5);
    }
    const ready = await list('department=preset-rings&ready=1');
    expect(ready.total).toBe(ready.facets.ready);
    expect(ready.data.every((p) => p.ready_to_ship)).toBe(true);
  });

  it('sorts across pages without losing or repeating a piece', async () => {
    for (const sort of ['price_asc', 'price_desc', 'newest', 'best']) {
      const all = await listAll(`department=preset-rings&sort=${sort}`);
      const { total } = await list(`department=preset-rings&sort=${sort}`);
      expect(all.length).toBe(total);
      expect(new Set(all.map((p) => p.id)).size).toBe(total);
      if (sort === 'price_asc') for (let i = 1; i < all.length; i++) expect(all[i]!.price_cents).toBeGreaterThanOrEqual(all[i - 1]!.price_cents);
      if (sort === 'price_desc') for (let i = 1; i < all.length; i++) expect(all[i]!.price_cents).toBeLessThanOrEqual(all[i - 1]!.price_cents);
    }
  });

  it('answers 400 naming what it cannot read, never a 500', async () => {
    for (const [query, key] of [
      ['department=shoes', 'department'],
      ['', 'department'],
      ['department=preset-rings&metal=gold', 'metal'],
      ['department=preset-rings&sort=cheap', 'sort'],
      ['department=preset-rings&page=0', 'page'],
      ['department=preset-rings&price_max=-5', 'price_max'],
      ['department=preset-rings&shape=round', 'shape'],
    ] as const) {
      const res = await app.inject(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(key);
    }
  });

  it('gives a product with its options, each variant itemized, and 404 for what it does not sell', async () => {
    const setting = (await list('department=engagement-rings&style=halo')).data[0]!;
    const d = await detail(setting.slug);
    expect(d.ring).toBe(true);
    expect(d.options.metal).toEqual([...METAL_IDS]);
    expect(d.options.shape.length).toBeGreaterThan(0);
    const combos = new Set(d.variants.map((v) => `${v.metal}|${v.shape}|${v.carat_total}|${v.width_mm}|${v.origin}`));
    expect(combos.size).toBe(d.variants.length);
    for (const v of d.variants) {
      expect(breakdownTotal({ metalCents: v.breakdown.metal_cents, stonesCents: v.breakdown.stones_cents, centerCents: v.breakdown.center_cents, laborCents: v.breakdown.labor_cents, offerCents: v.breakdown.offer_cents })).toBe(v.price_cents);
      expect(v.stock).toBeNull();
      expect(v.available).toBe(true);
    }
    const platinum = d.variants.filter((v) => v.metal === 'platinum');
    const gold = d.variants.filter((v) => v.metal === '14k-white');
    expect(Math.min(...platinum.map((v) => v.price_cents))).toBeGreaterThan(Math.min(...gold.map((v) => v.price_cents)));
    expect(d.related.every((r) => r.id !== d.id && r.family === d.family)).toBe(true);
    expect(d.variants.some((v) => v.id === d.default_variant_id && v.metal === '14k-white')).toBe(true);

    const preset = await detail((await list('department=preset-rings')).data[0]!.slug);
    expect(preset.variants.every((v) => v.included_stone !== null && v.stock === 1)).toBe(true);
    expect(new Set(preset.variants.map((v) => v.included_stone!.certificate_number)).size).toBe(preset.variants.length);

    const lookup = await app.inject({ method: 'POST', url: '/api/products/variants/lookup', payload: { ids: [preset.variants[0]!.id, 99999999] } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      data: [{ id: preset.variants[0]!.id, slug: preset.slug, name: preset.name, price_cents: preset.variants[0]!.price_cents, stones_cents: preset.variants[0]!.breakdown.stones_cents, stock: 1, available: true, discontinued: false, lead_days: preset.variants[0]!.lead_days }],
      missing: [99999999],
    });
    for (const bad of [{ ids: [] }, { ids: [0] }, { ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { ids: [1], more: 1 }]) {
      expect((await app.inject({ method: 'POST', url: '/api/products/variants/lookup', payload: bad })).statusCode).toBe(422);
    }

    const picture = await app.inject(`/api/products/variants/${preset.variants[0]!.id}`);
    expect(picture.json()).toEqual({ id: preset.variants[0]!.id, name: preset.name, metal: preset.variants[0]!.metal, design: preset.variants[0]!.design });
    expect((await app.inject('/api/products/variants/99999999')).statusCode).toBe(404);
    expect((await app.inject('/api/products/variants/abc')).statusCode).toBe(400);

    expect((await app.inject('/api/products/no-such-piece')).statusCode).toBe(404);
    expect((await app.inject(`/api/products/${'x'.repeat(300)}`)).statusCode).toBe(404);
  });

  it('reads a design saved before its parts were all required, and one saved under wider bounds, as the schema has it', async () => {
    const repo = createProductRepository(db.db);
    const band = (await list('department=bands-for-her')).data[0]!;
    const row = await db.db.selectFrom('product_variants').select(['id', 'design_json']).where('id', '=', band.variant_id).executeTakeFirstOrThrow();
    const { inlay: _inlay, accents: _accents, ...older } = JSON.parse(row.design_json) as RingDesign;
    // Kept as an older import let it be: no inlay or accents at all, and a band thinner than the bound now allows.
    await repo.updateVariant(row.id, { design_json: JSON.stringify({ ...older, bandWidthMm: 0.3 }) });
    await repo.bumpVersion();
    const shown = (await detail(band.slug)).variants.find((v) => v.id === row.id)!;
    expect(shown.design).toEqual({ ...older, bandWidthMm: 0.3, accents: null, inlay: null });
    await repo.updateVariant(row.id, { design_json: row.design_json });
    await repo.bumpVersion();
  });
});
