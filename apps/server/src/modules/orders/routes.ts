import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  orderListResponseSchema,
  orderNumberParamSchema,
  orderSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import type { OrderService } from './service.ts';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** The signed-in user's own orders, for the profile and the order page (orders are placed through checkout/). */
export function orderRoutes(service: OrderService, deps: { auth: Auth }): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onRequest', deps.auth.requireSignedIn);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

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
