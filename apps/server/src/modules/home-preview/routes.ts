import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  homePreviewCreatedSchema,
  homePreviewListSchema,
  homePreviewNumberParamSchema,
  homePreviewRequestSchema,
  homePreviewSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { HomePreviewService } from './service.ts';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** Home Preview (§9): a signed-in shopper's requests for replicas of one or two settings. */
export function homePreviewRoutes(service: HomePreviewService, deps: { auth: Auth; limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.addHook('onRequest', deps.auth.requireSignedIn);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/home-preview/requests',
      {
        schema: {
          tags: ['home preview'],
          summary: 'Request 3D-printed replicas of one or two engagement ring settings, sent to a US address',
          description:
            'Each ring is a setting variant (its metal and head shape) with a ring size or "unknown". At most 2 rings (422); ' +
            'settings only (422); US addresses only (422); at most 2 requests not cancelled per account in a rolling 183 days ' +
            '(409, naming the day the next one may be placed). Stored as `requested` with a deposit of $100 per ring, which ' +
            'the team takes by phone before shipping; the shopper and the store are emailed.',
          security,
          body: homePreviewRequestSchema,
          response: { 201: homePreviewCreatedSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.homePreview),
      },
      async (request, reply) => reply.status(201).send(await service.requestPreview(requireUser(request), request.body)),
    );

    app.get(
      '/home-preview/requests',
      {
        schema: {
          tags: ['home preview'],
          summary: "The signed-in shopper's Home Preview requests, newest first, and how many they may still place",
          security,
          response: { 200: homePreviewListSchema, ...denied },
        },
      },
      async (request) => service.listPreviews(requireUser(request)),
    );

    app.post(
      '/home-preview/requests/:number/cancel',
      {
        schema: {
          tags: ['home preview'],
          summary: 'Cancel one of the shopper’s own Home Preview requests while it is `requested`',
          description: 'Another account’s request is the same 404 as a missing one. A cancelled request no longer counts toward the two.',
          security,
          params: homePreviewNumberParamSchema,
          response: { 200: homePreviewSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...denied },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.homePreview),
      },
      async (request) => service.cancelPreview(requireUser(request), request.params.number),
    );
  };
}
