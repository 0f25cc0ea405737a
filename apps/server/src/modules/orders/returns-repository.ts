import { sql, type Kysely } from 'kysely';
import { OPEN_RETURN_STATUSES, type ReturnStatus } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { OrderRefundRow, OrderReturnLineRow, OrderReturnRow } from '../../db/schema.ts';
import type { OrderTables } from './tables.ts';

/** The first key of PostgreSQL's two-key advisory locks taken by returns: 'EVRT' (Everstone returns). */
const RETURNS_LOCK = 0x45565254;

export type NewReturn = Omit<OrderReturnRow, 'id' | 'received_at' | 'received_by' | 'inspected_at' | 'inspected_by' | 'inspection_note' | 'gia_recheck' | 'closed_at' | 'closed_by' | 'exchange_order_number'>;
export type NewRefund = Omit<OrderRefundRow, 'id' | 'completed_at' | 'failure'>;

/** What a return's step changes besides its status. */
type ReturnChange = Partial<Pick<OrderReturnRow, 'received_at' | 'received_by' | 'inspected_at' | 'inspected_by' | 'inspection_note' | 'gia_recheck' | 'closed_at' | 'closed_by' | 'exchange_order_number'>>;

/** An order's returns, their lines and its refunds. */
export interface ReturnRecords {
  returns: OrderReturnRow[];
  lines: OrderReturnLineRow[];
  refunds: OrderRefundRow[];
}

const n = (v: unknown) => Number(v);
const returnRow = (r: OrderReturnRow): OrderReturnRow => ({ ...r, id: n(r.id), order_id: n(r.order_id), user_id: n(r.user_id), refund_cents: n(r.refund_cents), fee_cents: n(r.fee_cents) });
const lineRowOf = (l: OrderReturnLineRow): OrderReturnLineRow => ({ ...l, id: n(l.id), return_id: n(l.return_id), order_item_id: n(l.order_item_id), total_cents: n(l.total_cents), engraving_fee_cents: n(l.engraving_fee_cents) });
const refundRow = (r: OrderRefundRow): OrderRefundRow => ({ ...r, id: n(r.id), order_id: n(r.order_id), return_id: r.return_id === null ? null : n(r.return_id), amount_cents: n(r.amount_cents) });

