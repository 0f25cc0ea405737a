import { randomBytes } from 'node:crypto';
import {
  ORDER_CURRENCY,
  WALLET_MESSAGES,
  centsToPrice,
  refundedMessage,
  soldBeforeCaptureMessage,
  type GoneLines,
  type LineItem,
  type LineTax,
  type Order,
  type WalletOrderResponse,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { WalletPaymentRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { requireOwner, type SignedIn } from '../../plugins/auth.ts';
import type { MailQueue } from '../mail/index.ts';
import { walletRefundMail, walletReviewDeniedMail } from './mail.ts';
import { WalletProviderError, type CaptureState, type WalletEventDelivery, type WalletProvider } from './provider.ts';
import { createWalletPaymentRepository, type WalletPaymentStatus } from './repository.ts';
import { paymentTables } from './tables.ts';
import { walletRefunds } from './refunds.ts';

export type { WalletPaymentStatus };

/** A line a wallet payment pays for (any kind, as the cart sent it), with the unit price the shopper approved. */
/** A line a payment pays for: the cart's line, the unit price it is paid at, and its sales tax (none before tax was charged). */
export type PaidLine = LineItem & { price_cents: number; tax?: LineTax };

/** A payment the wallet is asked to take: the amount and what it is for, as the checkout priced it. */
export interface WalletPaymentRequest {
  amountCents: number;
  /** Of amountCents, the lines' sales tax together. */
  taxCents: number;
  lines: PaidLine[];
  /** What the order will need once the payment is taken (the shopper's delivery details), kept as it was sent. */
  details: unknown;
  /** One line the shopper sees on the provider's page, e.g. 'Everstone order: 1.52 Carat Oval Lab Diamond'. */
  description: string;
  /** The store's own address, where the provider sends the shopper back (lib/store-url.ts). */
  storeUrl: string;
}

/** A captured payment, for the checkout to turn into its order. */
export interface CapturedPayment {
  reference: string;
  userId: number;
  contactEmail: string;
  details: unknown;
  lines: PaidLine[];
  /** The provider holds the money for review: the order is placed under review, and nothing ships. */
  underReview: boolean;
  reviewReason: string | null;
}

/** The lines of a captured payment could not all be had (another order has them): nothing was stored. */
export class PaidLinesLostError extends Error {
  readonly gone: GoneLines;
  constructor(gone: GoneLines) {
    super(`Lost while the payment was taken: ${[...gone.diamonds, ...gone.pieces].join(', ')}`);
    this.name = 'PaidLinesLostError';
    this.gone = gone;
  }
}

/**
 * What the wallet asks of the store as a payment moves, given by the checkout when the app is built. The wallet
 * knows payments and their provider; orders, stock and the catalog it reaches only through these.
 */
export interface WalletHooks {
  /**
   * Inside `trx`, the transaction that marks the payment completed: the captured payment becomes its order (its
   * stock reserved, its emails queued) and the order's id is answered; or PaidLinesLostError, which rolls it all
   * back and sends the payment to its refund.
   */
  completeOrder(trx: Handle, payment: CapturedPayment): Promise<number>;
  /**
   * Labels (certificate numbers) of the payment's lines no longer on sale to `userId` (sold, or held by another
   * shopper in the ring builder), looked at before the money is taken.
   */
  unavailable(lines: readonly PaidLine[], userId: number): Promise<GoneLines>;
  /** The order a payment became, as the API shows it. */
  loadOrder(orderId: number): Promise<Order | null>;
  /** A capture the provider held for review ended: its order becomes paid, or is cancelled and its stock released. */
  settleReview(orderId: number, outcome: 'completed' | 'denied'): Promise<void>;
}

/** 409: the payment ended without an order (a stone sold; refunded or never taken). */
class WalletConflictError extends HttpError {
  constructor(message: string) {
    super(409, message, { orderID: [message] });
  }
}

/** 422: the payment cannot become an order as it stands (not approved, declined, cancelled). */
const walletRefusal = (message: string) => new ValidationError({ orderID: [message] }, message);

/**
 * How long a payment can wait for its approval: an approval later than this is not captured, since the prices and
 * the stones' availability it was created with may have changed (PayPal's own approval window is a few hours too).
 */
export const WALLET_PAYMENT_TTL_MS = 3 * 3_600_000;

/**
 * How often the recovery sweep asks the provider about a capture it holds for review. The webhook usually says
 * first; the look-up is for a store without one, or a notification lost on the way. PayPal's reviews take hours
 * to days, so every ten minutes settles an order soon enough without asking PayPal every minute.
 */
export const REVIEW_POLL_MS = 10 * 60_000;

export interface WalletServiceDeps {
  db: { db: Handle; engine: Engine };
  provider: WalletProvider;
  hooks: WalletHooks;
  mail: MailQueue;
  storeEmail: string;
  now?: () => Date;
  /** Where failed provider calls are reported (the shopper gets a 503 and may retry; operators need the cause). */
  log?: { warn(details: object, message: string): void; info?(details: object, message: string): void };
}

export interface CapturedOrder {
  order: Order;
  /** False when an earlier call (a reload of the return page, a second tab) already created this order. */
  created: boolean;
}

/**
 * The lines a payment row pays for. Rows written before lines had kinds hold `{ id, price_cents }`, and diamond
 * lines written before products existed have no quantity: both are loose diamonds, one of each. Pieces and built
 * rings are kept as the cart sent them (a ring with its stone, setting variant, size and engraving).
 */
function paidLinesOf(payment: WalletPaymentRow): PaidLine[] {
  const stored = JSON.parse(payment.items) as Array<Partial<PaidLine> & { id?: number; diamond_id?: number; price_cents: number }>;
  return stored.map((line): PaidLine => {
    if (line.kind === 'product' || line.kind === 'ring') return line as PaidLine;
    return { kind: 'diamond', diamond_id: line.diamond_id ?? line.id!, quantity: 1, price_cents: line.price_cents, ...(line.tax ? { tax: line.tax } : {}) };
  });
}

/**
 * The online wallet (§4 Wallet payment, §7 POST /api/paypal/create-order): a payment is created for the cart's
 * real total (priced by the checkout) and approved on the provider's page; no order exists until then. Capturing
 * it then creates the order, paid, with its stock reserved (the checkout's hook); a line sold meanwhile means the
 * payment is not taken, or refunded if it already was. Every step is a conditional move of wallet_payments.status,
 * so a repeated return, two tabs, several instances or a crash half-way never make a second order, charge or
 * refund.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { provider, hooks, mail, storeEmail } = deps;
  const d = { db: paymentTables(deps.db.db), engine: deps.db.engine };
  const now = deps.now ?? (() => new Date());
  const payments = createWalletPaymentRepository(d.db);

  /** A provider call failed: nothing is decided, the shopper may send the same call again. */
  function unreachable(err?: unknown, call?: string) {
    if (err) deps.log?.warn({ err, call, provider: provider.name }, 'wallet provider call failed; the payment stays as it was');
    return new ServiceUnavailableError(WALLET_MESSAGES.unreachable, 2);
  }

  const move = (id: number, from: WalletPaymentStatus, to: WalletPaymentStatus, extra: Partial<WalletPaymentRow> = {}) =>
    payments.move(id, from, to, now().toISOString(), extra);

  /** Creates the order of a captured payment and marks the payment completed, in one transaction. */
  async function completeOrder(payment: WalletPaymentRow): Promise<{ orderId: number } | { lost: GoneLines } | null> {
    const lines = paidLinesOf(payment);
    try {
      return await writeTransaction(d, async (trx) => {
        const r = createWalletPaymentRepository(trx);
        // Another request is completing (or completed) it; the caller reads the outcome.
        if (!(await r.move(payment.id, 'captured', 'completed', now().toISOString()))) return null;
        const orderId = await hooks.completeOrder(trx, {
          reference: payment.reference,
          userId: payment.user_id,
          contactEmail: payment.contact_email,
          details: JSON.parse(payment.details) as unknown,
          lines,
          underReview: payment.capture_status === 'pending',
          reviewReason: payment.capture_status === 'pending' ? payment.capture_pending_reason : null,
        });
        await r.updateWhile(payment.id, 'completed', now().toISOString(), { order_id: orderId });
        return { orderId };
      });
    } catch (err) {
      if (err instanceof PaidLinesLostError) return { lost: err.gone };
      // The partial unique index on order lines caught a stone another order holds.
      if (isUniqueViolation(err)) return { lost: await hooks.unavailable(lines, payment.user_id) };
      throw err;
    }
  }

  /**
   * Drives a payment forward from wherever it stands until it is an order or has ended without one. The same
   * steps serve the shopper's return and the recovery sweep; each step is idempotent at the provider.
   */
  async function drive(start: WalletPaymentRow): Promise<CapturedOrder> {
    let payment = start;
    let created = false;
    for (let step = 0; step < 8; step++) {
      switch (payment.status as WalletPaymentStatus) {
        case 'completed': {
          const order = payment.order_id === null ? null : await hooks.loadOrder(payment.order_id);
          // completed is written with its order in one transaction; a null here is the moment before commit.
          if (order) return { order, created };
          break;
        }
        case 'created': {
          if (now().getTime() - Date.parse(payment.created_at) > WALLET_PAYMENT_TTL_MS) {
            // Approved long after checkout: the prices it holds may be stale. Not taken; the shopper checks out again.
            await move(payment.id, 'created', 'failed', { failure: WALLET_MESSAGES.expired });
            break;
          }
          const sold = await hooks.unavailable(paidLinesOf(payment), payment.user_id);
          // Not captured yet: a line sold meanwhile means the shopper is simply not charged.
          if (sold.diamonds.length + sold.pieces.length > 0) {
            await move(payment.id, 'created', 'voided', { failure: soldBeforeCaptureMessage(sold.diamonds, sold.pieces) });
          }
          else await move(payment.id, 'created', 'capturing');
          break;
        }
        case 'capturing': {
          let outcome;
          try {
            outcome = await provider.capturePayment(payment.provider_order_id!, `capture-${payment.reference}`);
          } catch (err) {
            // Unknown whether the money was taken: the payment stays 'capturing' and the next try (the
            // shopper's, or the recovery sweep's) asks again under the same key.
            if (err instanceof WalletProviderError) throw unreachable(err, 'capture');
            throw err;
          }
          if (outcome.status === 'not_approved') {
            await move(payment.id, 'capturing', 'created');
            throw walletRefusal(WALLET_MESSAGES.notApproved);
          }
          if (outcome.status === 'declined') {
            await move(payment.id, 'capturing', 'failed', { failure: WALLET_MESSAGES.declined });
            break;
          }
          const capture = {
            capture_id: outcome.captureId,
            capture_status: outcome.status,
            capture_pending_reason: outcome.status === 'pending' ? outcome.reason.slice(0, 64) : null,
          };
          if (outcome.amountCents !== payment.amount_cents || outcome.currency !== ORDER_CURRENCY) {
            // Never keep money for another amount than the order's: give it back.
            await move(payment.id, 'capturing', 'refunding', { ...capture, failure: WALLET_MESSAGES.amountChanged });
            break;
          }
          await move(payment.id, 'capturing', 'captured', capture);
          break;
        }
        case 'captured': {
          const result = await completeOrder(payment);
          if (result && 'orderId' in result) {
            created = true;
            mail.flush();
          }
          if (result && 'lost' in result) {
            await move(payment.id, 'captured', 'refunding', { failure: refundedMessage(result.lost.diamonds, centsToPrice(payment.amount_cents), result.lost.pieces) });
          }
          break;
        }
        case 'refunding': {
          // PayPal refunds only money it has released: a capture still held for review waits for the review's end,
          // which decides between a refund (released) and nothing to give back (denied).
          if (payment.capture_status === 'pending') {
            let state: CaptureState;
            try {
              state = await provider.lookUpCapture(payment.capture_id!);
            } catch (err) {
              if (err instanceof WalletProviderError) throw unreachable(err, 'capture look-up');
              throw err;
            }
            const at = now().toISOString();
            if (state.status === 'pending') {
              // Asked again by the recovery sweep; the shopper is told what happens next.
              await payments.updateWhile(payment.id, 'refunding', at, {});
              throw new WalletConflictError(WALLET_MESSAGES.refundAfterReview);
            }
            if (state.status === 'denied') {
              const denied = payment;
              const done = await writeTransaction(d, async (trx) => {
                const voided = await createWalletPaymentRepository(trx).move(denied.id, 'refunding', 'voided', at, {
                  capture_status: 'denied',
                  capture_pending_reason: null,
                  failure: WALLET_MESSAGES.deniedBeforeRefund,
                });
                if (!voided) return false;
                await mail.enqueue(trx, [walletReviewDeniedMail(denied, storeEmail)]);
                return true;
              });
              if (done) mail.flush();
              break;
            }
            await payments.updateWhile(payment.id, 'refunding', at, { capture_status: 'completed', capture_pending_reason: null });
            break;
          }
          let refund;
          try {
            refund = await provider.refundCapture(payment.capture_id!, payment.amount_cents, ORDER_CURRENCY, `refund-${payment.reference}`);
          } catch (err) {
            if (err instanceof WalletProviderError) throw unreachable(err, 'refund');
            throw err;
          }
          const refunded = payment;
          const done = await writeTransaction(d, async (trx) => {
            const moved = await createWalletPaymentRepository(trx).move(refunded.id, 'refunding', 'refunded', now().toISOString(), { refund_id: refund.refundId });
            if (!moved) return false;
            await mail.enqueue(trx, [walletRefundMail(refunded, storeEmail)]);
            return true;
          });
          if (done) mail.flush();
          break;
        }
        case 'refunded':
        case 'voided':
          throw new WalletConflictError(payment.failure ?? WALLET_MESSAGES.declined);
        case 'failed':
          throw walletRefusal(payment.failure ?? WALLET_MESSAGES.declined);
        case 'cancelled':
          throw walletRefusal(WALLET_MESSAGES.cancelled);
      }
      const next = await payments.findByProviderOrderId(payment.provider_order_id!);
      if (!next) throw new NotFoundError(WALLET_MESSAGES.noPayment);
      payment = next;
    }
    // Another request keeps moving it (a second tab at the same instant): its outcome is the answer.
    throw unreachable();
  }

  /**
   * A capture the provider held for review has ended: its order (under review) becomes paid, or is cancelled and
   * its stock released, each with its emails (the checkout's hook). Then the payment records how it ended, so the
   * sweep stops asking. Safe to repeat: a webhook sent twice, or a webhook and the sweep's look-up at once, settle
   * the order once, as its move is conditional.
   */
  async function settleReview(payment: WalletPaymentRow, state: Exclude<CaptureState['status'], 'pending'>): Promise<void> {
    if (payment.order_id === null) return;
    await hooks.settleReview(payment.order_id, state);
    const at = now().toISOString();
    if (state === 'completed') await payments.setCaptureState(payment.id, at, { capture_status: 'completed', capture_pending_reason: null }, true);
    else await payments.setCaptureState(payment.id, at, { capture_status: 'denied', capture_pending_reason: null, failure: WALLET_MESSAGES.declined }, false);
  }

  async function owned(signedIn: SignedIn, providerOrderId: string): Promise<WalletPaymentRow> {
    const payment = await payments.findByProviderOrderId(providerOrderId);
    if (!payment) throw new NotFoundError(WALLET_MESSAGES.noPayment);
    requireOwner(signedIn, payment.user_id, WALLET_MESSAGES.notYourPayment);
    return payment;
  }

  return {
    /** Part or all of a paid order's capture given back through the provider (`walletRefunds`). */
    refundOrder: walletRefunds({ db: deps.db, provider, log: deps.log }),

    /**
     * Records what a payment is for and asks the provider for a payment the shopper approves (§7 POST
     * /api/paypal/create-order, through the checkout, which has priced it). No order, no reservation.
     */
    async createPayment(signedIn: SignedIn, request: WalletPaymentRequest): Promise<WalletOrderResponse> {
      const reference = `W${randomBytes(12).toString('hex').toUpperCase()}`;
      const at = now().toISOString();
      const id = await payments.insert({
        reference,
        provider: provider.name,
        user_id: signedIn.user.id,
        contact_email: signedIn.user.email,
        status: 'created',
        amount_cents: request.amountCents,
        currency: ORDER_CURRENCY,
        items: JSON.stringify(request.lines),
        details: JSON.stringify(request.details),
        created_at: at,
        updated_at: at,
      });
      let created;
      try {
        created = await provider.createPayment({
          amountCents: request.amountCents,
          taxCents: request.taxCents,
          currency: ORDER_CURRENCY,
          reference,
          description: request.description,
          returnUrl: `${request.storeUrl}/checkout/paypal-return`,
          cancelUrl: `${request.storeUrl}/checkout?payment=cancelled`,
          idempotencyKey: `create-${reference}`,
        });
      } catch (err) {
        // Nothing to approve exists; the row stays 'created' without a provider id and is never used.
        await move(id, 'created', 'failed', { failure: WALLET_MESSAGES.unreachable }).catch(() => {});
        if (err instanceof WalletProviderError) throw unreachable(err, 'create');
        throw err;
      }
      await payments.setProviderOrderId(id, created.providerOrderId);
      return { orderID: created.providerOrderId, approve_url: created.approveUrl };
    },

    /** The return URL's call: capture the approved payment and create the order (or answer the one it became). */
    async captureOrder(signedIn: SignedIn, providerOrderId: string): Promise<CapturedOrder> {
      const payment = await owned(signedIn, providerOrderId);
      // A database that stays busy (DatabaseBusyError) is the error handler's 503, here as everywhere.
      return drive(payment);
    },

    /** The cancel URL's call: a payment not yet captured is closed, so it can never be captured later. */
    async cancelOrder(signedIn: SignedIn, providerOrderId: string): Promise<{ message: string }> {
      const payment = await owned(signedIn, providerOrderId);
      if (payment.status === 'created') await move(payment.id, 'created', 'cancelled');
      const current = await payments.findByProviderOrderId(providerOrderId);
      if (current?.status === 'completed') throw new WalletConflictError('This PayPal payment has already been completed; your order is in your Order History.');
      return { message: WALLET_MESSAGES.cancelled };
    },

    /** True when the provider notifies the store (POST /api/paypal/webhook is then open). */
    acceptsEvents: provider.verifyEvent !== undefined,

    /**
     * A provider notification (POST /api/paypal/webhook). An approval is captured and becomes its order at once,
     * so a shopper who approved and then closed the tab still gets the diamond they paid for; the return page,
     * should they come back, answers that same order. A capture held for review that completes makes its order
     * paid; one that is denied cancels its order and releases its stock. Answers false when the notification is
     * not authentic. A 503 means the provider could not be reached; the provider sends the notification again later.
     */
    async handleEvent(delivery: WalletEventDelivery): Promise<boolean> {
      let event;
      try {
        event = await provider.verifyEvent?.(delivery);
      } catch (err) {
        if (err instanceof WalletProviderError) throw unreachable(err, 'event verification');
        throw err;
      }
      if (!event) return false;
      if (event.kind === 'capture-completed' || event.kind === 'capture-denied') {
        // Every capture's completion is notified, most of them final from the start: only one held for review
        // changes anything. One not yet recorded (its capture call still on its way) is left to the sweep's look-up.
        const payment = await payments.findByCapture(event.captureId);
        if (payment?.status === 'refunding') {
          // A payment due back while PayPal reviewed it: the review's end lets it be refunded, or closes it.
          try {
            await drive(payment);
          } catch (err) {
            if (!(err instanceof HttpError) || err.statusCode === 503) throw err;
          }
          return true;
        }
        if (!payment || payment.status !== 'completed' || payment.order_id === null) return true;
        if (event.kind === 'capture-completed' && payment.capture_status === 'pending') await settleReview(payment, 'completed');
        // Payments captured before reviews were told apart recorded a held capture as taken (capture_status null).
        const reviewed = payment.capture_status === 'pending' || payment.capture_status === null;
        if (event.kind === 'capture-denied' && reviewed) await settleReview(payment, 'denied');
        return true;
      }
      if (event.kind !== 'approved') return true;
      const payment = await payments.findByProviderOrderId(event.providerOrderId);
      // Not a payment of this store (another integration on the same PayPal account), or already settled.
      if (!payment || !['created', 'capturing', 'captured', 'refunding'].includes(payment.status)) return true;
      try {
        await drive(payment);
      } catch (err) {
        // Ended without an order (a stone sold, a decline): recorded on the payment; the shopper is told on return.
        if (err instanceof HttpError && err.statusCode !== 503) return true;
        throw err;
      }
      return true;
    },

    /**
     * Finishes payments that stopped half-way (a crash or a lost connection between taking the money and
     * storing the order): 'capturing', 'captured' and 'refunding' payments untouched for `staleMs`. Then asks the
     * provider about captures it holds for review, each at most every `reviewPollMs`, and settles the orders whose
     * review has ended: a store without the webhook settles them too. Safe on several instances at once. Answers
     * how many payments it moved on.
     */
    async recover(staleMs = 60_000, batchSize = 50, reviewPollMs = REVIEW_POLL_MS): Promise<number> {
      const stuck = await payments.stuckSince(new Date(now().getTime() - staleMs).toISOString(), batchSize);
      let moved = 0;
      for (const payment of stuck) {
        try {
          await drive(payment);
          moved += 1;
        } catch (err) {
          // An ending without an order (refunded, declined) is a finished recovery too.
          if (err instanceof HttpError && err.statusCode !== 503) moved += 1;
          else if (!(err instanceof HttpError)) throw err;
        }
      }

      const held = await payments.underReviewSince(new Date(now().getTime() - reviewPollMs).toISOString(), batchSize);
      for (const payment of held) {
        let state: CaptureState;
        try {
          state = await provider.lookUpCapture(payment.capture_id!);
        } catch (err) {
          // Asked again at the next sweep; the order stays under review meanwhile, which is safe.
          if (err instanceof WalletProviderError) {
            deps.log?.warn({ err, call: 'capture look-up', provider: provider.name }, 'wallet provider call failed; the review is asked about again later');
            continue;
          }
          throw err;
        }
        if (state.status === 'pending') {
          // Still under review: asked again in `reviewPollMs`.
          await payments.setCaptureState(payment.id, now().toISOString(), { capture_status: 'pending', capture_pending_reason: state.reason.slice(0, 64) }, true);
          continue;
        }
        await settleReview(payment, state.status);
        moved += 1;
      }
      return moved;
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
