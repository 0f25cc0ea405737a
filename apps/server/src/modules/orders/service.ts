import { randomInt } from 'node:crypto';
import {
  ORDER_CURRENCY,
  ORDER_LIST_LIMIT,
  ORDER_MESSAGES,
  awaitsWireTransfer,
  orderShipsBy,
  centsToPrice,
  formatTaxRate,
  sumTaxComponents,
  type TaxComponent,
  type TaxLine,
  GIFTS,
  giftOutcomeText,
  type DeliveryCountry,
  type GiftChoice,
  type GiftId,
  type GiftOutcome,
  type OrderGift,
  lineKey,
  type LineItem,
  type LineItemKind,
  type Order,
  type OrderLine,
  type OrderAddress,
  type OrderListResponse,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type WireTransfer,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema.ts';
import { timelineOf, shipmentsOf, shipsByOf } from './timeline.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import type { SignedIn } from '../../plugins/auth.ts';
import type { InventoryService, StockUnit } from '../inventory/index.ts';
import type { MailQueue } from '../mail/index.ts';
import {
  holdExpiredMail,
  holdExpiredNoticeMail,
  newOrderNoticeMail,
  orderConfirmationMail,
  paymentDeniedMail,
  paymentDeniedNoticeMail,
  paymentReceivedMail,
  reviewCompletedNoticeMail,
} from './mail.ts';
import { lineRow, productOf, ringOf, taxesOf, type OrderLineDraft } from './lines.ts';
import { windowOpenedBy } from './window.ts';
import { afterSaleViewsOf, returnViewsOf, ticketViewsOf } from './after-sale.ts';
import { createOrderRepository, type HeldStones, type OrderRecords } from './repository.ts';
import { orderTables, type OrderTables } from './tables.ts';

export type { HeldStones, OrderRecords };

/** What the shopper typed for delivery, as the order keeps it. */
export interface OrderDetails {
  user_name: string;
  contact_number: string;
  address: OrderAddress;
  is_gift: boolean;
  notes: string | null;
  /** At the second gift tier, the free gift chosen (a wallet payment keeps it until its order is placed). */
  gift_choice?: GiftChoice | null;
}

/** An order ready to be stored: its lines priced and their stock reserved (by the checkout), its payment decided. */
export interface OrderDraft {
  userId: number;
  contactEmail: string;
  details: OrderDetails;
  paymentMode: PaymentMethod;
  paymentStatus: PaymentStatus;
  lines: OrderLineDraft[];
  /** What the order costs, as the one pricing function added it up (`priceLines`): the order stores it, never re-adds it. */
  totalCents: number;
  holdExpiresAt: string | null;
  idempotencyKey: string | null;
  /** Placed unpaid by an account without a verified email and a paid order: its holds count toward the ceiling. */
  untrusted?: boolean;
  /**
   * §9's gift the subtotal reached and what became of it (the checkout decided it with the contract's rule); when
   * given, its $0 line is among `lines` and the order holds the account's one gift. Null below the first tier.
   */
  gift: { gift: GiftId; outcome: GiftOutcome } | null;
  at: Date;
}

/** Crockford's base32 without I, L, O, U: nothing to misread when a shopper reads the number out on the phone. */
const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'EV-2026-K7M3QX': the year and six random characters (a billion a year; not a count of the store's sales). */
export function drawOrderNumber(at: Date): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `EV-${at.getUTCFullYear()}-${code}`;
}

/**
 * What a stored line takes from stock: a diamond line its stone, a product line from the shelf its units, a ring its
 * center stone and, when its setting came from the shelf, the setting's unit. Cancelling an order, its hold running
 * out and a delivery all move a ring's parts through this one list.
 */
export function stockOf(lines: readonly OrderItemRow[]): StockUnit[] {
  return lines.flatMap((line): StockUnit[] => {
    const stone = (id: number): StockUnit => ({ kind: 'diamond', diamondId: id, label: line.certificate_number ?? String(id) });
    if (line.kind === 'diamond' && line.diamond_id !== null) return [stone(line.diamond_id)];
    if (line.kind === 'product' && line.from_stock === 1 && line.variant_id !== null) return [{ kind: 'variant', variantId: line.variant_id, quantity: line.quantity, label: line.description }];
    if (line.kind === 'ring' && line.diamond_id !== null) {
      const units = [stone(line.diamond_id)];
      if (line.from_stock === 1 && line.variant_id !== null) {
        units.push({ kind: 'variant', variantId: line.variant_id, quantity: line.quantity, label: ringOf(line)?.setting_name ?? line.description });
      }
      return units;
    }
    return [];
  });
}

/** Units of each variant open orders took from the shelf and have not shipped, read through `trx` (a stock count subtracts them). */
export function unitsHeldFromStock(trx: Handle, variantIds: readonly number[]): Promise<Map<number, number>> {
  return createOrderRepository(orderTables(trx)).unitsHeldFromStock(variantIds);
}

/**
 * What makes two lines the same request: the line's key and its quantity (a repeat must ask for the same). A ring's
 * key is its stone alone (a stone is in one ring at most); a repeat must also ask for the same setting, size and
 * engraving, or it is another order.
 */
export function lineIdentity(line: LineItem): string {
  const ring = line.kind === 'ring' ? `:${line.variant_id}:${line.ring_size}:${line.engraving ?? ''}` : '';
  return `${lineKey(line)}${ring}×${line.quantity}`;
}

/** `lineIdentity` of a stored line; null for a kind that has none. */
function storedLineIdentity(row: OrderItemRow): string | null {
  if (row.kind === 'diamond' && row.diamond_id !== null) return lineIdentity({ kind: 'diamond', diamond_id: row.diamond_id, quantity: 1 });
  if (row.kind === 'product' && row.variant_id !== null) {
    return lineIdentity({ kind: 'product', variant_id: row.variant_id, quantity: row.quantity, ring_size: row.ring_size, engraving: row.engraving });
  }
  if (row.kind === 'ring' && row.diamond_id !== null && row.variant_id !== null && row.ring_size !== null) {
    return lineIdentity({ kind: 'ring', diamond_id: row.diamond_id, variant_id: row.variant_id, quantity: 1, ring_size: row.ring_size, engraving: row.engraving });
  }
  return null;
}

/** An order line as the API answers it. */
function toOrderLine(i: OrderItemRow): OrderLine {
  const details = productOf(i);
  return {
    kind: i.kind as LineItemKind,
    description: i.description,
    quantity: i.quantity,
    unit_price: centsToPrice(i.price_cents),
    total: centsToPrice(i.price_cents * i.quantity),
    diamondid: i.diamond_id,
    certificate_number: i.certificate_number,
    product: details
      ? { ...details, ring_size: i.ring_size, engraving: i.engraving, lead_days: i.lead_days ?? 0, made_to_order: i.from_stock !== 1 }
      : null,
    ring: ringOf(i),
    tax: centsToPrice(i.tax_cents),
    taxes: taxesOf(i).map(taxLineOf),
    gift: (i.gift as GiftId | null) ?? null,
  };
}

/** A tax by jurisdiction as the API shows it: its rate as a percentage, its amount as 2-decimal text. */
const taxLineOf = (c: TaxComponent): TaxLine => ({ jurisdiction: c.jurisdiction, rate: formatTaxRate(c.rateMillionths), amount: centsToPrice(c.taxCents) });

/** The order's tax by jurisdiction and rate, its lines' added up as the quote adds them. */
const orderTaxesOf = (items: readonly OrderItemRow[]): TaxLine[] => sumTaxComponents(items.filter((i) => i.parent_line_id === null).flatMap(taxesOf)).map(taxLineOf);

/** The gift an order reached, as the API answers it; null below the first tier. */
function giftOfOrder(row: OrderRow, items: readonly OrderItemRow[]): OrderGift | null {
  if (row.gift === null || row.gift_outcome === null) return null;
  const gift = row.gift as GiftId;
  const outcome = row.gift_outcome as GiftOutcome;
  const line = items.find((i) => i.gift !== null);
  // Given back when the order was cancelled or expired (its lines released) or the gift returned (the holder cleared).
  const carried = outcome === 'given' && line !== undefined && line.released_at === null && row.gift_holder_id !== null;
  const givenBack = outcome !== 'given' || carried ? null : line?.released_at ? 'cancelled' : 'returned';
  return { gift, name: GIFTS[gift].name, outcome, carried, message: giftOutcomeText(outcome, gift, givenBack) };
}

/**
 * An order as the API answers it; `wire` is the store's bank account, shown while the order awaits a transfer. The
 * row's id stays on the server: §3's order_id is the public order number (docs/api.md, "Orders").
 */
export function toOrder(row: OrderRow, records: OrderRecords, wire: WireTransfer, now: Date = new Date()): Order {
  const { items } = records;
  const order: Order = {
    order_id: row.order_number,
    order_number: row.order_number,
    total_price: centsToPrice(row.total_cents),
    tax: centsToPrice(Number(row.tax_cents)),
    taxes: orderTaxesOf(items),
    currency: ORDER_CURRENCY,
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_mode: row.payment_mode as PaymentMethod,
    // Only while the hold runs: a paid, confirmed or cancelled order holds nothing on a deadline any more.
    hold_expires_at: row.order_status === 'pending' && row.payment_status === 'pending' ? row.hold_expires_at : null,
    wire_transfer: null,
    // §3's items are the loose diamonds only: a stone set in a ring is part of its ring line (`lines[].ring`).
    items: items
      .filter((i) => i.kind === 'diamond' && i.diamond_id !== null && i.parent_line_id === null)
      .map((i) => ({
        diamondid: i.diamond_id!,
        certificate_number: i.certificate_number ?? '',
        description: i.description,
        type: (i.type ?? 1) as 1 | 2 | 3,
        carat_weight: i.carat ?? 0,
        price: centsToPrice(i.price_cents),
      })),
    lines: items.filter((i) => i.parent_line_id === null).map(toOrderLine),
    user_name: row.user_name,
    contact_number: row.contact_number,
    address: { street: row.street, apartment: row.apartment, city: row.city, state: row.state, zip: row.zip, country: row.country as DeliveryCountry },
    is_gift: row.is_gift === 1,
    notes: row.notes,
    created_at: row.created_at,
    ...shipsByOf(row, items),
    production_stage: (row.production_stage as Order['production_stage']) ?? null,
    timeline: timelineOf(row, records),
    shipments: shipmentsOf(records.shipments),
    after_sale: afterSaleViewsOf(row, items, records.returns, records.lastReturnAt, now, records.tickets),
    returns: returnViewsOf(items, records.returns),
    tickets: ticketViewsOf(items, records.tickets),
    refunded: centsToPrice(Number(row.refunded_cents)),
    gift: giftOfOrder(row, items),
  };
  return awaitsWireTransfer(order) ? { ...order, wire_transfer: wire } : order;
}

export interface OrderServiceDeps {
  db: { db: Handle; engine: Engine };
  mail: MailQueue;
  storeEmail: string;
  /** The store's bank account for wire transfers (config `wireTransferOf`). */
  wireTransfer: WireTransfer;
  /** Gives an order's stock back when it is cancelled or its hold runs out. */
  inventory: InventoryService;
  now?: () => Date;
}

/**
 * Orders and their lines: storing one the checkout has priced and reserved, reading a user's own orders, ending
 * unpaid holds, and settling payments the provider reviewed. docs/decisions/008-reserving-stones.md,
 * 011-unpaid-holds.md, 013-line-items-and-checkout.md.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { mail, storeEmail, wireTransfer, inventory } = deps;
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const repo = createOrderRepository(d.db);

  async function load(r: ReturnType<typeof createOrderRepository>, id: number): Promise<Order | null> {
    const row = await r.findById(id);
    return row ? toOrder(row, await r.recordsOfOne(id), wireTransfer, now()) : null;
  }

  /** Gives back what an order still holds and marks its lines released, inside `trx`. */
  async function releaseAll(trx: ModuleDb<OrderTables>['db'], orderId: number, at: string): Promise<void> {
    const released = await createOrderRepository(trx).releaseLines(orderId, at);
    await inventory.release(trx, stockOf(released));
  }

  return {
    /**
     * Inside `trx`: stores the order and its lines, under a fresh order number, and answers it as the API shows it
     * with its row id (the wallet keeps it). The checkout has priced the lines and reserved their stock in the same
     * transaction.
     */
    async store(trx: Handle, draft: OrderDraft): Promise<{ id: number; order: Order }> {
      const r = createOrderRepository(orderTables(trx));
      const atIso = draft.at.toISOString();
      const { details } = draft;
      const lines = draft.lines.map(lineRow);
      // The day it is to leave, fixed as promised now: a later change of the calendar or of a line's lead time moves
      // no promise already made.
      const shipsBy = orderShipsBy(atIso, lines.map((l) => ({ kind: l.kind, lead_days: l.lead_days ?? null })));
      const order = {
        user_id: draft.userId,
        user_name: details.user_name,
        contact_email: draft.contactEmail,
        contact_number: details.contact_number,
        street: details.address.street,
        apartment: details.address.apartment,
        city: details.address.city,
        state: details.address.state,
        zip: details.address.zip,
        country: details.address.country,
        payment_mode: draft.paymentMode,
        order_status: 'pending',
        payment_status: draft.paymentStatus,
        total_cents: draft.totalCents,
        tax_cents: draft.lines.reduce((sum, l) => sum + (l.tax?.taxCents ?? 0), 0),
        is_gift: details.is_gift ? 1 : 0,
        notes: details.notes,
        hold_expires_at: draft.holdExpiresAt,
        idempotency_key: draft.idempotencyKey,
        untrusted: draft.untrusted ? 1 : 0,
        created_at: atIso,
        updated_at: atIso,
        ships_by: shipsBy,
        promised_ships_by: shipsBy,
        gift: draft.gift?.gift ?? null,
        gift_outcome: draft.gift?.outcome ?? null,
        // The unique index on it refuses a second order holding this account's gift (one per customer).
        gift_holder_id: draft.gift?.outcome === 'given' ? draft.userId : null,
      };
      let id: number | null = null;
      for (let i = 0; id === null; i++) {
        if (i === 5) throw new Error('Could not draw a free order number');
        id = await r.insertOrder(order, drawOrderNumber(draft.at));
      }
      await r.insertLines(id, lines);
      return { id, order: (await load(r, id))! };
    },

    /** The emails of a new order: the shopper's confirmation and the store's copy (with why PayPal reviews it). */
    placedMails(order: Order, contactEmail: string, reviewReason?: string | null) {
      return [orderConfirmationMail(order, contactEmail, storeEmail), newOrderNoticeMail(order, contactEmail, storeEmail, reviewReason)];
    },

    /** The order a user placed under an Idempotency-Key, with its lines; null when there is none. */
    /** The order this user placed under `key`, with the identity of each of its lines (`lineIdentity`). */
    async findByIdempotencyKey(userId: number, key: string): Promise<{ order: Order; lines: { key: string | null }[] } | null> {
      const row = await repo.findByIdempotencyKey(userId, key);
      if (!row) return null;
      const records = await repo.recordsOfOne(row.id);
      const lines = records.items;
      // The gift is the store's line, not one the shopper sent: a repeat is compared with the lines asked for.
      return { order: toOrder(row, records, wireTransfer), lines: lines.filter((l) => l.parent_line_id === null && l.gift === null).map((l) => ({ key: storedLineIdentity(l) })) };
    },

    /**
     * Inside `trx`: the order number that carries this account's one free gift (§9), or null when it may receive one.
     * On PostgreSQL the account is locked first (the lock `heldBy` takes), so two orders of one account placed at once
     * decide one after the other; the unique index on the holder is the database's own guard behind it.
     */
    async giftReceivedBy(trx: Handle, userId: number): Promise<string | null> {
      const r = createOrderRepository(orderTables(trx));
      await r.lockHoldsOf(userId, d.engine);
      return r.giftHolderOf(userId);
    },

    /** The account's gift order as it stands now, outside an order's transaction (the cart's word on it). */
    giftOrderOf: (userId: number): Promise<string | null> => repo.giftHolderOf(userId),

    /**
     * Inside `trx`: the units the account holds on pending, unpaid orders whose hold still runs. On PostgreSQL the
     * account is locked first, so two orders of one account placed at once count each other's units.
     */
    async heldBy(trx: Handle, userId: number, at: Date): Promise<HeldStones> {
      const r = createOrderRepository(orderTables(trx));
      await r.lockHoldsOf(userId, d.engine);
      return r.heldStonesOf(userId, at.toISOString());
    },

    /** Inside `trx`: whether the account has an order paid for (and not refunded). */
    hasPaidOrder: (trx: Handle, userId: number) => createOrderRepository(orderTables(trx)).hasPaidOrder(userId),

    /**
     * Inside `trx`: the units pending, unpaid orders of untrusted accounts hold store-wide. The store-wide lock is taken
     * first (PostgreSQL), so two such orders placed at once, anywhere, count each other and cannot both pass the ceiling.
     */
    async untrustedHeld(trx: Handle, at: Date): Promise<number> {
      const r = createOrderRepository(orderTables(trx));
      await r.lockCeiling(d.engine);
      return r.untrustedHeldUnits(at.toISOString());
    },

    /** An order by its row id (the wallet keeps it): as the API shows it. */
    load: (id: number) => load(repo, id),

    /** GET /api/orders: the user's own orders, newest first. */
    async listOrders(signedIn: SignedIn): Promise<OrderListResponse> {
      const rows = await repo.listByUser(signedIn.user.id, ORDER_LIST_LIMIT);
      const records = await repo.recordsOf(rows.map((row) => row.id));
      return { data: rows.map((row) => toOrder(row, records.get(row.id)!, wireTransfer, now())) };
    },

    /**
     * GET /api/orders/{order_number}, in any letter case. Another user's order is answered exactly as one that
     * does not exist (404), so nobody learns which numbers exist.
     */
    async getOrder(signedIn: SignedIn, orderNumber: string): Promise<Order> {
      const number = orderNumber.trim().toUpperCase();
      // Only what drawOrderNumber makes can name an order: anything else is the same 404, without a query.
      const row = /^EV-\d{4}-[0-9A-Z]{6}$/.test(number) ? await repo.findByNumberOfUser(number, signedIn.user.id) : null;
      if (!row) throw new NotFoundError(ORDER_MESSAGES.noOrder);
      return toOrder(row, await repo.recordsOfOne(row.id), wireTransfer, now());
    },

    /**
     * An order whose payment the provider held for review (or, before that state existed, recorded as paid) and
     * then denied: cancelled, its stock back on sale, the shopper told and the store's team too. False when the
     * order had already moved on.
     */
    async cancelForDeniedPayment(orderId: number): Promise<boolean> {
      const done = await writeTransaction(d, async (trx) => {
        const at = now().toISOString();
        const r = createOrderRepository(trx);
        if (!(await r.cancelForFailedPayment(orderId, at))) return false;
        await releaseAll(trx, orderId, at);
        const order = (await load(r, orderId))!;
        const row = (await r.findById(orderId))!;
        await mail.enqueue(trx, [paymentDeniedMail(order, row.contact_email, storeEmail), paymentDeniedNoticeMail(order, row.contact_email, storeEmail)]);
        return true;
      });
      if (done) mail.flush();
      return done;
    },

    /**
     * The provider completed a payment it held for review: the order is paid, the shopper told the payment
     * arrived, and the store's team that it can ship. False when the order was not under review any more.
     */
    async settleReviewedPayment(orderId: number): Promise<boolean> {
      const done = await writeTransaction(d, async (trx) => {
        const r = createOrderRepository(trx);
        if (!(await r.settleReviewedPayment(orderId, now().toISOString()))) return false;
        const order = (await load(r, orderId))!;
        const row = (await r.findById(orderId))!;
        await mail.enqueue(trx, [paymentReceivedMail(order, row.contact_email, storeEmail), reviewCompletedNoticeMail(order, row.contact_email, storeEmail)]);
        return true;
      });
      if (done) mail.flush();
      return done;
    },

    /**
     * Cancels every unpaid order, of any method, whose hold has run out and returns its stock; the shopper and the
     * store's team are emailed. Each order in its own transaction; safe to run on several instances at once.
     * Answers how many orders it cancelled.
     */
    async expireUnpaidHolds(batchSize = 100): Promise<number> {
      let cancelled = 0;
      for (;;) {
        const due = await repo.findExpiredHolds(now().toISOString(), batchSize);
        for (const orderId of due) {
          const done = await writeTransaction(d, async (trx) => {
            const at = now().toISOString();
            const r = createOrderRepository(trx);
            if (!(await r.cancelExpiredHold(orderId, at))) return false;
            await releaseAll(trx, orderId, at);
            const order = (await load(r, orderId))!;
            const row = (await r.findById(orderId))!;
            await mail.enqueue(trx, [holdExpiredMail(order, row.contact_email, storeEmail), holdExpiredNoticeMail(order, row.contact_email, storeEmail, row.hold_expires_at!)]);
            return true;
          });
          if (done) cancelled += 1;
        }
        if (due.length < batchSize) break;
      }
      if (cancelled > 0) mail.flush();
      return cancelled;
    },

    /**
     * Completes every delivered, paid order whose return window (STORE_TERMS.returnDays from its delivery) has closed,
     * each in its own transaction with its timeline entry; safe to run on several instances at once. Answers how many.
     */
    async completeClosedReturnWindows(batchSize = 100): Promise<number> {
      let completed = 0;
      for (;;) {
        const at = now().toISOString();
        const due = await repo.findWindowClosed(windowOpenedBy(at), batchSize);
        for (const orderId of due) {
          const done = await writeTransaction(d, async (trx) => {
            const r = createOrderRepository(trx);
            if (!(await r.complete(orderId, at, windowOpenedBy(at)))) return false;
            await r.addEvent(orderId, { step: 'completed', at, actor: 'store' });
            return true;
          });
          if (done) completed += 1;
        }
        if (due.length < batchSize) break;
      }
      return completed;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
