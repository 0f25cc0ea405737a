import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  RETURN_LABEL_DAYS,
  RETURN_STATUS_LABELS,
  STORE_TERMS,
  afterSaleOf,
  formatCents,
  needsGiaRecheck,
  returnRefundCents,
  returnRequestProblem,
  type AfterSaleFacts,
  type LineAfterSale,
  type OrderStatus,
  type ReturnReason,
  type ReturnStatus,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { OrderItemRow, OrderReturnRow, OrderRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { InventoryService, StockUnit } from '../inventory/index.ts';
import { createOrderRepository } from './repository.ts';
import { createReturnsRepository, type ReturnRecords, type ReturnsRepository } from './returns-repository.ts';
import { orderTables, type OrderTables } from './tables.ts';

/** RMA numbers' alphabet: the order numbers' without the look-alikes (0/O, 1/I). */
const RMA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const drawRma = () => `RMA-${Array.from({ length: 8 }, () => RMA_ALPHABET[randomInt(RMA_ALPHABET.length)]).join('')}`;
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
  now?: () => Date;
}

/** A top-level line's number (1, 2, …) on its order, and its rows (a ring's parts under it). */
function numberedLines(items: readonly OrderItemRow[]) {
  const top = items.filter((i) => i.parent_line_id === null);
  return top.map((item, index) => ({ line: index + 1, item, parts: items.filter((i) => i.parent_line_id === item.id) }));
}

