import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ORDER_CURRENCY,
  ORDER_MESSAGES,
  WALLET_MESSAGES,
  WALLET_PAYMENT_METHOD,
  centsToPrice,
  refundedMessage,
  soldBeforeCaptureMessage,
  type Order,
  type WalletOrderResponse,
  type walletOrderRequestSchema,
} from '@everstone/contract';
import type { Db } from '../../db/database.ts';
import type { WalletPaymentRow } from '../../db/schema.ts';
import { DatabaseBusyError, writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { requireOwner } from '../../plugins/auth.ts';
import type { SignedIn } from '../accounts/service.ts';
import { createDiamondRepository } from '../diamonds/repository.ts';
import type { MailQueue } from '../mail/setup.ts';
import {
  DiamondUnavailableError,
  availableStones,
  orderItemOf,
  refuseImpossibleIds,
  requireTotal,
  type OrderDetails,
  type OrderService,
} from '../orders/service.ts';
import { walletRefundMail, walletReviewDeniedMail } from './mail.ts';
import { WalletProviderError, type CaptureState, type WalletEventDelivery, type WalletProvider } from './provider.ts';

export type WalletOrderInput = z.output<typeof walletOrderRequestSchema>;

/** See migrations/005-payments.ts and docs/decisions/009-wallet-payments.md for the whole life of a payment. */
export type WalletPaymentStatus =
  | 'created'
  | 'capturing'
  | 'captured'
  | 'completed'
  | 'refunding'
  | 'refunded'
  | 'voided'
  | 'failed'
  | 'cancelled';

interface PaidItem {
  id: number;
  price_cents: number;
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
  db: Db;
  provider: WalletProvider;
  orders: OrderService;
  mail: MailQueue;
  storeEmail: string;
  now?: () => Date;
  /** Where failed provider calls are reported (the shopper gets a 503 and may retry; operators need the cause). */
  log?: { warn(details: object, message: string): void };
}

export interface CapturedOrder {
  order: Order;
  /** False when an earlier call (a reload of the return page, a second tab) already created this order. */
  created: boolean;
}

/**
 * The online wallet (§4 Wallet payment, §7 POST /api/paypal/create-order): a payment is created for the cart's
 * real total and approved on the provider's page; no order exists until then. Capturing it then creates the
 * order, paid, with its stones reserved; a stone sold meanwhile means the payment is not taken, or refunded
 * if it already was. Every step is a conditional move of wallet_payments.status, so a repeated return, two
 * tabs, several instances or a crash half-way never make a second order, charge or refund.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { db: d, provider, orders, mail, storeEmail } = deps;
  const now = deps.now ?? (() => new Date());
  const diamonds = createDiamondRepository(d.db, d.engine);

  /** A provider call failed: nothing is decided, the shopper may send the same call again. */
  function unreachable(err?: unknown, call?: string) {
    if (err) deps.log?.warn({ err, call, provider: provider.name }, 'wallet provider call failed; the payment stays as it was');
    return new ServiceUnavailableError(WALLET_MESSAGES.unreachable, 2);
  }

  const normalize = (row: WalletPaymentRow): WalletPaymentRow => ({
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    amount_cents: Number(row.amount_cents),
    order_id: row.order_id === null ? null : Number(row.order_id),
  });

  async function find(providerOrderId: string): Promise<WalletPaymentRow | null> {
    const row = await d.db.selectFrom('wallet_payments').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
    return row ? normalize(row) : null;
  }

  /** Moves a payment on if it is still `from`; false when another request (or instance) moved it first. */
  async function move(id: number, from: WalletPaymentStatus, to: WalletPaymentStatus, extra: Partial<WalletPaymentRow> = {}): Promise<boolean> {
    const result = await d.db
      .updateTable('wallet_payments')
      .set({ ...extra, status: to, updated_at: now().toISOString() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  const itemsOf = (payment: WalletPaymentRow) => JSON.parse(payment.items) as PaidItem[];

  /** The stones of the payment no longer available, by certificate number. */
  async function unavailable(payment: WalletPaymentRow): Promise<string[]> {
    const rows = await diamonds.findByIds(itemsOf(payment).map((item) => item.id));
    return rows.filter((row) => row.status !== 'available').map((row) => row.certificate_number);
  }

  /** Creates the order of a captured payment and marks the payment completed, in one transaction. */
  async function completeOrder(payment: WalletPaymentRow): Promise<{ orderId: number } | { lost: string[] } | null> {
    const lookups = await diamonds.lookups();
    try {
      return await writeTransaction(d, async (trx) => {
        const at = now();
        const claimed = await trx
          .updateTable('wallet_payments')
          .set({ status: 'completed', updated_at: at.toISOString() })
          .where('id', '=', payment.id)
          .where('status', '=', 'captured')
          .executeTakeFirst();
        // Another request is completing (or completed) it; the caller reads the outcome.
        if (Number(claimed.numUpdatedRows) !== 1) return null;

        const paid = itemsOf(payment);
        const rows = await createDiamondRepository(trx, d.engine).findByIds(paid.map((item) => item.id));
        const byId = new Map(rows.map((row) => [Number(row.id), row]));
        // Each stone at the price the shopper approved and paid, whatever the inventory says now.
        const items = paid.map((item) => orderItemOf(byId.get(item.id)!, lookups, item.price_cents));
        // A capture the provider holds for review is not money yet: the order waits under review and nothing ships.
        const reviewed = payment.capture_status === 'pending';
        const orderId = await orders.storeOrder(trx, {
          userId: payment.user_id,
          contactEmail: payment.contact_email,
          details: JSON.parse(payment.details) as OrderDetails,
          paymentMode: WALLET_PAYMENT_METHOD,
          paymentStatus: reviewed ? 'under_review' : 'paid',
          items,
          holdExpiresAt: null,
          idempotencyKey: `wallet:${payment.reference}`,
          at,
          reviewReason: reviewed ? payment.capture_pending_reason : null,
        });
        await trx.updateTable('wallet_payments').set({ order_id: orderId }).where('id', '=', payment.id).execute();
        return { orderId };
      });
    } catch (err) {
      if (err instanceof DiamondUnavailableError) return { lost: err.certificateNumbers };
      // The partial unique index on order_items caught a stone another order holds.
      if (isUniqueViolation(err)) {
        const rows = await diamonds.findByIds(itemsOf(payment).map((item) => item.id));
        return { lost: rows.map((row) => row.certificate_number) };
      }
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
          const order = payment.order_id === null ? null : await orders.load(payment.order_id);
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
          const sold = await unavailable(payment);
          // Not captured yet: a stone sold meanwhile means the shopper is simply not charged.
          if (sold.length > 0) await move(payment.id, 'created', 'voided', { failure: soldBeforeCaptureMessage(sold) });
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
            await move(payment.id, 'captured', 'refunding', { failure: refundedMessage(result.lost, centsToPrice(payment.amount_cents)) });
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
              await d.db.updateTable('wallet_payments').set({ updated_at: at }).where('id', '=', payment.id).where('status', '=', 'refunding').execute();
              throw new WalletConflictError(WALLET_MESSAGES.refundAfterReview);
            }
            if (state.status === 'denied') {
              const denied = payment;
              const done = await writeTransaction(d, async (trx) => {
                const result = await trx
                  .updateTable('wallet_payments')
                  .set({ status: 'voided', capture_status: 'denied', capture_pending_reason: null, failure: WALLET_MESSAGES.deniedBeforeRefund, updated_at: at })
                  .where('id', '=', denied.id)
                  .where('status', '=', 'refunding')
                  .executeTakeFirst();
                if (Number(result.numUpdatedRows) !== 1) return false;
                await mail.enqueue(trx, [walletReviewDeniedMail(denied, storeEmail)]);
                return true;
              });
              if (done) mail.flush();
              break;
            }
            await d.db
              .updateTable('wallet_payments')
              .set({ capture_status: 'completed', capture_pending_reason: null, updated_at: at })
              .where('id', '=', payment.id)
              .where('status', '=', 'refunding')
              .execute();
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
            const result = await trx
              .updateTable('wallet_payments')
              .set({ status: 'refunded', refund_id: refund.refundId, updated_at: now().toISOString() })
              .where('id', '=', refunded.id)
              .where('status', '=', 'refunding')
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) !== 1) return false;
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
      const next = await find(payment.provider_order_id!);
      if (!next) throw new NotFoundError(WALLET_MESSAGES.noPayment);
      payment = next;
    }
    // Another request keeps moving it (a second tab at the same instant): its outcome is the answer.
    throw unreachable();
  }

  /**
   * A capture the provider held for review has ended: its order (under review) becomes paid, or is cancelled and
   * its stones released, each with its emails (the order service). Then the payment records how it ended, so the
   * sweep stops asking. Safe to repeat: a webhook sent twice, or a webhook and the sweep's look-up at once, settle
   * the order once, as its move is conditional.
   */
  async function settleReview(payment: WalletPaymentRow, state: Exclude<CaptureState['status'], 'pending'>): Promise<void> {
    if (payment.order_id === null) return;
    if (state === 'completed') {
      await orders.settleReviewedPayment(payment.order_id);
      await d.db
        .updateTable('wallet_payments')
        .set({ capture_status: 'completed', capture_pending_reason: null, updated_at: now().toISOString() })
        .where('id', '=', payment.id)
        .where('capture_status', '=', 'pending')
        .execute();
      return;
    }
    await orders.cancelForDeniedPayment(payment.order_id);
    await d.db
      .updateTable('wallet_payments')
      .set({ capture_status: 'denied', capture_pending_reason: null, failure: WALLET_MESSAGES.declined, updated_at: now().toISOString() })
      .where('id', '=', payment.id)
      .execute();
  }

  /** The completed payment (one with an order) a capture belongs to; null when it is not this store's, or not yet. */
  async function findByCapture(captureId: string): Promise<WalletPaymentRow | null> {
    const row = await d.db.selectFrom('wallet_payments').selectAll().where('capture_id', '=', captureId).executeTakeFirst();
    const payment = row ? normalize(row) : null;
    return payment && payment.status === 'completed' && payment.order_id !== null ? payment : null;
  }

  async function owned(signedIn: SignedIn, providerOrderId: string): Promise<WalletPaymentRow> {
    const payment = await find(providerOrderId);
    if (!payment) throw new NotFoundError(WALLET_MESSAGES.noPayment);
    requireOwner(signedIn, payment.user_id, WALLET_MESSAGES.notYourPayment);
    return payment;
  }

  const busy = <T>(work: () => Promise<T>) =>
    work().catch((err: unknown) => {
      if (err instanceof DatabaseBusyError) throw new ServiceUnavailableError(ORDER_MESSAGES.busy, 1);
      throw err;
    });

  return {
    /**
     * §7 POST /api/paypal/create-order. Checks the stones and the amount against the inventory, records what
     * the payment is for, and asks the provider for a payment the shopper approves. No order, no reservation.
     * `storeUrl` is the address the provider returns the shopper to (PUBLIC_URL, else the request's own).
     */
    async createOrder(signedIn: SignedIn, input: WalletOrderInput, storeUrl: string): Promise<WalletOrderResponse> {
      requireOwner(signedIn, input.user_id, ACCOUNT_MESSAGES.notYourAccount);
      const ids = input.lines.map((line) => line.diamond_id);
      refuseImpossibleIds(ids);
      const lookups = await diamonds.lookups();
      const stones = await availableStones(diamonds, ids);
      // The wallet pays the list prices.
      const items = stones.map((row) => orderItemOf(row, lookups, Number(row.price_cents)));
      const totalCents = requireTotal(items, input.amount, 'amount');

      const reference = `W${randomBytes(12).toString('hex').toUpperCase()}`;
      const at = now().toISOString();
      const details: OrderDetails = {
        user_name: input.user_name,
        contact_number: input.contact_number,
        address: input.address,
        is_gift: input.is_gift,
        notes: input.notes,
      };
      const inserted = await busy(() =>
        d.db
          .insertInto('wallet_payments')
          .values({
            reference,
            provider: provider.name,
            user_id: signedIn.user.id,
            contact_email: signedIn.user.email,
            status: 'created',
            amount_cents: totalCents,
            currency: ORDER_CURRENCY,
            items: JSON.stringify(items.map((item): PaidItem => ({ id: item.diamond_id, price_cents: item.price_cents }))),
            details: JSON.stringify(details),
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );

      const description = `Everstone order: ${items[0]!.description}${items.length > 1 ? ` and ${items.length - 1} more` : ''}`;
      let created;
      try {
        created = await provider.createPayment({
          amountCents: totalCents,
          currency: ORDER_CURRENCY,
          reference,
          description,
          returnUrl: `${storeUrl}/checkout/paypal-return`,
          cancelUrl: `${storeUrl}/checkout?payment=cancelled`,
          idempotencyKey: `create-${reference}`,
        });
      } catch (err) {
        // Nothing to approve exists; the row stays 'created' without a provider id and is never used.
        await move(Number(inserted.id), 'created', 'failed', { failure: WALLET_MESSAGES.unreachable }).catch(() => {});
        if (err instanceof WalletProviderError) throw unreachable(err, 'create');
        throw err;
      }
      await busy(() =>
        d.db.updateTable('wallet_payments').set({ provider_order_id: created.providerOrderId }).where('id', '=', Number(inserted.id)).execute(),
      );
      return { orderID: created.providerOrderId, approve_url: created.approveUrl };
    },

    /** The return URL's call: capture the approved payment and create the order (or answer the one it became). */
    async captureOrder(signedIn: SignedIn, providerOrderId: string): Promise<CapturedOrder> {
      const payment = await owned(signedIn, providerOrderId);
      return busy(() => drive(payment));
    },

    /** The cancel URL's call: a payment not yet captured is closed, so it can never be captured later. */
    async cancelOrder(signedIn: SignedIn, providerOrderId: string): Promise<{ message: string }> {
      const payment = await owned(signedIn, providerOrderId);
      if (payment.status === 'created') await move(payment.id, 'created', 'cancelled');
      const current = await find(providerOrderId);
      if (current?.status === 'completed') throw new WalletConflictError('This PayPal payment has already been completed; your order is in your Order History.');
      return { message: WALLET_MESSAGES.cancelled };
    },

    /** True when the provider notifies the store (POST /api/paypal/webhook is then open). */
    acceptsEvents: provider.verifyEvent !== undefined,

    /**
     * A provider notification (POST /api/paypal/webhook). An approval is captured and becomes its order at once,
     * so a shopper who approved and then closed the tab still gets the diamond they paid for; the return page,
     * should they come back, answers that same order. A capture held for review that completes makes its order
     * paid; one that is denied cancels its order and releases its stones. Answers false when the notification is
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
        const payment = await findByCapture(event.captureId);
        if (!payment) {
          // A payment due back while PayPal reviewed it: the review's end lets it be refunded, or closes it.
          const row = await d.db.selectFrom('wallet_payments').selectAll().where('capture_id', '=', event.captureId).where('status', '=', 'refunding').executeTakeFirst();
          if (row) {
            try {
              await busy(() => drive(normalize(row)));
            } catch (err) {
              if (!(err instanceof HttpError) || err.statusCode === 503) throw err;
            }
          }
          return true;
        }
        if (event.kind === 'capture-completed' && payment.capture_status === 'pending') await settleReview(payment, 'completed');
        // Payments captured before reviews were told apart recorded a held capture as taken (capture_status null).
        const reviewed = payment.capture_status === 'pending' || payment.capture_status === null;
        if (event.kind === 'capture-denied' && reviewed) await settleReview(payment, 'denied');
        return true;
      }
      if (event.kind !== 'approved') return true;
      const payment = await find(event.providerOrderId);
      // Not a payment of this store (another integration on the same PayPal account), or already settled.
      if (!payment || !['created', 'capturing', 'captured', 'refunding'].includes(payment.status)) return true;
      try {
        await busy(() => drive(payment));
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
      const before = new Date(now().getTime() - staleMs).toISOString();
      const stuck = await d.db
        .selectFrom('wallet_payments')
        .selectAll()
        .where('status', 'in', ['capturing', 'captured', 'refunding'])
        .where('updated_at', '<=', before)
        .orderBy('updated_at')
        .limit(batchSize)
        .execute();
      let moved = 0;
      for (const row of stuck) {
        try {
          await drive(normalize(row));
          moved += 1;
        } catch (err) {
          // An ending without an order (refunded, declined) is a finished recovery too.
          if (err instanceof HttpError && err.statusCode !== 503) moved += 1;
          else if (!(err instanceof HttpError)) throw err;
        }
      }

      const asked = new Date(now().getTime() - reviewPollMs).toISOString();
      const held = await d.db
        .selectFrom('wallet_payments')
        .selectAll()
        .where('status', '=', 'completed')
        .where('capture_status', '=', 'pending')
        .where('updated_at', '<=', asked)
        .orderBy('updated_at')
        .limit(batchSize)
        .execute();
      for (const row of held) {
        const payment = normalize(row);
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
          await d.db
            .updateTable('wallet_payments')
            .set({ capture_pending_reason: state.reason.slice(0, 64), updated_at: now().toISOString() })
            .where('id', '=', payment.id)
            .where('capture_status', '=', 'pending')
            .execute();
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
