import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local stand-in for PayPal's REST API: a real HTTP server on 127.0.0.1 that answers the JSON PayPal answers, for
 * exactly what the store uses (apps/server/src/modules/payments/paypal.ts):
 *
 *   POST /v1/oauth2/token                        client-credentials token (Basic auth)
 *   POST /v2/checkout/orders                     create an order (intent CAPTURE, one purchase unit, USD)
 *   GET  /v2/checkout/orders/{id}                show an order
 *   POST /v2/checkout/orders/{id}/capture        capture an approved order
 *   GET  /v2/payments/captures/{id}              show a capture (how a review it was held for ended)
 *   POST /v2/payments/captures/{id}/refund       refund a capture
 *   GET  /checkoutnow?token={id}                 the buyer's approval page: approves and redirects to return_url
 *   POST /v1/notifications/verify-webhook-signature  SUCCESS only for notifications made by notification()
 *
 * POSTs honour PayPal-Request-Id (the same id answers the first successful answer again and changes nothing) and
 * Prefer (return=minimal, PayPal's default, or return=representation). Point the store at `url` with
 * PAYPAL_API_BASE, PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; the controls below play the buyer and PayPal's bad days.
 */
export interface FakePayPal {
  /** The API base URL (no trailing slash), e.g. http://127.0.0.1:54321. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every order created, by PayPal order id; live records, read them after each step. */
  readonly orders: ReadonlyMap<string, FakePayPalOrder>;
  /** Every request received, in order, rejected ones included. */
  readonly requests: readonly FakePayPalRequest[];
  /** What the buyer does on PayPal's site: the order becomes APPROVED. Throws for an unknown or captured order. */
  approve(orderId: string): void;
  /**
   * The next capture is declined: 'instrument' answers 422 INSTRUMENT_DECLINED and leaves the order waiting for the
   * buyer to choose another funding source; 'capture' answers 201 with the order COMPLETED and its capture DECLINED
   * (what PayPal does for some card declines).
   */
  declineNextCapture(how?: 'instrument' | 'capture'): void;
  /**
   * The next capture is accepted but held: status PENDING with status_details.reason `reason` (PENDING_REVIEW unless
   * told otherwise: PayPal reviewing the buyer's funds). It stays so until `completeCapture` or `denyCapture`.
   */
  holdNextCapture(reason?: string): void;
  /** PayPal's review of a held capture ends well: the capture becomes COMPLETED. Throws unless it is PENDING. */
  completeCapture(captureId: string): void;
  /** PayPal's review of a held capture ends badly: the capture becomes DECLINED, no money arrives. Throws unless PENDING. */
  denyCapture(captureId: string): void;
  /** The next `n` API calls (the /v2 endpoints) answer `status` and do nothing. */
  failNext(n: number, status?: number): void;
  /** The next API call (a /v2 endpoint) is carried out, but its answer leaves `ms` later: a slow PayPal. */
  delayNext(ms: number): void;
  /** Every access token issued so far stops working: the next API call with one gets a 401. */
  expireTokens(): void;
  /**
   * What PayPal does when something happens to an order: a notification for the webhook `webhookId`, as the headers
   * and body PayPal would post. Only notifications made here pass /v1/notifications/verify-webhook-signature, and
   * only unchanged and for the same webhook id.
   */
  notification(eventType: string, resource: Record<string, unknown>, webhookId: string): { headers: Record<string, string>; body: Record<string, unknown> };
  close(): Promise<void>;
}

export type FakePayPalOrderStatus = 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface FakePayPalMoney {
  currency_code: string;
  value: string;
}

export interface FakePayPalCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  /** PayPal's status_details: why a capture is PENDING; absent otherwise. */
  statusDetails: { reason: string } | null;
  amount: FakePayPalMoney;
  createTime: string;
  updateTime: string;
}

export interface FakePayPalRefund {
  id: string;
  captureId: string;
  status: 'COMPLETED';
  amount: FakePayPalMoney;
}