/** The contract's facts of an order for its after-sale rules. */
export function afterSaleFactsOf(row: OrderRow, items: readonly OrderItemRow[], records: ReturnRecords, lastReturnAt: string | null): AfterSaleFacts {
  const open = new Map<number, string>();
  for (const line of records.lines) {
    const r = records.returns.find((x) => x.id === line.return_id);
    if (r && r.status !== 'cancelled') open.set(line.order_item_id, r.rma);
  }
  return {
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status,
    delivered_at: row.delivered_at,
    last_return_at: lastReturnAt,
    lines: numberedLines(items).map(({ line, item, parts }) => ({
      line,
      kind: item.kind,
      engraved: [item, ...parts].some((i) => i.engraving !== null && i.engraving !== ''),
      resizable: item.kind === 'ring' || [item, ...parts].some((i) => i.ring_size !== null),
      rma: open.get(item.id) ?? null,
      // Resize tickets are not recorded yet: every ring's first resize is still to come.
      resized: false,
    })),
  };
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
 * Returns and refunds (docs/decisions/021-returns-and-refunds.md): the shopper asks for a return of their own
 * delivered lines, in the window; staff receive it, inspect it (a GIA re-check above 1.99 ct), and refund it through
 * the money's own route. Each step is one transaction whose UPDATE re-checks the return's state.
 */
export function createReturns(deps: ReturnsDeps) {
  const d: ModuleDb<OrderTables> = { db: orderTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const repo = createReturnsRepository(d.db);

  /** Each line's eligibility now, for the shopper's page. */
  async function eligibilityOf(row: OrderRow, items: readonly OrderItemRow[], records: ReturnRecords): Promise<LineAfterSale[]> {
    return afterSaleOf(afterSaleFactsOf(row, items, records, await repo.lastReturnAt(row.user_id)), now());
  }

  async function loadReturn(rma: string, r: ReturnsRepository = repo) {
    const found = await r.findByRma(rma.trim().toUpperCase());
    if (!found) throw new NotFoundError(`No return ${rma.trim()}.`);
    return found;
  }

  const refuse = (r: OrderReturnRow, step: string): never => {
    throw new ReturnStepRefused(`Return ${r.rma} cannot ${step}: it is ${RETURN_STATUS_LABELS[r.status as ReturnStatus].toLowerCase()}.`);
  };

  return {
    eligibilityOf,

    /**
     * The shopper's return of `lines` of their own order (another account's is the same 404 as none): authorized
     * with an RMA and a label link's token (answered once; only its hash is kept), or refused with why.
     */
    async request(userId: number, orderNumber: string, request: { lines: number[]; reason: ReturnReason; note?: string | null }) {
      return writeTransaction(d, async (trx) => {
        const orders = createOrderRepository(trx);
        const r = createReturnsRepository(trx);
        const row = await orders.findByNumberOfUser(orderNumber.trim().toUpperCase(), userId);
        if (!row) throw new NotFoundError('No order was found.');
        await r.lockReturnsOf(userId, d.engine);
        const items = (await orders.recordsOfOne(row.id)).items;
        const records = (await r.recordsOf([row.id])).get(row.id)!;
        const at = now();
        const facts = afterSaleFactsOf(row, items, records, await r.lastReturnAt(userId));
        const eligibility = afterSaleOf(facts, at);
        const problem = returnRequestProblem(eligibility, request.lines, facts, at);
        if (problem) throw new ValidationError({ lines: [problem] }, problem);
        const chosen = numberedLines(items).filter((l) => request.lines.includes(l.line));
        const lines = chosen.map(({ line, item }) => ({
          order_item_id: item.id,
          total_cents: item.price_cents * item.quantity,
          engraving_fee_cents: eligibility.find((e) => e.line === line)!.engraving_fee_cents,
        }));
        const iso = at.toISOString();
        const windowStart = new Date(at.getTime() - STORE_TERMS.returnDays * 86_400_000).toISOString();
        if (!(await r.openOnOrder(row.id, windowStart, iso))) throw new ConflictError('This order changed meanwhile and can no longer be returned.');
        const token = randomBytes(32).toString('base64url');
        const expires = new Date(at.getTime() + RETURN_LABEL_DAYS * 86_400_000).toISOString();
        const fee = lines.reduce((s, l) => s + l.engraving_fee_cents, 0);
        for (;;) {
          const rma = drawRma();
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
          return { rma, token, refundCents: returnRefundCents(lines), feeCents: fee, labelExpiresAt: expires };
        }
      });
    },

    /** The parcel of a return arrived at the store. */
    receive: (rma: string, by: string) =>
      writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const found = await loadReturn(rma, r);
        if (found.status !== 'authorized') refuse(found, 'be received');
        if (!(await r.move(found.id, 'authorized', 'received', { received_at: now().toISOString(), received_by: by }))) refuse((await r.findByRma(found.rma))!, 'be received');
        return (await r.findByRma(found.rma))!;
      }),

    /**
     * The return inspected: passed (every stone's certificate matched; a GIA re-check's reference for one above
     * 1.99 ct), its stones back on sale and a stocked piece's units back in stock; or failed, declined and sent back.
     */
    inspect: (rma: string, outcome: { passed: boolean; note?: string | null; giaRecheck?: string | null }, by: string) =>
      writeTransaction(d, async (trx) => {
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
        const change = { inspected_at: at, inspected_by: by, inspection_note: outcome.note?.trim() || null, gia_recheck: recheck, ...(outcome.passed ? {} : { closed_at: at, closed_by: by }) };
        if (!(await r.move(found.id, 'received', to, change))) refuse((await r.findByRma(found.rma))!, 'be inspected');
        if (outcome.passed) await deps.inventory.restock(trx, restockOf(lines));
        else await r.closeOnOrder(found.order_id, at);
        return (await r.findByRma(found.rma))!;
      }),

    /**
     * An inspected return refunded: its amount taken from what may still be refunded of the order (never more than
     * was paid), then through PayPal's refund API for a PayPal payment (idempotent on the refund's request id), or
     * recorded with the reference of the route staff used. A PayPal refusal gives the amount back and says why.
     */
    async refund(rma: string, options: { reference?: string | null }, by: string) {
      const found = await loadReturn(rma);
      if (found.status !== 'inspected') refuse(found, 'be refunded');
      const order = await createOrderRepository(d.db).findById(found.order_id);
      const viaPayPal = order!.payment_mode === 'pay-paypal';
      const reference = options.reference?.trim() || null;
      if (!viaPayPal && !reference) {
        const message = `Refund the ${formatCents(found.refund_cents)} through the order’s payment route first, then give its reference.`;
        throw new ValidationError({ reference: [message] }, message);
      }
      const requestId = `refund-${found.rma}`;
      // Reserve the amount and record the refund as pending (or done, for a recorded one) in one transaction.
      const refundId = await writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const at = now().toISOString();
        const pending = await r.pendingRefundOf(found.id);
        if (pending) return pending.id;
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
          created_by: by,
        });
        if (id === null) throw new ReturnStepRefused(`Return ${found.rma} is being refunded already.`);
        if (!viaPayPal) {
          if (!(await r.move(found.id, 'inspected', 'refunded', { closed_at: at, closed_by: by }))) refuse((await r.findByRma(found.rma))!, 'be refunded');
          await r.closeOnOrder(found.order_id, at);
        }
        return id;
      });
      if (viaPayPal) {
        let outcome: { refundId: string };
        try {
          outcome = await deps.refunds.paypal(found.order_id, found.refund_cents, requestId);
        } catch (error) {
          await writeTransaction(d, async (trx) => {
            const r = createReturnsRepository(trx);
            const at = now().toISOString();
            if (await r.settleRefund(refundId, { status: 'failed', failure: String((error as Error).message), at })) await r.giveBackRefund(found.order_id, found.refund_cents, at);
          });
          throw new ConflictError(`PayPal did not refund return ${found.rma}: ${(error as Error).message}`);
        }
        await writeTransaction(d, async (trx) => {
          const r = createReturnsRepository(trx);
          const at = now().toISOString();
          await r.settleRefund(refundId, { status: 'completed', reference: outcome.refundId, at });
          if (await r.move(found.id, 'inspected', 'refunded', { closed_at: at, closed_by: by })) await r.closeOnOrder(found.order_id, at);
        });
      }
      return (await repo.findByRma(found.rma))!;
    },

    /** The shopper (or staff) withdraws a return not yet received: its lines are free again while the window is open. */
    cancel: (rma: string, by: string, ownerId?: number) =>
      writeTransaction(d, async (trx) => {
        const r = createReturnsRepository(trx);
        const found = await loadReturn(rma, r);
        if (ownerId !== undefined && found.user_id !== ownerId) throw new NotFoundError(`No return ${rma.trim()}.`);
        if (found.status !== 'authorized') refuse(found, 'be cancelled');
        const at = now().toISOString();
        if (!(await r.move(found.id, 'authorized', 'cancelled', { closed_at: at, closed_by: by }))) refuse((await r.findByRma(found.rma))!, 'be cancelled');
        await r.freeLines(found.id);
        await r.closeOnOrder(found.order_id, at);
        return (await r.findByRma(found.rma))!;
      }),

    /** The label link's return, while the link works. */
    byLabelToken: (token: string) => repo.findByLabelToken(hashToken(token), now().toISOString()),
  };
}

export type Returns = ReturnType<typeof createReturns>;
