import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The offline wallet refunds as PayPal does: in part or in full, several times, never more than was captured, and
 * once per request id (a return's refund retried answers the first).
 *
 * wallet_simulated_payments.refunded_cents: what has been refunded of the capture; its CHECK keeps it at most the
 * amount. wallet_simulated_refunds: each refund, under its request id.
 */
export function simulatedRefundsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('wallet_simulated_payments')
        .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`refunded_cents >= 0 and refunded_cents <= amount_cents`))
        .execute();
      await db.schema
        .createTable('wallet_simulated_refunds')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('capture_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('request_key', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      // A capture's refund from before: it refunded the whole capture.
      await sql`update wallet_simulated_payments set refunded_cents = amount_cents where refund_id is not null`.execute(db);
    },
  };
}