export interface FakePayPalOrder {
  id: string;
  /** Orders are created with payment_source.paypal, so they start PAYER_ACTION_REQUIRED (never CREATED). */
  status: FakePayPalOrderStatus;
  amount: FakePayPalMoney;
  /** The amount's breakdown as sent (items and sales tax), or null when none was. */
  breakdown: { itemTotal: FakePayPalMoney; taxTotal: FakePayPalMoney } | null;
  referenceId: string | null;
  customId: string | null;
  description: string | null;
  returnUrl: string;
  cancelUrl: string;
  captures: FakePayPalCapture[];
  refunds: FakePayPalRefund[];
}

export interface FakePayPalRequest {
  method: string;
  /** The path without the query string, e.g. /v2/checkout/orders/5O190127TN364715T/capture. */
  path: string;
  /** The PayPal-Request-Id header, if sent. */
  requestId: string | null;
}

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** expires_in of the tokens issued, in seconds; PayPal's are 32400 (9 hours). */
  tokenLifetimeSeconds?: number;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Issue = { field?: string; issue: string; description: string };

const ISSUE_MESSAGES = {
  ORDER_NOT_APPROVED: 'Payer has not yet approved the Order for payment. Please redirect the payer to the approval URL.',
  ORDER_ALREADY_CAPTURED: 'Order already captured. If intent is CAPTURE only one capture per order is allowed.',
  INSTRUMENT_DECLINED:
    "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_NOT_ALLOWED: 'Refund is not allowed for this capture.',
  CURRENCY_MISMATCH: 'The currency of the refund must be the currency of the capture.',
} as const;

/** 17 upper-case letters and digits, like PayPal's order, capture and refund ids. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: 17 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * '1890.00' → 189000; null unless the 2-decimal form the fake requires for USD. Written apart from the adapter's
 * parser on purpose: a fake sharing the code under test would share its bugs.
 */
function centsOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}\.\d{2}$/.test(value)) return null;
  return Number(value.replace('.', ''));
}

