import { METAL_LABELS, RING_SIZE_UNKNOWN, formatAmount, formatCents, ringSizeLabel, type Order, type OrderStatus, type OrderStep, type WireTransfer } from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { OrderItemRow } from '../../db/schema.ts';
import type { Handle, Tables } from '../../db/tables.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { MailQueue, OutgoingMail } from '../mail/index.ts';
import { paymentReceivedMail, storeCancelledMail } from './mail.ts';
import { createOrderRepository, type OrderRepository } from './repository.ts';
import { stockOf, toOrder } from './service.ts';
import { createOrderSearch } from './search-repository.ts';
import { createOrderNumbers } from './numbers-repository.ts';
import { orderTables, type OrderTables } from './tables.ts';

/** An order as the store's staff see it: the shopper's order, the address its emails go to, and its row. */
export interface DeskOrder extends Order {
  contact_email: string;
  /** The row's id, for the desk's own updates; never printed (staff and shoppers use the order number). */
  id: number;
}

export interface OrderDeskDeps {
  db: { db: Handle; engine: Engine };
  mail: MailQueue;
  storeEmail: string;
  /** The store's bank account for wire transfers (config `wireTransferOf`). */
  wireTransfer: WireTransfer;
  /** Sells a delivered order's stock, gives a cancelled order's back. */
  inventory: InventoryService;
  now?: () => Date;
}

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
 * Writes the audit entry of a step in the step's own transaction, with the order as it was and as it became: an
 * entry exists exactly when the change does (docs/decisions/018-back-office.md).
 */
export type RecordStep = (trx: Handle, before: DeskOrder, after: DeskOrder) => Promise<void>;

/** The steps an order can take now, as the desk's rules allow them (each is re-checked when taken). */
export function stepsOf(order: Pick<Order, 'order_status' | 'payment_status' | 'payment_mode'>): OrderStep[] {
  const open = order.order_status === 'pending' || order.order_status === 'confirmed';
  if (!open) return [];
  const steps: OrderStep[] = [];
  if (order.payment_status === 'pending') {
    if (order.order_status === 'pending' && order.payment_mode !== 'pay-wire') steps.push('confirm');
    steps.push('paid', 'cancel');
  }
  if (order.payment_status === 'paid') steps.push('complete', 'refund');
  return steps;
}

/** Each stone of an order and where its hold stands: held by the order (until when), given back, or sold. */
export function holdsOf(order: Order, items: readonly OrderItemRow[]): { certificate_number: string; state: 'held' | 'released' | 'sold'; until: string | null }[] {
  return items
    // A loose diamond's line and a ring's line both name their stone; a preset's own stone is the piece's, not held.
    .filter((i) => i.diamond_id !== null && i.certificate_number)
    .map((i) => ({
      certificate_number: i.certificate_number!,
      state: i.released_at ? 'released' : order.order_status === 'completed' ? 'sold' : 'held',
      until: i.released_at ? i.released_at : order.hold_expires_at,
    }));
}

/** Why an order cannot take a step, in the words the desk prints. */
export class OrderStepRefused extends ConflictError {}

function refuse(order: Order, step: string, why: string): never {
  throw new OrderStepRefused(`Order ${order.order_number} cannot ${step}: ${why}.`);
}

const where = (order: Order) => `it is ${order.order_status} with payment ${order.payment_status}`;

/**
 * The store's order desk (`npm run orders`): what staff do after an order is placed. Each step is one
 * transaction whose UPDATE re-checks the order's statuses, so the hold sweep, the wallet and two people at
 * two terminals cannot both act on the same order. docs/operations.md.
 */
