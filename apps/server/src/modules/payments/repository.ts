import type { Insertable, Kysely } from 'kysely';
import type { WalletPaymentRow, WalletPaymentTable } from '../../db/schema.ts';
import type { PaymentTables } from './tables.ts';

/** See migrations/005-payments.ts and docs/decisions/009-wallet-payments.md for the whole life of a payment. */
export type WalletPaymentStatus =
  | 'created'
  | 'capturing'
  | 'captured'
  | 'completed'
  | 'refunding'
  | 'refunded'
  | 'voided'
  | 'failed'
  | 'cancelled';

export type NewWalletPayment = Omit<Insertable<WalletPaymentTable>, 'id'>;

const normalize = (row: WalletPaymentRow): WalletPaymentRow => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
  amount_cents: Number(row.amount_cents),
  order_id: row.order_id === null ? null : Number(row.order_id),
});

/** The wallet_payments table: the only place with its SQL. `db` may be a transaction. */
export function createWalletPaymentRepository(db: Kysely<PaymentTables>) {
  return {
    async insert(payment: NewWalletPayment): Promise<number> {
      const row = await db.insertInto('wallet_payments').values(payment).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setProviderOrderId(id: number, providerOrderId: string): Promise<void> {
      await db.updateTable('wallet_payments').set({ provider_order_id: providerOrderId }).where('id', '=', id).execute();
    },

    async findByProviderOrderId(providerOrderId: string): Promise<WalletPaymentRow | null> {
      const row = await db.selectFrom('wallet_payments').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    /** The order's payment that was taken (its capture final), if the order was paid through the wallet. */
    async findCompletedOfOrder(orderId: number): Promise<WalletPaymentRow | null> {
      const row = await db.selectFrom('wallet_payments').selectAll().where('order_id', '=', orderId).where('status', '=', 'completed').where('capture_id', 'is not', null).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    async findByCapture(captureId: string): Promise<WalletPaymentRow | null> {
      const row = await db.selectFrom('wallet_payments').selectAll().where('capture_id', '=', captureId).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    /** Moves a payment on if it is still `from`; false when another request (or instance) moved it first. */
    async move(id: number, from: WalletPaymentStatus, to: WalletPaymentStatus, at: string, extra: Partial<WalletPaymentRow> = {}): Promise<boolean> {
      const result = await db
        .updateTable('wallet_payments')
        .set({ ...extra, status: to, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Changes a payment's fields while it stays `status`; false when it moved on meanwhile. */
    async updateWhile(id: number, status: WalletPaymentStatus, at: string, fields: Partial<WalletPaymentRow>): Promise<boolean> {
      const result = await db
        .updateTable('wallet_payments')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records how the provider's review of a capture went (or what it says while it lasts). */
    async setCaptureState(id: number, at: string, fields: Pick<WalletPaymentRow, 'capture_status' | 'capture_pending_reason'> & { failure?: string }, onlyWhilePending: boolean): Promise<void> {
      let query = db
        .updateTable('wallet_payments')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id);
      if (onlyWhilePending) query = query.where('capture_status', '=', 'pending');
      await query.execute();
    },

    /** Payments some step left half-way ('capturing', 'captured', 'refunding') untouched since `before`. */
    async stuckSince(before: string, limit: number): Promise<WalletPaymentRow[]> {
      const rows = await db
        .selectFrom('wallet_payments')
        .selectAll()
        .where('status', 'in', ['capturing', 'captured', 'refunding'])
        .where('updated_at', '<=', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },

    /** Completed payments whose capture the provider still reviews, last asked about before `asked`. */
    async underReviewSince(asked: string, limit: number): Promise<WalletPaymentRow[]> {
      const rows = await db
        .selectFrom('wallet_payments')
        .selectAll()
        .where('status', '=', 'completed')
        .where('capture_status', '=', 'pending')
        .where('updated_at', '<=', asked)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },
  };
}

export type WalletPaymentRepository = ReturnType<typeof createWalletPaymentRepository>;
