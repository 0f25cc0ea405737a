import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MESSAGES,
  errorResponseSchema,
  orderListResponseSchema,
  orderNumberParamSchema,
  orderRequestSchema,
  orderSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { OrderService } from './service.ts';

const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, ORDER_MESSAGES.badKey).optional(),
});

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** Orders, all in a signed-in scope: §7's POST /api/store-order, and the user's own orders for the profile. */
export function orderRoutes(service: OrderService, deps: { auth: Auth; limiter: RateLimiter }): FastifyPluginAsyncZod {
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
          summary: 'Place an order (§7): reserve the stones and store the order, pending',
          description:
            'Only items_id, payment_mode and the typed contact, address, is_gift and notes are taken from the payload; prices ' +
            'and the total come from the inventory. A total_price that differs from the server’s is a 422 naming the real ' +
            'total. A stone that is not available is a 409 naming it by certificate number; nothing is reserved then. ' +
            'The order holds its stones until hold_expires_at (UNPAID_HOLD_HOURS of its method: pay-wire 24 hours), and ' +
            'an account holds at most MAX_HELD_STONES_PER_ACCOUNT stones on unpaid orders at once (409 beyond it, saying ' +
            'what to do). pay-paypal orders are placed by the wallet flow, not here (422). ' +
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

    app.get(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: "The signed-in user's orders, newest first (at most 100)",
          security,
          response: { 200: orderListResponseSchema, ...denied },
        },
      },
      async (request) => service.listOrders(requireUser(request)),
    );

    app.get(
      '/orders/:order_number',
      {
        schema: {
          tags: ['orders'],
          summary: 'One of the signed-in user’s orders, by its order number (e.g. EV-2026-K7M3QX)',
          description:
            '404 with the same body for a number that names no order and for another user’s order, so neither ' +
            'which numbers exist nor how many orders the store takes is revealed.',
          security,
          params: orderNumberParamSchema,
          response: { 200: orderSchema, 404: errorResponseSchema, ...denied },
        },
      },
      async (request) => service.getOrder(requireUser(request), request.params.order_number),
    );
  };
}
