import { z } from 'zod';
import { centsToPrice } from '@everstone/contract';
import {
  WalletProviderError,
  type CaptureOutcome,
  type CaptureState,
  type CreateWalletPayment,
  type CreatedWalletPayment,
  type RefundOutcome,
  type WalletEvent,
  type WalletEventDelivery,
  type WalletProvider,
} from './provider.ts';

/**
 * PayPal's Orders v2 and Payments v2 REST APIs behind the WalletProvider interface, over the global fetch.
 * Tested against apps/server/src/test/fake-paypal.ts, which speaks the same JSON.
 */
export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com for live payments, https://api-m.sandbox.paypal.com for the sandbox. */
  apiBase: string;
  fetch?: typeof fetch;
  /** Per HTTP request, body included. */
  timeoutMs?: number;
  /** Milliseconds since the epoch; only the access-token cache reads it. */
  now?: () => number;
  /** The id of the webhook PayPal notifies this store on (Developer Dashboard); without it no event is accepted. */
  webhookId?: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires, so a call never leaves with one about to lapse. */
const TOKEN_RENEW_MARGIN_MS = 60_000;
/** PayPal refuses a purchase unit description longer than this. */
const DESCRIPTION_MAX_CHARS = 127;
const BRAND_NAME = 'Everstone';

/**
 * The refund id answered when PayPal says the capture is already fully refunded (a refund sent again with a new
 * key, or a refund made in PayPal's dashboard): the money is back with the buyer, but which refund did it would
 * take a lookup the interface has no use for.
 */
export const ALREADY_REFUNDED_ID = 'already-refunded';

// What the adapter reads from PayPal's answers; everything else in them is ignored.
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().nonnegative() });
const linkSchema = z.object({ href: z.string(), rel: z.string() });
const createdOrderSchema = z.object({ id: z.string().min(1), status: z.string(), links: z.array(linkSchema).default([]) });
const captureSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }),
  /** Why a capture is PENDING (PENDING_REVIEW, ECHECK, …); PayPal sends it with that status only. */
  status_details: z.object({ reason: z.string().optional() }).optional(),
});
const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureSchema).default([]) }).optional() }))
    .default([]),
});
const refundSchema = z.object({ id: z.string().min(1), status: z.string() });
const verificationSchema = z.object({ verification_status: z.string() });
const eventSchema = z.object({ event_type: z.string(), resource: z.object({ id: z.string().optional() }).passthrough().optional() });

/** The headers PayPal signs a notification with; every one is needed to verify it. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;
const errorSchema = z.object({
  name: z.string().optional(),
  error: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

type CaptureRecord = z.infer<typeof captureSchema>;

/** An HTTP answer from PayPal: its status and its body parsed as JSON (undefined when it is not JSON). */
interface Answer {
  status: number;
  json: unknown;
}

/**
 * PayPal's amount text → integer cents, without floating point: '123.45' → 12345, '1890' → 189000. Null for
 * anything else (a sign, an exponent, more than two decimals, spaces), so a surprising answer is never guessed at.
 */
export function parsePayPalAmount(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

function requireAmount(cents: number): string {
  // A caller bug, not a PayPal failure: refuse before anything is sent.
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return centsToPrice(cents);
}

/** Code points, not UTF-16 units, so an emoji or accented letter is never cut in half. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What PayPal's error body says: `name` and `details[].issue` (v2 APIs) or `error` (the token endpoint). */
function describeError(json: unknown): { name: string | null; issues: string[]; debugId: string | null } {
  const parsed = errorSchema.safeParse(json);
  if (!parsed.success) return { name: null, issues: [], debugId: null };
  const issues = (parsed.data.details ?? []).flatMap((d) => (d.issue ? [d.issue] : []));
  return { name: parsed.data.name ?? parsed.data.error ?? null, issues, debugId: parsed.data.debug_id ?? null };
}

/** A WalletProviderError naming PayPal's error and debug id (what PayPal support asks for), never credentials. */
function failure(what: string, answer: Answer): WalletProviderError {
  const { name, issues, debugId } = describeError(answer.json);
  const detail = [name, ...issues].filter(Boolean).join(' ');
  const debug = debugId ? ` (debug_id ${debugId})` : '';
  return new WalletProviderError(`PayPal answered ${what} with ${answer.status}${detail ? ` ${detail}` : ''}${debug}`, {
    status: answer.status,
  });
}

function parseAnswer<T>(schema: z.ZodType<T>, what: string, answer: Answer): T {
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    throw new WalletProviderError(`PayPal answered ${what} with a body the store cannot read`, { status: answer.status });
  }
  return parsed.data;
}

