import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  DIAMOND_TYPE_LABELS,
  MAX_HELD_STONES_PER_ACCOUNT,
  ORDER_CURRENCY,
  ORDER_LIST_LIMIT,
  ORDER_MESSAGES,
  WALLET_PAYMENT_METHOD,
  awaitsWireTransfer,
  centsToPrice,
  PROMOTIONS,
  tooManyHeldMessage,
  totalChangedMessage,
  unavailableMessage,
  unknownDiamondsMessage,
  unpaidHoldMs,
  type DeliveryCountry,
  type Diamond,
  type Order,
  type OrderListResponse,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type WireTransfer,
  type orderRequestSchema,
} from '@everstone/contract';
import type { Db } from '../../db/database.ts';
import type { Database, DiamondRow, OrderItemRow, OrderRow } from '../../db/schema.ts';
import { DatabaseBusyError, writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { requireOwner } from '../../plugins/auth.ts';
import type { SignedIn } from '../accounts/service.ts';
import { createDiamondRepository, type DiamondRepository, type Lookups } from '../diamonds/repository.ts';
import { toDiamondRecord } from '../diamonds/service.ts';
import { bumpInventoryVersion } from '../inventory/version.ts';
import type { MailQueue } from '../mail/setup.ts';
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
import { createOrderRepository, type NewOrderItem } from './repository.ts';

export type OrderInput = z.output<typeof orderRequestSchema>;

/** What the shopper typed for delivery, as the order keeps it. */
export type OrderDetails = Pick<OrderInput, 'user_name' | 'contact_number' | 'address' | 'is_gift' | 'notes'>;

/** An order ready to be stored: its stones priced, its payment decided. */
export interface OrderDraft {
  userId: number;
  contactEmail: string;
  details: OrderDetails;
  paymentMode: PaymentMethod;
  paymentStatus: PaymentStatus;
  items: NewOrderItem[];
  holdExpiresAt: string | null;
  idempotencyKey: string | null;
  at: Date;
  /** Why the provider holds the payment for review (`paymentStatus` 'under_review'), for the store's copy. */
  reviewReason?: string | null;
}

export interface PlacedOrder {
  order: Order;
  /** True when an Idempotency-Key named an order placed before: nothing new was stored. */
  replayed: boolean;
}

/** An order item from the stone's row, at `priceCents` (the list price, the bank-wire price, or what was paid). */
export function orderItemOf(row: DiamondRow, lookups: Lookups, priceCents: number): NewOrderItem {
  return {
    diamond_id: Number(row.id),
    certificate_number: row.certificate_number,
    description: describeDiamond(toDiamondRecord(row, lookups)),
    type: Number(row.type),
    carat: Number(row.carat),
    price_cents: priceCents,
  };
}

/** Ids above PostgreSQL's integer cannot name a stone (and would be refused as parameters). */
export const MAX_ID = 2_147_483_647;
/** Crockford's base32 without I, L, O, U: nothing to misread when a shopper reads the number out on the phone. */
const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 409: the account already holds as many unpaid stones as it may (MAX_HELD_STONES_PER_ACCOUNT); nothing was reserved. */
export class TooManyHeldError extends ConflictError {
  constructor(held: number, adding: number, orderNumbers: string[]) {
    const message = tooManyHeldMessage(held, adding, orderNumbers);
    super(message, { items_id: [message] });
  }
}

/** 409: stones someone else has (or had) ordered; nothing was reserved. */
export class DiamondUnavailableError extends ConflictError {
  readonly certificateNumbers: string[];
  constructor(certificateNumbers: string[]) {
    const message = unavailableMessage(certificateNumbers);
    super(message, { items_id: [message] });
    this.certificateNumbers = certificateNumbers;
  }
}

/** 'EV-2026-K7M3QX': the year and six random characters (a billion a year; not a count of the store's sales). */
export function drawOrderNumber(at: Date): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `EV-${at.getUTCFullYear()}-${code}`;
}

