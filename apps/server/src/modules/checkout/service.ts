import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  MAX_HELD_STONES_PER_ACCOUNT,
  ORDER_MESSAGES,
  WALLET_PAYMENT_METHOD,
  centsToPrice,
  diamondUnitPrice,
  lineKey,
  priceLines,
  tooManyHeldMessage,
  totalChangedMessage,
  unavailableMessage,
  unknownDiamondsMessage,
  unpaidHoldMs,
  type LineItem,
  type Order,
  type PaymentMethod,
  type WalletOrderResponse,
  type orderRequestSchema,
  type walletOrderRequestSchema,
} from '@everstone/contract';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { requireOwner, type SignedIn } from '../../plugins/auth.ts';
import { MAX_DIAMOND_ID, type CatalogService, type DiamondForSale } from '../catalog/index.ts';
import { StockUnavailableError, type InventoryService, type StockUnit } from '../inventory/index.ts';
import type { MailQueue } from '../mail/index.ts';
import type { NewOrderLine, OrderDetails, OrderService } from '../orders/index.ts';
import { PaidLinesLostError, type CapturedPayment, type PaidLine, type WalletHooks, type WalletService } from '../payments/index.ts';

export type OrderInput = z.output<typeof orderRequestSchema>;
export type WalletOrderInput = z.output<typeof walletOrderRequestSchema>;
/** Which request field an item error is reported under: the one the client sent (§7's items_id, or lines). */
type ItemsField = OrderInput['itemsField'];

export interface PlacedOrder {
  order: Order;
  /** True when an Idempotency-Key named an order placed before: nothing new was stored. */
  replayed: boolean;
}

/** 409: lines someone else has (or had) ordered, by certificate number; nothing was reserved. */
export class LinesUnavailableError extends ConflictError {
  readonly labels: string[];
  constructor(labels: string[], field: ItemsField) {
    const message = unavailableMessage(labels);
    super(message, { [field]: [message] });
    this.labels = labels;
  }
}

/** 409: the account already holds as many unpaid units as it may (MAX_HELD_STONES_PER_ACCOUNT); nothing was reserved. */
export class TooManyHeldError extends ConflictError {
  constructor(held: number, adding: number, orderNumbers: string[], field: ItemsField) {
    const message = tooManyHeldMessage(held, adding, orderNumbers);
    super(message, { [field]: [message] });
  }
}

/** A line priced from the catalog, as the order will keep it, with what it takes from stock. */
interface PricedLine {
  line: LineItem;
  stored: NewOrderLine;
  stock: StockUnit;
  listCents: number;
  wireDiscountCents: number;
}

export interface CheckoutServiceDeps {
  db: Db;
  catalog: CatalogService;
  inventory: InventoryService;
  orders: OrderService;
  mail: MailQueue;
  now?: () => Date;
}

