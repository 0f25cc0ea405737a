import {
  CARRIER_NAMES,
  METAL_LABELS,
  ORDER_STATUS_LABELS,
  PRODUCTION_STAGE_LABELS,
  RING_SIZE_UNKNOWN,
  allowedSteps,
  delayDayProblem,
  formatAmount,
  formatCents,
  formatEasternTime,
  hasShipped,
  isAgreed,
  isMadeToOrderLine,
  isUnshipped,
  mayLeaveTheStore,
  mayStartProduction,
  nextProductionStage,
  priceToCents,
  returnWindowEndsAt,
  ringSizeLabel,
  storeDayOf,
  storedTrackingNumber,
  trackingNumberProblem,
  type Carrier,
  type LifecycleFacts,
  type Order,
  type OrderStatus,
  type OrderStep,
  type ProductionStage,
  type WireTransfer,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema.ts';
import type { Handle, Tables } from '../../db/tables.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { MailQueue, OutgoingMail } from '../mail/index.ts';
import { delayedMail, deliveredMail, paymentReceivedMail, productionStartedMail, shippedMail, storeCancelledMail } from './mail.ts';
import { createOrderRepository, type NewOrderEvent, type OrderRecords, type OrderRepository } from './repository.ts';
import { stockOf, toOrder } from './service.ts';
import { createOrderSearch } from './search-repository.ts';
import { windowOpenedBy } from './window.ts';
import { createOrderNumbers } from './numbers-repository.ts';
import { orderTables, type OrderTables } from './tables.ts';

/** An order as the store's staff see it: the shopper's order, the address its emails go to, and its row. */
export interface DeskOrder extends Order {
  contact_email: string;
  /** The row's id, for the desk's own updates; never printed (staff and shoppers use the order number). */
  id: number;
  /** When it was delivered, once it was. */
  delivered_at: string | null;
  /** Whether a line is made for the shopper, so the order goes through the workshop's stages. */
  made_to_order: boolean;
}

export interface OrderDeskDeps {
  db: { db: Handle; engine: Engine };
  mail: MailQueue;
  storeEmail: string;
  /** The store's bank account for wire transfers (config `wireTransferOf`). */
  wireTransfer: WireTransfer;
  /** Sells a shipped order's stock, gives a cancelled order's back. */
  inventory: InventoryService;
  /** Parcels insured for this many cents or more are sent signature required (SIGNATURE_REQUIRED_FROM). */
  signatureRequiredFromCents?: number;
  now?: () => Date;
}

/** What the store sends signature required from when not configured: $500. */
export const DEFAULT_SIGNATURE_REQUIRED_FROM_CENTS = 50_000;

/**
 * An order's lines as the desk prints them, label and text: a loose diamond with its certificate, a piece with the
 * shopper's choices, a ring and then each of its parts (labels indented) with its itemized price. The text may hold
 * the shopper's words (an engraving): the printer makes it visible.
 */
export function deskLines(order: Order): [label: string, text: string][] {
  return order.lines.flatMap((line): [string, string][] => {
    const ring = line.ring;
    if (ring) {
      const rows: [string, string][] = [
        ['ring', `${ring.setting_name} in ${METAL_LABELS[ring.metal]} with the diamond ${ring.certificate_number}, ${formatAmount(line.total)}`],
        ['  stone', `${ring.stone_description}, certificate ${ring.certificate_number}, ${formatCents(ring.price.stone_cents)}`],
        ['  setting', `${ring.setting_name}, ${METAL_LABELS[ring.metal]}, SKU ${ring.setting_sku}, ${formatCents(ring.price.setting_cents)}`],
      ];
      if (ring.price.side_stones_cents > 0) rows.push(['  accents', `the setting's side stones, ${ring.origin === 'lab' ? 'lab-grown' : 'natural'}, ${formatCents(ring.price.side_stones_cents)}`]);
      rows.push(['  size', ring.ring_size === RING_SIZE_UNKNOWN ? 'not chosen: confirm it with the shopper before the ring is made' : `US ${ring.ring_size}`]);
      if (ring.engraving) rows.push(['  engraving', `“${ring.engraving}”, ${formatCents(ring.price.engraving_cents)}`]);
      rows.push(['  made', `to order, ${ring.lead_days} business days`]);
      return rows;
    }
    if (line.kind === 'diamond') return [['item', `${line.description}, certificate ${line.certificate_number ?? ''}, ${formatAmount(line.unit_price)}`]];
    const p = line.product;
    const parts = [line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description];
    if (p?.ring_size) parts.push(ringSizeLabel(p.ring_size));
    if (p?.engraving) parts.push(`engraved “${p.engraving}”`);
    if (p) parts.push(p.made_to_order ? `made to order, ${p.lead_days} business days` : 'from stock');
    return [['item', `${parts.join('; ')}, ${formatAmount(line.total)}`]];
  });
}

/**
 * Writes the audit entry of a step in the step's own transaction, with the order as it was and as it became, and
 * what the step recorded besides (a parcel's carrier and tracking number, a new ships-by day): an entry exists
 * exactly when the change does (docs/decisions/018-back-office.md).
 */
export type RecordStep = (trx: Handle, before: DeskOrder, after: DeskOrder, detail?: Record<string, unknown>) => Promise<void>;

/** Who takes a step (their email, or the order desk's user and host: the timeline keeps it) and its audit entry. */
export interface StepBy {
  by?: string;
  record?: RecordStep;
}

/** The facts the contract's rules read from an order. */
export const factsOf = (order: DeskOrder): LifecycleFacts => ({
  order_status: order.order_status,
  payment_status: order.payment_status,
  payment_mode: order.payment_mode,
  made_to_order: order.made_to_order,
  production_stage: order.production_stage,
  delivered_at: order.delivered_at,
});

/** The steps an order can take now, as the contract's rules allow them (each is re-checked when taken). */
export const stepsOf = (order: DeskOrder, now: Date = new Date()): OrderStep[] => allowedSteps(factsOf(order), now);

/** Each stone of an order and where its hold stands: held by the order (until when), given back, or sold. */
export function holdsOf(order: Order, items: readonly OrderItemRow[]): { certificate_number: string; state: 'held' | 'released' | 'sold'; until: string | null }[] {
  return items
    // A loose diamond's line and a ring's line both name their stone; a preset's own stone is the piece's, not held.
    .filter((i) => i.diamond_id !== null && i.certificate_number)
    .map((i) => ({
      certificate_number: i.certificate_number!,
      state: i.released_at ? 'released' : hasShipped(order.order_status) ? 'sold' : 'held',
      until: i.released_at ? i.released_at : order.hold_expires_at,
    }));
}

/** Why an order cannot take a step, in the words the desk prints. */
export class OrderStepRefused extends ConflictError {}

function refuse(order: Order, step: string, why: string): never {
  throw new OrderStepRefused(`Order ${order.order_number} cannot ${step}: ${why}.`);
}

const where = (order: Order) => `it is ${ORDER_STATUS_LABELS[order.order_status].toLowerCase()} with payment ${order.payment_status}`;

/** What a parcel is sent with: the carrier, its tracking number as typed, and the insured value (the order's total if left out). */
export interface ParcelInput {
  carrier: Carrier;
  trackingNumber: string;
  insuredCents?: number;
}

/**
 * The store's order desk (`npm run orders`, the back office): what staff do after an order is placed. Each step is
 * one transaction whose UPDATE re-checks the order's statuses, so the hold sweep, the wallet and two people at two
 * terminals cannot both act on the same order; the step's timeline entry, its audit entry and its email are written
 * in that transaction. docs/operations.md, docs/decisions/020-order-lifecycle.md.
 */
export function createOrderDesk(deps: OrderDeskDeps) {
  const { mail, storeEmail, wireTransfer, inventory } = deps;
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const signatureFrom = deps.signatureRequiredFromCents ?? DEFAULT_SIGNATURE_REQUIRED_FROM_CENTS;
  const repo = createOrderRepository(d.db);

  const deskOrderOf = (row: OrderRow, records: OrderRecords): DeskOrder => {
    const order = toOrder(row, records, wireTransfer, now());
    return { ...order, contact_email: row.contact_email, id: row.id, delivered_at: row.delivered_at, made_to_order: order.lines.some(isMadeToOrderLine) };
  };

  async function load(r: OrderRepository, orderNumber: string): Promise<DeskOrder> {
    const row = await r.findByNumber(orderNumber.trim().toUpperCase());
    if (!row) throw new NotFoundError(`No order ${orderNumber.trim()}.`);
    return deskOrderOf(row, await r.recordsOfOne(row.id));
  }

  /** What a step changes: the order's row on its conditions (false when it moved on meanwhile), then what goes with it. */
  type Change = (r: OrderRepository, order: DeskOrder, at: string, trx: Tables<OrderTables>) => Promise<false | { detail?: Record<string, unknown> } | true>;

  /**
   * One step on one order, in a transaction: `change` checks the order may take it and makes the change (false
   * when the order moved on between the read and the UPDATE), writing its timeline entry and moving its stock
   * through the inventory in the same transaction; then the audit entry, and the shopper's email if the step sends
   * one, with the changed order.
   */
  async function step(orderNumber: string, change: Change, after: { mail?: (order: DeskOrder) => OutgoingMail | null; how?: StepBy } = {}): Promise<DeskOrder> {
    const done = await writeTransaction(d, async (trx) => {
      const r = createOrderRepository(trx);
      const order = await load(r, orderNumber);
      const made = await change(r, order, now().toISOString(), trx);
      if (made === false) return null;
      const changed = await load(r, order.order_number);
      if (after.how?.record) await after.how.record(trx, order, changed, made === true ? undefined : made.detail);
      const message = after.mail?.(changed) ?? null;
      if (message) await mail.enqueue(trx, [message]);
      return { changed, mailed: message !== null };
    });
    if (!done) {
      // Another step won the race between reading the order and changing it: say where it stands now.
      const current = await load(repo, orderNumber);
      throw new OrderStepRefused(`Order ${current.order_number} changed meanwhile: ${where(current)}. Nothing was done.`);
    }
    if (done.mailed) mail.flush();
    return done.changed;
  }

  /** The timeline's entry of a step, by whoever took it. */
  const event = (r: OrderRepository, order: DeskOrder, how: StepBy | undefined, e: Omit<NewOrderEvent, 'actor'>) => r.addEvent(order.id, { ...e, actor: how?.by ?? 'store' });

  /** The same status and payment as read: a step that changes neither still loses to one that did meanwhile. */
  const asRead = (order: DeskOrder) => ({ order_status: [order.order_status], payment_status: order.payment_status });

  const queries = createOrderSearch(d.db, now);

  return {
    find: (orderNumber: string) => load(repo, orderNumber),

    /** An order with its lines' rows, for the back office's order page (holds). */
    async findWithItems(orderNumber: string): Promise<{ order: DeskOrder; items: OrderItemRow[] }> {
      const order = await load(repo, orderNumber);
      return { order, items: (await repo.recordsOfOne(order.id)).items };
    },

    /** The back office's order list: search, filters, sort and a page. */
    search: queries.search,
    /** What waits on staff: wires to match, reviews, ring sizes to confirm, holds about to end. */
    queue: queries.queue,
    /** What the workshop and the shipping desk have to do: to make, to ship, late, in transit. */
    fulfilment: queries.fulfilment,
    ofUser: queries.ofUser,
    countsByUser: queries.countsByUser,
    holdingStone: queries.holdingStone,
    /** The back office's figures: orders and revenue, stones sold, rings ordered. */
    numbers: createOrderNumbers(d.db),
    /** Parcels insured for this many cents or more go signature required. */
    signatureRequiredFromCents: signatureFrom,

    /** The newest orders first, optionally only those with one order status. */
    async list(options: { status?: OrderStatus; limit?: number } = {}): Promise<DeskOrder[]> {
      const rows = await repo.listRecent(options.limit ?? 50, options.status);
      const records = await repo.recordsOf(rows.map((row) => row.id));
      return rows.map((row) => deskOrderOf(row, records.get(row.id)!));
    },

    /**
     * The payment of an unpaid order arrived (a bank wire, a card taken by phone, cash collected on delivery): the
     * order is paid, a pending one confirmed (its hold no longer runs out), and the shopper is emailed.
     */
    recordPayment: (orderNumber: string, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.order_status === 'cancelled' || order.order_status === 'completed' || order.payment_status !== 'pending') refuse(order, 'take a payment', where(order));
          if (!(await r.recordPayment(order.id, at, order.order_status))) return false;
          await event(r, order, how, { step: 'paid', at });
          return true;
        },
        { mail: (order) => paymentReceivedMail(order, order.contact_email, storeEmail), how },
      ),

    /**
     * The team agreed a pending, unpaid order with the shopper (the delivery on the phone, the lender's approval):
     * the order is confirmed and its hold ends; the payment is recorded with `recordPayment` when it comes. A wire
     * order is confirmed by its transfer alone.
     */
    confirm: (orderNumber: string, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.order_status !== 'pending' || order.payment_status !== 'pending') refuse(order, 'be confirmed', where(order));
          if (order.payment_mode === 'pay-wire') refuse(order, 'be confirmed', 'a bank wire order is confirmed by its transfer: record it with paid');
          if (!(await r.confirm(order.id, at))) return false;
          await event(r, order, how, { step: 'confirmed', at });
          return true;
        },
        { how },
      ),

    /**
     * The workshop finished a stage of a made-to-order order, in order: the stone to the bench (the order goes into
     * production and the shopper is emailed), setting, polishing, and the quality check, which makes it ready to ship.
     */
    production: (orderNumber: string, stage: ProductionStage, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (!order.made_to_order) refuse(order, 'go to the workshop', 'nothing in it is made to order; pack it with ready');
          const next = nextProductionStage(order.production_stage);
          if (next === null) refuse(order, 'record a workshop stage', 'its quality check is already recorded');
          if (!(order.order_status === 'in_production' || mayStartProduction(order))) {
            refuse(order, 'go to the workshop', `${where(order)}; the workshop starts once the order is confirmed or paid`);
          }
          if (stage !== next) refuse(order, `record ${PRODUCTION_STAGE_LABELS[stage].toLowerCase()}`, `the next workshop stage is ${PRODUCTION_STAGE_LABELS[next].toLowerCase()}`);
          const to = stage === 'quality_check' ? 'ready_to_ship' : 'in_production';
          if (!(await r.move(order.id, { ...asRead(order), production_stage: order.production_stage }, { order_status: to, production_stage: stage }, at))) return false;
          await event(r, order, how, { step: 'production', stage, at });
          if (to === 'ready_to_ship') await event(r, order, how, { step: 'ready', at });
          return { detail: { production_stage: stage } };
        },
        { mail: (order) => (order.production_stage === 'bench' ? productionStartedMail(order, order.contact_email, storeEmail) : null), how },
      ),

    /** A confirmed order of stocked pieces and stones is packed: ready to ship. */
    ready: (orderNumber: string, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.made_to_order) refuse(order, 'be packed yet', 'it is made to order: it is ready to ship once its quality check is recorded');
          if (!isAgreed(order)) refuse(order, 'be packed', `${where(order)}; an order is packed once it is confirmed or paid`);
          if (!(await r.move(order.id, asRead(order), { order_status: 'ready_to_ship' }, at))) return false;
          await event(r, order, how, { step: 'ready', at });
          return true;
        },
        { how },
      ),

    /**
     * The order left with its carrier: the parcel is recorded with its tracking number (checked against the carrier's
     * format; one number is one parcel), insured for the order's total unless told otherwise and signature required
     * from the store's threshold; its stones and units are sold for good; the shopper is emailed the carrier's
     * tracking page. Only an order whose money is final leaves: paid, or cash on delivery agreed with the shopper.
     */
    ship: (orderNumber: string, parcel: ParcelInput, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at, trx) => {
          const problem = trackingNumberProblem(parcel.carrier, parcel.trackingNumber);
          if (problem) throw new ValidationError({ tracking_number: [problem] }, problem);
          const packed = order.order_status === 'ready_to_ship' || (isAgreed(order) && !order.made_to_order);
          if (!packed) {
            refuse(order, 'ship', order.made_to_order && (isAgreed(order) || order.order_status === 'in_production') ? 'its quality check is not recorded yet' : where(order));
          }
          if (!mayLeaveTheStore(order)) refuse(order, 'ship yet', `${where(order)}; only a paid order, or a cash-on-delivery order confirmed with the shopper, leaves the store`);
          const total = priceToCents(order.total_price) ?? 0;
          const insured = parcel.insuredCents ?? total;
          if (!Number.isInteger(insured) || insured <= 0 || insured > total) {
            const message = `The insured value must be more than $0 and at most the order’s total, ${formatAmount(order.total_price)}.`;
            throw new ValidationError({ insured_value: [message] }, message);
          }
          const trackingNumber = storedTrackingNumber(parcel.carrier, parcel.trackingNumber);
          if (!(await r.move(order.id, asRead(order), { order_status: 'shipped', shipped_at: at }, at))) return false;
          const by = how?.by ?? 'store';
          const shipment = await r.addShipment(order.id, { carrier: parcel.carrier, tracking_number: trackingNumber, insured_cents: insured, signature_required: insured >= signatureFrom ? 1 : 0, shipped_at: at, shipped_by: by });
          if (shipment === null) {
            const other = await r.orderOfTracking(parcel.carrier, trackingNumber);
            refuse(order, 'ship with this tracking number', `${CARRIER_NAMES[parcel.carrier]} ${trackingNumber} is already recorded for order ${other ?? 'another order'}`);
          }
          await event(r, order, how, { step: 'shipped', at, detail: trackingNumber });
          await inventory.sell(trx, stockOf(await r.heldLines(order.id)));
          return { detail: { carrier: parcel.carrier, tracking_number: trackingNumber, insured_cents: insured, signature_required: insured >= signatureFrom } };
        },
        { mail: (order) => shippedMail(order, order.contact_email, storeEmail), how },
      ),

    /**
     * The parcel arrived: marked by staff, or by a carrier's delivery notification where a store wires one in
     * (`by: 'carrier'`, docs/operations.md). The return window starts; the shopper is emailed.
     */
    deliver: (orderNumber: string, how?: StepBy & { at?: Date }) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.order_status !== 'shipped') refuse(order, 'be marked delivered', `${where(order)}; only a shipped order can be`);
          const when = how?.at ? how.at.toISOString() : at;
          if (when > at) throw new ValidationError({ delivered_at: ['A delivery cannot be in the future.'] }, 'A delivery cannot be in the future.');
          const shippedAt = order.shipments.at(-1)?.shipped_at ?? order.created_at;
          if (when < shippedAt) throw new ValidationError({ delivered_at: ['A delivery cannot be before the order shipped.'] }, 'A delivery cannot be before the order shipped.');
          if (!(await r.move(order.id, asRead(order), { order_status: 'delivered', delivered_at: when }, at))) return false;
          await r.deliverShipments(order.id, when);
          await event(r, order, how, { step: 'delivered', at: when });
          return true;
        },
        { mail: (order) => deliveredMail(order, order.contact_email, storeEmail), how },
      ),

    /**
     * The order will not leave by its ships-by day: the new day (a business day after today, within a year) is
     * promised, with why if staff say it, and the shopper is emailed both. The day first promised stays on the order
     * (the on-time figure compares with it).
     */
    delay: (orderNumber: string, change: { shipsBy: string; reason?: string | null }, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (!(isAgreed(order) || order.order_status === 'in_production' || order.order_status === 'ready_to_ship')) {
            refuse(order, 'be given a new ships-by date', where(order));
          }
          const problem = delayDayProblem(change.shipsBy, storeDayOf(now()));
          if (problem) throw new ValidationError({ ships_by: [problem] }, problem);
          if (change.shipsBy === order.ships_by) refuse(order, 'be given a new ships-by date', `it already ships by ${change.shipsBy}`);
          const reason = change.reason?.trim() || null;
          if (!(await r.move(order.id, asRead(order), { ships_by: change.shipsBy }, at))) return false;
          await event(r, order, how, { step: 'delayed', at, detail: change.shipsBy, note: reason });
          return { detail: { ships_by: change.shipsBy, was: order.ships_by } };
        },
        { mail: (order) => delayedMail(order, order.contact_email, storeEmail, change.reason?.trim() || null), how },
      ),

    /**
     * A delivered, paid order whose return window has closed is completed (the sweep does this by itself; the desk
     * lets staff do it at once). Before the window closes it is refused, with the day it closes.
     */
    complete: (orderNumber: string, how?: StepBy) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.order_status !== 'delivered' || order.payment_status !== 'paid') {
            refuse(order, 'be completed', `${where(order)}; an order is completed once it is delivered and paid, and its return window has closed`);
          }
          const closes = returnWindowEndsAt(order.delivered_at!);
          if (closes > at) refuse(order, 'be completed yet', `its return window is open until ${formatEasternTime(closes)}`);
          if (!(await r.complete(order.id, at, windowOpenedBy(at)))) return false;
          await event(r, order, how, { step: 'completed', at });
          return true;
        },
        { how },
      ),

    /**
     * Cancels an order that has not shipped and returns its stones to the search; the shopper is emailed. A paid
     * order is cancelled only once its payment has been refunded (`refunded`), so nobody's order is cancelled with
     * their money kept.
     */
    cancel: (orderNumber: string, options: { refunded?: boolean } & StepBy = {}) =>
      step(
        orderNumber,
        async (r, order, at, trx) => {
          const refunded = options.refunded === true;
          if (!isUnshipped(order.order_status)) refuse(order, 'be cancelled', where(order));
          if (order.payment_status === 'paid' && !refunded) {
            refuse(order, 'be cancelled yet', 'it is paid. Refund the payment first, then cancel it with --refunded');
          }
          if (order.payment_status !== 'paid' && refunded) refuse(order, 'be cancelled as refunded', `${where(order)}, so there is nothing to refund`);
          if (!(await r.cancelByStore(order.id, at, refunded))) return false;
          await event(r, order, options, { step: 'cancelled', at });
          await inventory.release(trx, stockOf(await r.releaseLines(order.id, at)));
          return true;
        },
        { mail: (order) => storeCancelledMail(order, order.contact_email, storeEmail), how: options },
      ),
  };
}

export type OrderDesk = ReturnType<typeof createOrderDesk>;
