import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressListResponseSchema,
  addressRequestSchema,
  addressSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  userIdParamSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { AddressService } from './service.ts';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** Saved addresses, all in a signed-in scope: §7's two calls, and REST routes for the profile. */
export function addressRoutes(service: AddressService, deps: { auth: Auth; limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onRequest', deps.auth.requireSignedIn);
    // Every write counts against the user: the cap bounds what is kept, this bounds the churn of a script.
    const limitWrites = deps.limiter.guard(RATE_LIMITS.addresses);
    app.addHook('preValidation', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await limitWrites(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/user-address/:userId',
      {
        schema: {
          tags: ['addresses'],
          summary: "The user's default address (§7; checkout prefills from it)",
          description: 'Only for the signed-in user’s own id (403 otherwise); 404 when no address is saved.',
          security,
          params: userIdParamSchema,
          response: { 200: addressSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...denied },
        },
      },
      async (request) => service.defaultOf(requireUser(request), request.params.userId),
    );

    app.post(
      '/store-addresses',
      {
        schema: {
          tags: ['addresses'],
          summary: 'Save the checkout address as the default (§7)',
          description:
            '201 with the new address, or 200 when the same address was saved before (it becomes the default again). ' +
            'user_id, when sent, must be the signed-in user’s id.',
          security,
          body: addressRequestSchema,
          response: { 200: addressSchema, 201: addressSchema, 422: validationErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        const { address, created } = await service.storeFromCheckout(requireUser(request), request.body);
        return reply.status(created ? 201 : 200).send(address);
      },
    );

    app.get(
      '/addresses',
      {
        schema: {
          tags: ['addresses'],
          summary: "The signed-in user's addresses, the default first",
          security,
          response: { 200: addressListResponseSchema, ...denied },
        },
      },
      async (request) => service.list(requireUser(request)),
    );

    app.post(
      '/addresses',
      {
        schema: {
          tags: ['addresses'],
          summary: 'Add an address (profile)',
          description: 'The first address, or one sent with is_default: true, becomes the default. At most 20 per account.',
          security,
          body: addressRequestSchema,
          response: { 201: addressSchema, 422: validationErrorSchema, ...denied },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(requireUser(request), request.body)),
    );

    app.put(
      '/addresses/:id',
      {
        schema: {
          tags: ['addresses'],
          summary: 'Change an address (profile)',
          security,
          params: idParamSchema,
          body: addressRequestSchema,
          response: { 200: addressSchema, 400: errorResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...denied },
        },
      },
      async (request) => service.update(requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/addresses/:id',
      {
        schema: {
          tags: ['addresses'],
          summary: 'Delete an address (profile)',
          description: 'Deleting the default makes the most recently saved other address the default.',
          security,
          params: idParamSchema,
          response: { 200: messageResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...denied },
        },
      },
      async (request) => service.remove(requireUser(request), request.params.id),
    );

    app.post(
      '/addresses/:id/default',
      {
        schema: {
          tags: ['addresses'],
          summary: 'Make an address the default (profile)',
          security,
          params: idParamSchema,
          response: { 200: addressSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...denied },
        },
      },
      async (request) => service.makeDefault(requireUser(request), request.params.id),
    );
  };
}
