import { sql, type Insertable, type Kysely } from 'kysely';
import type { WalletSimulatedPaymentRow, WalletSimulatedPaymentTable } from '../../db/schema.ts';
import type { PaymentTables } from './tables.ts';

const normalize = (row: WalletSimulatedPaymentRow): WalletSimulatedPaymentRow => ({ ...row, amount_cents: Number(row.amount_cents), refunded_cents: Number(row.refunded_cents) });

/** The offline wallet's ledger (wallet_simulated_payments): the only place with its SQL. */
export function createSimulatorRepository(db: Kysely<PaymentTables>) {
  return {
    async find(id: string): Promise<WalletSimulatedPaymentRow | null> {
      const row = await db.selectFrom('wallet_simulated_payments').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    async findByCapture(captureId: string): Promise<WalletSimulatedPaymentRow | null> {
      const row = await db.selectFrom('wallet_simulated_payments').selectAll().where('capture_id', '=', captureId).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    /** Moves a payment from one status to another; false when it was not in `from` (someone else moved it). */
    async move(id: string, from: string, to: string, at: string, extra: Partial<WalletSimulatedPaymentRow> = {}): Promise<boolean> {
      const result = await db
        .updateTable('wallet_simulated_payments')
        .set({ ...extra, status: to, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Writes a payment unless one has its create key, and answers the id of the one that has it. */
    async insertOnce(payment: Insertable<WalletSimulatedPaymentTable>): Promise<string> {
      // The same key twice answers the first payment, as PayPal-Request-Id does.
      await db
        .insertInto('wallet_simulated_payments')
        .values(payment)
        .onConflict((oc) => oc.column('create_key').doNothing())
        .execute();
      const row = await db.selectFrom('wallet_simulated_payments').select('id').where('create_key', '=', payment.create_key).executeTakeFirstOrThrow();
      return row.id;
    },

    /** Gives the capture its refund id unless it has one already (a refund racing this one may have given it). */
    async setRefundIdIfNone(captureId: string, refundId: string, at: string): Promise<void> {
      await db
        .updateTable('wallet_simulated_payments')
        .set({ refund_id: refundId, updated_at: at })
        .where('capture_id', '=', captureId)
        .where('refund_id', 'is', null)
        .execute();
    },

    /** The refund made under a request id, if any. */
    async refundByKey(requestKey: string): Promise<{ id: string; capture_id: string; amount_cents: number } | null> {
      const row = await db.selectFrom('wallet_simulated_refunds').select(['id', 'capture_id', 'amount_cents']).where('request_key', '=', requestKey).executeTakeFirst();
      return row ? { ...row, amount_cents: Number(row.amount_cents) } : null;
    },

    /**
     * Refunds `amountCents` of a capture under its request id: the refund's row first (a second call with the key
     * finds it: false), then the amount added to what was refunded in one UPDATE that keeps it at most the capture
     * (false, and the row removed, when it would pass it).
     */
    async refund(refund: { id: string; capture_id: string; request_key: string; amount_cents: number; created_at: string }): Promise<'refunded' | 'repeated' | 'exceeds'> {
      const inserted = await db.insertInto('wallet_simulated_refunds').values(refund).onConflict((oc) => oc.column('request_key').doNothing()).returning('id').executeTakeFirst();
      if (!inserted) return 'repeated';
      const result = await db
        .updateTable('wallet_simulated_payments')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.amount_cents), updated_at: refund.created_at }))
        .where('capture_id', '=', refund.capture_id)
        .where(sql<boolean>`refunded_cents + ${refund.amount_cents} <= amount_cents`)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 'refunded';
      await db.deleteFrom('wallet_simulated_refunds').where('id', '=', refund.id).execute();
      return 'exceeds';
    },

    async refundIdOf(captureId: string): Promise<string | null> {
      const row = await db.selectFrom('wallet_simulated_payments').select('refund_id').where('capture_id', '=', captureId).executeTakeFirstOrThrow();
      return row.refund_id;
    },
  };
}
