import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * metal_prices (products): the retail price of a gram of each metal as worked into a piece. The price model read
 * them as constants until the back office let owners change them; a change re-prices every variant in that metal
 * (docs/jewelry-pricing.md). The rows start at the figures the catalog was priced with, so no price moves here.
 */
const STARTING_CENTS_PER_GRAM: Record<string, number> = {
  '14k-white': 7_000,
  '14k-yellow': 7_000,
  '14k-rose': 7_000,
  '18k-white': 9_400,
  '18k-yellow': 9_400,
  '18k-rose': 9_400,
  platinum: 14_000,
};

export function metalPricesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('metal_prices')
        .addColumn('metal', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('cents_per_gram', 'integer', (c) => c.notNull().check(sql`cents_per_gram > 0`))
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      const at = new Date().toISOString();
      await db
        .insertInto('metal_prices')
        .values(Object.entries(STARTING_CENTS_PER_GRAM).map(([metal, cents]) => ({ metal, cents_per_gram: cents, updated_at: at })))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('metal_prices').execute();
    },
  };
}
