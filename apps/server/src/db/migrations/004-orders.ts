import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { DELIVERY_COUNTRIES, ORDER_STATUSES, PAYMENT_METHOD_IDS, PAYMENT_STATUSES } from '@everstone/contract';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Orders and their items (docs/decisions/008-reserving-stones.md). Money is integer cents, as diamonds.price_cents;
 * timestamps are ISO 8601 UTC text, as in 002. An item keeps a copy of the stone as it was ordered (certificate
 * number, description, price), so a later price change or re-import never rewrites an order.
 */
export function ordersMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('order_number', 'varchar(20)', (c) => c.notNull().unique())
        // Orders are records of sale: deleting an account must not delete them silently.
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('user_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('contact_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('contact_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('street', 'varchar(200)', (c) => c.notNull())
        .addColumn('apartment', 'varchar(100)')
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('state', 'varchar(100)')
        .addColumn('zip', 'varchar(20)', (c) => c.notNull())
        .addColumn('country', 'varchar(32)', (c) => c.notNull().check(sql`country in (${quoted(DELIVERY_COUNTRIES)})`))
        .addColumn('payment_mode', 'varchar(20)', (c) => c.notNull().check(sql`payment_mode in (${quoted(PAYMENT_METHOD_IDS)})`))
        .addColumn('order_status', 'varchar(16)', (c) => c.notNull().check(sql`order_status in (${quoted(ORDER_STATUSES)})`))
        .addColumn('payment_status', 'varchar(16)', (c) => c.notNull().check(sql`payment_status in (${quoted(PAYMENT_STATUSES)})`))
        .addColumn('total_cents', 'bigint', (c) => c.notNull().check(sql`total_cents >= 0`))
        .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
        .addColumn('is_gift', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_gift in (0, 1)`))
        .addColumn('notes', 'text')
        .addColumn('hold_expires_at', 'varchar(30)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      // A user's order history, newest first.
      await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
      // The hold sweep asks "which pending holds have run out?" every minute.
      await db.schema.createIndex('orders_hold_idx').on('orders').columns(['order_status', 'hold_expires_at']).execute();

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('diamond_id', 'integer', (c) => c.notNull().references('diamonds.id'))
        .addColumn('certificate_number', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(200)', (c) => c.notNull())
        .addColumn('type', 'smallint', (c) => c.notNull())
        .addColumn('carat', 'double precision', (c) => c.notNull())
        .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
        // Set when the order gave its stone back (a wire hold ran out); null while the order holds the stone.
        .addColumn('released_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
      // The database's own guarantee, beside the conditional update of diamonds.status: a stone is held by at
      // most one order at a time, on both engines and whatever the number of instances.
      await db.schema
        .createIndex('order_items_one_holder_idx')
        .on('order_items')
        .column('diamond_id')
        .unique()
        .where(sql.ref('released_at'), 'is', null)
        .execute();
    },
  };
}
