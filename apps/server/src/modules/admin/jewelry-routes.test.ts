import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  GIFTS,
  ADMIN_MESSAGES,
  ADMIN_REAUTH_MINUTES,
  breakdownTotal,
  centsToPrice,
  type AdminMetalPricesResponse,
  type AdminMetalPricesSaved,
  type AdminProduct,
  type AdminProductListResponse,
  type AdminProductSaved,
  type AdminVariantPriceResponse,
  type ProductDetail,
  type RingDesign,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { adminChange, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { createInventoryService } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';

const ADDRESS = JSON.stringify({ apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });

describe.each(TEST_ENGINES)('the back office’s catalog on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: { cookie: string; email: string };
  let owner: { cookie: string; email: string; password: string };
  let clock: TestClock;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    clock = createTestClock(new Date());
    app = await createTestApp(db, {}, { now: clock.now, passwordHasher: quickHasher });
    staff = await signUpAsStaff(app, db.db, 'staff', 'Cora Catalog');
    owner = await signUpAsStaff(app, db.db, 'owner', 'Olga Owner');
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const as = (cookie: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as 'GET', url, payload: payload as object, headers: method === 'GET' ? { cookie } : adminChange(cookie) });
  const list = async (query: string) => {
    const res = await as(staff.cookie, 'GET', `/api/admin/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminProductListResponse;
  };
  const productOf = async (id: number) => ((await as(staff.cookie, 'GET', `/api/admin/products/${id}`)).json() as { product: AdminProduct }).product;
  const storefront = (slug: string) => app.inject(`/api/products/${slug}`);
  /** A product of `family` no other test of this file changes. */
  // The free gift's pieces (§9) are left out: an order here may carry one of them, which would change their counts.
  const gifts = new Set(Object.values(GIFTS).map((g) => g.name));
  const pick = async (family: string, index: number) => (await list(`family=${family}&sort=name&per_page=100`)).products.filter((p) => !gifts.has(p.name))[index]!;

  it('finds products by name, slug or SKU, filters by family and publishing, and sorts and pages on the server', async () => {
    const all = await list('per_page=100');
    expect(all.total).toBeGreaterThan(10);
    const first = await productOf(all.products[0]!.id);
    const sku = first.variants[0]!.sku;
    expect((await list(`q=${encodeURIComponent(sku.toLowerCase())}`)).products.map((p) => p.id)).toContain(first.id);
    expect((await list(`q=${encodeURIComponent(first.name.slice(0, 6))}`)).products.map((p) => p.id)).toContain(first.id);
    expect((await list('q=%25')).total).toBe(0); // a % is a character, not a wildcard

    const bands = await list('family=band&per_page=100');
    expect(bands.products.length).toBeGreaterThan(0);
    expect(bands.products.every((p) => p.family === 'band')).toBe(true);

    const cheapFirst = await list('sort=price&dir=asc&per_page=25');
    const prices = cheapFirst.products.map((p) => p.price_from_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const secondPage = await list('sort=price&dir=asc&per_page=25&page=2');
    expect(secondPage.products[0]!.price_from_cents).toBeGreaterThanOrEqual(prices.at(-1)!);
    for (const p of cheapFirst.products) expect(p.price_from_cents).toBeLessThanOrEqual(p.price_to_cents);

    for (const bad of ['sort=colour', 'family=hat', 'per_page=7', 'state=maybe', `q=${'x'.repeat(101)}`]) {
      expect((await as(staff.cookie, 'GET', `/api/admin/products?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await as(staff.cookie, 'GET', '/api/admin/products/2000000000')).statusCode).toBe(404);
  });

  it('unpublishes a product: the storefront stops offering it, the list says so, and the log keeps who did it', async () => {
    const target = await pick('earrings', 0);
    expect((await storefront(target.slug)).statusCode).toBe(200);
    const res = await as(staff.cookie, 'PUT', `/api/admin/products/${target.id}`, { published: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminProductSaved).product.published).toBe(false);
    expect((await storefront(target.slug)).statusCode).toBe(404);
    expect((await list('state=unpublished&per_page=100')).products.map((p) => p.id)).toContain(target.id);
    expect((await list('state=published&per_page=100')).products.map((p) => p.id)).not.toContain(target.id);

    await as(staff.cookie, 'PUT', `/api/admin/products/${target.id}`, { published: true, name: 'Renamed Studs' });
    expect((await storefront(target.slug)).json()).toMatchObject({ name: 'Renamed Studs' });
    const history = (await productOf(target.id)).history;
    expect(history.map((e) => [e.action, e.before, e.after, e.actor.email])).toEqual([
      ['product.edit', { published: true }, { published: false }, staff.email],
      ['product.edit', { name: target.name, published: false }, { name: 'Renamed Studs', published: true }, staff.email],
    ]);

    for (const bad of [{}, { name: '' }, { offer_percent: 51 }, { offer_percent: 2.5 }, { published: 'no' }, { description: 'x'.repeat(2001) }]) {
      const refused = await as(staff.cookie, 'PUT', `/api/admin/products/${target.id}`, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await productOf(target.id)).history).toHaveLength(2);
  });

  it('re-prices every variant of a product when its offer changes, so the items still add up', async () => {
    const target = await pick('necklace', 0);
    const before = await productOf(target.id);
    const res = await as(staff.cookie, 'PUT', `/api/admin/products/${target.id}`, { offer_percent: 20 });
    const after = (res.json() as AdminProductSaved).product;
    for (const v of after.variants) {
      const was = before.variants.find((o) => o.id === v.id)!;
      const list = was.price_cents - was.breakdown.offer_cents;
      expect(v.breakdown.offer_cents, v.sku).toBe(-Math.round((list * 20) / 100 / 100) * 100);
      expect(v.price_cents, v.sku).toBe(list + v.breakdown.offer_cents);
      expect(breakdownTotal({ metalCents: v.breakdown.metal_cents, stonesCents: v.breakdown.stones_cents, centerCents: v.breakdown.center_cents, laborCents: v.breakdown.labor_cents, offerCents: v.breakdown.offer_cents }), v.sku).toBe(v.price_cents);
    }
    const shown = (await storefront(target.slug)).json() as ProductDetail;
    for (const v of shown.variants) expect(v.price_cents, v.sku).toBe(after.variants.find((o) => o.id === v.id)!.price_cents);
  });

  it('prices a ring’s new design live without saving it, then saves it: the storefront draws and sells the new design', async () => {
    const target = await pick('band', 1);
    const product = await productOf(target.id);
    const variant = product.variants[0]!;
    const design = variant.design as RingDesign;
    const wider = { ...design, bandWidthMm: design.bandWidthMm + 1.5 };

    const priced = await as(staff.cookie, 'POST', `/api/admin/variants/${variant.id}/price`, { design: wider });
    expect(priced.statusCode, priced.body).toBe(200);
    const quote = priced.json() as AdminVariantPriceResponse;
    expect(quote.metal_grams).toBeGreaterThan(variant.metal_grams);
    expect(quote.price_cents).toBeGreaterThan(variant.price_cents);
    expect((await productOf(target.id)).variants[0]!.price_cents).toBe(variant.price_cents); // nothing saved

    const saved = await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { design: wider });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = (saved.json() as AdminProductSaved).product.variants[0]!;
    expect(now).toMatchObject({ price_cents: quote.price_cents, metal_grams: quote.metal_grams, design: wider });
    const shown = (await storefront(target.slug)).json() as ProductDetail;
    expect(shown.variants.find((v) => v.id === variant.id)).toMatchObject({ price_cents: quote.price_cents, design: wider });
    const entry = (await productOf(target.id)).history.at(-1)!;
    expect(entry).toMatchObject({ action: 'variant.edit', before: { sku: variant.sku, design, price: (variant.price_cents / 100).toFixed(2) }, after: { sku: variant.sku, design: wider } });

    // A design that cannot be drawn is refused, whole, with what is wrong; nothing changes.
    for (const bad of [{ ...design, bandWidthMm: 40 }, { ...design, form: 'necklace' }, { form: 'ring' }, 'a ring']) {
      const quoteRes = await as(staff.cookie, 'POST', `/api/admin/variants/${variant.id}/price`, { design: bad });
      expect(quoteRes.statusCode, JSON.stringify(bad)).toBe(422);
      const res = await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { design: bad, lead_days: 3 });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().message).toMatch(/design/i);
    }
    expect((await productOf(target.id)).variants[0]).toMatchObject({ price_cents: quote.price_cents, lead_days: variant.lead_days });
    const hoops = (await productOf((await pick('earrings', 2)).id)).variants[0]!;
    for (const bad of [{ ...hoops.design, hoopStones: 'many' }, { ...hoops.design, prongs: 5 }, { ...hoops.design, stone: { gem: 'diamond', shape: 'round', lengthMm: 'x', widthMm: 4, depthMm: 2 } }]) {
      expect((await as(staff.cookie, 'POST', `/api/admin/variants/${hoops.id}/price`, { design: bad })).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await as(staff.cookie, 'POST', '/api/admin/variants/2000000000/price', { design: wider })).statusCode).toBe(404);
  });

  it('sets a variant’s units on hand, makes it to order, withdraws it from sale, and checks the figures', async () => {
    const target = await pick('bracelet', 0);
    const variant = (await productOf(target.id)).variants[0]!;
    const stocked = await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { on_hand: 4, lead_days: variant.lead_days + 1 });
    expect(stocked.statusCode, stocked.body).toBe(200);
    expect((stocked.json() as AdminProductSaved).product.variants[0]).toMatchObject({ stocked: true, on_shelf: 4, held: 0, on_hand: 4, lead_days: variant.lead_days + 1 });
    expect(((await storefront(target.slug)).json() as ProductDetail).variants.find((v) => v.id === variant.id)).toMatchObject({ stock: 4, lead_days: variant.lead_days + 1 });
    expect((await list(`q=${variant.sku}`)).products[0]!.on_shelf).toBeGreaterThanOrEqual(4);

    const toOrder = (await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { on_hand: null })).json() as AdminProductSaved;
    expect(toOrder.product.variants[0]).toMatchObject({ stocked: false, on_shelf: null, on_hand: null });
    expect(((await storefront(target.slug)).json() as ProductDetail).variants.find((v) => v.id === variant.id)!.stock).toBeNull();

    await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { discontinued: true });
    expect(((await storefront(target.slug)).json() as ProductDetail).variants.some((v) => v.id === variant.id)).toBe(false);
    expect((await productOf(target.id)).variants[0]!.discontinued).toBe(true);

    for (const bad of [{}, { on_hand: -1 }, { on_hand: 1.5 }, { on_hand: '3' }, { lead_days: 181 }, { discontinued: 'yes' }]) {
      const res = await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await as(staff.cookie, 'PUT', '/api/admin/variants/2000000000', { lead_days: 1 })).statusCode).toBe(404);
    const actions = (await productOf(target.id)).history.map((e) => [e.action, e.after]);
    expect(actions).toEqual([
      ['variant.edit', { sku: variant.sku, lead_days: variant.lead_days + 1, on_hand: 4 }],
      ['variant.edit', { sku: variant.sku, on_hand: null }],
      ['variant.edit', { sku: variant.sku, discontinued: true }],
    ]);
  });

  it('counts the units open orders hold: on hand never falls below them, and the shelf is on hand less them', async () => {
    const target = await pick('bracelet', 1);
    const variant = (await productOf(target.id)).variants.find((v) => !v.discontinued)!;
    await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { on_hand: 3 });
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    const line = { kind: 'product', variant_id: variant.id, quantity: 2, ring_size: null, engraving: null };
    const placed = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: { user_name: 'Ann Lee', contact_number: '212-555-0100', lines: [line], total_price: centsToPrice(variant.price_cents * 2), address: ADDRESS, payment_mode: 'cod', is_gift: 0 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await productOf(target.id)).variants.find((v) => v.id === variant.id)).toMatchObject({ on_shelf: 1, held: 2, on_hand: 3 });

    const tooFew = await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { on_hand: 1 });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().message).toBe('Open orders hold 2 of this piece: units on hand cannot be fewer than 2.');
    const counted = (await as(staff.cookie, 'PUT', `/api/admin/variants/${variant.id}`, { on_hand: 5 })).json() as AdminProductSaved;
    expect(counted.product.variants.find((v) => v.id === variant.id)).toMatchObject({ on_shelf: 3, held: 2, on_hand: 5 });
  });

  it('lets only an owner who entered the password lately change a metal’s price, and re-prices every piece in it', async () => {
    const metals = ((await as(staff.cookie, 'GET', '/api/admin/metal-prices')).json() as AdminMetalPricesResponse).metals;
    const platinum = metals.find((m) => m.metal === 'platinum')!;
    expect(platinum.cents_per_gram).toBe(14_000);
    expect(platinum.variants).toBeGreaterThan(0);
    const change = { prices: [{ metal: 'platinum', per_gram: '150.00' }] };

    const byStaff = await as(staff.cookie, 'PUT', '/api/admin/metal-prices', change);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ message: ADMIN_MESSAGES.ownerOnly });
    // Signing in counts as entering the password; minutes later, a change that re-prices the catalog asks again.
    clock.advance((ADMIN_REAUTH_MINUTES + 1) * 60_000);
    const unconfirmed = await as(owner.cookie, 'PUT', '/api/admin/metal-prices', change);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({ reauth: true });

    const platinumVariant = async () => {
      for (const p of (await list('per_page=100')).products) {
        const v = (await productOf(p.id)).variants.find((x) => x.metal === 'platinum' && !x.discontinued && p.published);
        if (v) return { product: p, variant: v };
      }
      throw new Error('no platinum variant');
    };
    const { product, variant } = await platinumVariant();

    expect((await as(owner.cookie, 'POST', '/api/admin/session/confirm', { password: owner.password })).statusCode).toBe(200);
    for (const bad of [{ prices: [] }, { prices: [{ metal: 'silver', per_gram: '1.00' }] }, { prices: [{ metal: 'platinum', per_gram: 'a lot' }] }, { prices: [{ metal: 'platinum', per_gram: '0.10' }] }, { prices: [{ metal: 'platinum', per_gram: '150' }, { metal: 'platinum', per_gram: '151' }] }]) {
      expect((await as(owner.cookie, 'PUT', '/api/admin/metal-prices', bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    const saved = await as(owner.cookie, 'PUT', '/api/admin/metal-prices', change);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as AdminMetalPricesSaved;
    expect(body.repriced).toBe(platinum.variants);
    expect(body.metals.find((m) => m.metal === 'platinum')!.cents_per_gram).toBe(15_000);

    const now = (await productOf(product.id)).variants.find((v) => v.id === variant.id)!;
    expect(now.breakdown.metal_cents).toBe(Math.round(variant.metal_grams * 15_000));
    expect(now.breakdown.stones_cents).toBe(variant.breakdown.stones_cents);
    expect(now.price_cents).toBeGreaterThan(variant.price_cents);
    expect(((await storefront(product.slug)).json() as ProductDetail).variants.find((v) => v.id === variant.id)?.price_cents).toBe(now.price_cents);

    const again = (await as(owner.cookie, 'PUT', '/api/admin/metal-prices', change)).json() as AdminMetalPricesSaved;
    expect(again).toMatchObject({ repriced: 0, message: 'The metal prices are as they were: nothing was re-priced.' });
    const audit = (await as(owner.cookie, 'GET', '/api/admin/audit?action=metal.prices')).json() as { entries: { before: unknown; after: unknown }[] };
    expect(audit.entries.map((e) => [e.before, e.after])).toEqual([[{ platinum: '140.00' }, { platinum: '150.00', variants_repriced: platinum.variants }]]);
  });
});
