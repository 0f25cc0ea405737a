import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * ZIP-level sales tax rates (docs/decisions/025-sales-tax.md), the tax module's one table.
 *
 * tax_zip_rates: a ZIP code's rates as the store's rate file gives them (`npm run import:tax-rates`), in millionths
 * (8.875% = 88750). A row names its state: a ZIP code that straddles a state line may have a row in each state's
 * file, hence the key (zip, state). An import replaces every row of the states its file covers.
 */
export function taxRatesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tax_zip_rates')
        .addColumn('zip', 'varchar(5)', (c) => c.notNull())
        .addColumn('state', 'varchar(2)', (c) => c.notNull())
        .addColumn('region', 'varchar(100)', (c) => c.notNull())
        .addColumn('combined_millionths', 'integer', (c) => c.notNull().check(sql`combined_millionths between 0 and 250000`))
        .addColumn('state_millionths', 'integer', (c) => c.notNull().check(sql`state_millionths between 0 and 250000`))
        .addColumn('county_millionths', 'integer', (c) => c.notNull().check(sql`county_millionths between 0 and 250000`))
        .addColumn('city_millionths', 'integer', (c) => c.notNull().check(sql`city_millionths between 0 and 250000`))
        .addColumn('special_millionths', 'integer', (c) => c.notNull().check(sql`special_millionths between 0 and 250000`))
        .addColumn('imported_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('tax_zip_rates_pk', ['zip', 'state'])
        .execute();
      // An import replaces a state's rows; the key (zip first) serves the checkout's look-up by ZIP.
      await db.schema.createIndex('tax_zip_rates_state_idx').on('tax_zip_rates').columns(['state']).execute();
    },
  };
}