function moneyOf(cents: number, currency: string): FakePayPalMoney {
  return { currency_code: currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The buyer every fake order is approved by. */
const BUYER = {
  email_address: 'buyer@example.com',
  account_id: 'QYR5Z8XDVJNXQ',
  name: { given_name: 'Test', surname: 'Buyer' },
};

const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

function errorReply(status: number, name: string, message: string, details?: Issue[]): Reply {
  return { status, body: { name, message, ...(details ? { details } : {}), debug_id: debugId(), links: [] } };
}

function unprocessable(issue: keyof typeof ISSUE_MESSAGES): Reply {
  const message = 'The requested action could not be performed, semantically incorrect, or failed business validation.';
  return errorReply(422, 'UNPROCESSABLE_ENTITY', message, [{ issue, description: ISSUE_MESSAGES[issue] }]);
}

function invalidRequest(details: Issue[]): Reply {
  const message = 'Request is not well-formed, syntactically incorrect, or violates schema.';
  return errorReply(400, 'INVALID_REQUEST', message, details);
}

const notFound = (): Reply =>
  errorReply(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

function serverError(status: number): Reply {
  if (status === 503) return errorReply(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
  if (status >= 500) return errorReply(status, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
  return errorReply(status, 'FAKE_FAILURE', `The fake was told to answer ${status}.`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'fake-paypal-client-secret';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32_400;

  const orders = new Map<string, FakePayPalOrder>();
  const captureOrder = new Map<string, string>(); // capture id → order id
  const requests: FakePayPalRequest[] = [];
  const tokens = new Map<string, number>(); // access token → expiry (ms since the epoch)
  const expiredTokens = new Set<string>();
  const idempotent = new Map<string, Reply>(); // method, path and PayPal-Request-Id → first successful reply
  let failures: { remaining: number; status: number } = { remaining: 0, status: 500 };
  let nextDelayMs = 0;
  let nextCapture: 'normal' | 'instrument' | 'capture' | 'hold' = 'normal';
  let holdReason = 'PENDING_REVIEW';
  let url = '';
  const closing = new AbortController();

  const orderLinks = (order: FakePayPalOrder) => [
    { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
      : []),
    ...(order.status === 'APPROVED'
      ? [{ href: `${url}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }]
      : []),
  ];

  const captureLinks = (capture: FakePayPalCapture, orderId: string) => [
    { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${url}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
  ];

  function orderRepresentation(order: FakePayPalOrder): Record<string, unknown> {
    const approved = order.status !== 'PAYER_ACTION_REQUIRED';
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      payment_source: { paypal: approved ? { ...BUYER, account_status: 'VERIFIED' } : {} },
      purchase_units: [
        {
          reference_id: order.referenceId ?? 'default',
          amount: order.amount,
          payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
          ...(order.description !== null ? { description: order.description } : {}),
          ...(order.customId !== null ? { custom_id: order.customId } : {}),
          ...(order.captures.length > 0
            ? {
                payments: {
                  captures: order.captures.map((c) => captureRepresentation(c, order)),
                  ...(order.refunds.length > 0
                    ? { refunds: order.refunds.map((r) => ({ id: r.id, status: r.status, amount: r.amount })) }
                    : {}),
                },
              }
            : {}),
        },
      ],
      ...(approved ? { payer: { name: BUYER.name, email_address: BUYER.email_address, payer_id: BUYER.account_id } } : {}),
      links: orderLinks(order),
    };
  }

  /** A capture as PayPal shows it, inside its order and on its own (GET /v2/payments/captures/{id}). */
  function captureRepresentation(c: FakePayPalCapture, order: FakePayPalOrder): Record<string, unknown> {
    return {
      id: c.id,
      status: c.status,
      ...(c.statusDetails ? { status_details: c.statusDetails } : {}),
      amount: c.amount,
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(order.customId !== null ? { custom_id: order.customId } : {}),
      links: captureLinks(c, order.id),
      create_time: c.createTime,
      update_time: c.updateTime,
    };
  }

  const orderAnswer = (order: FakePayPalOrder, status: number, representation: boolean): Reply => ({
    status,
    body: representation ? orderRepresentation(order) : { id: order.id, status: order.status, links: orderLinks(order) },
  });

  function issueToken(req: IncomingMessage, body: string): Reply {
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    const decoded = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(0, colon) !== clientId || decoded.slice(colon + 1) !== clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: tokenLifetimeSeconds,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  /** Null when the bearer token is good; otherwise PayPal's 401 (its body differs for an expired token). */
  function refuseToken(req: IncomingMessage): Reply | null {
    const [scheme, value] = (req.headers.authorization ?? '').split(' ');
    const expiry = value ? tokens.get(value) : undefined;
    const good = scheme === 'Bearer' && value && expiry !== undefined && Date.now() < expiry && !expiredTokens.has(value);
    if (good) return null;
    if (value && tokens.has(value)) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Access Token not found in cache' } };
    }
    return errorReply(
      401,
      'AUTHENTICATION_FAILURE',
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    );
  }

  function createOrder(input: unknown, representation: boolean): Reply {
    const body = asRecord(input);
    const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
    const unit = asRecord(units[0]);
    const amount = asRecord(unit.amount);
    const context = asRecord(asRecord(asRecord(body.payment_source).paypal).experience_context);
    const problems: Issue[] = [];
    const problem = (field: string, issue: string, description: string) => problems.push({ field, issue, description });
    // PayPal also knows AUTHORIZE; the store never uses it, so the fake does not either.
    if (body.intent !== 'CAPTURE') problem('/intent', 'INVALID_PARAMETER_VALUE', "The fake supports intent 'CAPTURE' only.");
    if (units.length !== 1) problem('/purchase_units', 'INVALID_ARRAY_LENGTH', 'Exactly one purchase unit is expected.');
    if (amount.currency_code !== 'USD') {
      problem('/purchase_units/0/amount/currency_code', 'INVALID_PARAMETER_VALUE', 'USD is expected.');
    }
    const cents = centsOf(amount.value);
    if (cents === null || cents <= 0) {
      problem('/purchase_units/0/amount/value', 'INVALID_PARAMETER_VALUE', 'A positive amount such as 1890.00.');
    }
    for (const [key, max] of [['description', 127], ['custom_id', 127], ['reference_id', 256]] as const) {
      const value = unit[key];
      if (value !== undefined && (typeof value !== 'string' || value.length === 0 || Array.from(value).length > max)) {
        problem(`/purchase_units/0/${key}`, 'INVALID_STRING_LENGTH', `1 to ${max} characters.`);
      }
    }
    for (const key of ['return_url', 'cancel_url'] as const) {
      if (!isWebUrl(context[key])) {
        const issue = context[key] === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_SYNTAX';
        problem(`/payment_source/paypal/experience_context/${key}`, issue, 'An absolute http(s) URL is required.');
      }
    }
    // PayPal's amount breakdown: when sent, its parts must add up to the amount (AMOUNT_MISMATCH otherwise).
    let breakdown: FakePayPalOrder['breakdown'] = null;
    if (amount.breakdown !== undefined) {
      const parts = asRecord(amount.breakdown);
      const part = (key: string) => (parts[key] === undefined ? 0 : centsOf(asRecord(parts[key]).value));
      const items = part('item_total');
      const tax = part('tax_total');
      if (items === null || tax === null) problem('/purchase_units/0/amount/breakdown', 'INVALID_PARAMETER_VALUE', 'Each part is an amount such as 1890.00.');
      else if (cents !== null && items + tax !== cents) {
        problem('/purchase_units/0/amount/value', 'AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.');
      } else breakdown = { itemTotal: moneyOf(items, 'USD'), taxTotal: moneyOf(tax, 'USD') };
    }
    if (problems.length > 0 || cents === null) return invalidRequest(problems);

    const order: FakePayPalOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      amount: moneyOf(cents, 'USD'),
      breakdown,
      referenceId: optionalText(unit.reference_id),
      customId: optionalText(unit.custom_id),
      description: optionalText(unit.description),
      returnUrl: context.return_url as string,
      cancelUrl: context.cancel_url as string,
      captures: [],
      refunds: [],
    };
    orders.set(order.id, order);
    return orderAnswer(order, 201, representation);
  }

  function capture(order: FakePayPalOrder, representation: boolean): Reply {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    const mode = nextCapture;
    nextCapture = 'normal';
    if (mode === 'instrument') {
      // PayPal's answer to a failed funding source: the buyer must go back and choose another one.
      order.status = 'PAYER_ACTION_REQUIRED';
      return unprocessable('INSTRUMENT_DECLINED');
    }
    const at = new Date().toISOString();
    const record: FakePayPalCapture = {
      id: paypalId(),
      status: mode === 'capture' ? 'DECLINED' : mode === 'hold' ? 'PENDING' : 'COMPLETED',
      statusDetails: mode === 'hold' ? { reason: holdReason } : null,
      amount: order.amount,
      createTime: at,
      updateTime: at,
    };
    order.captures.push(record);
    // PayPal completes the order even when its capture is declined: the capture's status tells.
    order.status = 'COMPLETED';
    captureOrder.set(record.id, order.id);
    return orderAnswer(order, 201, representation);
  }

  function refund(capture: FakePayPalCapture, order: FakePayPalOrder, input: unknown, representation: boolean): Reply {
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return capture.status === 'REFUNDED' ? unprocessable('CAPTURE_FULLY_REFUNDED') : unprocessable('REFUND_NOT_ALLOWED');
    }
    const captured = centsOf(capture.amount.value) ?? 0;
    const refunded = order.refunds
      .filter((r) => r.captureId === capture.id)
      .reduce((sum, r) => sum + (centsOf(r.amount.value) ?? 0), 0);
    const remaining = captured - refunded;
    // No amount means "the rest of the capture", as at PayPal.
    const amount = asRecord(input).amount;
    let cents = remaining;
    if (amount !== undefined) {
      const money = asRecord(amount);
      const asked = centsOf(money.value);
      if (asked === null || asked <= 0) {
        const description = 'A positive amount with two decimals.';
        return invalidRequest([{ field: '/amount/value', issue: 'INVALID_PARAMETER_VALUE', description }]);
      }
      if (money.currency_code !== capture.amount.currency_code) return unprocessable('CURRENCY_MISMATCH');
      if (asked > remaining) return unprocessable('REFUND_AMOUNT_EXCEEDED');
      cents = asked;
    }
    const record: FakePayPalRefund = {
      id: paypalId(),
      captureId: capture.id,
      status: 'COMPLETED',
      amount: moneyOf(cents, capture.amount.currency_code),
    };
    order.refunds.push(record);
    capture.status = cents === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 201, body: refundAnswer(record, representation) };
  }

  function refundAnswer(record: FakePayPalRefund, representation: boolean): Record<string, unknown> {
    const links = [
      { href: `${url}/v2/payments/refunds/${record.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/v2/payments/captures/${record.captureId}`, rel: 'up', method: 'GET' },
    ];
    if (!representation) return { id: record.id, status: record.status, links };
    const now = new Date().toISOString();
    return { id: record.id, amount: record.amount, status: record.status, create_time: now, update_time: now, links };
  }

  /** The /v2 endpoints, once the token and the test controls have let the request through. */
  function api(method: string, path: string, input: unknown, representation: boolean): Reply {
    const segments = path.split('/').slice(1).map(decodeURIComponent);
    const [v2, area, kind, id, action] = segments;
    if (v2 !== 'v2') return errorReply(404, 'NOT_FOUND', `The fake has no ${method} ${path}.`);

    if (area === 'checkout' && kind === 'orders') {
      if (method === 'POST' && segments.length === 3) return createOrder(input, representation);
      const order = id ? orders.get(id) : undefined;
      if (method === 'GET' && segments.length === 4) return order ? orderAnswer(order, 200, true) : notFound();
      if (method === 'POST' && segments.length === 5 && action === 'capture') {
        return order ? capture(order, representation) : notFound();
      }
    }
    if (area === 'payments' && kind === 'captures' && method === 'GET' && segments.length === 4) {
      const orderId = id ? captureOrder.get(id) : undefined;
      const order = orderId ? orders.get(orderId) : undefined;
      const captured = order?.captures.find((c) => c.id === id);
      return order && captured ? { status: 200, body: captureRepresentation(captured, order) } : notFound();
    }
    if (area === 'payments' && kind === 'captures' && method === 'POST' && segments.length === 5 && action === 'refund') {
      const orderId = id ? captureOrder.get(id) : undefined;
      const order = orderId ? orders.get(orderId) : undefined;
      const captured = order?.captures.find((c) => c.id === id);
      return order && captured ? refund(captured, order, input, representation) : notFound();
    }
    return errorReply(404, 'NOT_FOUND', `The fake has no ${method} ${path}.`);
  }

  /** PayPal's approval page, reduced to its outcome: the buyer approved and is sent back to the store. */
  function checkoutPage(token: string | null): Reply {
    const order = token ? orders.get(token) : undefined;
    if (!order) return { status: 404, body: { message: 'Unknown checkout token' } };
    if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', BUYER.account_id);
    return { status: 302, headers: { Location: back.toString() } };
  }

  /** Notifications made by `notification()`, by transmission signature: what they said and for which webhook. */
  const signed = new Map<string, { webhookId: string; body: string; transmissionId: string }>();

  /** PayPal's signature check: SUCCESS only for a notification it sent, unchanged, checked for its own webhook. */
  function verifyNotification(raw: string): Reply {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
    }
    const needed = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = needed.filter((field) => input[field] === undefined || input[field] === '');
    if (missing.length > 0) return invalidRequest(missing.map((field) => ({ field: `/${field}`, issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field is missing.' })));
    const sent = signed.get(String(input.transmission_sig));
    const genuine =
      sent !== undefined &&
      sent.webhookId === input.webhook_id &&
      sent.transmissionId === input.transmission_id &&
      sent.body === JSON.stringify(input.webhook_event);
    return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }

  async function handle(req: IncomingMessage): Promise<Reply & { delayMs?: number }> {
    const method = req.method ?? 'GET';
    const target = new URL(req.url ?? '/', 'http://fake.paypal');
    const path = target.pathname;
    const requestIdHeader = req.headers['paypal-request-id'];
    const requestId = typeof requestIdHeader === 'string' ? requestIdHeader : null;
    requests.push({ method, path, requestId });
    const raw = await readBody(req);

    if (path === '/v1/oauth2/token' && method === 'POST') return issueToken(req, raw);
    if (path === '/checkoutnow' && method === 'GET') return checkoutPage(target.searchParams.get('token'));
    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') {
      const refused = refuseToken(req);
      if (refused) return refused;
      return verifyNotification(raw);
    }
    if (!path.startsWith('/v2/')) return errorReply(404, 'NOT_FOUND', `The fake has no ${method} ${path}.`);

    if (failures.remaining > 0) {
      failures = { ...failures, remaining: failures.remaining - 1 };
      return serverError(failures.status);
    }
    const delayMs = nextDelayMs;
    nextDelayMs = 0;
    const refused = refuseToken(req);
    if (refused) return { ...refused, delayMs };

    const key = method === 'POST' && requestId !== null ? `${method} ${path} ${requestId}` : null;
    const stored = key ? idempotent.get(key) : undefined;
    if (stored) return { ...stored, delayMs };

    let input: unknown = undefined;
    if (method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return { ...errorReply(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request payload is not supported.'), delayMs };
      }
      try {
        input = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
      } catch {
        const description = 'The request JSON is not well formed.';
        const malformed = invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', description }]);
        return { ...malformed, delayMs };
      }
    }
    const representation = /return=representation/.test(String(req.headers.prefer ?? ''));
    const reply = api(method, path, input, representation);
    // Only successes are remembered: a request refused (not approved yet, declined) may be sent again and succeed.
    if (key && reply.status < 300) idempotent.set(key, reply);
    return { ...reply, delayMs };
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let reply: Reply & { delayMs?: number };
    try {
      reply = await handle(req);
    } catch (err) {
      const message = `The fake failed: ${err instanceof Error ? err.message : String(err)}`;
      reply = errorReply(500, 'INTERNAL_SERVER_ERROR', message);
    }
    if (reply.delayMs) {
      try {
        await sleep(reply.delayMs, undefined, { signal: closing.signal });
      } catch {
        return; // closing: the connection is being destroyed anyway
      }
    }
    const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Paypal-Debug-Id': debugId(),
      ...reply.headers,
    });
    res.end(body);
  }

  /** PayPal's review of a held capture ends: the capture leaves PENDING and its status_details. */
  function endReview(captureId: string, status: 'COMPLETED' | 'DECLINED') {
    const orderId = captureOrder.get(captureId);
    const capture = orderId ? orders.get(orderId)?.captures.find((c) => c.id === captureId) : undefined;
    if (!capture) throw new Error(`Fake PayPal has no capture ${captureId}`);
    if (capture.status !== 'PENDING') throw new Error(`Fake PayPal capture ${captureId} is ${capture.status}, not held for review`);
    capture.status = status;
    capture.statusDetails = null;
    capture.updateTime = new Date().toISOString();
  }

  const server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    orders,
    requests,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`Fake PayPal has no order ${orderId}`);
      if (order.status === 'COMPLETED') throw new Error(`Fake PayPal order ${orderId} is already captured`);
      order.status = 'APPROVED';
    },
    declineNextCapture(how = 'instrument') {
      nextCapture = how;
    },
    holdNextCapture(reason = 'PENDING_REVIEW') {
      nextCapture = 'hold';
      holdReason = reason;
    },
    completeCapture(captureId) {
      endReview(captureId, 'COMPLETED');
    },
    denyCapture(captureId) {
      endReview(captureId, 'DECLINED');
    },
    failNext(n, status = 500) {
      failures = { remaining: n, status };
    },
    delayNext(ms) {
      nextDelayMs = ms;
    },
    expireTokens() {
      for (const token of tokens.keys()) expiredTokens.add(token);
    },
    notification(eventType, resource, webhookId) {
      const transmissionId = randomUUID();
      const signature = randomUUID().replace(/-/g, '');
      const body = {
        id: `WH-${randomUUID().slice(0, 17).toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('CHECKOUT.ORDER') ? 'checkout-order' : 'capture',
        resource_version: '2.0',
        event_type: eventType,
        summary: `An event of type ${eventType}`,
        resource,
      };
      signed.set(signature, { webhookId, body: JSON.stringify(body), transmissionId });
      return {
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': new Date().toISOString(),
        },
        body,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        // fetch keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
