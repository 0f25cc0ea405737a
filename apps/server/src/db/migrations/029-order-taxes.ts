import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sales tax on orders (docs/taxes.md, docs/decisions/025-sales-tax.md).
 *
 * order_items.tax_cents: the line's tax, rounded on the line's own total (a part of a ring has none: its line
 * carries it). order_items.taxes_json: that tax by jurisdiction, JSON `[{ jurisdiction, rate_millionths,
 * tax_cents }]` as the tax quote gave it ("New York state tax" 4%, "GST" 5% and "QST" 9.975%…). orders.tax_cents: the
 * lines' tax together; the order's total_cents includes it. Orders placed before this carry none.
 */
export function orderTaxesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_items').addColumn('tax_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('order_items').addColumn('taxes_json', 'text').execute();
      await db.schema.alterTable('orders').addColumn('tax_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
