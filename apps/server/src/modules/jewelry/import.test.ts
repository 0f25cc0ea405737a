import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { centsToPrice } from '@everstone/contract';
import { commandLineActor, createAuditLog, type AuditLog } from '../audit/index.ts';
import { createInventoryService } from '../inventory/index.ts';
import { unitsHeldFromStock } from '../orders/index.ts';
import { demoJewelry } from './jewelry-data.ts';
import { ProductImportHeaderError, exampleRows, importProductsFile, importStockFile, type ProductImportOptions } from './import.ts';
import { STARTING_METAL_PRICES, priceProduct } from './price-model.ts';

const csv = (rows: string[][]) => rows.map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n') + '\n';

describe.each(TEST_ENGINES)('importing jewelry on %s', (engine) => {
  let db: TestDb;
  let dir: string;
  let options: ProductImportOptions;
  let audit: AuditLog;
  const file = (name: string, rows: string[][]) => {
    const path = join(dir, name);
    writeFileSync(path, csv(rows));
    return path;
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    dir = mkdtempSync(join(tmpdir(), 'everstone-import-'));
    audit = createAuditLog({ db: db.db, now: () => new Date() });
    const actor = commandLineActor('import test');
    options = { inventory: createInventoryService({ db: db.db }), heldUnits: unitsHeldFromStock, record: (trx, entries) => audit.recordMany(trx, actor, entries) };
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  // A stocked piece and a made-to-order one from the demo catalog, as a file an operator would write.
  const drafts = demoJewelry();
  const studs = drafts.find((p) => p.name === 'Round Diamond Stud Earrings')!;
  const setting = drafts.find((p) => p.name.startsWith('Aria'))!;
  const rows = exampleRows([{ ...setting, variants: setting.variants.slice(0, 2) }, { ...studs, variants: studs.variants.filter((v) => v.stock !== null).slice(0, 2) }], 10);
  const header = rows[0]!;
  const col = (name: string) => header.indexOf(name);

  it('adds products and variants, priced by the store’s model, with their units on the shelf', async () => {
    const summary = await importProductsFile(db, file('catalog.csv', rows), options);
    expect(summary.errors).toEqual([]);
    expect(summary.products).toEqual({ inserted: 2, updated: 0 });
    expect(summary.variants).toEqual({ inserted: 4, updated: 0 });
    const variant = await db.db.selectFrom('product_variants').selectAll().where('sku', '=', setting.variants[0]!.sku).executeTakeFirstOrThrow();
    const v = setting.variants[0]!;
    const model = priceProduct({ family: 'setting', design: v.design, metal: v.metal, origin: 'natural', centerStones: [], centerGem: null, offerPercent: 0, metalCentsPerGram: STARTING_METAL_PRICES[v.metal] });
    expect(Number(variant.price_cents)).toBe(model.priceCents);
    const stocked = await db.db.selectFrom('product_variants').select('id').where('sku', '=', rows[3]![col('sku')]!).executeTakeFirstOrThrow();
    const shelf = await db.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', stocked.id).executeTakeFirstOrThrow();
    expect(Number(shelf.quantity)).toBe(Number(rows[3]![col('stock')]));
  });

  it('updates by slug and SKU on a second run, and lists each bad row with every problem and its line', async () => {
    const changed = rows.map((r, i) => (i === 1 ? r.map((v, j) => (j === col('lead_days') ? '20' : v)) : r));
    const bad = [...rows[1]!];
    bad[col('slug')] = 'Not A Slug';
    bad[col('metal')] = 'gold';
    bad[col('sku')] = 'NEW-SKU-1';
    const wrongForm = [...rows[1]!];
    wrongForm[col('sku')] = 'NEW-SKU-2';
    wrongForm[col('design')] = JSON.stringify({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: 1, pendant: null, motif: null });
    const duplicate = [...rows[2]!];
    const summary = await importProductsFile(db, file('again.csv', [...changed, bad, wrongForm, duplicate]), options);
    expect(summary.products).toEqual({ inserted: 0, updated: 2 });
    expect(summary.variants).toEqual({ inserted: 0, updated: 4 });
    expect(summary.errors.map((e) => e.line)).toEqual([6, 7, 8]);
    expect(summary.errors[0]!.problems.join(' ')).toMatch(/slug must be.*metal must be/);
    expect(summary.errors[1]!.problems.join(' ')).toContain('drawn as form "ring"');
    expect(summary.errors[2]!.problems.join(' ')).toContain('is already on line 3');
    const updated = await db.db.selectFrom('product_variants').select('lead_days').where('sku', '=', rows[1]![col('sku')]!).executeTakeFirstOrThrow();
    expect(Number(updated.lead_days)).toBe(20);
    expect(await db.db.selectFrom('product_variants').select('id').where('sku', 'in', ['NEW-SKU-1', 'NEW-SKU-2']).execute()).toEqual([]);
  });

  it("refuses a setting whose head does not say which stones it holds: the ring builder matches certificates to it", async () => {
    const design = JSON.parse(rows[1]![col('design')]!) as { head: Record<string, unknown> };
    const noWindow = [...rows[1]!];
    noWindow[col('sku')] = 'NO-WINDOW-1';
    noWindow[col('design')] = JSON.stringify({ ...design, head: { ...design.head, minWidthMm: 9, maxWidthMm: 5 } });
    const badLuxe = [...rows[1]!];
    badLuxe[col('sku')] = 'NO-WINDOW-2';
    badLuxe[col('design')] = JSON.stringify({ ...design, head: { ...design.head, minCenterCarat: 'three' } });
    const summary = await importProductsFile(db, file('windows.csv', [header, noWindow, badLuxe]), options);
    expect(summary.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(summary.errors[0]!.problems.join(' ')).toContain('minWidthMm and maxWidthMm');
    expect(summary.errors[1]!.problems.join(' ')).toContain('minCenterCarat');
    expect(await db.db.selectFrom('product_variants').select('id').where('sku', 'in', ['NO-WINDOW-1', 'NO-WINDOW-2']).execute()).toEqual([]);
  });

  it('keeps a design as its schema reads it, and refuses a measure outside its bound, naming the field', async () => {
    const design = JSON.parse(rows[1]![col('design')]!) as Record<string, unknown>;
    const { inlay: _inlay, ...noInlay } = design;
    const bare = [...rows[1]!];
    bare[col('sku')] = 'AS-READ-1';
    bare[col('design')] = JSON.stringify({ ...noInlay, sparkle: 'lots' });
    const thin = [...rows[1]!];
    thin[col('sku')] = 'TOO-THIN-1';
    thin[col('design')] = JSON.stringify({ ...design, bandWidthMm: 0.3 });
    const summary = await importProductsFile(db, file('as-read.csv', [header, bare, thin]), options);
    expect(summary.errors).toEqual([{ line: 3, problems: ['design.bandWidthMm must be from 0.5 to 12'] }]);
    const stored = await db.db.selectFrom('product_variants').select('design_json').where('sku', '=', 'AS-READ-1').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.design_json)).toEqual({ ...design, inlay: null });
    expect(await db.db.selectFrom('product_variants').select('id').where('sku', '=', 'TOO-THIN-1').execute()).toEqual([]);
  });

  it('never puts units an open order holds back on sale', async () => {
    const sku = rows[4]![col('sku')]!;
    const variant = await db.db.selectFrom('product_variants').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
    const user = await db.db
      .insertInto('users')
      .values({ title: 'Ms', name: 'Ann Lee', email: `held-${engine}@shopper.test`, password_hash: 'x', created_at: new Date().toISOString(), updated_at: new Date().toISOString() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const order = await db.db
      .insertInto('orders')
      .values({ order_number: `EV-2026-HELD${engine === 'sqlite' ? '01' : '02'}`, user_id: user.id, user_name: 'Ann Lee', contact_email: 'a@b.test', contact_number: '1', street: 's', city: 'c', zip: '1', country: 'United States', payment_mode: 'cod', order_status: 'pending', payment_status: 'pending', total_cents: 1, created_at: at, updated_at: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db.insertInto('order_items').values({ order_id: order.id, kind: 'product', quantity: 2, description: 'studs', price_cents: 1, variant_id: variant.id, from_stock: 1 } as never).execute();

    const summary = await importStockFile(db, file('stock.csv', [['sku', 'on_hand'], [sku, '5'], ['NO-SUCH-SKU', '1'], [sku, 'many']]), options);
    expect(summary.updated).toBe(1);
    expect(summary.errors).toEqual([
      { line: 3, problems: ['no variant has the sku NO-SUCH-SKU'] },
      { line: 4, problems: ['on_hand must be a whole number from 0 to 100000'] },
    ]);
    const shelf = await db.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variant.id).executeTakeFirstOrThrow();
    expect(Number(shelf.quantity)).toBe(3);
  });

  it('logs each product and variant it adds or changes, its price and units on hand before and after, and nothing when the file comes again', async () => {
    const piece = drafts.find((p) => p !== studs && p.variants.filter((v) => v.stock !== null).length >= 2)!;
    const own = exampleRows([{ ...piece, variants: piece.variants.filter((v) => v.stock !== null).slice(0, 2) }], 10);
    const [skuA, skuB] = [own[1]![col('sku')]!, own[2]![col('sku')]!];
    await importProductsFile(db, file('piece.csv', own), options);
    const product = await db.db.selectFrom('products').select('id').where('slug', '=', piece.slug).executeTakeFirstOrThrow();
    const history = () => audit.of('product', String(product.id));
    const added = await history();
    expect(added.map((e) => [e.action, e.actor.name, e.before, e.after?.sku ?? e.after?.slug])).toEqual([
      ['product.import_add', 'import test', null, piece.slug],
      ['variant.import_add', 'import test', null, skuA],
      ['variant.import_add', 'import test', null, skuB],
    ]);
    expect(added[1]!.after).toMatchObject({ on_hand: Number(own[1]![col('stock')]), price: expect.stringMatching(/^\d+\.\d\d$/) });
    const price = async (sku: string) => centsToPrice(Number((await db.db.selectFrom('product_variants').select('price_cents').where('sku', '=', sku).executeTakeFirstOrThrow()).price_cents));
    const [priceA, priceB] = [await price(skuA), await price(skuB)];

    // An offer moves every variant's price; the first variant's units on hand change too.
    const offered = own.map((r, i) => (i === 0 ? r : r.map((v, j) => (j === col('offer_percent') ? '10' : j === col('stock') && i === 1 ? '7' : v))));
    await importProductsFile(db, file('offer.csv', offered), options);
    const changed = (await history()).slice(3);
    expect(changed.map((e) => [e.action, e.before, e.after])).toEqual([
      ['product.import_change', { offer_percent: 0 }, { offer_percent: 10 }],
      ['variant.import_change', { sku: skuA, price: priceA, on_hand: Number(own[1]![col('stock')]) }, { sku: skuA, price: await price(skuA), on_hand: 7 }],
      ['variant.import_change', { sku: skuB, price: priceB }, { sku: skuB, price: await price(skuB) }],
    ]);
    expect(await price(skuA)).not.toBe(priceA);

    // The same file again changes nothing, and logs nothing.
    await importProductsFile(db, file('offer-again.csv', offered), options);
    expect(await history()).toHaveLength(6);

    // The stock file: one entry for the variant whose units it changes, none for the one it restates.
    const stock = file('stock-log.csv', [['sku', 'on_hand'], [skuA, '9'], [skuB, own[2]![col('stock')]!]]);
    expect((await importStockFile(db, stock, options)).errors).toEqual([]);
    const counted = (await history()).slice(6);
    expect(counted.map((e) => [e.action, e.before, e.after])).toEqual([['variant.import_change', { sku: skuA, on_hand: 7 }, { sku: skuA, on_hand: 9 }]]);
    await importStockFile(db, stock, options);
    expect(await history()).toHaveLength(7);
  });

  it('refuses a file whose header it cannot read, naming the column', async () => {
    await expect(importProductsFile(db, file('h1.csv', [['slug', 'colour']]), options)).rejects.toThrow(ProductImportHeaderError);
    await expect(importProductsFile(db, file('h2.csv', [['slug', 'name']]), options)).rejects.toThrow(/Missing required columns: family/);
    await expect(importStockFile(db, file('h3.csv', [['sku']]), options)).rejects.toThrow(/on_hand/);
  });
});
