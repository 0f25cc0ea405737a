import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CARRIERS, ORDER_STATUSES, PRODUCTION_STAGES, orderShipsBy } from '@everstone/contract';
import type { Engine } from '../database.ts';

// The timeline's steps as they were when this migration was written (a return's steps are read from the return).
const TIMELINE_STEPS = ['placed', 'confirmed', 'paid', 'production', 'ready', 'shipped', 'delivered', 'delayed', 'completed', 'cancelled'];

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * The life of an order after the sale (docs/decisions/020-order-lifecycle.md).
 *
 * orders.order_status takes 'in_production', 'ready_to_ship', 'shipped' and 'delivered'. As in 007, SQLite cannot
 * alter a CHECK in place, so the column is replaced (its indexes first dropped, then made again on the new column).
 *
 * orders.ships_by: the day (YYYY-MM-DD) the order is to leave the workshop, as the store now promises it;
 * promised_ships_by: as it was promised when placed (the on-time figure compares with it). Orders placed before
 * this get both from their placing day and their lines' business days, as their pages already said.
 * production_stage: the workshop's last stage recorded. shipped_at, delivered_at: the order's own, for the queues
 * and the sweep that completes an order when its return window closes.
 *
 * order_events: the timeline, one row per step with its instant and who took it. shipments: each parcel, its
 * carrier and tracking number (one number is one parcel: unique per carrier), insured value and signature.
 */
export function fulfilmentMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      // The indexes on the column go first (SQLite drops no indexed column) and are made again on the new one.
      await db.schema.dropIndex('orders_hold_idx').execute();
      await db.schema.dropIndex('orders_untrusted_idx').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('order_status_new', 'varchar(16)', (c) => c.notNull().defaultTo('pending').check(sql`order_status_new in (${quoted(ORDER_STATUSES)})`))
        .execute();
      await db.updateTable('orders').set({ order_status_new: sql.ref('order_status') }).execute();
      await db.schema.alterTable('orders').dropColumn('order_status').execute();
      await db.schema.alterTable('orders').renameColumn('order_status_new', 'order_status').execute();
      await db.schema.createIndex('orders_hold_idx').on('orders').columns(['order_status', 'hold_expires_at']).execute();
      await db.schema.createIndex('orders_untrusted_idx').on('orders').columns(['untrusted', 'order_status', 'hold_expires_at']).execute();

      await db.schema.alterTable('orders').addColumn('ships_by', 'varchar(10)').execute();
      await db.schema.alterTable('orders').addColumn('promised_ships_by', 'varchar(10)').execute();
      await db.schema.alterTable('orders').addColumn('production_stage', 'varchar(16)', (c) => c.check(sql`production_stage in (${quoted(PRODUCTION_STAGES)})`)).execute();
      await db.schema.alterTable('orders').addColumn('shipped_at', 'varchar(30)').execute();
      await db.schema.alterTable('orders').addColumn('delivered_at', 'varchar(30)').execute();
      // The fulfilment queue asks "what is due by when?"; the completion sweep "which deliveries are a window old?".
      await db.schema.createIndex('orders_ships_by_idx').on('orders').columns(['order_status', 'ships_by']).execute();
      await db.schema.createIndex('orders_delivered_idx').on('orders').columns(['order_status', 'delivered_at']).execute();

      const orders = await db.selectFrom('orders').select(['id', 'created_at']).execute();
      for (const order of orders) {
        const lines = await db.selectFrom('order_items').select(['kind', 'lead_days']).where('order_id', '=', order.id).where('parent_line_id', 'is', null).execute();
        const day = orderShipsBy(order.created_at as string, lines as { kind: string; lead_days: number | null }[]);
        await db.updateTable('orders').set({ ships_by: day, promised_ships_by: day }).where('id', '=', order.id).execute();
      }

      await db.schema
        .createTable('order_events')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('step', 'varchar(16)', (c) => c.notNull().check(sql`step in (${quoted(TIMELINE_STEPS)})`))
        .addColumn('stage', 'varchar(16)', (c) => c.check(sql`stage in (${quoted(PRODUCTION_STAGES)})`))
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        // Who took it: a staff member's email, the order desk's user and host, 'store' (a sweep) or 'carrier'.
        .addColumn('actor', 'varchar(254)', (c) => c.notNull())
        // A delay's new day, a shipment's tracking number.
        .addColumn('detail', 'varchar(64)')
        // Staff's words (a delay's reason), shown to the shopper.
        .addColumn('note', 'varchar(300)')
        .execute();
      await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

      await db.schema
        .createTable('shipments')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('carrier', 'varchar(8)', (c) => c.notNull().check(sql`carrier in (${quoted(CARRIERS)})`))
        .addColumn('tracking_number', 'varchar(40)', (c) => c.notNull())
        .addColumn('insured_cents', 'bigint', (c) => c.notNull().check(sql`insured_cents >= 0`))
        .addColumn('signature_required', 'integer', (c) => c.notNull().check(sql`signature_required in (0, 1)`))
        .addColumn('shipped_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('delivered_at', 'varchar(30)')
        .addColumn('shipped_by', 'varchar(254)', (c) => c.notNull())
        .addUniqueConstraint('shipments_tracking_unique', ['carrier', 'tracking_number'])
        .execute();
      await db.schema.createIndex('shipments_order_idx').on('shipments').columns(['order_id']).execute();
    },
  };
}
