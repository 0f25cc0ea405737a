import { randomUUID } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startFakePayPal, type FakePayPal, type FakePayPalOrder } from '../../test/fake-paypal.ts';
import { ALREADY_REFUNDED_ID, createPayPalProvider, parsePayPalAmount, type PayPalProviderOptions } from './paypal.ts';
import { WalletProviderError, type CreateWalletPayment, type WalletProvider } from './provider.ts';

describe('parsePayPalAmount', () => {
  it('reads PayPal amount text as integer cents', () => {
    expect(parsePayPalAmount('123.45')).toBe(12345);
    expect(parsePayPalAmount('1890.00')).toBe(189000);
    expect(parsePayPalAmount('0.10')).toBe(10);
    expect(parsePayPalAmount('1890')).toBe(189000);
    expect(parsePayPalAmount('19.9')).toBe(1990);
    expect(parsePayPalAmount('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    // Where Math.round(Number(text) * 100) answers ...902: no float arithmetic on the way.
    expect(parsePayPalAmount('90071992547409.01')).toBe(9_007_199_254_740_901);
  });

  it('refuses anything that is not a plain non-negative amount', () => {
    for (const text of ['', '1.234', '-1.00', '1e3', ' 1.00', '1,890.00', '.50', '1.', 'NaN', '99999999999999999999.00']) {
      expect(parsePayPalAmount(text), text).toBeNull();
    }
  });
});

describe('PayPal provider against the fake PayPal', () => {
  let paypal: FakePayPal;

  beforeAll(async () => {
    paypal = await startFakePayPal();
  });

  afterAll(async () => {
    await paypal?.close();
  });

  /** A provider with its own (empty) token cache. */
  function provider(overrides: Partial<PayPalProviderOptions> = {}): WalletProvider {
    const { clientId, clientSecret, url: apiBase } = paypal;
    return createPayPalProvider({ clientId, clientSecret, apiBase, ...overrides });
  }

  function payment(overrides: Partial<CreateWalletPayment> = {}): CreateWalletPayment {
    const reference = `EV-${randomUUID().slice(0, 8)}`;
    return {
      amountCents: 189_000,
      currency: 'USD',
      reference,
      description: 'Everstone order: 1.52 Carat Oval Lab Diamond',
      returnUrl: `https://store.test/checkout/wallet/return?ref=${reference}`,
      cancelUrl: `https://store.test/checkout/wallet/cancel?ref=${reference}`,
      idempotencyKey: randomUUID(),
      ...overrides,
    };
  }

  const count = (method: string, path: string) =>
    paypal.requests.filter((r) => r.method === method && r.path === path).length;
  const tokenRequests = () => count('POST', '/v1/oauth2/token');
  const ordersFor = (reference: string): FakePayPalOrder[] =>
    [...paypal.orders.values()].filter((o) => o.customId === reference);

  function fakeOrder(id: string): FakePayPalOrder {
    const order = paypal.orders.get(id);
    if (!order) throw new Error(`The fake has no order ${id}`);
    return order;
  }

  /** Creates an order and approves it as the buyer would. */
  async function approvedOrder(p: WalletProvider): Promise<string> {
    const { providerOrderId } = await p.createPayment(payment());
    paypal.approve(providerOrderId);
    return providerOrderId;
  }

  async function capturedOrder(p: WalletProvider): Promise<{ orderId: string; captureId: string }> {
    const orderId = await approvedOrder(p);
    const outcome = await p.capturePayment(orderId, randomUUID());
    if (outcome.status !== 'completed') throw new Error(`Capture ended ${outcome.status}`);
    return { orderId, captureId: outcome.captureId };
  }

  /** A fetch that lets `edit` rewrite the JSON PayPal answers on the /v2 endpoints (shapes the fake never sends). */
  function editingFetch(edit: (body: Record<string, unknown>) => unknown): typeof fetch {
    return async (input, init) => {
      const response = await fetch(input, init);
      const target = input instanceof Request ? input.url : String(input);
      if (!new URL(target).pathname.startsWith('/v2/')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(edit(body)), { status: response.status, headers: response.headers });
    };
  }

  async function rejection(promise: Promise<unknown>): Promise<WalletProviderError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WalletProviderError);
    return err as WalletProviderError;
  }

  describe('access token', () => {
    it('is fetched once, shared by concurrent callers and reused across calls', async () => {
      const p = provider();
      const before = tokenRequests();
      await Promise.all([p.createPayment(payment()), p.createPayment(payment()), p.createPayment(payment())]);
      await p.createPayment(payment());
      expect(tokenRequests() - before).toBe(1);
    });

    it('is renewed 60 s before PayPal says it expires', async () => {
      let now = 1_000_000;
      const p = provider({ now: () => now });
      const before = tokenRequests();
      await p.createPayment(payment());
      // The fake's tokens live 32400 s (PayPal's usual 9 hours).
      now += (32_400 - 60) * 1000 - 1;
      await p.createPayment(payment());
      expect(tokenRequests() - before).toBe(1);
      now += 1;
      await p.createPayment(payment());
      expect(tokenRequests() - before).toBe(2);
    });

    it('is dropped when PayPal refuses it, and the call is sent once more with a fresh one', async () => {
      const p = provider();
      await p.createPayment(payment());
      paypal.expireTokens();
      const start = paypal.requests.length;
      const request = payment();
      const created = await p.createPayment(request);
      expect(paypal.requests.slice(start).map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v2/checkout/orders',
        'POST /v1/oauth2/token',
        'POST /v2/checkout/orders',
      ]);
      expect(ordersFor(request.reference).map((o) => o.id)).toEqual([created.providerOrderId]);
    });

    it('gives up after that one retry when PayPal refuses the fresh token too', async () => {
      // A fetch that spoils every bearer token, as if PayPal revoked each one at once.
      const spoiling: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        if (headers.get('authorization')?.startsWith('Bearer ')) headers.set('authorization', 'Bearer revoked');
        return fetch(input, { ...init, headers });
      };
      const p = provider({ fetch: spoiling });
      const before = { tokens: tokenRequests(), creates: count('POST', '/v2/checkout/orders') };
      const err = await rejection(p.createPayment(payment()));
      expect(err.status).toBe(401);
      expect(tokenRequests() - before.tokens).toBe(2);
      expect(count('POST', '/v2/checkout/orders') - before.creates).toBe(2);
    });

    it('bad credentials: a WalletProviderError that does not reveal the secret', async () => {
      const secret = 'wrong-secret-Zq81xV';
      const p = provider({ clientSecret: secret });
      const request = payment();
      const err = await rejection(p.createPayment(request));
      expect(err.status).toBe(401);
      expect(err.message).toMatch(/invalid_client/);
      expect(err.message).not.toContain(secret);
      expect(String(err.cause ?? '')).not.toContain(secret);
      expect(ordersFor(request.reference)).toHaveLength(0);
    });
  });

  describe('createPayment', () => {
    it('creates a PayPal order and answers its payer-action link', async () => {
      const request = payment();
      const created = await provider().createPayment(request);
      expect(created.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${created.providerOrderId}`);
      const order = fakeOrder(created.providerOrderId);
      expect(order).toMatchObject({
        status: 'PAYER_ACTION_REQUIRED',
        amount: { currency_code: 'USD', value: '1890.00' },
        referenceId: request.reference,
        customId: request.reference,
        description: request.description,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
      });
      const creations = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
      expect(creations.filter((r) => r.requestId === request.idempotencyKey)).toHaveLength(1);
    });

    it('breaks a taxed amount down into its items and its sales tax, as PayPal shows them to the shopper', async () => {
      const created = await provider().createPayment(payment({ amountCents: 205_283, taxCents: 16_783 }));
      expect(fakeOrder(created.providerOrderId)).toMatchObject({ amount: { value: '2052.83' }, breakdown: { itemTotal: { value: '1885.00' }, taxTotal: { value: '167.83' } } });
      expect(fakeOrder((await provider().createPayment(payment())).providerOrderId).breakdown).toBeNull();
    });

    it('sends cents as PayPal\'s 2-decimal text', async () => {
      const created = await provider().createPayment(payment({ amountCents: 5 }));
      expect(fakeOrder(created.providerOrderId).amount.value).toBe('0.05');
    });

    it("cuts a description to PayPal's 127 characters", async () => {
      const description = `Everstone order: ${'Round 1.01 Carat Lab Diamond, '.repeat(8)}`;
      const created = await provider().createPayment(payment({ description }));
      expect(fakeOrder(created.providerOrderId).description).toBe(description.slice(0, 127));
    });

    it('answers the same order for the same idempotency key, and PayPal holds one order', async () => {
      const p = provider();
      const request = payment();
      const first = await p.createPayment(request);
      const second = await p.createPayment(request);
      expect(second).toEqual(first);
      expect(ordersFor(request.reference)).toHaveLength(1);
    });

    it("falls back to the 'approve' link, and fails without any approval link", async () => {
      const withLinks = (links: unknown[]) => provider({ fetch: editingFetch((body) => ({ ...body, links })) });
      const renamed = withLinks([{ href: 'https://paypal.test/approve-here', rel: 'approve', method: 'GET' }]);
      expect((await renamed.createPayment(payment())).approveUrl).toBe('https://paypal.test/approve-here');

      const linkless = withLinks([{ href: 'https://paypal.test/self', rel: 'self', method: 'GET' }]);
      const err = await rejection(linkless.createPayment(payment()));
      expect(err.message).toMatch(/approval link/);
    });

    it('refuses an amount that is not positive whole cents before calling PayPal', async () => {
      const before = paypal.requests.length;
      await expect(provider().createPayment(payment({ amountCents: 10.5 }))).rejects.toThrow(RangeError);
      await expect(provider().createPayment(payment({ amountCents: 0 }))).rejects.toThrow(RangeError);
      expect(paypal.requests.length).toBe(before);
    });
  });

  describe('capturePayment', () => {
    it('answers not_approved before the buyer approves, and captures with the same key once approved', async () => {
      const p = provider();
      const { providerOrderId } = await p.createPayment(payment());
      const key = randomUUID();
      expect(await p.capturePayment(providerOrderId, key)).toEqual({ status: 'not_approved' });
      expect(fakeOrder(providerOrderId).captures).toHaveLength(0);

      paypal.approve(providerOrderId);
      const outcome = await p.capturePayment(providerOrderId, key);
      const order = fakeOrder(providerOrderId);
      expect(order.status).toBe('COMPLETED');
      expect(order.captures).toHaveLength(1);
      const captureId = order.captures[0]?.id;
      expect(outcome).toEqual({ status: 'completed', captureId, amountCents: 189_000, currency: 'USD' });
    });

    it('answers the first capture again for the same key, and PayPal captures once', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      const key = randomUUID();
      const first = await p.capturePayment(orderId, key);
      const second = await p.capturePayment(orderId, key);
      expect(first.status).toBe('completed');
      expect(second).toEqual(first);
      expect(fakeOrder(orderId).captures).toHaveLength(1);
      // Answered from PayPal's memory of the key, not by the ORDER_ALREADY_CAPTURED lookup.
      const path = `/v2/checkout/orders/${orderId}/capture`;
      expect(paypal.requests.filter((r) => r.path === path).map((r) => r.requestId)).toEqual([key, key]);
      expect(count('GET', `/v2/checkout/orders/${orderId}`)).toBe(0);
    });

    it('answers the existing capture when the order was captured under another key (ORDER_ALREADY_CAPTURED)', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      const first = await p.capturePayment(orderId, randomUUID());
      const lookupsBefore = count('GET', `/v2/checkout/orders/${orderId}`);
      const second = await p.capturePayment(orderId, randomUUID());
      expect(first.status).toBe('completed');
      expect(second).toEqual(first);
      expect(fakeOrder(orderId).captures).toHaveLength(1);
      expect(count('GET', `/v2/checkout/orders/${orderId}`) - lookupsBefore).toBe(1);
    });

    it('answers declined, with a reason for the shopper, when PayPal declines the funding source', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      paypal.declineNextCapture();
      const outcome = await p.capturePayment(orderId, randomUUID());
      expect(outcome.status).toBe('declined');
      const reason = outcome.status === 'declined' ? outcome.reason : '';
      expect(reason).toMatch(/PayPal/);
      expect(reason).not.toMatch(/[A-Z]+_[A-Z]+/); // no PayPal issue codes in front of shoppers
      expect(fakeOrder(orderId).captures).toHaveLength(0);
    });

    it('answers declined when PayPal completes the order with a declined capture', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      paypal.declineNextCapture('capture');
      const outcome = await p.capturePayment(orderId, randomUUID());
      expect(outcome.status).toBe('declined');
      expect(fakeOrder(orderId).captures.map((c) => c.status)).toEqual(['DECLINED']);
    });

    it('answers pending, with PayPal’s reason, for a capture PayPal holds for review; never completed', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      paypal.holdNextCapture();
      const outcome = await p.capturePayment(orderId, randomUUID());
      const captureId = fakeOrder(orderId).captures[0]!.id;
      expect(outcome).toEqual({ status: 'pending', captureId, amountCents: 189_000, currency: 'USD', reason: 'PENDING_REVIEW' });
      expect(fakeOrder(orderId).captures.map((c) => c.status)).toEqual(['PENDING']);
      // Captured again under another key: the order's held capture, still pending.
      expect(await p.capturePayment(orderId, randomUUID())).toEqual(outcome);
    });

    it('looks a held capture up until PayPal’s review ends, either way', async () => {
      const p = provider();
      const held = await approvedOrder(p);
      paypal.holdNextCapture('ECHECK');
      const first = await p.capturePayment(held, randomUUID());
      const captureId = first.status === 'pending' ? first.captureId : '';
      expect(await p.lookUpCapture(captureId)).toEqual({ status: 'pending', reason: 'ECHECK' });
      paypal.completeCapture(captureId);
      expect(await p.lookUpCapture(captureId)).toEqual({ status: 'completed' });
      expect(count('GET', `/v2/payments/captures/${captureId}`)).toBe(2);

      const denied = await approvedOrder(p);
      paypal.holdNextCapture();
      const second = await p.capturePayment(denied, randomUUID());
      paypal.denyCapture(second.status === 'pending' ? second.captureId : '');
      expect(await p.lookUpCapture(second.status === 'pending' ? second.captureId : '')).toEqual({ status: 'denied' });

      // A capture PayPal does not know is not a decision about any payment: the sweep asks again later.
      const err = await rejection(p.lookUpCapture('0NONEXISTENT0000'));
      expect(err.status).toBe(404);
    });

    it('answers declined for an order PayPal does not know', async () => {
      const outcome = await provider().capturePayment('0NONEXISTENT0000', randomUUID());
      expect(outcome.status).toBe('declined');
    });

    it('reads a captured amount other than the order total from the answer, not from the request', async () => {
      const p = provider({
        fetch: editingFetch((body) => {
          type Unit = { payments?: { captures: Array<{ amount: { value: string } }> } };
          const capture = (body.purchase_units as Unit[] | undefined)?.[0]?.payments?.captures[0];
          if (capture) capture.amount.value = '123.45';
          return body;
        }),
      });
      const orderId = await approvedOrder(p);
      expect(await p.capturePayment(orderId, randomUUID())).toMatchObject({ status: 'completed', amountCents: 12_345 });
    });
  });

  describe('refundCapture', () => {
    it('refunds a capture in full', async () => {
      const p = provider();
      const { orderId, captureId } = await capturedOrder(p);
      const outcome = await p.refundCapture(captureId, 189_000, 'USD', randomUUID());
      const order = fakeOrder(orderId);
      expect(order.refunds).toHaveLength(1);
      expect(order.refunds[0]).toMatchObject({ captureId, amount: { currency_code: 'USD', value: '1890.00' } });
      expect(outcome).toEqual({ refundId: order.refunds[0]!.id, status: 'completed' });
      expect(order.captures[0]!.status).toBe('REFUNDED');
    });

    it('answers the first refund again for the same key, and PayPal refunds once', async () => {
      const p = provider();
      const { orderId, captureId } = await capturedOrder(p);
      const key = randomUUID();
      const first = await p.refundCapture(captureId, 189_000, 'USD', key);
      const second = await p.refundCapture(captureId, 189_000, 'USD', key);
      expect(second).toEqual(first);
      expect(fakeOrder(orderId).refunds).toHaveLength(1);
    });

    it('answers completed when the capture is already fully refunded (CAPTURE_FULLY_REFUNDED)', async () => {
      const p = provider();
      const { orderId, captureId } = await capturedOrder(p);
      await p.refundCapture(captureId, 189_000, 'USD', randomUUID());
      const again = await p.refundCapture(captureId, 189_000, 'USD', randomUUID());
      expect(again).toEqual({ refundId: ALREADY_REFUNDED_ID, status: 'completed' });
      expect(fakeOrder(orderId).refunds).toHaveLength(1);
    });

    it('throws a WalletProviderError for a refund PayPal refuses otherwise', async () => {
      const p = provider();
      const { orderId, captureId } = await capturedOrder(p);
      const err = await rejection(p.refundCapture(captureId, 189_001, 'USD', randomUUID()));
      expect(err.status).toBe(422);
      expect(err.message).toMatch(/REFUND_AMOUNT_EXCEEDED/);
      expect(fakeOrder(orderId).refunds).toHaveLength(0);
    });
  });

  describe('when PayPal fails', () => {
    it('a 500 is a WalletProviderError, and the same call with the same key then succeeds once', async () => {
      const p = provider();
      await p.createPayment(payment()); // a token in the cache, so the failure meets the order call
      const request = payment();
      paypal.failNext(1);
      const err = await rejection(p.createPayment(request));
      expect(err.status).toBe(500);
      expect(err.message).toMatch(/500 INTERNAL_SERVER_ERROR \(debug_id \w+\)/);
      expect(err.message).not.toMatch(/A21AA/); // the fake's access tokens start so
      expect(ordersFor(request.reference)).toHaveLength(0);

      const created = await p.createPayment(request);
      expect(ordersFor(request.reference).map((o) => o.id)).toEqual([created.providerOrderId]);
    });

    it('a 503 on capture is a WalletProviderError, not a decline', async () => {
      const p = provider();
      const orderId = await approvedOrder(p);
      const key = randomUUID();
      paypal.failNext(1, 503);
      const err = await rejection(p.capturePayment(orderId, key));
      expect(err.status).toBe(503);
      expect(await p.capturePayment(orderId, key)).toMatchObject({ status: 'completed', amountCents: 189_000 });
    });

    it('a PayPal slower than timeoutMs is a WalletProviderError; the retry finds the order the slow call made', async () => {
      const p = provider({ timeoutMs: 200 });
      await p.createPayment(payment());
      const request = payment();
      // Far longer than the test may run: only the adapter's own timeout can end this call.
      paypal.delayNext(60_000);
      const err = await rejection(p.createPayment(request));
      expect(err.status).toBeNull();
      expect(err.message).toMatch(/200 ms/);

      const created = await p.createPayment(request);
      expect(ordersFor(request.reference).map((o) => o.id)).toEqual([created.providerOrderId]);
    });

    it('an answer that is not JSON is a WalletProviderError carrying the status', async () => {
      const garbling: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).includes('/v2/')) return response;
        return new Response('<html>Bad gateway</html>', { status: 201, headers: { 'Content-Type': 'text/html' } });
      };
      const err = await rejection(provider({ fetch: garbling }).createPayment(payment()));
      expect(err.status).toBe(201);
    });

    it('an unreachable PayPal is a WalletProviderError', async () => {
      const gone = await startFakePayPal();
      await gone.close();
      const err = await rejection(provider({ apiBase: gone.url }).createPayment(payment()));
      expect(err.status).toBeNull();
      expect(err.message).toMatch(/could not be reached/);
    });
  });
});
