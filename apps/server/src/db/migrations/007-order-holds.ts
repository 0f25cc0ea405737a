import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { PAYMENT_STATUSES, UNPAID_HOLD_HOURS } from '@everstone/contract';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** What a wallet payment's capture is at the provider: taken for good, held for review, or denied after review. */
export const CAPTURE_STATUSES = ['completed', 'pending', 'denied'] as const;

/**
 * Holds for every unpaid order, and PayPal captures held for review (docs/decisions/011-unpaid-holds.md,
 * 009-wallet-payments.md).
 *
 * orders.payment_status takes 'under_review'. Its CHECK was written by 004 from the contract's list of the day, and
 * SQLite cannot alter a CHECK in place; so the column is replaced, which both engines can do inside the migration's
 * transaction: a new column with the current list, the values copied, the old one dropped and the new one renamed.
 * (SQLite allows dropping a column whose only CHECK is its own.) A status added later needs the same step.
 *
 * wallet_payments.capture_status: 'pending' while PayPal reviews a capture, so the order is placed under review
 * and the recovery sweep asks PayPal how the review ended; capture_pending_reason is PayPal's status_details.reason.
 *
 * Orders placed unpaid before this migration held their stones with no end: each gets its method's hold from now,
 * so the stones a script took come back to the search, while the team still has the method's whole time to confirm
 * the real orders (docs/operations.md).
 */
export function orderHoldsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('payment_status_new', 'varchar(16)', (c) => c.notNull().defaultTo('pending').check(sql`payment_status_new in (${quoted(PAYMENT_STATUSES)})`))
        .execute();
      await db.updateTable('orders').set({ payment_status_new: sql.ref('payment_status') }).execute();
      await db.schema.alterTable('orders').dropColumn('payment_status').execute();
      await db.schema.alterTable('orders').renameColumn('payment_status_new', 'payment_status').execute();

      await db.schema
        .alterTable('wallet_payments')
        .addColumn('capture_status', 'varchar(16)', (c) => c.check(sql`capture_status in (${quoted(CAPTURE_STATUSES)})`))
        .execute();
      await db.schema.alterTable('wallet_payments').addColumn('capture_pending_reason', 'varchar(64)').execute();
      // The recovery sweep asks "which captures is PayPal still reviewing?" every minute.
      await db.schema.createIndex('wallet_payments_capture_idx').on('wallet_payments').columns(['capture_status', 'updated_at']).execute();

      const now = Date.now();
      for (const [method, hours] of Object.entries(UNPAID_HOLD_HOURS)) {
        await db
          .updateTable('orders')
          .set({ hold_expires_at: new Date(now + hours * 3_600_000).toISOString() })
          .where('payment_mode', '=', method)
          .where('order_status', '=', 'pending')
          .where('payment_status', '=', 'pending')
          .where('hold_expires_at', 'is', null)
          .execute();
      }
    },
  };
}
