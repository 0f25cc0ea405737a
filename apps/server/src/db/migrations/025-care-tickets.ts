import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
// The lists as they were when this migration was written: a later one that adds a value changes its own CHECK.
const CARE_KINDS = ['resize', 'repair'];
const CARE_STATUSES = ['requested', 'received', 'in_work', 'shipped_back', 'cancelled'];
const OPEN = ['requested', 'received', 'in_work'];

/**
 * Resize and repair tickets (docs/decisions/024-resize-and-repair-tickets.md).
 *
 * order_care_tickets: one resize (asked for by the shopper, with a prepaid label's link kept as its SHA-256) or repair
 * (opened by staff for a piece brought in) of one order line, its state and who took each step, its sizes and fee.
 * A line has at most one open ticket (a partial unique index). shipments.ticket_id: the parcel that sent a ticket's
 * piece back, on the order's same shipping records (null for the order's own parcels).
 */
export function careTicketsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
      await db.schema
        .createTable('order_care_tickets')
        .addColumn('id', 'integer', id)
        .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in (${quoted(CARE_KINDS)})`))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${quoted(CARE_STATUSES)})`))
        .addColumn('from_size', 'varchar(8)')
        .addColumn('to_size', 'varchar(8)')
        .addColumn('description', 'varchar(500)')
        .addColumn('free', 'integer', (c) => c.notNull().check(sql`free in (0, 1)`))
        .addColumn('fee_cents', 'bigint', (c) => c.check(sql`fee_cents >= 0`))
        .addColumn('fee_reference', 'varchar(80)')
        .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('requested_by', 'varchar(254)', (c) => c.notNull())
        .addColumn('received_at', 'varchar(30)')
        .addColumn('received_by', 'varchar(254)')
        .addColumn('work_started_at', 'varchar(30)')
        .addColumn('work_by', 'varchar(254)')
        .addColumn('shipped_at', 'varchar(30)')
        .addColumn('shipped_by', 'varchar(254)')
        .addColumn('closed_at', 'varchar(30)')
        .addColumn('closed_by', 'varchar(254)')
        .addColumn('label_token_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('label_expires_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('order_care_tickets_order_idx').on('order_care_tickets').columns(['order_id']).execute();
      await sql`create unique index order_care_tickets_open_line on order_care_tickets (order_item_id) where status in (${quoted(OPEN)})`.execute(db);
      await db.schema.alterTable('shipments').addColumn('ticket_id', 'integer', (c) => c.references('order_care_tickets.id').onDelete('set null')).execute();
    },
  };
}
