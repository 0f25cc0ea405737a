import type { Insertable, Kysely } from 'kysely';
import type { WalletSimulatedPaymentRow, WalletSimulatedPaymentTable } from '../../db/schema.ts';
import type { PaymentTables } from './tables.ts';

const normalize = (row: WalletSimulatedPaymentRow): WalletSimulatedPaymentRow => ({ ...row, amount_cents: Number(row.amount_cents) });

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

    async refundIdOf(captureId: string): Promise<string | null> {
      const row = await db.selectFrom('wallet_simulated_payments').select('refund_id').where('capture_id', '=', captureId).executeTakeFirstOrThrow();
      return row.refund_id;
    },
  };
}
