import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  RETURN_LABEL_DAYS,
  RETURN_STATUS_LABELS,
  STORE_TERMS,
  afterSaleOf,
  centsToPrice,
  ORDER_NUMBER_PATTERN,
  formatCents,
  giftMustReturn,
  giftReturnedMessage,
  listUnitCentsOfPaid,
  needsGiaRecheck,
  returnRefundCents,
  returnRequestProblem,
  type Order,
  type OrderReturn,
  type ReturnReason,
  type ReturnStatus,
  type WireTransfer,
  type DeliveryCountry,
  type GiftId,
  type LineItemKind,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { OrderItemRow, OrderReturnRow, OrderRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { InventoryService, StockUnit } from '../inventory/index.ts';
import type { MailQueue, OutgoingMail } from '../mail/index.ts';
import { afterSaleFactsOf, numberedLines } from './after-sale.ts';
import { returnAuthorizedMail, returnCancelledMail, returnDeclinedMail, returnReceivedMail, returnRefundedMail } from './mail.ts';
import { createOrderRepository } from './repository.ts';
import { createReturnsRepository, type ReturnRecords, type ReturnsRepository } from './returns-repository.ts';
import { toOrder } from './service.ts';
import { orderTables, type OrderTables } from './tables.ts';

/** The after-sale numbers' alphabet (RMA-…, RS-…, RP-…): no look-alikes (0/O, 1/I). */
const AFTER_SALE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 'RMA-7KQ2M9XD': the prefix and eight random characters; the caller draws again when one is taken. */
export const drawAfterSaleNumber = (prefix: string) => `${prefix}-${Array.from({ length: 8 }, () => AFTER_SALE_ALPHABET[randomInt(AFTER_SALE_ALPHABET.length)]).join('')}`;
/** A label link's token as the store hands it out: 32 random bytes, base64url. Anything else opens nothing. */
export const isLabelToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** What a label shows of its order: its number and the shopper's address the parcel leaves from. */
export const labelOf = (row: OrderRow, number: string, insuredCents: number, expiresAt: string): ReturnLabel => ({
  rma: number,
  orderNumber: row.order_number,
  from: { name: row.user_name, street: row.street, apartment: row.apartment, city: row.city, state: row.state, zip: row.zip, country: row.country as DeliveryCountry },
  insuredCents,
  expiresAt,
});
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a return's step cannot be taken, in the words the desk prints. */
export class ReturnStepRefused extends ConflictError {}

/** Where the money of a refund goes back: PayPal's refund API for a PayPal payment (wired in app.ts), else none. */
export interface RefundRoute {
  /** Refunds `cents` of the order's PayPal capture, idempotent on `requestId`; throws when PayPal refuses. */
  paypal(orderId: number, cents: number, requestId: string): Promise<{ refundId: string }>;
}

export interface ReturnsDeps {
  db: { db: Handle; engine: Engine };
  inventory: InventoryService;
  refunds: RefundRoute;
  mail: MailQueue;
  storeEmail: string;
  /** The store's address for the label's link in the shopper's email. */
  publicUrl: string;
  wireTransfer: WireTransfer;
  now?: () => Date;
}

/** The path of a return label's PDF: the token is its only key. */
export const labelPath = (token: string) => `/api/returns/labels/${token}`;

/**
 * A return step's audit entry, written in the step's own transaction: the return as it was and became, its order's
 * number, and what the step recorded besides (the inspection's outcome, the refund's reference).
 */
export type RecordReturnStep = (trx: Handle, before: OrderReturnRow, after: OrderReturnRow, orderNumber: string, detail?: Record<string, unknown>) => Promise<void>;

/** Who takes a return's step (their email, or the order desk's user and host) and its audit entry. */
export interface ReturnStepBy {
  by: string;
  record?: RecordReturnStep;
}

/** A return after a step: its row, and its order as the API shows it now. */
export interface ReturnStepDone {
  ret: OrderReturnRow;
  order: Order;
  view: OrderReturn;
}

/** What a return label shows: the RMA, the order, the shopper's address it comes from, and what it is insured for. */
export interface ReturnLabel {
  rma: string;
  orderNumber: string;
  from: { name: string; street: string; apartment: string | null; city: string; state: string | null; zip: string; country: DeliveryCountry };
  insuredCents: number;
  expiresAt: string;
}

/** What a passed inspection puts back: every stone (loose or unset from a ring), and units of a stocked piece neither engraved nor made to order. */
function restockOf(lines: readonly { item: OrderItemRow; parts: OrderItemRow[] }[]): StockUnit[] {
  return lines.flatMap(({ item, parts }) =>
    [item, ...parts].flatMap((i): StockUnit[] => {
      if (i.diamond_id !== null && (i.kind === 'diamond' || i.parent_line_id !== null)) return [{ kind: 'diamond', diamondId: i.diamond_id, label: i.certificate_number ?? String(i.diamond_id) }];
      const engraved = i.engraving !== null && i.engraving !== '';
      if (i.variant_id !== null && i.from_stock === 1 && !engraved) return [{ kind: 'variant', variantId: i.variant_id, quantity: i.quantity, label: i.sku ?? String(i.variant_id) }];
      return [];
    }),
  );
}

/**
 * Why `exchangeOrder` cannot be the new order a return is refunded toward, thrown as a 422 (its field
 * `exchange_order`): it must be another order of the same account, placed since the return was asked for, not
 * cancelled, and not already settling another return.
 */
async function exchangeProblem(db: ModuleDb<OrderTables>['db'], ret: OrderReturnRow, exchangeOrder: string): Promise<void> {
  const refuse = (message: string): never => {
    throw new ValidationError({ exchange_order: [message] }, message);
  };
  if (!ORDER_NUMBER_PATTERN.test(exchangeOrder)) refuse(`"${exchangeOrder}" is not an order number (EV-2026-K7M3QX).`);
  const replacement = await createOrderRepository(db).findByNumber(exchangeOrder);
  if (!replacement || replacement.user_id !== ret.user_id) refuse(`The shopper of return ${ret.rma} has no order ${exchangeOrder}.`);
  if (replacement!.id === ret.order_id) refuse(`Order ${exchangeOrder} is the returned order itself: give the shopper’s new order.`);
  if (replacement!.created_at < ret.requested_at) refuse(`Order ${exchangeOrder} was placed before return ${ret.rma} was asked for: an exchange is a new order.`);
  if (replacement!.order_status === 'cancelled') refuse(`Order ${exchangeOrder} is cancelled.`);
  const settling = await createReturnsRepository(db).findByExchangeOrder(exchangeOrder);
  if (settling && settling.id !== ret.id) refuse(`Order ${exchangeOrder} is already the exchange of return ${settling.rma}.`);
}

/**
 * Returns and refunds (docs/decisions/021-returns-and-refunds.md): the shopper asks for a return of their own
 * delivered lines, in the window; staff receive it, inspect it (a GIA re-check above 1.99 ct), and refund it through
 * the money's own route. Each step is one transaction whose UPDATE re-checks the return's state, with its audit
 * entry and its email in it.
 */
export function createReturns(deps: ReturnsDeps) {
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const repo = createReturnsRepository(d.db);
  const { mail, storeEmail } = deps;

  async function loadReturn(rma: string, r: ReturnsRepository = repo) {
    const found = await r.findByRma(rma.trim().toUpperCase());
    if (!found) throw new NotFoundError(`No return ${rma.trim()}.`);
    return found;
  }

  const refuse = (r: OrderReturnRow, step: string): never => {
    throw new ReturnStepRefused(`Return ${r.rma} cannot ${step}: it is ${RETURN_STATUS_LABELS[r.status as ReturnStatus].toLowerCase()}.`);
  };

  /**
   * Inside a step's transaction, once the return moved: its order as it is now, the step's audit entry, and the
   * shopper's email (queued in the same transaction, sent once it commits).
   */
  async function done(trx: ModuleDb<OrderTables>['db'], before: OrderReturnRow, how: ReturnStepBy | undefined, mailOf: ((order: Order, view: OrderReturn, to: string) => OutgoingMail) | null, detail?: Record<string, unknown>): Promise<ReturnStepDone> {
    const orders = createOrderRepository(trx);
    const after = (await createReturnsRepository(trx).findByRma(before.rma))!;
    const row = (await orders.findById(after.order_id))!;
    const order = toOrder(row, await orders.recordsOfOne(row.id), deps.wireTransfer, now());
    const view = order.returns.find((r) => r.rma === after.rma)!;
    if (how?.record) await how.record(trx, before, after, order.order_number, detail);
    if (mailOf) await mail.enqueue(trx, [mailOf(order, view, row.contact_email)]);
    return { ret: after, order, view };
  }

  const sent = <T>(result: T): T => {
    mail.flush();
    return result;
  };

  /**
   * §9: the gift line a return of `lines` must bring back with it, or null: the order still carries its gift, the gift
   * is not already in a return, and what the shopper keeps (the list prices of the lines neither asked for nor in a
   * return that was not cancelled or declined, the gift aside) is below the gift's threshold.
   */
  function giftToReturn(row: OrderRow, items: readonly OrderItemRow[], records: ReturnRecords, lines: readonly number[]): { line: number; gift: GiftId } | null {
    const numbered = numberedLines(items);
    const gift = numbered.find((l) => l.item.gift !== null);
    if (!gift || row.gift_holder_id === null || gift.item.released_at !== null || lines.includes(gift.line)) return null;
    const returned = new Set(
      records.lines.filter((l) => { const st = records.returns.find((x) => x.id === l.return_id)?.status; return st !== undefined && st !== 'cancelled' && st !== 'rejected'; }).map((l) => l.order_item_id),
    );
    if (returned.has(gift.item.id)) return null;
    const kept = numbered
      .filter((l) => l.item.gift === null && !lines.includes(l.line) && !returned.has(l.item.id))
      .reduce((sum, l) => sum + listUnitCentsOfPaid(l.item.kind as LineItemKind, l.item.price_cents, row.payment_mode) * l.item.quantity, 0);
    const id = gift.item.gift as GiftId;
    return giftMustReturn(id, kept) ? { line: gift.line, gift: id } : null;
  }

  /** A return of the signed-in shopper's own order (another's is the same 404 as none). */
  async function ownReturn(trx: ModuleDb<OrderTables>['db'], userId: number, orderNumber: string, rma: string) {
    const found = await createReturnsRepository(trx).findByRma(rma.trim().toUpperCase());
    const row = found ? await createOrderRepository(trx).findById(found.order_id) : null;
    if (!found || !row || found.user_id !== userId || row.order_number !== orderNumber.trim().toUpperCase()) throw new NotFoundError('No return was found.');
    return found;
  }

  return {
    /**
     * The shopper's return of `lines` of their own order (another account's is the same 404 as none): authorized
     * with an RMA and a label link's token (answered once; only its hash is kept), or refused with why. The shopper
     * is emailed the label's link.
     */
    async request(userId: number, orderNumber: string, request: { lines: number[]; reason: ReturnReason; note?: string | null | undefined }) {
      const token = randomBytes(32).toString('base64url');
      const result = await writeTransaction(d, async (trx) => {
        const orders = createOrderRepository(trx);
        const r = createReturnsRepository(trx);
        const row = await orders.findByNumberOfUser(orderNumber.trim().toUpperCase(), userId);
        if (!row) throw new NotFoundError('No order was found.');
        await r.lockReturnsOf(userId, d.engine);
        const { items, tickets } = await orders.recordsOfOne(row.id);
        const records = (await r.recordsOf([row.id])).get(row.id)!;
        const at = now();
        const facts = afterSaleFactsOf(row, items, records, await r.lastReturnAt(userId), tickets);
        const eligibility = afterSaleOf(facts, at);
        const problem = returnRequestProblem(eligibility, request.lines, facts, at);
        if (problem) throw new ValidationError({ lines: [problem] }, problem);
        const giftBack = giftToReturn(row, items, records, request.lines);
        const asked = giftBack ? [...request.lines, giftBack.line] : request.lines;
        const chosen = numberedLines(items).filter((l) => asked.includes(l.line));
        const lines = chosen.map(({ line, item }) => ({
          order_item_id: item.id,
          // What the line cost, its sales tax included: a returned line's tax goes back with it.
          total_cents: item.price_cents * item.quantity + item.tax_cents,
          engraving_fee_cents: eligibility.find((e) => e.line === line)!.engraving_fee_cents,
        }));
        const iso = at.toISOString();
        const windowStart = new Date(at.getTime() - STORE_TERMS.returnDays * 86_400_000).toISOString();
        if (!(await r.openOnOrder(row.id, windowStart, iso))) throw new ConflictError('This order changed meanwhile and can no longer be returned.');
        const expires = new Date(at.getTime() + RETURN_LABEL_DAYS * 86_400_000).toISOString();
        const fee = lines.reduce((s, l) => s + l.engraving_fee_cents, 0);
        for (;;) {
          const rma = drawAfterSaleNumber('RMA');
          const id = await r.insertReturn({
            rma,
            order_id: row.id,
            user_id: userId,
            status: 'authorized',
            reason: request.reason,
            note: request.note?.trim() || null,
            refund_cents: returnRefundCents(lines),
            fee_cents: fee,
            requested_at: iso,
            label_token_hash: hashToken(token),
            label_expires_at: expires,
          });
          if (id === null) continue;
          if (!(await r.insertLines(id, lines))) throw new ConflictError('A piece chosen is already in another return.');
          const labelUrl = `${deps.publicUrl}${labelPath(token)}`;
          const created = (await r.findByRma(rma))!;
          const giftReturned = giftBack ? giftReturnedMessage(giftBack.gift) : null;
          return { ...(await done(trx, created, undefined, (order, view, to) => returnAuthorizedMail(order, view, labelUrl, to, storeEmail, giftReturned))), giftReturned };
        }
      });
      mail.flush();
      return { ...result, rma: result.ret.rma, refundCents: result.ret.refund_cents, token, labelExpiresAt: result.ret.label_expires_at, giftReturned: result.giftReturned };
    },

    /**
     * A new link to an authorized return's label, for the shopper who lost the first (the email's): the old link
     * stops working; the label still expires when it was to.
     */
    async newLabelLink(userId: number, orderNumber: string, rma: string) {
      const token = randomBytes(32).toString('base64url');
      return writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const found = await ownReturn(trx, userId, orderNumber, rma);
        if (found.status !== 'authorized') throw new ReturnStepRefused(`Return ${found.rma} needs no label any more: it is ${RETURN_STATUS_LABELS[found.status as ReturnStatus].toLowerCase()}.`);
        if (found.label_expires_at <= now().toISOString()) throw new ReturnStepRefused(`The label of return ${found.rma} has expired. Reply to your return email and we will arrange another.`);
        if (!(await r.setLabelToken(found.id, 'authorized', hashToken(token)))) refuse((await r.findByRma(found.rma))!, 'have a new label');
        return { token, labelExpiresAt: found.label_expires_at };
      });
    },

    /** The parcel of a return arrived at the store; the shopper is emailed. */
    receive: async (rma: string, how: ReturnStepBy) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createReturnsRepository(trx);
          const found = await loadReturn(rma, r);
          if (found.status !== 'authorized') refuse(found, 'be received');
          if (!(await r.move(found.id, 'authorized', 'received', { received_at: now().toISOString(), received_by: how.by }))) refuse((await r.findByRma(found.rma))!, 'be received');
          return done(trx, found, how, (order, view, to) => returnReceivedMail(order, view, to, storeEmail));
        }),
      ),

    /**
     * The return inspected: passed (every stone's certificate matched; a GIA re-check's reference for one above
     * 1.99 ct), its stones back on sale and a stocked piece's units back in stock; or failed, declined and sent back
     * (the shopper is emailed).
     */
    inspect: async (rma: string, outcome: { passed: boolean; note?: string | null | undefined; giaRecheck?: string | null | undefined }, how: ReturnStepBy) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createReturnsRepository(trx);
          const orders = createOrderRepository(trx);
          const found = await loadReturn(rma, r);
          if (found.status !== 'received') refuse(found, 'be inspected');
          const items = (await orders.recordsOfOne(found.order_id)).items;
          const records = (await r.recordsOf([found.order_id])).get(found.order_id)!;
          const inReturn = new Set(records.lines.filter((l) => l.return_id === found.id).map((l) => l.order_item_id));
          const lines = numberedLines(items).filter((l) => inReturn.has(l.item.id));
          const stones = lines.flatMap(({ item, parts }) => [item, ...parts]).filter((i) => i.diamond_id !== null);
          const recheck = outcome.giaRecheck?.trim() || null;
          if (outcome.passed && stones.some((s) => needsGiaRecheck(s.carat)) && !recheck) {
            const message = 'A returned diamond above 1.99 carats passes only with its GIA re-check: give the re-check’s report reference.';
            throw new ValidationError({ gia_recheck: [message] }, message);
          }
          const at = now().toISOString();
          const to: ReturnStatus = outcome.passed ? 'inspected' : 'rejected';
          const note = outcome.note?.trim() || null;
          const change = { inspected_at: at, inspected_by: how.by, inspection_note: note, gia_recheck: recheck, ...(outcome.passed ? {} : { closed_at: at, closed_by: how.by }) };
          if (!(await r.move(found.id, 'received', to, change))) refuse((await r.findByRma(found.rma))!, 'be inspected');
          const restocked = outcome.passed ? restockOf(lines) : [];
          if (outcome.passed) await deps.inventory.restock(trx, restocked);
          else await r.closeOnOrder(found.order_id, at);
          // The gift came back with the return: the order no longer carries it, and the account may receive one again.
          if (outcome.passed && lines.some(({ item }) => item.gift !== null)) await orders.giveGiftBack(found.order_id);
          const detail = { passed: outcome.passed, note, gia_recheck: recheck, back_on_sale: restocked.map((u) => u.label) };
          return done(trx, found, how, outcome.passed ? null : (order, view, email) => returnDeclinedMail(order, view, email, storeEmail), detail);
        }),
      ),

    /**
     * An inspected return refunded: its amount taken from what may still be refunded of the order (never more than
     * was paid), then through PayPal's refund API for a PayPal payment (idempotent on the refund's request id), or
     * recorded with the reference of the route staff used. A PayPal refusal gives the amount back and says why.
     */
    async refund(rma: string, options: { reference?: string | null | undefined; exchangeOrder?: string | null | undefined }, how: ReturnStepBy): Promise<ReturnStepDone> {
      const found = await loadReturn(rma);
      if (found.status !== 'inspected') refuse(found, 'be refunded');
      const order = await createOrderRepository(d.db).findById(found.order_id);
      const viaPayPal = order!.payment_mode === 'pay-paypal';
      const reference = options.reference?.trim() || null;
      if (!viaPayPal && !reference) {
        const message = `Refund the ${formatCents(found.refund_cents)} through the order’s payment route first, then give its reference.`;
        throw new ValidationError({ reference: [message] }, message);
      }
      const exchange = options.exchangeOrder?.trim().toUpperCase() || null;
      if (exchange !== null) await exchangeProblem(d.db, found, exchange);
      const requestId = `refund-${found.rma}`;
      const refunded = (order: Order, view: OrderReturn, to: string) => returnRefundedMail(order, view, to, storeEmail);
      const closing = (at: string) => ({ closed_at: at, closed_by: how.by });
      // The exchange is claimed with the reservation (one new order settles one return: a unique index), so a refund
      // made at PayPal always finds its return's exchange already recorded.
      const exchangeDetail = async (r: ReturnsRepository) => {
        const claimed = (await r.findByRma(found.rma))!.exchange_order_number;
        return claimed ? { exchange_order: claimed } : {};
      };
      // Reserve the amount and record the refund as pending (or done, for a recorded one) in one transaction.
      const reserved = await writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const at = now().toISOString();
        if (exchange !== null) {
          await exchangeProblem(trx, found, exchange);
          if (!(await r.move(found.id, 'inspected', 'inspected', { exchange_order_number: exchange }))) refuse((await r.findByRma(found.rma))!, 'be refunded');
        }
        const pending = await r.pendingRefundOf(found.id);
        if (pending) return { id: pending.id, done: null };
        if (found.refund_cents > 0 && !(await r.reserveRefund(found.order_id, found.refund_cents, at))) {
          throw new ReturnStepRefused(`Return ${found.rma} cannot be refunded: ${formatCents(found.refund_cents)} would refund more than the order’s payment.`);
        }
        const id = await r.insertRefund({
          order_id: found.order_id,
          return_id: found.id,
          amount_cents: Math.max(found.refund_cents, 1),
          method: viaPayPal ? 'paypal' : order!.payment_mode,
          reference,
          status: viaPayPal ? 'pending' : 'completed',
          request_id: requestId,
          reason: `Return ${found.rma}`,
          created_at: at,
          created_by: how.by,
        });
        if (id === null) throw new ReturnStepRefused(`Return ${found.rma} is being refunded already.`);
        if (viaPayPal) return { id, done: null };
        if (!(await r.move(found.id, 'inspected', 'refunded', closing(at)))) refuse((await r.findByRma(found.rma))!, 'be refunded');
        await r.closeOnOrder(found.order_id, at);
        return { id, done: await done(trx, found, how, refunded, { amount: centsToPrice(found.refund_cents), method: order!.payment_mode, refund_reference: reference, ...(await exchangeDetail(r)) }) };
      }).catch((error: unknown) => {
        // Two returns given the same new order at once: the index lets one through.
        if (exchange !== null && isUniqueViolation(error)) throw new ReturnStepRefused(`Order ${exchange} became the exchange of another return meanwhile.`);
        throw error;
      });
      if (reserved.done) return sent(reserved.done);
      let outcome: { refundId: string };
      try {
        outcome = await deps.refunds.paypal(found.order_id, found.refund_cents, requestId);
      } catch (error) {
        await writeTransaction(d, async (trx) => {
          const r = createReturnsRepository(trx);
          const at = now().toISOString();
          if (await r.settleRefund(reserved.id, { status: 'failed', failure: String((error as Error).message), at })) {
            await r.giveBackRefund(found.order_id, found.refund_cents, at);
            await r.move(found.id, 'inspected', 'inspected', { exchange_order_number: null });
          }
        });
        throw new ConflictError(`PayPal did not refund return ${found.rma}: ${(error as Error).message}`);
      }
      const result = await writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const at = now().toISOString();
        await r.settleRefund(reserved.id, { status: 'completed', reference: outcome.refundId, at });
        if (!(await r.move(found.id, 'inspected', 'refunded', closing(at)))) refuse((await r.findByRma(found.rma))!, 'be refunded');
        await r.closeOnOrder(found.order_id, at);
        return done(trx, found, how, refunded, { amount: centsToPrice(found.refund_cents), method: 'pay-paypal', refund_reference: outcome.refundId, ...(await exchangeDetail(r)) });
      });
      return sent(result);
    },

    /**
     * A return not yet received withdrawn, by the shopper (`ownerId`, their own: another's is a 404) or by staff (the
     * shopper is emailed): its lines are free again while the window is open.
     */
    cancel: async (rma: string, how: ReturnStepBy, owner?: { userId: number; orderNumber: string }) =>
      sent(
        await writeTransaction(d, async (trx) => {
          const r = createReturnsRepository(trx);
          const found = owner ? await ownReturn(trx, owner.userId, owner.orderNumber, rma) : await loadReturn(rma, r);
          if (found.status !== 'authorized') refuse(found, 'be cancelled');
          const at = now().toISOString();
          if (!(await r.move(found.id, 'authorized', 'cancelled', { closed_at: at, closed_by: how.by }))) refuse((await r.findByRma(found.rma))!, 'be cancelled');
          await r.freeLines(found.id);
          await r.closeOnOrder(found.order_id, at);
          return done(trx, found, how, owner ? null : (order, view, to) => returnCancelledMail(order, view, to, storeEmail));
        }),
      ),

    /** One return by its RMA, with its order (the desk's `show`). */
    async find(rma: string): Promise<ReturnStepDone> {
      const found = await loadReturn(rma);
      const orders = createOrderRepository(d.db);
      const row = (await orders.findById(found.order_id))!;
      const order = toOrder(row, await orders.recordsOfOne(row.id), deps.wireTransfer, now());
      return { ret: found, order, view: order.returns.find((r) => r.rma === found.rma)! };
    },

    /** The returns in the store's hands, oldest first, each with its order's number and shopper's name. */
    async openReturns(limit = 200) {
      const rows = await repo.open(limit);
      const orders = createOrderRepository(d.db);
      const records = await repo.recordsOf([...new Set(rows.map((r) => r.order_id))]);
      return Promise.all(
        rows.map(async (r) => {
          const order = (await orders.findById(r.order_id))!;
          return { ret: r, orderNumber: order.order_number, userName: order.user_name, lines: records.get(r.order_id)!.lines.filter((l) => l.return_id === r.id).length };
        }),
      );
    },

    /** What the label of a working link shows, or null (an unknown or expired link, or a return past needing it). */
    async labelOf(token: string): Promise<ReturnLabel | null> {
      if (!isLabelToken(token)) return null;
      const found = await repo.findByLabelToken(hashToken(token), now().toISOString());
      if (!found || found.status !== 'authorized') return null;
      const row = (await createOrderRepository(d.db).findById(found.order_id))!;
      return labelOf(row, found.rma, found.refund_cents + found.fee_cents, found.label_expires_at);
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