// Reasons the shopper may read: no PayPal codes, nothing about the store's account.
const FUNDING_DECLINED =
  'PayPal declined the card or bank account chosen. Please choose another one in PayPal, or pay another way.';
const PAYMENT_REFUSED = 'PayPal could not complete this payment. Please try again or choose another payment method.';
const PAYMENT_GONE = 'This PayPal payment has expired or no longer exists. Please start the payment again.';

function declineReason(issues: string[]): string {
  const funding = ['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'];
  if (issues.some((issue) => funding.includes(issue))) return FUNDING_DECLINED;
  if (issues.includes('ORDER_EXPIRED')) return PAYMENT_GONE;
  return PAYMENT_REFUSED;
}

/**
 * A capture whose money PayPal has taken for good. REFUNDED and PARTIALLY_REFUNDED only appear when the capture is
 * looked up again later: it was taken, then (partly) refunded.
 */
const TAKEN_CAPTURE_STATUSES = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
/**
 * PayPal has accepted the capture but holds the buyer's funds while it reviews them (status_details.reason:
 * PENDING_REVIEW, an eCheck clearing, a currency the account must accept, …). Not money yet: the order waits under
 * review and nothing ships, until PAYMENT.CAPTURE.COMPLETED or PAYMENT.CAPTURE.DENIED, or a later look-up, says how
 * it ended. Answering 'declined' instead would let the store forget a payment PayPal is about to settle.
 */
const HELD_CAPTURE_STATUS = 'PENDING';
const FAILED_CAPTURE_STATUSES = new Set(['DECLINED', 'FAILED']);

/** What a capture PayPal accepted means for the store: taken for good, or held for review. */
function acceptedCapture(capture: CaptureRecord, status: number): CaptureOutcome {
  const amountCents = parsePayPalAmount(capture.amount.value);
  if (amountCents === null) {
    throw new WalletProviderError(`PayPal answered capture ${capture.id} with an unreadable amount`, { status });
  }
  const taken = { captureId: capture.id, amountCents, currency: capture.amount.currency_code };
  if (capture.status === HELD_CAPTURE_STATUS) return { status: 'pending', ...taken, reason: capture.status_details?.reason ?? 'OTHER' };
  return { status: 'completed', ...taken };
}

const isAccepted = (capture: CaptureRecord) => TAKEN_CAPTURE_STATUSES.has(capture.status) || capture.status === HELD_CAPTURE_STATUS;

