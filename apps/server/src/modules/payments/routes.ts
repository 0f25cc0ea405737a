import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  orderSchema,
  validationErrorSchema,
  walletOrderRequestSchema,
  walletOrderResponseSchema,
  walletPaymentRequestSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { WalletService } from './service.ts';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/**
 * PayPal's notifications (webhook), outside the signed-in scope: PayPal itself posts them. Open only when the
 * wallet is PayPal with PAYPAL_WEBHOOK_ID set; each is verified with PayPal before anything is done.
 */
export function walletWebhookRoutes(service: WalletService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'PayPal notifications: an approval is captured and placed; a capture held for review is settled',
          description:
            'CHECKOUT.ORDER.APPROVED captures the payment and places its order; PAYMENT.CAPTURE.COMPLETED and ' +
            'PAYMENT.CAPTURE.DENIED (or DECLINED) settle a capture PayPal held for review. Verified with PayPal ' +
            '(POST /v1/notifications/verify-webhook-signature) before use; 400 when it is not authentic, 503 when PayPal ' +
            'could not be reached (PayPal sends it again). Other events are acknowledged.',
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.walletEvents),
      },
      async (request, reply) => {
        const authentic = await service.handleEvent({ headers: request.headers, body: request.body });
        if (!authentic) return reply.status(400).send({ message: 'The notification could not be verified.' });
        return { received: true as const };
      },
    );
  };
}

/** The online wallet (§4 Wallet payment, §7), signed in: create a payment, then capture it or cancel it. */
export function walletRoutes(
  service: WalletService,
  deps: { auth: Auth; limiter: RateLimiter; storeUrl: (request: FastifyRequest) => string },
): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onRequest', deps.auth.requireSignedIn);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

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
        return reply.status(201).send(await service.createOrder(requireUser(request), request.body, deps.storeUrl(request)));
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
        const { order, created } = await service.captureOrder(requireUser(request), request.body.orderID);
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
      async (request) => service.cancelOrder(requireUser(request), request.body.orderID),
    );
  };
}
