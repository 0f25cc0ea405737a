import { sql, type Insertable, type Kysely } from 'kysely';
import { UNSHIPPED_ORDER_STATUSES, type LineItemKind, type OrderStatus, type PaymentStatus } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { OrderCareTicketRow, OrderEventRow, OrderItemRow, OrderRow, OrderTable, ShipmentRow } from '../../db/schema.ts';
import { ticketRow } from './care-repository.ts';
import { createReturnsRepository, type ReturnRecords } from './returns-repository.ts';
import type { OrderTables } from './tables.ts';

export type NewOrder = Omit<Insertable<OrderTable>, 'id' | 'order_number'>;

/** What an order keeps besides its row: its lines, its timeline's steps and its parcels. */
export interface OrderRecords {
  items: OrderItemRow[];
  events: OrderEventRow[];
  shipments: ShipmentRow[];
  /** Its returns, their lines and its refunds. */
  returns: ReturnRecords;
  /** When the order's account last asked for a return (any order, not cancelled): the six-month rule reads it. */
  lastReturnAt: string | null;
  /** Its resize and repair tickets. */
  tickets: OrderCareTicketRow[];
}

/** A step for the timeline, as a step writes it in its own transaction. */
export interface NewOrderEvent {
  step: string;
  stage?: string | null;
  at: string;
  actor: string;
  detail?: string | null;
  note?: string | null;
}

/** A parcel as the ship step records it. */
export interface NewShipment {
  carrier: string;
  tracking_number: string;
  insured_cents: number;
  signature_required: number;
  shipped_at: string;
  shipped_by: string;
  /** The resize or repair ticket whose piece it sends back. */
  ticket_id?: number | null;
}

/** A line as an order keeps it: what was sold, described as it was, at the price one unit was sold for. */
export interface NewOrderLine {
  kind: LineItemKind;
  quantity: number;
  diamond_id: number | null;
  certificate_number: string | null;
  description: string;
  type: number | null;
  carat: number | null;
  price_cents: number;
  /** A product line's variant, or a ring's setting variant, and the shopper's choices (null on a loose diamond). */
  variant_id?: number | null;
  sku?: string | null;
  product_slug?: string | null;
  metal?: string | null;
  ring_size?: string | null;
  engraving?: string | null;
  /** 1 when the line took units from the shelf (given back if the order is cancelled). */
  from_stock?: number;
  lead_days?: number | null;
  /**
   * What the order page and the emails show, JSON: of a product line its variant (OrderProduct without the line's
   * own fields), of a ring the whole ring (OrderRing: stone, setting, choices, itemized price, design).
   */
  details_json?: string | null;
  /** The line's sales tax, and that tax by jurisdiction (JSON), 029. */
  tax_cents?: number;
  taxes_json?: string | null;
  /** The free gift a $0 product line is. */
  gift?: string | null;
}

const normalizeOrder = (row: OrderRow): OrderRow => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
  total_cents: Number(row.total_cents),
  tax_cents: Number(row.tax_cents),
  is_gift: Number(row.is_gift),
  gift_holder_id: numberOrNull(row.gift_holder_id),
});

const numberOrNull = (v: number | null) => (v === null ? null : Number(v));

const normalizeItem = (row: OrderItemRow): OrderItemRow => ({
  ...row,
  id: Number(row.id),
  order_id: Number(row.order_id),
  quantity: Number(row.quantity),
  parent_line_id: numberOrNull(row.parent_line_id),
  diamond_id: numberOrNull(row.diamond_id),
  type: numberOrNull(row.type),
  carat: numberOrNull(row.carat),
  price_cents: Number(row.price_cents),
  variant_id: numberOrNull(row.variant_id),
  from_stock: Number(row.from_stock),
  lead_days: numberOrNull(row.lead_days),
  tax_cents: Number(row.tax_cents),
});

/** The statuses an order must still have for a change to apply, checked by the UPDATE itself. */
interface OrderState {
  order_status: readonly OrderStatus[];
  payment_status: PaymentStatus | readonly PaymentStatus[];
  /** Only when its hold ran out by then. */
  hold_expired_by?: string;
  /** Only while the workshop's last stage is still this one (null: none yet). */
  production_stage?: string | null;
  /** Only when it was delivered by then. */
  delivered_by?: string;
  /** Only when no return of it is in the store's hands. */
  no_open_returns?: true;
}

/** What a step changes on the order's row besides its time. */
interface OrderChange {
  order_status?: OrderStatus;
  payment_status?: PaymentStatus;
  production_stage?: string;
  ships_by?: string;
  shipped_at?: string;
  delivered_at?: string;
}

