import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
// The lists as they were when this migration was written: a later one that adds a value changes its own CHECK.
const RETURN_STATUSES = ['authorized', 'received', 'inspected', 'refunded', 'rejected', 'cancelled'];
const RETURN_REASONS = ['changed_mind', 'size', 'not_as_pictured', 'quality', 'arrived_damaged', 'other'];
const REFUND_STATUSES = ['pending', 'completed', 'failed'];

/**
 * Returns and refunds (docs/decisions/021-returns-and-refunds.md).
 *
 * orders.refunded_cents: what has been (or is being) given back of the order's total; its CHECK keeps it at most the
 * total, so two refunds at once can never together give back more than was paid — each adds to it in one UPDATE.
 * orders.open_returns: returns in the store's hands (authorized, received, inspected); an order with one is not
 * completed by the sweep, and a return and a completion at once meet on this row.
 *
 * order_returns: one return authorization (its RMA), its state and who took each step; its label's link token,
 * kept as a SHA-256 hash. order_return_lines: the order's lines in it, each line in at most one return.
 * order_refunds: each refund, its amount, the money's route (PayPal's refund API, or a reference for the others),
 * its state and the request id that makes a retry safe.
 */
export function returnsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema.alterTable('orders').addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`refunded_cents >= 0 and refunded_cents <= total_cents`)).execute();
      await db.schema.alterTable('orders').addColumn('open_returns', 'integer', (c) => c.notNull().defaultTo(0).check(sql`open_returns >= 0`)).execute();

      await db.schema
        .createTable('order_returns')
        .addColumn('id', 'integer', id)
        .addColumn('rma', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${quoted(RETURN_STATUSES)})`))
        .addColumn('reason', 'varchar(24)', (c) => c.notNull().check(sql`reason in (${quoted(RETURN_REASONS)})`))
        .addColumn('note', 'varchar(500)')
        // What it refunds once inspected: its lines less the engraving removals, fixed when authorized.
        .addColumn('refund_cents', 'bigint', (c) => c.notNull().check(sql`refund_cents >= 0`))
        .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
        .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('received_at', 'varchar(30)')
        .addColumn('received_by', 'varchar(254)')
        .addColumn('inspected_at', 'varchar(30)')
        .addColumn('inspected_by', 'varchar(254)')
        // The inspection's words, and the GIA re-check's report reference for a stone above 1.99 ct.
        .addColumn('inspection_note', 'varchar(500)')
        .addColumn('gia_recheck', 'varchar(64)')
        .addColumn('closed_at', 'varchar(30)')
        .addColumn('closed_by', 'varchar(254)')
        .addColumn('label_token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('label_expires_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_returns_order_idx').on('order_returns').columns(['order_id']).execute();
      // "One return every six months": the account's latest return.
      await db.schema.createIndex('order_returns_user_idx').on('order_returns').columns(['user_id', 'requested_at']).execute();
      await db.schema.createIndex('order_returns_status_idx').on('order_returns').columns(['status', 'requested_at']).execute();

      await db.schema
        .createTable('order_return_lines')
        .addColumn('id', 'integer', id)
        .addColumn('return_id', 'integer', (c) => c.notNull().references('order_returns.id').onDelete('cascade'))
        // A line of the order (its top-level order_items row): in one return at most (a cancelled return frees it).
        .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id').onDelete('cascade'))
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('engraving_fee_cents', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_return_lines_return_idx').on('order_return_lines').columns(['return_id']).execute();

      await db.schema
        .createTable('order_refunds')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('return_id', 'integer', (c) => c.references('order_returns.id').onDelete('set null'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
        // 'paypal' (through PayPal's refund API) or the order's payment method, refunded elsewhere with a reference.
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        .addColumn('reference', 'varchar(128)')
        .addColumn('status', 'varchar(12)', (c) => c.notNull().check(sql`status in (${quoted(REFUND_STATUSES)})`))
        // PayPal-Request-Id: the same refund sent again is refunded once.
        .addColumn('request_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('reason', 'varchar(300)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(254)', (c) => c.notNull())
        .addColumn('completed_at', 'varchar(30)')
        .addColumn('failure', 'varchar(300)')
        .execute();
      await db.schema.createIndex('order_refunds_order_idx').on('order_refunds').columns(['order_id']).execute();
      // At most one refund of a return at a time, pending or done: a second one for it waits or is refused.
      await sql`create unique index order_refunds_return_unique on order_refunds (return_id) where status <> 'failed' and return_id is not null`.execute(db);
    },
  };
}
