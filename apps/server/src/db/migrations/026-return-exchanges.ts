import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Exchanges (docs/decisions/021-returns-and-refunds.md): a return refunded toward the shopper's new order.
 *
 * order_returns.exchange_order_number: the shopper's replacement order, when the return was refunded as an exchange
 * for it (the order number, which never changes). One replacement order settles at most one return (a partial unique
 * index), so the same new order cannot be counted against two returns.
 */
export function returnExchangesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_returns').addColumn('exchange_order_number', 'varchar(20)').execute();
      await sql`create unique index order_returns_exchange_unique on order_returns (exchange_order_number) where exchange_order_number is not null`.execute(db);
    },
  };
}