/** The first key of PostgreSQL's two-key advisory locks taken by orders: 'EVHO' (Everstone holds). */
const HOLDS_LOCK = 0x4556484f;
/** The store-wide lock of the ceiling on untrusted accounts' unpaid holds: 'EVHC' (Everstone hold ceiling), second key 0. */
const CEILING_LOCK = 0x45564843;

/** Stones an account holds on orders neither paid nor confirmed, and those orders' numbers. */
export interface HeldStones {
  count: number;
  orderNumbers: string[];
}

/** Orders and their lines: the only place with their SQL. Stock (the stones' status) is inventory/'s. `db` may be a transaction. */
export function createOrderRepository(db: Kysely<OrderTables>) {
  /**
   * Moves one order from `from` to `to`. The conditions are part of the UPDATE, so when a sweep on another instance,
   * the wallet or the order desk acts on the same order at once, exactly one change wins. True when this call made it.
   */
  async function move(orderId: number, from: OrderState, to: OrderChange, at: string): Promise<boolean> {
    let query = db
      .updateTable('orders')
      .set({ ...to, updated_at: at })
      .where('id', '=', orderId)
      .where('order_status', 'in', [...from.order_status])
      .where('payment_status', 'in', typeof from.payment_status === 'string' ? [from.payment_status] : [...from.payment_status]);
    if (from.hold_expired_by) query = query.where('hold_expires_at', '<=', from.hold_expired_by);
    if (from.production_stage !== undefined) {
      query = from.production_stage === null ? query.where('production_stage', 'is', null) : query.where('production_stage', '=', from.production_stage);
    }
    if (from.delivered_by) query = query.where('delivered_at', '<=', from.delivered_by);
    if (from.no_open_returns) query = query.where('open_returns', '=', 0);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The lines, timeline steps and parcels of each order. */
  async function recordsOf(orderIds: readonly number[]): Promise<Map<number, OrderRecords>> {
    const records = new Map<number, OrderRecords>(orderIds.map((id) => [id, { items: [], events: [], shipments: [], returns: { returns: [], lines: [], refunds: [] }, lastReturnAt: null, tickets: [] }]));
    if (orderIds.length === 0) return records;
    const ids = [...orderIds];
    const returnsRepo = createReturnsRepository(db);
    const [items, events, shipments, returns, lastReturns, tickets] = await Promise.all([
      db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('order_events').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('shipments').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      returnsRepo.recordsOf(ids),
      returnsRepo.lastReturnsOfOrders(ids),
      db.selectFrom('order_care_tickets').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    ]);
    for (const t of tickets.map(ticketRow)) records.get(t.order_id)!.tickets.push(t);
    for (const [id, r] of returns) records.get(id)!.returns = r;
    for (const [id, at] of lastReturns) records.get(id)!.lastReturnAt = at;
    for (const item of items.map(normalizeItem)) records.get(item.order_id)!.items.push(item);
    for (const event of events) records.get(Number(event.order_id))!.events.push({ ...event, id: Number(event.id), order_id: Number(event.order_id) });
    for (const shipment of shipments) {
      records.get(Number(shipment.order_id))!.shipments.push({
        ...shipment,
        id: Number(shipment.id),
        order_id: Number(shipment.order_id),
        insured_cents: Number(shipment.insured_cents),
        signature_required: Number(shipment.signature_required),
        ticket_id: shipment.ticket_id === null ? null : Number(shipment.ticket_id),
      });
    }
    return records;
  }

  return {
    /** A step changes the order's row, on the condition that it still stands as `from` says. */
    move,

    /** The lines, timeline steps and parcels of each order. */
    recordsOf,

    async recordsOfOne(orderId: number): Promise<OrderRecords> {
      return (await recordsOf([orderId])).get(orderId)!;
    },

    async addEvent(orderId: number, event: NewOrderEvent): Promise<void> {
      await db.insertInto('order_events').values({ stage: null, detail: null, note: null, ...event, order_id: orderId }).execute();
    },

    /** Records a parcel; null when the carrier's tracking number is already another parcel's (one number, one parcel). */
    async addShipment(orderId: number, shipment: NewShipment): Promise<number | null> {
      const row = await db
        .insertInto('shipments')
        .values({ ...shipment, order_id: orderId })
        .onConflict((oc) => oc.columns(['carrier', 'tracking_number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** The order a carrier's tracking number was recorded for, if any. */
    async orderOfTracking(carrier: string, trackingNumber: string): Promise<string | null> {
      const row = await db
        .selectFrom('shipments')
        .innerJoin('orders', 'orders.id', 'shipments.order_id')
        .select('orders.order_number')
        .where('shipments.carrier', '=', carrier)
        .where('shipments.tracking_number', '=', trackingNumber)
        .executeTakeFirst();
      return row?.order_number ?? null;
    },

    /** Marks an order's parcels not yet delivered as delivered at `at`. */
    async deliverShipments(orderId: number, at: string): Promise<void> {
      await db.updateTable('shipments').set({ delivered_at: at }).where('order_id', '=', orderId).where('delivered_at', 'is', null).execute();
    },

    /** Delivered, paid orders whose delivery was at or before `deliveredBy`, oldest first: their return window has closed. */
    async findWindowClosed(deliveredBy: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('order_status', '=', 'delivered')
        .where('payment_status', '=', 'paid')
        .where('delivered_at', '<=', deliveredBy)
        .where('open_returns', '=', 0)
        .orderBy('delivered_at')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Marks the lines an order still holds as released and answers them, so the caller gives their stock back in
     * the same transaction.
     */
    async releaseLines(orderId: number, at: string): Promise<OrderItemRow[]> {
      const held = await db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).where('released_at', 'is', null).orderBy('id').execute();
      if (held.length === 0) return [];
      await db.updateTable('order_items').set({ released_at: at }).where('order_id', '=', orderId).where('released_at', 'is', null).execute();
      // A cancelled or expired order gives its gift back: the account may receive one with a later order.
      await db.updateTable('orders').set({ gift_holder_id: null }).where('id', '=', orderId).where('gift_holder_id', 'is not', null).execute();
      return held.map(normalizeItem);
    },

    /** The order number that carries this account's one free gift, or null. */
    async giftHolderOf(userId: number): Promise<string | null> {
      const row = await db.selectFrom('orders').select('order_number').where('gift_holder_id', '=', userId).executeTakeFirst();
      return row?.order_number ?? null;
    },

    /** The order no longer carries the account's gift (it was returned): the account may receive one again. */
    async giveGiftBack(orderId: number): Promise<void> {
      await db.updateTable('orders').set({ gift_holder_id: null }).where('id', '=', orderId).execute();
    },

    /** The lines an order still holds (not released). */
    async heldLines(orderId: number): Promise<OrderItemRow[]> {
      const rows = await db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).where('released_at', 'is', null).orderBy('id').execute();
      return rows.map(normalizeItem);
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

    async insertLines(orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
      // One insert per line: few lines, and multi-row RETURNING order is not promised on every engine.
      for (const line of lines) await db.insertInto('order_items').values({ ...line, order_id: orderId }).execute();
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
     * Cancels a pending order whose payment failed after it was placed: a PayPal capture denied after review (held
     * `under_review`; orders placed before that state existed recorded such a capture as `paid`).
     */
    cancelForFailedPayment: (orderId: number, at: string) =>
      move(orderId, { order_status: ['pending'], payment_status: ['under_review', 'paid'] }, { order_status: 'cancelled', payment_status: 'failed' }, at),

    /** PayPal completed a capture it held for review: the order is paid. */
    settleReviewedPayment: (orderId: number, at: string) =>
      move(orderId, { order_status: ['pending'], payment_status: 'under_review' }, { payment_status: 'paid' }, at),

    async findByNumber(orderNumber: string): Promise<OrderRow | null> {
      const row = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
      return row ? normalizeOrder(row) : null;
    },

    /** The order with this number if `userId` placed it: one query, so someone else's order and none look alike. */
    async findByNumberOfUser(orderNumber: string, userId: number): Promise<OrderRow | null> {
      const row = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).where('user_id', '=', userId).executeTakeFirst();
      return row ? normalizeOrder(row) : null;
    },

    /**
     * Inside a transaction, before counting an account's held stones: on PostgreSQL two orders of one account
     * placed at once would each count the other's stones as not yet there, so the second waits for the first to
     * commit (a lock on the account, released with the transaction). SQLite has one writer at a time already.
     */
    async lockHoldsOf(userId: number, engine: Engine): Promise<void> {
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${HOLDS_LOCK}, ${userId})`.execute(db);
    },

    /**
     * Inside a transaction, before counting what untrusted accounts hold: on PostgreSQL two such orders placed at once
     * (by any accounts, on any instances) would each count without the other, and both pass the ceiling; the second
     * waits here for the first to commit. SQLite has one writer at a time already.
     */
    async lockCeiling(engine: Engine): Promise<void> {
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${CEILING_LOCK}, 0)`.execute(db);
    },

    /** Units that pending, unpaid orders placed by untrusted accounts hold at `at`, store-wide (what the cap per account counts). */
    async untrustedHeldUnits(at: string): Promise<number> {
      const row = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_items.quantity'), eb.lit(0)).as('units'))
        .where('orders.untrusted', '=', 1)
        .where('orders.order_status', '=', 'pending')
        .where('orders.payment_status', '=', 'pending')
        .where((eb) => eb.or([eb('orders.hold_expires_at', 'is', null), eb('orders.hold_expires_at', '>', at)]))
        .where('order_items.released_at', 'is', null)
        .where('order_items.gift', 'is', null)
        .where((eb) => eb.or([eb('order_items.kind', 'in', ['diamond', 'ring']), eb('order_items.from_stock', '=', 1)]))
        .executeTakeFirstOrThrow();
      return Number(row.units);
    },

    /** Whether the account has an order paid for (and not refunded). */
    async hasPaidOrder(userId: number): Promise<boolean> {
      const row = await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('payment_status', '=', 'paid').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Units the account holds on pending, unpaid orders whose hold still runs at `at`. */
    async heldStonesOf(userId: number, at: string): Promise<HeldStones> {
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select(['orders.order_number', 'orders.id', 'order_items.quantity'])
        .where('orders.user_id', '=', userId)
        .where('orders.order_status', '=', 'pending')
        .where('orders.payment_status', '=', 'pending')
        .where((eb) => eb.or([eb('orders.hold_expires_at', 'is', null), eb('orders.hold_expires_at', '>', at)]))
        .where('order_items.released_at', 'is', null)
        // Only what someone else could otherwise buy: stones (loose or in a ring; a ring counts once, as its stone)
        // and units from the shelf, not made-to-order pieces; nor the free gift, which the shopper did not ask for.
        .where('order_items.gift', 'is', null)
        .where((eb) => eb.or([eb('order_items.kind', 'in', ['diamond', 'ring']), eb('order_items.from_stock', '=', 1)]))
        .orderBy('orders.id')
        .execute();
      return { count: rows.reduce((sum, r) => sum + Number(r.quantity), 0), orderNumbers: [...new Set(rows.map((r) => r.order_number))] };
    },

    /**
     * Units of each variant that orders not yet shipped took from the shelf and still hold: physically in the store,
     * but no longer for sale. A stock count subtracts them.
     */
    async unitsHeldFromStock(variantIds: readonly number[]): Promise<Map<number, number>> {
      if (variantIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select(['order_items.variant_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('units')])
        .where('order_items.variant_id', 'in', [...variantIds])
        .where('order_items.from_stock', '=', 1)
        .where('order_items.released_at', 'is', null)
        .where('orders.order_status', 'in', [...UNSHIPPED_ORDER_STATUSES])
        .groupBy('order_items.variant_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.variant_id), Number(r.units)]));
    },

    /** The newest orders, optionally only those with this order status; for the store's staff. */
    async listRecent(limit: number, orderStatus?: OrderStatus): Promise<OrderRow[]> {
      let query = db.selectFrom('orders').selectAll().orderBy('id', 'desc').limit(limit);
      if (orderStatus) query = query.where('order_status', '=', orderStatus);
      return (await query.execute()).map(normalizeOrder);
    },

    /**
     * Staff received the payment of an unpaid order: paid, and a pending one confirmed (its hold ends); an order
     * further on (cash collected on delivery) stays where it is.
     */
    recordPayment: (orderId: number, at: string, status: OrderStatus) =>
      move(orderId, { order_status: [status], payment_status: 'pending' }, { order_status: status === 'pending' ? 'confirmed' : status, payment_status: 'paid' }, at),

    /**
     * Staff confirmed a pending, unpaid order with the shopper (the delivery agreed, the financing approved): its
     * hold ends, as only pending orders' holds run out, and the payment is recorded when it comes.
     */
    confirm: (orderId: number, at: string) =>
      move(orderId, { order_status: ['pending'], payment_status: 'pending' }, { order_status: 'confirmed' }, at),

    /** A delivered, paid order whose return window closed by `windowClosedBy` (its delivery at or before then): completed. */
    complete: (orderId: number, at: string, deliveredBy: string) =>
      move(orderId, { order_status: ['delivered'], payment_status: 'paid', delivered_by: deliveredBy, no_open_returns: true }, { order_status: 'completed' }, at),

    /**
     * The store cancels an open order: an unpaid one, or (`refunded`) a paid one whose payment staff have refunded.
     */
    cancelByStore: (orderId: number, at: string, refunded: boolean) =>
      move(
        orderId,
        { order_status: UNSHIPPED_ORDER_STATUSES, payment_status: refunded ? 'paid' : 'pending' },
        { order_status: 'cancelled', payment_status: refunded ? 'refunded' : 'pending' },
        at,
      ),

    /** Pending, unpaid orders (of any method) whose hold has run out at `at`, oldest first. */
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

    /** Cancels an unpaid order whose hold ran out by `at`; two instances sweeping at once cancel it once. */
    cancelExpiredHold: (orderId: number, at: string) =>
      move(orderId, { order_status: ['pending'], payment_status: 'pending', hold_expired_by: at }, { order_status: 'cancelled', payment_status: 'expired' }, at),
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