export function createOrderDesk(deps: OrderDeskDeps) {
  const { mail, storeEmail, wireTransfer, inventory } = deps;
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const repo = createOrderRepository(d.db);

  async function load(r: OrderRepository, orderNumber: string): Promise<DeskOrder> {
    const row = await r.findByNumber(orderNumber.trim().toUpperCase());
    if (!row) throw new NotFoundError(`No order ${orderNumber.trim()}.`);
    return { ...toOrder(row, await r.itemsOf([row.id]), wireTransfer), contact_email: row.contact_email, id: row.id };
  }

  /**
   * One step on one order, in a transaction: `change` checks the order may take it and makes the change (false
   * when the order moved on between the read and the UPDATE), moving its stock through the inventory in the same
   * transaction; then the shopper's email, if the step sends one, is queued with the changed order.
   */
  async function step(
    orderNumber: string,
    change: (r: OrderRepository, order: DeskOrder, at: string, trx: Tables<OrderTables>) => Promise<boolean>,
    after: { mail?: (order: DeskOrder) => OutgoingMail; record?: RecordStep } = {},
  ): Promise<DeskOrder> {
    const done = await writeTransaction(d, async (trx) => {
      const r = createOrderRepository(trx);
      const order = await load(r, orderNumber);
      if (!(await change(r, order, now().toISOString(), trx))) return null;
      const changed = await load(r, order.order_number);
      if (after.record) await after.record(trx, order, changed);
      if (after.mail) await mail.enqueue(trx, [after.mail(changed)]);
      return changed;
    });
    if (!done) {
      // Another step won the race between reading the order and changing it: say where it stands now.
      const current = await load(repo, orderNumber);
      throw new OrderStepRefused(`Order ${current.order_number} changed meanwhile: ${where(current)}. Nothing was done.`);
    }
    if (after.mail) mail.flush();
    return done;
  }

  const queries = createOrderSearch(d.db, now);

  return {
    find: (orderNumber: string) => load(repo, orderNumber),

    /** An order with its lines' rows, for the back office's order page (holds). */
    async findWithItems(orderNumber: string): Promise<{ order: DeskOrder; items: OrderItemRow[] }> {
      const order = await load(repo, orderNumber);
      return { order, items: await repo.itemsOf([order.id]) };
    },

    /** The back office's order list: search, filters, sort and a page. */
    search: queries.search,
    /** What waits on staff: wires to match, reviews, ring sizes to confirm, holds about to end. */
    queue: queries.queue,
    ofUser: queries.ofUser,
    countsByUser: queries.countsByUser,
    holdingStone: queries.holdingStone,
    /** The back office's figures: orders and revenue, stones sold, rings ordered. */
    numbers: createOrderNumbers(d.db),

    /** The newest orders first, optionally only those with one order status. */
    async list(options: { status?: OrderStatus; limit?: number } = {}): Promise<DeskOrder[]> {
      const rows = await repo.listRecent(options.limit ?? 50, options.status);
      const items = Map.groupBy(await repo.itemsOf(rows.map((row) => row.id)), (item) => item.order_id);
      return rows.map((row) => ({ ...toOrder(row, items.get(row.id) ?? [], wireTransfer), contact_email: row.contact_email, id: row.id }));
    },

    /**
     * The payment of an unpaid order arrived (a bank wire, a card taken by phone, cash on delivery): the order is
     * paid and confirmed, its hold no longer runs out, and the shopper is emailed.
     */
    recordPayment: (orderNumber: string, record?: RecordStep) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if ((order.order_status !== 'pending' && order.order_status !== 'confirmed') || order.payment_status !== 'pending') {
            refuse(order, 'take a payment', where(order));
          }
          return r.recordPayment(order.id, at);
        },
        { mail: (order) => paymentReceivedMail(order, order.contact_email, storeEmail), record },
      ),

    /**
     * The team agreed a pending, unpaid order with the shopper (the delivery on the phone, the lender's approval):
     * the order is confirmed and its hold ends; the payment is recorded with `recordPayment` when it comes. A wire
     * order is confirmed by its transfer alone.
     */
    confirm: (orderNumber: string, record?: RecordStep) =>
      step(
        orderNumber,
        async (r, order, at) => {
          if (order.order_status !== 'pending' || order.payment_status !== 'pending') refuse(order, 'be confirmed', where(order));
          if (order.payment_mode === 'pay-wire') refuse(order, 'be confirmed', 'a bank wire order is confirmed by its transfer: record it with paid');
          return r.confirm(order.id, at);
        },
        { record },
      ),

    /** A paid order was delivered: completed, and its stones sold for good. */
    complete: (orderNumber: string, record?: RecordStep) =>
      step(
        orderNumber,
        async (r, order, at, trx) => {
          if (order.payment_status !== 'paid' || (order.order_status !== 'pending' && order.order_status !== 'confirmed')) {
            refuse(order, 'be completed', `${where(order)}; only a paid, open order can be`);
          }
          if (!(await r.complete(order.id, at))) return false;
          await inventory.sell(trx, stockOf(await r.heldLines(order.id)));
          return true;
        },
        { record },
      ),

    /**
     * Cancels an open order and returns its stones to the search; the shopper is emailed. A paid order is cancelled
     * only once its payment has been refunded (`refunded`), so nobody's order is cancelled with their money kept.
     */
    cancel: (orderNumber: string, options: { refunded?: boolean; record?: RecordStep } = {}) =>
      step(
        orderNumber,
        async (r, order, at, trx) => {
          const refunded = options.refunded === true;
          if (order.order_status !== 'pending' && order.order_status !== 'confirmed') refuse(order, 'be cancelled', where(order));
          if (order.payment_status === 'paid' && !refunded) {
            refuse(order, 'be cancelled yet', 'it is paid. Refund the payment first, then cancel it with --refunded');
          }
          if (order.payment_status !== 'paid' && refunded) refuse(order, 'be cancelled as refunded', `${where(order)}, so there is nothing to refund`);
          if (!(await r.cancelByStore(order.id, at, refunded))) return false;
          await inventory.release(trx, stockOf(await r.releaseLines(order.id, at)));
          return true;
        },
        { mail: (order) => storeCancelledMail(order, order.contact_email, storeEmail), record: options.record },
      ),
  };
}

export type OrderDesk = ReturnType<typeof createOrderDesk>;
