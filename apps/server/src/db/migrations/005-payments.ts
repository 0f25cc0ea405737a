import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** Every state a wallet payment goes through (docs/decisions/009-wallet-payments.md). */
export const WALLET_PAYMENT_STATUSES = [
  'created',
  'capturing',
  'captured',
  'completed',
  'refunding',
  'refunded',
  'voided',
  'failed',
  'cancelled',
] as const;

/** The simulator's own record of a payment, with PayPal's status names. */
export const SIMULATED_PAYMENT_STATUSES = ['CREATED', 'APPROVED', 'COMPLETED', 'VOIDED'] as const;

/**
 * Online wallet payments, the offline simulator's ledger, and idempotency keys on orders.
 *
 * wallet_payments: what the shopper is paying for between POST /api/paypal/create-order and the capture (§4:
 * no order is stored before approval), then which order the capture became, or how its money went back.
 * wallet_simulated_payments: the simulator's side (what PayPal keeps for a real payment), so the simulator
 * works across restarts and several instances. orders.idempotency_key: a retried POST /api/store-order
 * answers the order the first try placed instead of placing another.
 */
export function paymentsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('wallet_payments')
        .addColumn('id', 'integer', id)
        // The store's reference, sent to the provider and the root of every idempotency key of this payment.
        .addColumn('reference', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        // Null only between inserting the row and the provider's answer.
        .addColumn('provider_order_id', 'varchar(64)', (c) => c.unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('contact_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${quoted(WALLET_PAYMENT_STATUSES)})`))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
        // JSON: [{ id, price_cents }], the stones and the prices the shopper approved.
        .addColumn('items', 'text', (c) => c.notNull())
        // JSON: the order's delivery details (name, phone, address, gift, notes) as the checkout sent them.
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('capture_id', 'varchar(64)')
        .addColumn('refund_id', 'varchar(64)')
        .addColumn('order_id', 'integer', (c) => c.unique().references('orders.id').onDelete('restrict'))
        // What the shopper is told when the payment did not become an order.
        .addColumn('failure', 'varchar(500)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      // The recovery sweep asks "which payments stopped half-way?" every minute.
      await db.schema.createIndex('wallet_payments_status_idx').on('wallet_payments').columns(['status', 'updated_at']).execute();

      await db.schema
        .createTable('wallet_simulated_payments')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('create_key', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('reference', 'varchar(40)', (c) => c.notNull())
        .addColumn('description', 'varchar(200)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'char(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in (${quoted(SIMULATED_PAYMENT_STATUSES)})`))
        .addColumn('return_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('cancel_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('capture_id', 'varchar(40)', (c) => c.unique())
        .addColumn('refund_id', 'varchar(40)', (c) => c.unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('orders').addColumn('idempotency_key', 'varchar(100)').execute();
      // NULLs are distinct on both engines: orders placed without a key never collide.
      await db.schema.createIndex('orders_idempotency_idx').on('orders').columns(['user_id', 'idempotency_key']).unique().execute();
    },
  };
}
