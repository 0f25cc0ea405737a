import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MESSAGES,
  errorResponseSchema,
  giftStandingSchema,
  orderRequestSchema,
  orderSchema,
  quoteRequestSchema,
  quoteSchema,
  validationErrorSchema,
  walletOrderRequestSchema,
  walletOrderResponseSchema,
  walletPaymentRequestSchema,
} from '@everstone/contract';
import { requireUser, type Auth, type Authenticate } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { WalletService } from '../payments/index.ts';
import type { CheckoutService } from './service.ts';

const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, ORDER_MESSAGES.badKey).optional(),
});

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/**
 * Placing an order, all in a signed-in scope: §7's POST /api/store-order for the methods paid later, and the online
 * wallet's three calls (create a payment, then capture it or cancel it).
 */
export function checkoutRoutes(
  service: CheckoutService,
  deps: { auth: Auth; limiter: RateLimiter; wallet: WalletService; storeUrl: (request: FastifyRequest) => string },
): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onRequest', deps.auth.requireSignedIn);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/store-order',
      {
        schema: {
          tags: ['orders'],
          summary: 'Place an order (§7): reserve its lines and store the order, pending',
          description:
            'The lines (or §7’s items_id with its item_details), payment_mode and the typed contact, address, is_gift and notes ' +
            'are all that is taken from the payload; prices ' +
            'and the total come from the inventory. A total_price that differs from the server’s is a 422 naming the real ' +
            'total. A stone that is not available is a 409 naming it by certificate number; nothing is reserved then. ' +
            'The order holds its stones until hold_expires_at (UNPAID_HOLD_HOURS of its method: pay-wire 24 hours), and ' +
            'an account holds at most MAX_HELD_STONES_PER_ACCOUNT stones on unpaid orders at once (409 beyond it, saying ' +
            'what to do). Orders of accounts without a verified email and a paid order also count toward a store-wide ceiling ' +
            '(UNPAID_HOLD_CEILING units held unpaid by such accounts, of which unverified ones may fill half): past it such an order ' +
            'is a 409 with errors.payment_mode naming the ways through (PayPal, paid at once; verifying the email where that helps). ' +
            'pay-paypal orders are placed by the wallet flow, not here (422). ' +
            'An optional Idempotency-Key header (1–100 of A–Z a–z 0–9 - _ . :) makes retries safe: the same key again ' +
            'answers the order it placed (200, Idempotent-Replayed: true) instead of placing another.',
          security,
          body: orderRequestSchema,
          headers: idempotencyHeaderSchema,
          response: {
            200: orderSchema,
            201: orderSchema,
            400: errorResponseSchema,
            409: errorResponseSchema,
            422: validationErrorSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
            ...denied,
          },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.orders),
      },
      async (request, reply) => {
        const placed = await service.placeOrder(requireUser(request), request.body, request.headers['idempotency-key'] ?? null);
        if (placed.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(placed.replayed ? 200 : 201).send(placed.order);
      },
    );

    app.post(
      '/paypal/create-order',
      {
        schema: {
          tags: ['payments'],
          summary: 'Create a wallet payment for the cart (§7); the browser then goes to approve_url',
          description:
            'amount (2-decimal text), currency USD and user_id as §7 lists them, with the cart’s items_id and the ' +
            'delivery details (user_name, contact_number, address, is_gift, notes) the order will need. The amount ' +
            'must equal the cart’s total from the inventory (422 naming it otherwise); a stone not available is a 409. ' +
            'No order is stored and nothing is reserved until the payment is approved and captured.',
          security,
          body: walletOrderRequestSchema,
          response: {
            201: walletOrderResponseSchema,
            409: errorResponseSchema,
            422: validationErrorSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
            ...denied,
          },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.walletPayments),
      },
      async (request, reply) => {
        // Where the provider sends the shopper back: never a Host header's choice (lib/store-url.ts).
        return reply.status(201).send(await service.startWalletPayment(requireUser(request), request.body, deps.storeUrl(request)));
      },
    );

    app.post(
      '/paypal/capture-order',
      {
        schema: {
          tags: ['payments'],
          summary: 'Capture an approved wallet payment and create its order (paid)',
          description:
            'Called by the return page with the orderID the provider sent back (?token=). 201 with the new order; 200 ' +
            'with the same order when it was already created (a reload, a second tab): never a second order or charge. ' +
            '409 when a stone sold meanwhile (the payment was not taken, or was refunded in full; the message says ' +
            'which); 422 when the payment is not approved, was declined or cancelled; 503 when the provider could not ' +
            'be reached (send the same call again).',
          security,
          body: walletPaymentRequestSchema,
          response: {
            200: orderSchema,
            201: orderSchema,
            404: errorResponseSchema,
            409: validationErrorSchema,
            422: validationErrorSchema,
            503: errorResponseSchema,
            ...denied,
          },
        },
      },
      async (request, reply) => {
        const { order, created } = await deps.wallet.captureOrder(requireUser(request), request.body.orderID);
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.post(
      '/paypal/cancel-order',
      {
        schema: {
          tags: ['payments'],
          summary: 'Close a wallet payment the shopper cancelled, so it can never be captured later',
          security,
          body: walletPaymentRequestSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorResponseSchema, 409: validationErrorSchema, ...denied },
        },
      },
      async (request) => deps.wallet.cancelOrder(requireUser(request), request.body.orderID),
    );
  };
}

/**
 * POST /api/checkout/quote, open to guests too (the checkout shows the tax while a guest types the address): it
 * holds and stores nothing, reads only the catalog and the tax tables, and is rate-limited per client.
 */
export function quoteRoutes(service: CheckoutService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/checkout/quote',
      {
        schema: {
          tags: ['orders'],
          summary: 'Quote an order before placing it: subtotal, a wire’s discount, sales tax by jurisdiction, total',
          description:
            'The lines (or §7’s items_id with its item_details), and when chosen the payment_mode and the address (the order’s ' +
            'JSON text; its zip and country are read). Priced and taxed as POST /api/store-order will: that call refuses a ' +
            'total_price other than this total. Without an address the tax is pending ("Enter shipping address"); a ZIP or ' +
            'postal code the tax rules cannot place answers tax_status "invalid" with what to fix. Nothing is held or stored.',
          body: quoteRequestSchema,
          response: { 200: quoteSchema, 400: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.quotes),
      },
      async (request) => service.quoteOrder(request.body),
    );
  };
}

/**
 * GET /api/free-gift, for guests and signed-in shoppers alike: the cart asks it to say, before payment, that the
 * account has received its one gift or that the gift it reaches is out of stock.
 */
export function giftRoutes(service: CheckoutService, deps: { authenticate: Authenticate; limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.get(
      '/free-gift',
      {
        schema: {
          tags: ['orders'],
          summary: 'The free gift’s standing (§9): out-of-stock gifts, and whether the signed-in account has received its one gift',
          description:
            'Without a bearer token (or with one that signs nobody in), received_with is null. out_of_stock names the gifts ' +
            'no order can be given now; an order that reaches one is placed without it. The tiers and messages are the ' +
            'contract’s (packages/contract/src/checkout/gifts.ts).',
          response: { 200: giftStandingSchema, 429: errorResponseSchema },
        },
        // It reads a token and the gift pieces' stock: asked once per cart or checkout drawing, a flood is stopped.
        preValidation: deps.limiter.guard(RATE_LIMITS.quotes),
      },
      async (request, reply) => {
        const signedIn = await deps.authenticate(request.headers.authorization);
        reply.header('cache-control', 'no-store');
        return service.giftStanding(signedIn?.user.id ?? null);
      },
    );
  };
}