/** '1.52 Carat Oval Lab Diamond, F VS1', '0.90 Carat Pear Color Diamond, Fancy Intense Pink VS2'. */
export function describeDiamond(d: Diamond): string {
  const grades = [d.fancy_color ? `${d.fancy_color.intensity} ${d.fancy_color.name}` : d.color?.name, d.clarity?.name].filter(Boolean).join(' ');
  const title = `${d.carat_weight.toFixed(2)} Carat ${d.shape.name} ${DIAMOND_TYPE_LABELS[d.type]} Diamond`;
  return (grades ? `${title}, ${grades}` : title).slice(0, 200);
}

/** 422 for ids that cannot name a stone, before any query. */
export function refuseImpossibleIds(ids: readonly number[]): void {
  const impossible = ids.filter((id) => id > MAX_ID);
  if (impossible.length > 0) throw new ValidationError({ items_id: [unknownDiamondsMessage(impossible)] }, unknownDiamondsMessage(impossible));
}

/** The stones `ids` name, in that order: 422 naming ids that name no stone, 409 naming stones no longer available. */
export async function availableStones(repo: DiamondRepository, ids: readonly number[]): Promise<DiamondRow[]> {
  const rows = await repo.findByIds([...ids]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new ValidationError({ items_id: [unknownDiamondsMessage(unknown)] }, unknownDiamondsMessage(unknown));
  const stones = ids.map((id) => byId.get(id)!);
  const taken = stones.filter((row) => row.status !== 'available');
  if (taken.length > 0) throw new DiamondUnavailableError(taken.map((row) => row.certificate_number));
  return stones;
}

/** The items' total, refused with the real figure (422 under `field`) when it is not the total the shopper sent. */
export function requireTotal(items: readonly NewOrderItem[], sentCents: number, field: string): number {
  const totalCents = items.reduce((sum, item) => sum + item.price_cents, 0);
  if (totalCents !== sentCents) {
    const message = totalChangedMessage(centsToPrice(totalCents));
    throw new ValidationError({ [field]: [message] }, message);
  }
  return totalCents;
}

/**
 * An order as the API answers it; `wire` is the store's bank account, shown while the order awaits a transfer. The
 * row's id stays on the server: §3's order_id is the public order number (docs/api.md, "Orders").
 */
export function toOrder(row: OrderRow, items: OrderItemRow[], wire: WireTransfer): Order {
  const order: Order = {
    order_id: row.order_number,
    order_number: row.order_number,
    total_price: centsToPrice(row.total_cents),
    currency: ORDER_CURRENCY,
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_mode: row.payment_mode as PaymentMethod,
    // Only while the hold runs: a paid, confirmed or cancelled order holds nothing on a deadline any more.
    hold_expires_at: row.order_status === 'pending' && row.payment_status === 'pending' ? row.hold_expires_at : null,
    wire_transfer: null,
    items: items.map((i) => ({
      diamondid: i.diamond_id,
      certificate_number: i.certificate_number,
      description: i.description,
      type: i.type as 1 | 2 | 3,
      carat_weight: i.carat,
      price: centsToPrice(i.price_cents),
    })),
    user_name: row.user_name,
    contact_number: row.contact_number,
    address: { street: row.street, apartment: row.apartment, city: row.city, state: row.state, zip: row.zip, country: row.country as DeliveryCountry },
    is_gift: row.is_gift === 1,
    notes: row.notes,
    created_at: row.created_at,
  };
  return awaitsWireTransfer(order) ? { ...order, wire_transfer: wire } : order;
}

export interface OrderServiceDeps {
  db: Db;
  mail: MailQueue;
  storeEmail: string;
  /** The store's bank account for wire transfers (config `wireTransferOf`). */
  wireTransfer: WireTransfer;
  now?: () => Date;
}

/**
 * Orders: placing one (reserve the stones, store the order, queue its confirmation, all in one transaction),
 * reading a user's own orders, ending unpaid holds, and settling payments the provider reviewed.
 * docs/decisions/008-reserving-stones.md, 011-unpaid-holds.md.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db: d, mail, storeEmail, wireTransfer } = deps;
  const now = deps.now ?? (() => new Date());
  const diamonds = createDiamondRepository(d.db, d.engine);
  const repo = createOrderRepository(d.db);

  async function load(r: ReturnType<typeof createOrderRepository>, id: number): Promise<Order | null> {
    const row = await r.findById(id);
    return row ? toOrder(row, await r.itemsOf([id]), wireTransfer) : null;
  }

  async function write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await writeTransaction(d, work);
    } catch (err) {
      if (err instanceof DatabaseBusyError) throw new ServiceUnavailableError(ORDER_MESSAGES.busy, 1);
      throw err;
    }
  }

  /** The order this user placed earlier under `key`; a 422 when that order holds other diamonds. */
  async function replay(signedIn: SignedIn, key: string, ids: readonly number[]): Promise<Order | null> {
    const row = await repo.findByIdempotencyKey(signedIn.user.id, key);
    if (!row) return null;
    const order = toOrder(row, await repo.itemsOf([row.id]), wireTransfer);
    const same = order.items.length === ids.length && order.items.every((item) => ids.includes(item.diamondid));
    if (!same) throw new ValidationError({ idempotency_key: [ORDER_MESSAGES.keyReused] }, ORDER_MESSAGES.keyReused);
    return order;
  }

  /**
   * Inside `trx`: reserves the stones, stores the order and its items, and queues its confirmation. The caller
   * has checked the stones and priced the items; a stone taken meanwhile throws DiamondUnavailableError, which
   * rolls the whole transaction back. Used by POST /api/store-order and by the wallet once a payment is captured.
   */
  async function storeOrder(trx: Kysely<Database>, draft: OrderDraft): Promise<number> {
    const r = createOrderRepository(trx);
    const atIso = draft.at.toISOString();
    // Ascending ids: two orders sharing stones lock them in the same order on PostgreSQL, so neither waits
    // on the other in a cycle. A lost race (the row changed since it was read) rolls everything back.
    const lost: string[] = [];
    for (const item of [...draft.items].sort((a, b) => a.diamond_id - b.diamond_id)) {
      if (!(await r.reserveStone(item.diamond_id))) lost.push(item.certificate_number);
    }
    if (lost.length > 0) throw new DiamondUnavailableError(lost);

    const { details } = draft;
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
      total_cents: draft.items.reduce((sum, item) => sum + item.price_cents, 0),
      is_gift: details.is_gift ? 1 : 0,
      notes: details.notes,
      hold_expires_at: draft.holdExpiresAt,
      idempotency_key: draft.idempotencyKey,
      created_at: atIso,
      updated_at: atIso,
    };
    let id: number | null = null;
    for (let i = 0; id === null; i++) {
      if (i === 5) throw new Error('Could not draw a free order number');
      id = await r.insertOrder(order, drawOrderNumber(draft.at));
    }
    await r.insertItems(id, draft.items);

    const placed = (await load(r, id))!;
    await mail.enqueue(trx, [
      orderConfirmationMail(placed, draft.contactEmail, storeEmail),
      newOrderNoticeMail(placed, draft.contactEmail, storeEmail, draft.reviewReason),
    ]);
    // Last, so the store_meta row every order writes is locked only for the moment before commit.
    await bumpInventoryVersion(trx);
    return id;
  }

  return {
    storeOrder,
    load: (id: number) => load(repo, id),

    /**
     * §7 POST /api/store-order. Only the ids, the method and what the shopper typed are taken from the payload;
     * every price comes from the inventory, and a total that differs from it is refused, never stored. With an
     * Idempotency-Key, a repeat of a request that placed an order answers that order (`replayed`) instead of a 409.
     */
    async placeOrder(signedIn: SignedIn, input: OrderInput, idempotencyKey: string | null = null): Promise<PlacedOrder> {
      if (input.user_id !== undefined) requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      if (input.payment_mode === WALLET_PAYMENT_METHOD) {
        throw new ValidationError({ payment_mode: [ORDER_MESSAGES.walletElsewhere] }, ORDER_MESSAGES.walletElsewhere);
      }
      const ids = input.lines.map((line) => line.diamond_id);
      refuseImpossibleIds(ids);
      const lookups = await diamonds.lookups();

      if (idempotencyKey) {
        const earlier = await replay(signedIn, idempotencyKey, ids);
        if (earlier) return { order: earlier, replayed: true };
      }

      let orderId: number;
      let certificates: string[] = [];
      try {
        orderId = await write(async (trx) => {
          const at = now();
          // Every method placed here is unpaid, so the order holds its stones on a deadline, and an account may
          // hold only so many at once: free accounts must not be able to empty the search (011-unpaid-holds.md).
          const r = createOrderRepository(trx);
          await r.lockHoldsOf(signedIn.user.id, d.engine);
          const held = await r.heldStonesOf(signedIn.user.id, at.toISOString());
          if (held.count + ids.length > MAX_HELD_STONES_PER_ACCOUNT) throw new TooManyHeldError(held.count, ids.length, held.orderNumbers);

          const stones = await availableStones(createDiamondRepository(trx, d.engine), ids);
          certificates = stones.map((row) => row.certificate_number);

          // A bank wire pays the bank-wire price the detail page shows (§5: price − 5 per stone).
          const wireDiscountCents = input.payment_mode === 'pay-wire' ? PROMOTIONS.bankWireDiscount * 100 : 0;
          const items = stones.map((row) => orderItemOf(row, lookups, Number(row.price_cents) - wireDiscountCents));
          requireTotal(items, input.total_price, 'total_price');

          return storeOrder(trx, {
            userId: signedIn.user.id,
            contactEmail: signedIn.user.email,
            details: input,
            paymentMode: input.payment_mode,
            paymentStatus: 'pending',
            items,
            holdExpiresAt: new Date(at.getTime() + unpaidHoldMs(input.payment_mode)!).toISOString(),
            idempotencyKey,
            at,
          });
        });
      } catch (err) {
        // The same Idempotency-Key sent twice at once: the other request placed the order, and this one found its
        // stones taken (or the account's holds full, or on SQLite its key): that order is the answer, not a 409.
        if (idempotencyKey && (err instanceof DiamondUnavailableError || err instanceof TooManyHeldError || isUniqueViolation(err))) {
          const earlier = await replay(signedIn, idempotencyKey, ids);
          if (earlier) return { order: earlier, replayed: true };
        }
        // The partial unique index on order_items caught what the conditional update should have: still a 409.
        if (isUniqueViolation(err)) throw new DiamondUnavailableError(certificates);
        throw err;
      }
      mail.flush();
      return { order: (await load(repo, orderId))!, replayed: false };
    },

    /** GET /api/orders: the user's own orders, newest first. */
    async listOrders(signedIn: SignedIn): Promise<OrderListResponse> {
      const rows = await repo.listByUser(signedIn.user.id, ORDER_LIST_LIMIT);
      const items = await repo.itemsOf(rows.map((row) => row.id));
      const byOrder = Map.groupBy(items, (item) => item.order_id);
      return { data: rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], wireTransfer)) };
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
      return toOrder(row, await repo.itemsOf([row.id]), wireTransfer);
    },

    /**
     * An order whose payment the provider held for review (or, before that state existed, recorded as paid) and
     * then denied: cancelled, its stones back in the search, the shopper told and the store's team too. False when
     * the order had already moved on.
     */
    async cancelForDeniedPayment(orderId: number): Promise<boolean> {
      const done = await writeTransaction(d, async (trx) => {
        const at = now().toISOString();
        const r = createOrderRepository(trx);
        if (!(await r.cancelForFailedPayment(orderId, at))) return false;
        await r.releaseStones(orderId, at);
        const order = (await load(r, orderId))!;
        const row = (await r.findById(orderId))!;
        await mail.enqueue(trx, [paymentDeniedMail(order, row.contact_email, storeEmail), paymentDeniedNoticeMail(order, row.contact_email, storeEmail)]);
        await bumpInventoryVersion(trx);
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
     * Cancels every unpaid order, of any method, whose hold has run out and returns its stones to the search; the
     * shopper and the store's team are emailed. Each order in its own transaction; safe to run on several
     * instances at once. Answers how many orders it cancelled.
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
            await r.releaseStones(orderId, at);
            const order = (await load(r, orderId))!;
            const row = (await r.findById(orderId))!;
            await mail.enqueue(trx, [holdExpiredMail(order, row.contact_email, storeEmail), holdExpiredNoticeMail(order, row.contact_email, storeEmail, row.hold_expires_at!)]);
            await bumpInventoryVersion(trx);
            return true;
          });
          if (done) cancelled += 1;
        }
        if (due.length < batchSize) break;
      }
      if (cancelled > 0) mail.flush();
      return cancelled;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
