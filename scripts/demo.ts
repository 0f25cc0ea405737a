import { createDb, migrateToLatest, SEED_META_KEY, seedDemoJewelry, seedInventory } from '@everstone/server/tools';

/**
 * Migrates, and seeds the demo inventory the first time only: once a seed is recorded, or any stone exists
 * (an import, a real inventory), a start never seeds again, so restarting never loses or replaces data.
 */
export async function seedDemoOnce(databaseUrl: string, count: number): Promise<void> {
  const d = createDb(databaseUrl);
  try {
    await migrateToLatest(d);
    const catalog = await seedDemoJewelry(d);
    if (catalog.seeded) console.log(`First start: seeded the jewelry catalog (${catalog.products} pieces, ${catalog.variants.toLocaleString('en-US')} variants).`);
    if (catalog.giftPieces > 0) console.log(`Added the free gift's ${catalog.giftPieces} pieces the demo catalog lacked, with their stock.`);
    const seeded = await d.db.selectFrom('store_meta').select('value').where('key', '=', SEED_META_KEY).executeTakeFirst();
    const { n } = await d.db
      .selectFrom('diamonds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (seeded || Number(n) > 0 || count === 0) return;
    console.log(`First start: seeding a demo inventory of ${count.toLocaleString('en-US')} diamonds...`);
    const started = Date.now();
    await seedInventory(d, { count, seed: 1 });
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await d.close();
  }
}
