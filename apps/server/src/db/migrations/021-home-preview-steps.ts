import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CARRIERS, HOME_PREVIEW_STATUSES } from '@everstone/contract';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Home Preview's staff steps (docs/decisions/022-home-preview-steps.md), on the home-preview module's own tables.
 *
 * home_preview_requests.status takes the new states and, now that it has more than two, a CHECK. As in 018, SQLite
 * cannot alter a column's CHECK in place, so the column is replaced (no index names it).
 *
 * Each step's facts: the deposit's reference and instant; the parcel's carrier and tracking number (one number is
 * one parcel: unique per carrier), shipped and delivered; how many replicas are back (the receive step's guard: two
 * people recording the two replicas at once cannot both think the other is still out) and when the last one came;
 * the settlement: refunded and kept cents, the refund's reference, when. home_preview_rings.returned_at: each
 * replica's return.
 */
export function homePreviewStepsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('home_preview_requests')
        .addColumn('status_new', 'varchar(16)', (c) => c.notNull().defaultTo('requested').check(sql`status_new in (${quoted(HOME_PREVIEW_STATUSES)})`))
        .execute();
      await db.updateTable('home_preview_requests').set({ status_new: sql.ref('status') }).execute();
      await db.schema.alterTable('home_preview_requests').dropColumn('status').execute();
      await db.schema.alterTable('home_preview_requests').renameColumn('status_new', 'status').execute();

      const add = async (name: string, type: 'varchar(30)' | 'varchar(40)' | 'varchar(64)' | 'integer', build?: (c: any) => any) => {
        await db.schema.alterTable('home_preview_requests').addColumn(name, type, build ?? ((c) => c)).execute();
      };
      await add('deposit_reference', 'varchar(64)');
      await add('deposit_taken_at', 'varchar(30)');
      await db.schema
        .alterTable('home_preview_requests')
        .addColumn('carrier', 'varchar(8)', (c) => c.check(sql`carrier in (${quoted(CARRIERS)})`))
        .execute();
      await add('tracking_number', 'varchar(40)');
      await add('shipped_at', 'varchar(30)');
      await add('delivered_at', 'varchar(30)');
      await add('rings_returned', 'integer', (c) => c.notNull().defaultTo(0).check(sql`rings_returned >= 0`));
      await add('returned_at', 'varchar(30)');
      await add('refunded_cents', 'integer', (c) => c.check(sql`refunded_cents >= 0`));
      await add('kept_cents', 'integer', (c) => c.check(sql`kept_cents >= 0`));
      await add('refund_reference', 'varchar(64)');
      await add('settled_at', 'varchar(30)');

      // The back office lists by status, newest first; a tracking number is one parcel.
      await db.schema.createIndex('home_preview_requests_status_idx').on('home_preview_requests').columns(['status', 'id']).execute();
      await db.schema.createIndex('home_preview_requests_tracking_unique').on('home_preview_requests').columns(['carrier', 'tracking_number']).unique().execute();

      await db.schema.alterTable('home_preview_rings').addColumn('returned_at', 'varchar(30)').execute();
    },
  };
}
