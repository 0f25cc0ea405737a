/**
 * The online wallet behind one small interface (ARCHITECTURE.md "Payments"; docs/decisions/009-wallet-payments.md):
 * create a payment the shopper approves on the provider's page, capture it once approved, refund a capture.
 * Amounts are integer cents. Every call carries an idempotency key: the same key sent twice (a retry after a
 * timeout, a crash, a second browser tab) never creates a second payment, charge or refund.
 *
 * Two implementations, chosen by configuration: PayPal's Orders v2 REST API (paypal.ts) and the offline
 * simulator whose approval page the store serves itself (simulator.ts).
 */

export type WalletProviderName = 'paypal' | 'simulator';

export interface CreateWalletPayment {
  amountCents: number;
  /** Of amountCents, the sales tax: PayPal's amount breakdown shows it as tax_total beside item_total. */
  taxCents?: number;
  currency: 'USD';
  /** The store's own reference of this payment (shown to the provider as its reference / custom id). */
  reference: string;
  /** One line the shopper sees on the approval page, e.g. 'Everstone order: 1.52 Carat Oval Lab Diamond'. */
  description: string;
  /** Where the provider sends the shopper after approving; the provider adds ?token={orderID}. */
  returnUrl: string;
  /** Where the provider sends the shopper who cancels; the provider adds ?token={orderID}. */
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CreatedWalletPayment {
  /** The provider's id of the payment (PayPal's order id): §3's orderID. */
  providerOrderId: string;
  /** The page where the shopper approves: §3's approve_url. */
  approveUrl: string;
}

export type CaptureOutcome =
  /** The money was taken; `amountCents` is what the provider says it captured. */
  | { status: 'completed'; captureId: string; amountCents: number; currency: string }
  /**
   * The provider accepted the capture but holds the money while it reviews it (PayPal's PENDING, with its
   * status_details.reason in `reason`): not final until the provider completes or denies it (`lookUpCapture`).
   */
  | { status: 'pending'; captureId: string; amountCents: number; currency: string; reason: string }
  /** The shopper has not approved (yet): nothing was taken, and the payment can still be approved. */
  | { status: 'not_approved' }
  /** The provider refused the payment (declined funding source, expired or voided order): nothing was taken. */
  | { status: 'declined'; reason: string };

/** Where a capture stands when looked up again later: how a review ended, or that it goes on. */
export type CaptureState =
  /** The money is final (refunded later or not: a refund is the store's own act). */
  | { status: 'completed' }
  /** Still held for review; `reason` as the provider gives it. */
  | { status: 'pending'; reason: string }
  /** The provider refused the capture after all: no money arrives. */
  | { status: 'denied' };

export interface RefundOutcome {
  refundId: string;
  /** PayPal may answer PENDING (e.g. an eCheck); the refund is then under way, not refused. */
  status: 'completed' | 'pending';
}

/** What a provider's notification (webhook) says, once it is known to come from the provider. */
export type WalletEvent =
  /** The shopper approved the payment: it can be captured now, whether or not they come back to the store. */
  | { kind: 'approved'; providerOrderId: string }
  /** A capture the provider held for review was completed: the money is final. */
  | { kind: 'capture-completed'; captureId: string }
  /** A capture the provider held for review was denied after all: no money arrives. */
  | { kind: 'capture-denied'; captureId: string }
  /** Any other event: acknowledged, nothing to do. */
  | { kind: 'other'; type: string };

/** A notification as it arrived: its headers and its JSON body. */
export interface WalletEventDelivery {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface WalletProvider {
  readonly name: WalletProviderName;
  createPayment(request: CreateWalletPayment): Promise<CreatedWalletPayment>;
  /** Captures an approved payment. Calling it again with the same key answers the first capture's outcome. */
  capturePayment(providerOrderId: string, idempotencyKey: string): Promise<CaptureOutcome>;
  /** Where a capture stands now; the recovery sweep asks it of captures held for review. */
  lookUpCapture(captureId: string): Promise<CaptureState>;
  /** Refunds a capture in full. Calling it again with the same key answers the first refund. */
  refundCapture(captureId: string, amountCents: number, currency: 'USD', idempotencyKey: string): Promise<RefundOutcome>;
  /**
   * Checks that a notification comes from the provider and reads it; null when it does not (forged, or for another
   * webhook). Absent when the provider sends no notifications to this store (the simulator; PayPal without
   * PAYPAL_WEBHOOK_ID).
   */
  verifyEvent?(delivery: WalletEventDelivery): Promise<WalletEvent | null>;
}

/**
 * The provider could not be reached or answered something unexpected (5xx, timeout, a malformed answer, bad
 * credentials). Nothing about the payment is known to have changed; the same call may be sent again with the
 * same idempotency key.
 */
export class WalletProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'WalletProviderError';
    this.status = options.status ?? null;
  }
}