/**
 * The checkout: the one place an order is placed, whatever the method, and a wallet payment becomes its order.
 * It prices the lines through the catalog (every price from the store's records, never the payload's), reserves
 * their stock through the inventory, stores the order through the orders module and queues its emails, in one
 * transaction: a line taken meanwhile rolls everything back. docs/decisions/013-line-items-and-checkout.md.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db: d, catalog, inventory, orders, mail } = deps;
  const now = deps.now ?? (() => new Date());

  /** 422 for ids that cannot name a stone, before any query. */
  function refuseImpossible(lines: readonly LineItem[], field: ItemsField): void {
    const impossible = lines.filter((line) => line.diamond_id > MAX_DIAMOND_ID).map((line) => line.diamond_id);
    if (impossible.length > 0) throw new ValidationError({ [field]: [unknownDiamondsMessage(impossible)] }, unknownDiamondsMessage(impossible));
  }

  /**
   * The lines priced from the catalog, read through `trx`: 422 naming lines that name nothing the store sells, and,
   * unless `anyStatus`, 409 naming lines no longer on sale. Each unit at `unitCents(list price)` as the order keeps
   * it (the list price, the bank-wire price, or what a wallet payment paid).
   */
  async function price(
    trx: Kysely<Database>,
    lines: readonly LineItem[],
    field: ItemsField,
    options: { anyStatus?: boolean } = {},
  ): Promise<PricedLine[]> {
    const found = await catalog.diamondsForSale(trx, lines.map((line) => line.diamond_id));
    const unknown = lines.filter((line) => !found.has(line.diamond_id)).map((line) => line.diamond_id);
    if (unknown.length > 0) throw new ValidationError({ [field]: [unknownDiamondsMessage(unknown)] }, unknownDiamondsMessage(unknown));
    const records = lines.map((line) => found.get(line.diamond_id)!);
    const taken = records.filter((record) => record.status !== 'available');
    if (!options.anyStatus && taken.length > 0) throw new LinesUnavailableError(taken.map((record) => record.certificateNumber), field);
    return lines.map((line, i) => pricedDiamond(line, records[i]!));
  }

  function pricedDiamond(line: LineItem, record: DiamondForSale): PricedLine {
    const unit = diamondUnitPrice(record.priceCents);
    return {
      line,
      listCents: unit.unitCents,
      wireDiscountCents: unit.wireDiscountCents,
      stock: { kind: 'diamond', diamondId: record.diamondId, label: record.certificateNumber },
      stored: {
        kind: 'diamond',
        quantity: line.quantity,
        diamond_id: record.diamondId,
        certificate_number: record.certificateNumber,
        description: record.description,
        type: record.type,
        carat: record.carat,
        price_cents: unit.unitCents,
      },
    };
  }

  /** What the lines cost with `method` (the contract's one pricing function), refused when the shopper saw another total. */
  function requireTotal(priced: readonly PricedLine[], method: PaymentMethod, sentCents: number, field: string) {
    const pricing = priceLines(
      priced.map((p) => ({ kind: p.line.kind, quantity: p.line.quantity, unitCents: p.listCents, wireDiscountCents: p.wireDiscountCents })),
      method,
    );
    if (pricing.totalCents !== sentCents) {
      const message = totalChangedMessage(centsToPrice(pricing.totalCents));
      throw new ValidationError({ [field]: [message] }, message);
    }
    // Each line keeps the unit price this method paid.
    return priced.map((p, i) => ({ ...p.stored, price_cents: pricing.lines[i]!.totalCents / p.line.quantity }));
  }

  /** The order this user placed earlier under `key`; a 422 when that order holds other lines. */
  async function replay(signedIn: SignedIn, key: string, lines: readonly LineItem[]): Promise<Order | null> {
    const earlier = await orders.findByIdempotencyKey(signedIn.user.id, key);
    if (!earlier) return null;
    const keys = new Set(lines.map(lineKey));
    const same =
      earlier.lines.length === lines.length &&
      earlier.lines.every((stored) => stored.kind === 'diamond' && stored.diamond_id !== null && keys.has(lineKey({ kind: 'diamond', diamond_id: stored.diamond_id, quantity: 1 })));
    if (!same) throw new ValidationError({ idempotency_key: [ORDER_MESSAGES.keyReused] }, ORDER_MESSAGES.keyReused);
    return earlier.order;
  }

  /** What the wallet asks of the store as a payment moves (payments/service.ts). */
  const walletHooks: WalletHooks = {
    async completeOrder(trx: Kysely<Database>, payment: CapturedPayment): Promise<number> {
      const lines: LineItem[] = payment.lines.map((paid) => ({ kind: 'diamond', diamond_id: paid.diamond_id, quantity: 1 }));
      // Each line at the price the shopper approved and paid, whatever the catalog says now.
      const priced = await price(trx, lines, 'lines', { anyStatus: true });
      const stored = priced.map((p, i) => ({ ...p.stored, price_cents: payment.lines[i]!.price_cents }));
      try {
        await inventory.reserve(trx, priced.map((p) => p.stock));
      } catch (err) {
        if (err instanceof StockUnavailableError) throw new PaidLinesLostError(err.units.map((u) => u.label));
        throw err;
      }
      const at = now();
      const { id, order } = await orders.store(trx, {
        userId: payment.userId,
        contactEmail: payment.contactEmail,
        details: payment.details as OrderDetails,
        paymentMode: WALLET_PAYMENT_METHOD,
        // A capture the provider holds for review is not money yet: the order waits under review and nothing ships.
        paymentStatus: payment.underReview ? 'under_review' : 'paid',
        lines: stored,
        holdExpiresAt: null,
        idempotencyKey: `wallet:${payment.reference}`,
        at,
      });
      await mail.enqueue(trx, orders.placedMails(order, payment.contactEmail, payment.reviewReason));
      // Last, so the version row every order writes is locked only for the moment before commit.
      await inventory.changed(trx);
      return id;
    },

    async unavailable(paid: readonly PaidLine[]): Promise<string[]> {
      const found = await catalog.diamondsForSale(d.db, paid.map((line) => line.diamond_id));
      const units = [...found.values()].map((record): StockUnit => ({ kind: 'diamond', diamondId: record.diamondId, label: record.certificateNumber }));
      return (await inventory.unavailable(units)).map((unit) => unit.label);
    },

    loadOrder: (orderId) => orders.load(orderId),

    async settleReview(orderId, outcome) {
      if (outcome === 'completed') await orders.settleReviewedPayment(orderId);
      else await orders.cancelForDeniedPayment(orderId);
    },
  };

  /** Set once the wallet is built (it takes walletHooks, so it comes after this service). */
  let wallet: WalletService | null = null;

  return {
    walletHooks,
    useWallet(w: WalletService) {
      wallet = w;
    },

    /**
     * §7 POST /api/store-order, for every method placed unpaid. Only the lines, the method and what the shopper
     * typed are taken from the payload; every price comes from the catalog, and a total that differs from it is
     * refused, never stored. With an Idempotency-Key, a repeat of a request that placed an order answers that order
     * (`replayed`) instead of a 409.
     */
    async placeOrder(signedIn: SignedIn, input: OrderInput, idempotencyKey: string | null = null): Promise<PlacedOrder> {
      if (input.user_id !== undefined) requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      if (input.payment_mode === WALLET_PAYMENT_METHOD) {
        throw new ValidationError({ payment_mode: [ORDER_MESSAGES.walletElsewhere] }, ORDER_MESSAGES.walletElsewhere);
      }
      const field = input.itemsField;
      refuseImpossible(input.lines, field);

      if (idempotencyKey) {
        const earlier = await replay(signedIn, idempotencyKey, input.lines);
        if (earlier) return { order: earlier, replayed: true };
      }

      let labels: string[] = [];
      let order: Order;
      try {
        // A database that stays busy (DatabaseBusyError) is the error handler's 503.
        order = await writeTransaction(d, async (trx) => {
          const at = now();
          // Every method placed here is unpaid, so the order holds its stock on a deadline, and an account may
          // hold only so much at once: free accounts must not be able to empty the search (011-unpaid-holds.md).
          const adding = input.lines.reduce((sum, line) => sum + line.quantity, 0);
          const held = await orders.heldBy(trx, signedIn.user.id, at);
          if (held.count + adding > MAX_HELD_STONES_PER_ACCOUNT) throw new TooManyHeldError(held.count, adding, held.orderNumbers, field);

          const priced = await price(trx, input.lines, field);
          labels = priced.map((p) => p.stock.label);
          const stored = requireTotal(priced, input.payment_mode, input.total_price, 'total_price');
          try {
            await inventory.reserve(trx, priced.map((p) => p.stock));
          } catch (err) {
            if (err instanceof StockUnavailableError) throw new LinesUnavailableError(err.units.map((u) => u.label), field);
            throw err;
          }
          const { order: placed } = await orders.store(trx, {
            userId: signedIn.user.id,
            contactEmail: signedIn.user.email,
            details: input,
            paymentMode: input.payment_mode,
            paymentStatus: 'pending',
            lines: stored,
            holdExpiresAt: new Date(at.getTime() + unpaidHoldMs(input.payment_mode)!).toISOString(),
            idempotencyKey,
            at,
          });
          await mail.enqueue(trx, orders.placedMails(placed, signedIn.user.email));
          // Last, so the version row every order writes is locked only for the moment before commit.
          await inventory.changed(trx);
          return placed;
        });
      } catch (err) {
        // The same Idempotency-Key sent twice at once: the other request placed the order, and this one found its
        // lines taken (or the account's holds full, or on SQLite its key): that order is the answer, not a 409.
        if (idempotencyKey && (err instanceof LinesUnavailableError || err instanceof TooManyHeldError || isUniqueViolation(err))) {
          const earlier = await replay(signedIn, idempotencyKey, input.lines);
          if (earlier) return { order: earlier, replayed: true };
        }
        // The partial unique index on order lines caught what the conditional update should have: still a 409.
        if (isUniqueViolation(err)) throw new LinesUnavailableError(labels, field);
        throw err;
      }
      mail.flush();
      return { order, replayed: false };
    },

    /**
     * §7 POST /api/paypal/create-order. Prices the lines from the catalog at list prices, checks the amount the
     * shopper saw and that every line is on sale, then asks the wallet for a payment the shopper approves. No
     * order, no reservation. `storeUrl` is where the provider sends the shopper back (lib/store-url.ts).
     */
    async startWalletPayment(signedIn: SignedIn, input: WalletOrderInput, storeUrl: string): Promise<WalletOrderResponse> {
      requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      refuseImpossible(input.lines, input.itemsField);
      const priced = await price(d.db, input.lines, input.itemsField);
      const stored = requireTotal(priced, WALLET_PAYMENT_METHOD, input.amount, 'amount');
      const details: OrderDetails = {
        user_name: input.user_name,
        contact_number: input.contact_number,
        address: input.address,
        is_gift: input.is_gift,
        notes: input.notes,
      };
      const first = stored[0]!;
      return wallet!.createPayment(signedIn, {
        amountCents: input.amount,
        lines: stored.map((line) => ({ kind: line.kind, diamond_id: line.diamond_id!, price_cents: line.price_cents })),
        details,
        description: `Everstone order: ${first.description}${stored.length > 1 ? ` and ${stored.length - 1} more` : ''}`,
        storeUrl,
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
