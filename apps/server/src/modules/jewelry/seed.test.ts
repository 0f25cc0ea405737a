import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFTS } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createInventoryService } from '../inventory/index.ts';
import { demoJewelry } from './jewelry-data.ts';
import { seedDemoJewelry, seedProducts } from './seed.ts';

const GIFT_SLUGS = Object.values(GIFTS).map((g) => g.slug);

describe.each(TEST_ENGINES)('the demo catalog’s gift pieces on %s', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
    // A catalog seeded before the free gift existed: a few pieces, none of them a gift.
    await seedProducts(db, createInventoryService({ db: db.db }), demoJewelry().filter((p) => p.family === 'bracelet' && !GIFT_SLUGS.includes(p.slug)));
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const giftStock = () =>
    db.db
      .selectFrom('products')
      .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
      .innerJoin('variant_stock', 'variant_stock.variant_id', 'product_variants.id')
      .select(['products.slug', 'variant_stock.quantity'])
      .where('products.slug', 'in', GIFT_SLUGS)
      .orderBy('products.slug')
      .execute();

  it('adds the gift pieces a demo catalog lacks, with their stock, once, and leaves the rest as it is', async () => {
    const before = Number((await db.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await seedDemoJewelry(db)).toEqual({ products: 0, variants: 0, seeded: false, giftPieces: 3 });
    expect((await giftStock()).map((r) => [r.slug, Number(r.quantity)])).toEqual([...GIFT_SLUGS].sort().map((slug) => [slug, 40]));
    expect(await seedDemoJewelry(db)).toMatchObject({ seeded: false, giftPieces: 0 });
    const after = Number((await db.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before + 3);
  });
});