export function createPayPalProvider(options: PayPalProviderOptions): WalletProvider {
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64')}`;

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange; network failures and timeouts become WalletProviderErrors without a status. */
  async function send(
    what: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    try {
      const response = await fetchImpl(`${apiBase}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The timeout covers the body too: a server that sends headers and then stalls is still cut off.
      const text = await response.text();
      return { status: response.status, json: parseJson(text) };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new WalletProviderError(
        timedOut ? `PayPal did not answer ${what} within ${timeoutMs} ms` : `PayPal could not be reached for ${what}`,
        { cause: err },
      );
    }
  }

  async function requestToken(): Promise<string> {
    const answer = await send(
      'the token request',
      'POST',
      '/v1/oauth2/token',
      { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      'grant_type=client_credentials',
    );
    if (answer.status !== 200) throw failure('the token request', answer);
    const parsed = parseAnswer(tokenSchema, 'the token request', answer);
    token = { value: parsed.access_token, renewAt: now() + parsed.expires_in * 1000 - TOKEN_RENEW_MARGIN_MS };
    return parsed.access_token;
  }

  /** The cached token, or a new one; callers arriving while one is being fetched wait for that same request. */
  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /**
   * An authenticated API call. A 401 means PayPal no longer accepts the token (revoked, or expired early): it is
   * dropped and the call sent once more with a fresh one. Safe to repeat, as every POST carries its request id.
   */
  async function callApi(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    request: { body?: unknown; requestId?: string; prefer?: 'return=minimal' | 'return=representation' } = {},
  ): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${bearer}`, Accept: 'application/json' };
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      if (request.requestId !== undefined) headers['PayPal-Request-Id'] = request.requestId;
      if (request.prefer !== undefined) headers.Prefer = request.prefer;
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const answer = await send(what, method, path, headers, body);
      if (answer.status !== 401 || attempt > 1) return answer;
      // Only this token: a concurrent caller may already have replaced it with a good one.
      if (token?.value === bearer) token = null;
    }
  }

  /** The capture an already-captured order holds (ORDER_ALREADY_CAPTURED: a capture sent under another key). */
  async function existingCapture(orderId: string): Promise<CaptureOutcome> {
    const what = `the lookup of order ${orderId}`;
    const answer = await callApi(what, 'GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (answer.status !== 200) throw failure(what, answer);
    const order = parseAnswer(orderSchema, what, answer);
    const captures = order.purchase_units[0]?.payments?.captures ?? [];
    const taken = captures.find(isAccepted);
    if (taken) return acceptedCapture(taken, answer.status);
    if (captures.some((c) => FAILED_CAPTURE_STATUSES.has(c.status))) return { status: 'declined', reason: PAYMENT_REFUSED };
    throw new WalletProviderError(`PayPal says order ${orderId} is captured but shows no capture`, {
      status: answer.status,
    });
  }

  /**
   * PayPal's own check of a notification (POST /v1/notifications/verify-webhook-signature): the store keeps no
   * certificate logic of its own. The event is sent back as it was parsed, as PayPal's SDKs do.
   */
  async function verifyEvent({ headers, body }: WalletEventDelivery): Promise<WalletEvent | null> {
    const webhookId = options.webhookId;
    if (!webhookId) return null;
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const signature: Record<string, string> = {};
    for (const [field, name] of Object.entries(SIGNATURE_HEADERS)) {
      const value = header(name);
      if (!value) return null;
      signature[field] = value;
    }
    const event = eventSchema.safeParse(body);
    if (!event.success) return null;
    const what = 'the webhook verification';
    const answer = await callApi(what, 'POST', '/v1/notifications/verify-webhook-signature', {
      body: { ...signature, webhook_id: webhookId, webhook_event: body },
    });
    if (answer.status !== 200) throw failure(what, answer);
    if (parseAnswer(verificationSchema, what, answer).verification_status !== 'SUCCESS') return null;
    const { event_type: type, resource } = event.data;
    if (type === 'CHECKOUT.ORDER.APPROVED' && resource?.id) return { kind: 'approved', providerOrderId: resource.id };
    if (type === 'PAYMENT.CAPTURE.COMPLETED' && resource?.id) return { kind: 'capture-completed', captureId: resource.id };
    // DENIED ends a review; DECLINED is PayPal's other word for a capture that brought no money.
    if ((type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED') && resource?.id) return { kind: 'capture-denied', captureId: resource.id };
    return { kind: 'other', type };
  }

  return {
    name: 'paypal',
    ...(options.webhookId ? { verifyEvent } : {}),

    async createPayment(request: CreateWalletPayment): Promise<CreatedWalletPayment> {
      const value = requireAmount(request.amountCents);
      const answer = await callApi('the order creation', 'POST', '/v2/checkout/orders', {
        requestId: request.idempotencyKey,
        prefer: 'return=minimal',
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.reference,
              custom_id: request.reference,
              description: truncate(request.description, DESCRIPTION_MAX_CHARS),
              // The amount's breakdown: the items and the sales tax, which PayPal shows the shopper and checks add up.
              amount: request.taxCents
                ? { currency_code: request.currency, value, breakdown: { item_total: { currency_code: request.currency, value: requireAmount(request.amountCents - request.taxCents) }, tax_total: { currency_code: request.currency, value: requireAmount(request.taxCents) } } }
                : { currency_code: request.currency, value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: BRAND_NAME,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
              },
            },
          },
        },
      });
      if (answer.status !== 200 && answer.status !== 201) throw failure('the order creation', answer);
      const order = parseAnswer(createdOrderSchema, 'the order creation', answer);
      // 'payer-action' with payment_source.paypal; 'approve' is what the older application_context flow returns.
      const link = order.links.find((l) => l.rel === 'payer-action') ?? order.links.find((l) => l.rel === 'approve');
      if (!link) {
        throw new WalletProviderError(`PayPal created order ${order.id} (${order.status}) without an approval link`, {
          status: answer.status,
        });
      }
      return { providerOrderId: order.id, approveUrl: link.href };
    },

    async capturePayment(providerOrderId: string, idempotencyKey: string): Promise<CaptureOutcome> {
      const what = `the capture of order ${providerOrderId}`;
      const answer = await callApi(what, 'POST', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`, {
        requestId: idempotencyKey,
        prefer: 'return=representation',
        body: {},
      });

      if (answer.status === 200 || answer.status === 201) {
        // A COMPLETED order can still hold a declined capture: the capture's own status decides.
        const order = parseAnswer(orderSchema, what, answer);
        const capture = order.purchase_units[0]?.payments?.captures[0];
        if (!capture) throw new WalletProviderError(`PayPal answered ${what} without a capture`, { status: answer.status });
        if (isAccepted(capture)) return acceptedCapture(capture, answer.status);
        if (FAILED_CAPTURE_STATUSES.has(capture.status)) return { status: 'declined', reason: PAYMENT_REFUSED };
        throw new WalletProviderError(`PayPal answered ${what} with capture status ${capture.status}`, {
          status: answer.status,
        });
      }

      const { name, issues } = describeError(answer.json);
      if (answer.status === 422 && name !== null) {
        if (issues.includes('ORDER_ALREADY_CAPTURED')) return existingCapture(providerOrderId);
        const unapproved = ['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED'];
        if (issues.some((issue) => unapproved.includes(issue))) return { status: 'not_approved' };
        // Another capture of this order is under way right now: its outcome is unknown, so nothing may be concluded.
        if (issues.includes('ORDER_COMPLETION_IN_PROGRESS')) throw failure(what, answer);
        return { status: 'declined', reason: declineReason(issues) };
      }
      // Only PayPal's own 404 body: a bare 404 (a wrong PAYPAL_API_BASE, a proxy) says nothing about the order.
      if (answer.status === 404 && name === 'RESOURCE_NOT_FOUND') return { status: 'declined', reason: PAYMENT_GONE };
      throw failure(what, answer);
    },

    /** GET /v2/payments/captures/{id}: how PayPal's review of a held capture ended, or that it goes on. */
    async lookUpCapture(captureId: string): Promise<CaptureState> {
      const what = `the lookup of capture ${captureId}`;
      const answer = await callApi(what, 'GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
      if (answer.status !== 200) throw failure(what, answer);
      const capture = parseAnswer(captureSchema, what, answer);
      if (TAKEN_CAPTURE_STATUSES.has(capture.status)) return { status: 'completed' };
      if (capture.status === HELD_CAPTURE_STATUS) return { status: 'pending', reason: capture.status_details?.reason ?? 'OTHER' };
      if (FAILED_CAPTURE_STATUSES.has(capture.status)) return { status: 'denied' };
      throw new WalletProviderError(`PayPal answered ${what} with capture status ${capture.status}`, { status: answer.status });
    },

    async refundCapture(
      captureId: string,
      amountCents: number,
      currency: 'USD',
      idempotencyKey: string,
    ): Promise<RefundOutcome> {
      const what = `the refund of capture ${captureId}`;
      const value = requireAmount(amountCents);
      const answer = await callApi(what, 'POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId: idempotencyKey,
        prefer: 'return=representation',
        body: { amount: { value, currency_code: currency } },
      });

      if (answer.status === 200 || answer.status === 201) {
        const refund = parseAnswer(refundSchema, what, answer);
        if (refund.status === 'COMPLETED') return { refundId: refund.id, status: 'completed' };
        if (refund.status === 'PENDING') return { refundId: refund.id, status: 'pending' };
        // FAILED or CANCELLED: the interface has no refused refund, and the same key would only repeat this answer.
        throw new WalletProviderError(`PayPal answered ${what} with refund ${refund.id} ${refund.status}`, {
          status: answer.status,
        });
      }
      if (answer.status === 422 && describeError(answer.json).issues.includes('CAPTURE_FULLY_REFUNDED')) {
        return { refundId: ALREADY_REFUNDED_ID, status: 'completed' };
      }
      throw failure(what, answer);
    },
  };
}
