import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * product_meta (products): the jewelry catalog's own version token. It lived in the inventory's store_meta, so the
 * products module wrote a table it does not own; each module now keeps its own (decision 013, "One owner per table").
 * The token moves over as it is, so no snapshot on a running instance renews for nothing.
 */
export function productVersionMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('product_meta')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      const row = await db.selectFrom('store_meta').select('value').where('key', '=', 'products_version').executeTakeFirst();
      if (row) await db.insertInto('product_meta').values({ key: 'products_version', value: row.value }).execute();
      await db.deleteFrom('store_meta').where('key', '=', 'products_version').execute();
    },
    async down(db: Kysely<any>) {
      const row = await db.selectFrom('product_meta').select('value').where('key', '=', 'products_version').executeTakeFirst();
      if (row) await db.insertInto('store_meta').values({ key: 'products_version', value: row.value }).onConflict((oc) => oc.column('key').doNothing()).execute();
      await db.schema.dropTable('product_meta').execute();
    },
  };
}
