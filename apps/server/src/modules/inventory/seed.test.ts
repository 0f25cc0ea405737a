import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { generateDiamonds } from './generator.ts';
import { InventoryNotEmptyError, SEED_META_KEY, seedInventory } from './seed.ts';

describe.each(TEST_ENGINES)('seeding on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const count = async () =>
    Number((await db.db.selectFrom('diamonds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('stores exactly the generated stones and records the seed', async () => {
    // More than one batch on either engine.
    await seedInventory(db, { count: 6_000, seed: 9 });
    expect(await count()).toBe(6_000);
    const expected = [...generateDiamonds({ count: 6_000, seed: 9 })];
    const last = await db.db.selectFrom('diamonds').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.certificate_number).toBe(expected.at(-1)!.certificate_number);
    expect(Number(last.price_cents)).toBe(expected.at(-1)!.price_cents);
    const meta = await db.db.selectFrom('store_meta').select('value').where('key', '=', SEED_META_KEY).executeTakeFirstOrThrow();
    expect(JSON.parse(meta.value)).toMatchObject({ count: 6_000, seed: 9 });
  });

  it('refuses to seed over existing stones unless asked to replace them', async () => {
    await expect(seedInventory(db, { count: 10, seed: 1 })).rejects.toBeInstanceOf(InventoryNotEmptyError);
    expect(await count()).toBe(6_000);
    const result = await seedInventory(db, { count: 100, seed: 1, replace: true });
    expect(result.deleted).toBe(6_000);
    expect(await count()).toBe(100);
  });
});
