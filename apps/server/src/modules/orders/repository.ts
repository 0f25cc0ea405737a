import type { Insertable, Kysely } from 'kysely';
import type { Database, OrderItemRow, OrderRow, OrderTable } from '../../db/schema.ts';

export type NewOrder = Omit<Insertable<OrderTable>, 'id' | 'order_number'>;

export interface NewOrderItem {
  diamond_id: number;
  certificate_number: string;
  description: string;
  type: number;
  carat: number;
  price_cents: number;
}

const normalizeOrder = (row: OrderRow): OrderRow => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
  total_cents: Number(row.total_cents),
  is_gift: Number(row.is_gift),
});

const normalizeItem = (row: OrderItemRow): OrderItemRow => ({
  ...row,
  id: Number(row.id),
  order_id: Number(row.order_id),
  diamond_id: Number(row.diamond_id),
  type: Number(row.type),
  carat: Number(row.carat),
  price_cents: Number(row.price_cents),
});

/** Orders, their items, and the stones' reservation. `db` may be a transaction. */
export function createOrderRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes one stone for an order: the UPDATE re-checks `status = 'available'` itself, so of any number of
     * concurrent transactions exactly one changes the row (PostgreSQL re-reads the row after the winner commits;
     * SQLite has one writer at a time). True when this call took it.
     */
    async reserveStone(diamondId: number): Promise<boolean> {
      const result = await db
        .updateTable('diamonds')
        .set({ status: 'reserved' })
        .where('id', '=', diamondId)
        .where('status', '=', 'available')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives an order's held stones back to the search and marks its items released. */
    async releaseStones(orderId: number, at: string): Promise<number[]> {
      const held = await db
        .selectFrom('order_items')
        .select('diamond_id')
        .where('order_id', '=', orderId)
        .where('released_at', 'is', null)
        .orderBy('diamond_id')
        .execute();
      const ids = held.map((r) => Number(r.diamond_id));
      if (ids.length === 0) return [];
      await db.updateTable('diamonds').set({ status: 'available' }).where('id', 'in', ids).where('status', '=', 'reserved').execute();
      await db.updateTable('order_items').set({ released_at: at }).where('order_id', '=', orderId).where('released_at', 'is', null).execute();
      return ids;
    },

    /** Inserts the order under `orderNumber`; null when that number is taken (the caller draws another). */
    async insertOrder(order: NewOrder, orderNumber: string): Promise<number | null> {
      const row = await db
        .insertInto('orders')
        .values({ ...order, order_number: orderNumber })
        .onConflict((oc) => oc.column('order_number').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    async insertItems(orderId: number, items: NewOrderItem[]): Promise<void> {
      // One insert per item: few items, and multi-row RETURNING order is not promised on every engine.
      for (const item of items) await db.insertInto('order_items').values({ ...item, order_id: orderId }).execute();
    },

    async findById(id: number): Promise<OrderRow | null> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalizeOrder(row) : null;
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<OrderRow | null> {
      const row = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
      return row ? normalizeOrder(row) : null;
    },

    async listByUser(userId: number, limit: number): Promise<OrderRow[]> {
      const rows = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map(normalizeOrder);
    },

    async itemsOf(orderIds: readonly number[]): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await db.selectFrom('order_items').selectAll().where('order_id', 'in', [...orderIds]).orderBy('id').execute();
      return rows.map(normalizeItem);
    },

    /**
     * Cancels a pending order whose payment failed after it was placed (a PayPal capture denied after review). True
     * when this call did it; false when the order had moved on meanwhile (staff already handled it).
     */
    async cancelForFailedPayment(orderId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ order_status: 'cancelled', payment_status: 'failed', updated_at: at })
        .where('id', '=', orderId)
        .where('order_status', '=', 'pending')
        .where('payment_status', '=', 'paid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findByNumber(orderNumber: string): Promise<OrderRow | null> {
      const row = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
      return row ? normalizeOrder(row) : null;
    },

    /** The newest orders, optionally only those with this order status; for the store's staff. */
    async listRecent(limit: number, orderStatus?: string): Promise<OrderRow[]> {
      let query = db.selectFrom('orders').selectAll().orderBy('id', 'desc').limit(limit);
      if (orderStatus) query = query.where('order_status', '=', orderStatus);
      return (await query.execute()).map(normalizeOrder);
    },

    /**
     * Staff received the payment of a pending, unpaid order: paid and confirmed. The UPDATE re-checks both
     * statuses, so against the hold sweep (or another desk) exactly one outcome wins. True when this call did it.
     */
    async recordPayment(orderId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ order_status: 'confirmed', payment_status: 'paid', updated_at: at })
        .where('id', '=', orderId)
        .where('order_status', '=', 'pending')
        .where('payment_status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A paid order was delivered: completed. True when this call did it. */
    async complete(orderId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ order_status: 'completed', updated_at: at })
        .where('id', '=', orderId)
        .where('order_status', 'in', ['pending', 'confirmed'])
        .where('payment_status', '=', 'paid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The stones an order holds become sold: they stay out of the search for good. */
    async sellStones(orderId: number): Promise<void> {
      const held = db.selectFrom('order_items').select('diamond_id').where('order_id', '=', orderId).where('released_at', 'is', null);
      await db.updateTable('diamonds').set({ status: 'sold' }).where('id', 'in', held).where('status', '=', 'reserved').execute();
    },

    /**
     * The store cancels an open order: an unpaid one, or (`refunded`) a paid one whose payment staff have refunded.
     * True when this call did it; false when the order had moved on meanwhile.
     */
    async cancelByStore(orderId: number, at: string, refunded: boolean): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ order_status: 'cancelled', payment_status: refunded ? 'refunded' : 'pending', updated_at: at })
        .where('id', '=', orderId)
        .where('order_status', 'in', ['pending', 'confirmed'])
        .where('payment_status', '=', refunded ? 'paid' : 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending wire orders whose hold has run out at `at`, oldest first. */
    async findExpiredHolds(at: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('order_status', '=', 'pending')
        .where('hold_expires_at', 'is not', null)
        .where('hold_expires_at', '<=', at)
        .where('payment_status', '=', 'pending')
        .orderBy('hold_expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Cancels an unpaid expired hold. The conditions are re-checked by the UPDATE, so when two instances sweep
     * at once (or the payment is recorded at that moment) exactly one outcome wins. True when this call did it.
     */
    async cancelExpiredHold(orderId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ order_status: 'cancelled', payment_status: 'expired', updated_at: at })
        .where('id', '=', orderId)
        .where('order_status', '=', 'pending')
        .where('payment_status', '=', 'pending')
        .where('hold_expires_at', '<=', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
