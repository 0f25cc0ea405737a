import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { migrateToLatest } from '../database.ts';

/** Migration 017 on a store whose jewelry catalog kept its version in the inventory's store_meta. */
describe.each(TEST_ENGINES)('migration 017 on %s', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine, { upTo: '016-hoarding' });
    const old = db.db as unknown as Kysely<any>;
    await old.insertInto('store_meta').values([{ key: 'products_version', value: 'catalog-token-1' }, { key: 'inventory_version', value: 'stones-token-1' }]).onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('moves the catalog’s version token to the products module’s own table, as it was, and leaves the inventory’s', async () => {
    const old = db.db as unknown as Kysely<any>;
    expect(await old.selectFrom('product_meta').selectAll().execute()).toEqual([{ key: 'products_version', value: 'catalog-token-1' }]);
    const left = await old.selectFrom('store_meta').select('key').execute();
    expect(left.map((r: { key: string }) => r.key)).not.toContain('products_version');
    expect(left.map((r: { key: string }) => r.key)).toContain('inventory_version');
  });
});