/** Returns and refunds: the only place with their SQL. `db` may be a transaction. */
export function createReturnsRepository(db: Kysely<OrderTables>) {
  return {
    /**
     * Inside the transaction that authorizes a return: on PostgreSQL two returns of one account requested at once
     * (two orders, two tabs) would each find no recent return and both pass the six-month rule; the second waits here.
     * SQLite has one writer at a time already.
     */
    async lockReturnsOf(userId: number, engine: Engine): Promise<void> {
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${RETURNS_LOCK}, ${userId})`.execute(db);
    },

    /** When the account's latest return (any order, not cancelled) was requested. */
    async lastReturnAt(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('order_returns')
        .select((eb) => eb.fn.max('requested_at').as('at'))
        .where('user_id', '=', userId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirst();
      return (row?.at as string | null | undefined) ?? null;
    },

    /** For each order, when its account last asked for a return (any order, not cancelled); orders with none are left out. */
    async lastReturnsOfOrders(orderIds: readonly number[]): Promise<Map<number, string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('orders')
        .innerJoin('order_returns', (join) => join.onRef('order_returns.user_id', '=', 'orders.user_id').on('order_returns.status', '<>', 'cancelled'))
        .select(['orders.id as id', (eb) => eb.fn.max('order_returns.requested_at').as('at')])
        .where('orders.id', 'in', [...orderIds])
        .groupBy('orders.id')
        .execute();
      return new Map(rows.map((r) => [n(r.id), String(r.at)]));
    },

    /** The returns, return lines and refunds of each order. */
    async recordsOf(orderIds: readonly number[]): Promise<Map<number, ReturnRecords>> {
      const records = new Map<number, ReturnRecords>(orderIds.map((id) => [id, { returns: [], lines: [], refunds: [] }]));
      if (orderIds.length === 0) return records;
      const ids = [...orderIds];
      const [returns, refunds] = await Promise.all([
        db.selectFrom('order_returns').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
        db.selectFrom('order_refunds').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      ]);
      const byReturn = new Map(returns.map((r) => [n(r.id), n(r.order_id)]));
      const lines = byReturn.size === 0 ? [] : await db.selectFrom('order_return_lines').selectAll().where('return_id', 'in', [...byReturn.keys()]).orderBy('id').execute();
      for (const r of returns) records.get(n(r.order_id))!.returns.push(returnRow(r));
      for (const l of lines) records.get(byReturn.get(n(l.return_id))!)!.lines.push(lineRowOf(l));
      for (const r of refunds) records.get(n(r.order_id))!.refunds.push(refundRow(r));
      return records;
    },

    async findByRma(rma: string): Promise<OrderReturnRow | null> {
      const row = await db.selectFrom('order_returns').selectAll().where('rma', '=', rma).executeTakeFirst();
      return row ? returnRow(row) : null;
    },

    /** The return a new order was given as the exchange of, if any. */
    async findByExchangeOrder(orderNumber: string): Promise<OrderReturnRow | null> {
      const row = await db.selectFrom('order_returns').selectAll().where('exchange_order_number', '=', orderNumber).executeTakeFirst();
      return row ? returnRow(row) : null;
    },

    async findByLabelToken(tokenHash: string, at: string): Promise<OrderReturnRow | null> {
      const row = await db.selectFrom('order_returns').selectAll().where('label_token_hash', '=', tokenHash).where('label_expires_at', '>', at).executeTakeFirst();
      return row ? returnRow(row) : null;
    },

    /**
     * Counts a return as open on its order, on the condition that the order is still delivered, paid and in its
     * window (delivered after `deliveredAfter`): a return and the completion sweep meet on this row, so one of them
     * waits and then finds the other's change. False when the order moved on.
     */
    async openOnOrder(orderId: number, deliveredAfter: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set((eb) => ({ open_returns: eb('open_returns', '+', 1), updated_at: at }))
        .where('id', '=', orderId)
        .where('order_status', '=', 'delivered')
        .where('payment_status', '=', 'paid')
        .where('delivered_at', '>', deliveredAfter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A return left the store's hands (refunded, declined, cancelled). */
    async closeOnOrder(orderId: number, at: string): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({ open_returns: eb('open_returns', '-', 1), updated_at: at }))
        .where('id', '=', orderId)
        .where('open_returns', '>', 0)
        .execute();
    },

    /** Inserts the return under its RMA; null when that RMA is taken (the caller draws another). */
    async insertReturn(r: NewReturn): Promise<number | null> {
      const row = await db
        .insertInto('order_returns')
        .values(r)
        .onConflict((oc) => oc.column('rma').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? n(row.id) : null;
    },

    /** The return's lines; false when one is already in another return (the caller's transaction rolls back). */
    async insertLines(returnId: number, lines: readonly { order_item_id: number; total_cents: number; engraving_fee_cents: number }[]): Promise<boolean> {
      for (const line of lines) {
        const row = await db
          .insertInto('order_return_lines')
          .values({ ...line, return_id: returnId })
          .onConflict((oc) => oc.column('order_item_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
      }
      return true;
    },

    /** A cancelled return frees its lines: they may be returned again while the window is open. */
    async freeLines(returnId: number): Promise<void> {
      await db.deleteFrom('order_return_lines').where('return_id', '=', returnId).execute();
    },

    /** A new label link's hash for a return still standing as `status` (the old link stops working). */
    async setLabelToken(returnId: number, status: ReturnStatus, tokenHash: string): Promise<boolean> {
      const result = await db.updateTable('order_returns').set({ label_token_hash: tokenHash }).where('id', '=', returnId).where('status', '=', status).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a return from `from` to `to`, on the condition that it still stands as read. True when this call made it. */
    async move(returnId: number, from: ReturnStatus, to: ReturnStatus, change: ReturnChange = {}): Promise<boolean> {
      const result = await db.updateTable('order_returns').set({ ...change, status: to }).where('id', '=', returnId).where('status', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Open returns, oldest first, for the back office's queue. */
    async open(limit: number): Promise<OrderReturnRow[]> {
      const rows = await db.selectFrom('order_returns').selectAll().where('status', 'in', [...OPEN_RETURN_STATUSES]).orderBy('requested_at').limit(limit).execute();
      return rows.map(returnRow);
    },

    /**
     * Takes `cents` from what may still be refunded of the order, in one UPDATE: two refunds at once each add their
     * amount on the row, and the one that would pass the total changes nothing (false). The CHECK on the column says
     * the same to any other writer.
     */
    async reserveRefund(orderId: number, cents: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), updated_at: at }))
        .where('id', '=', orderId)
        .where(sql<boolean>`refunded_cents + ${cents} <= total_cents`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A refund that failed gives its amount back to what may be refunded. */
    async giveBackRefund(orderId: number, cents: number, at: string): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', cents), updated_at: at }))
        .where('id', '=', orderId)
        .where('refunded_cents', '>=', cents)
        .execute();
    },

    /** Records a refund; null when its return already has one pending or done (the partial unique index). */
    async insertRefund(refund: NewRefund): Promise<number | null> {
      try {
        const row = await db.insertInto('order_refunds').values(refund).returning('id').executeTakeFirstOrThrow();
        return n(row.id);
      } catch (error) {
        if (/unique/i.test(String((error as Error).message))) return null;
        throw error;
      }
    },

    async findRefund(id: number): Promise<OrderRefundRow | null> {
      const row = await db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? refundRow(row) : null;
    },

    /** The pending refund of a return (a retry sends it again with its own request id). */
    async pendingRefundOf(returnId: number): Promise<OrderRefundRow | null> {
      const row = await db.selectFrom('order_refunds').selectAll().where('return_id', '=', returnId).where('status', '=', 'pending').executeTakeFirst();
      return row ? refundRow(row) : null;
    },

    /** A pending refund done (with PayPal's refund id as its reference) or failed; false when it was not pending any more. */
    async settleRefund(id: number, outcome: { status: 'completed'; reference: string | null; at: string } | { status: 'failed'; failure: string; at: string }): Promise<boolean> {
      const set =
        outcome.status === 'completed'
          ? { status: 'completed', reference: outcome.reference, completed_at: outcome.at }
          : { status: 'failed', failure: outcome.failure.slice(0, 300), completed_at: outcome.at };
      const result = await db.updateTable('order_refunds').set(set).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
