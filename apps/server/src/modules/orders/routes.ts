import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RETURN_LABEL_DAYS,
  errorResponseSchema,
  orderListResponseSchema,
  orderNumberParamSchema,
  orderReturnParamSchema,
  orderSchema,
  returnCreatedSchema,
  returnLabelLinkSchema,
  returnRequestSchema,
  orderTicketParamSchema,
  resizeCreatedSchema,
  resizeRequestSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import { NotFoundError } from '../../errors.ts';
import type { Care } from './care.ts';
import { labelPath, type ReturnLabel, type Returns } from './returns.ts';
import type { OrderService } from './service.ts';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** The signed-in user's own orders, for the profile and the order page (orders are placed through checkout/), and their returns. */
export function orderRoutes(service: OrderService, deps: { auth: Auth; returns: Returns; care: Care; limiter: RateLimiter }): FastifyPluginAsyncZod {
  const { returns, care, limiter } = deps;
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

    app.post(
      '/orders/:order_number/returns',
      {
        schema: {
          tags: ['orders'],
          summary: 'Return some of the signed-in shopper’s own delivered lines, in their return window',
          description:
            'Lines are the order’s line numbers (1 is `lines[0]`), each `returnable` in its `after_sale`. 201 with the ' +
            'return’s RMA and the link of its prepaid, insured label (shown once here and emailed; a new one can be asked ' +
            'for); 422 naming why a line cannot be returned (its window closed, one return every six months, already in a ' +
            'return); 404 for another account’s order as for a missing one; 409 when the order changed meanwhile.',
          security,
          params: orderNumberParamSchema,
          body: returnRequestSchema,
          response: { 201: returnCreatedSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request, reply) => {
        const created = await returns.request(requireUser(request).user.id, request.params.order_number, request.body);
        return reply.status(201).send({
          message: `Return ${created.rma} is authorized. Print the prepaid label and send the piece within ${RETURN_LABEL_DAYS} days; we have emailed you the link too.${created.giftReturned ? ` ${created.giftReturned}` : ''}`,
          rma: created.rma,
          label_url: labelPath(created.token),
          label_expires_at: created.labelExpiresAt,
          order: created.order,
        });
      },
    );

    app.post(
      '/orders/:order_number/returns/:rma/label',
      {
        schema: {
          tags: ['orders'],
          summary: 'A new link to an authorized return’s label (the earlier link stops working)',
          security,
          params: orderReturnParamSchema,
          response: { 200: returnLabelLinkSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request) => {
        const link = await returns.newLabelLink(requireUser(request).user.id, request.params.order_number, request.params.rma);
        return { label_url: labelPath(link.token), label_expires_at: link.labelExpiresAt };
      },
    );

    app.post(
      '/orders/:order_number/returns/:rma/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Withdraw one of the shopper’s own returns before it reaches the store',
          description: 'Its lines may be returned again while their window is open; another account’s return is the same 404 as a missing one.',
          security,
          params: orderReturnParamSchema,
          response: { 200: orderSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request) => {
        const signedIn = requireUser(request);
        return (await returns.cancel(request.params.rma, { by: signedIn.user.email }, { userId: signedIn.user.id, orderNumber: request.params.order_number })).order;
      },
    );

    app.post(
      '/orders/:order_number/resizes',
      {
        schema: {
          tags: ['orders'],
          summary: 'Ask for a resize of a ring of the signed-in shopper’s own delivered order',
          description:
            '`line` is the ring’s line number (its `after_sale` says `resizable`), `to_size` the new US size (3 to 13 in ' +
            'half sizes). Free when it is the ring’s first resize within two sizes; otherwise the team quotes it before ' +
            'starting. 201 with the ticket’s number and its prepaid label’s link (shown once; emailed); 422 naming why not; ' +
            '404 for another account’s order as for a missing one.',
          security,
          params: orderNumberParamSchema,
          body: resizeRequestSchema,
          response: { 201: resizeCreatedSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request, reply) => {
        const created = await care.requestResize(requireUser(request).user.id, request.params.order_number, request.body);
        const cost = created.view.free ? 'It is free: your ring’s first resize within two sizes.' : 'We will quote it before our jeweler starts.';
        return reply.status(201).send({
          message: `Resize ${created.view.number} to size ${created.view.to_size} is booked. ${cost} Print the prepaid label and send the ring; we have emailed you the link too.`,
          number: created.view.number,
          label_url: labelPath(created.token),
          label_expires_at: created.labelExpiresAt,
          order: created.order,
        });
      },
    );

    app.post(
      '/orders/:order_number/resizes/:number/label',
      {
        schema: {
          tags: ['orders'],
          summary: 'A new link to a requested resize’s label (the earlier link stops working)',
          security,
          params: orderTicketParamSchema,
          response: { 200: returnLabelLinkSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request) => {
        const link = await care.newLabelLink(requireUser(request).user.id, request.params.order_number, request.params.number);
        return { label_url: labelPath(link.token), label_expires_at: link.labelExpiresAt };
      },
    );

    app.post(
      '/orders/:order_number/resizes/:number/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Withdraw one of the shopper’s own resizes before the ring reaches the store',
          security,
          params: orderTicketParamSchema,
          response: { 200: orderSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: limiter.guard(RATE_LIMITS.returns),
      },
      async (request) => {
        const signedIn = requireUser(request);
        return (await care.cancel(request.params.number, { by: signedIn.user.email }, { userId: signedIn.user.id, orderNumber: request.params.order_number })).order;
      },
    );
  };
}

/**
 * A return's prepaid label, by the link the shopper was given (no sign-in: the 256-bit token is the key, kept only as
 * its hash; the log never shows it). Unknown, expired, or no longer needed (the return was received or cancelled):
 * the same 404.
 */
export function returnLabelRoutes(returns: Returns, deps: { care: Care; limiter: RateLimiter; renderLabel: (label: ReturnLabel) => Promise<Buffer> }): FastifyPluginAsyncZod {
  return async function (app) {
    app.get(
      '/returns/labels/:token',
      {
        schema: {
          tags: ['orders'],
          summary: 'A return’s prepaid, insured label as a PDF, by its link',
          params: z.object({ token: z.string() }),
          produces: ['application/pdf'],
          // The PDF's bytes, sent as they are (a Buffer is never serialized).
          response: { 200: z.unknown(), 404: errorResponseSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.returnLabel),
      },
      async (request, reply) => {
        // A return's label, or a resize's: the same kind of link and parcel.
        const label = (await returns.labelOf(request.params.token)) ?? (await deps.care.labelOf(request.params.token));
        if (!label) throw new NotFoundError('This label link has expired or is no longer needed. Open your order under My Orders for a new one.');
        const pdf = await deps.renderLabel(label);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="everstone-${label.rma.startsWith('RMA-') ? 'return' : 'resize'}-${label.rma}.pdf"`)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(pdf);
      },
    );
  };
}
