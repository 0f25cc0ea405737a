import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOLD_MESSAGES,
  VERIFICATION_MESSAGES,
  builderRingQuerySchema,
  builderRingResponseSchema,
  builderSettingsQuerySchema,
  builderSettingsResponseSchema,
  errorResponseSchema,
  holdRequestSchema,
  holdResponseSchema,
  settingFitSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { Authenticate } from '../../plugins/auth.ts';
import { RATE_LIMITS, clientKeyOf, clientScopesOf, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { RingBuilderService } from './service.ts';
import type { BuilderStarts } from './starts.ts';

/**
 * Holding and letting go: the caps of HOLD bound what an account and an address can hold at once and per stone and
 * day; this bounds the writes a script can ask for (a shopper holds a stone or two a visit, renewing at checkout).
 */
const fitQuerySchema = z.object({ setting: z.string({ error: 'setting must be a setting’s slug.' }).min(1, 'setting must be a setting’s slug.').max(120) });
const holdParamsSchema = z.object({
  diamond_id: z.string().regex(/^\d{1,12}$/, 'diamond_id must be a positive whole number.').transform(Number).pipe(z.number().int().positive('diamond_id must be a positive whole number.')),
});

export interface RingBuilderRouteDeps {
  /** The accounts' sign-in check: the builder's reads are public, but say `mine` to a signed-in shopper. */
  authenticate: Authenticate;
  limiter: RateLimiter;
  /** Counts who opened the builder each day (step 2 for a stone, or a setting first). */
  starts: BuilderStarts;
}

/** The ring builder's API under /api/builder (docs/api.md, "Ring builder"). */
export function ringBuilderRoutes(service: RingBuilderService, deps: RingBuilderRouteDeps): FastifyPluginAsyncZod {
  /** Who asks, when they are signed in; a missing or stale token reads as nobody (these reads are public). */
  async function readSignedIn(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization) request.auth = await deps.authenticate(request.headers.authorization);
  }
  /** Holding is for signed-in shoppers: the hold is theirs, and its caps are counted per account. */
  async function requireShopper(request: FastifyRequest): Promise<void> {
    if (!request.auth) throw new UnauthorizedError(HOLD_MESSAGES.signIn);
  }
  /**
   * Holding is for accounts whose address a link has proven: an account is free to make, an inbox costs something,
   * so a script cannot take a stone off everyone's orders per account it signs up (docs/security.md).
   */
  async function requireVerified(request: FastifyRequest): Promise<void> {
    if (request.auth && !request.auth.user.email_verified) throw new ForbiddenError(VERIFICATION_MESSAGES.holdNeedsVerified);
  }
  const shopperOf = (request: FastifyRequest): number => {
    if (!request.auth) throw new UnauthorizedError(HOLD_MESSAGES.signIn);
    return request.auth.user.id;
  };

  return async function (app) {
    app.addHook('onRequest', readSignedIn);

    app.get(
      '/builder/settings',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'Step 2: the settings whose head holds this diamond, each priced with it',
          description:
            'Only settings with a head made for the stone’s shape whose mm window takes its certificate width (and, for a Luxe head, 3 ct or more). ' +
            'Each shows its cheapest fitting variant (in `metal` when given), with side stones of the stone’s own origin where the setting offers both, ' +
            'drawn holding this stone; `ring_cents` is the stone’s price plus the setting’s. `none_reason` says why nothing fits. 404 for an unknown diamond.',
          querystring: builderSettingsQuerySchema,
          response: { 200: builderSettingsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const { diamond, ...query } = request.query;
        void deps.starts.record(clientKeyOf(request.clientAddress));
        return service.settings(diamond, query);
      },
    );

    app.get(
      '/builder/fit',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'Step 1 after a setting: the shapes, mm windows and carat range its heads hold',
          description: 'Pass the same slug as `setting` to /api/get-all-diamonds to list only stones that fit. 404 for an unknown setting.',
          querystring: fitQuerySchema,
          response: { 200: settingFitSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        void deps.starts.record(clientKeyOf(request.clientAddress));
        return service.fit(request.query.setting);
      },
    );

    app.get(
      '/builder/ring',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'Step 3: the ring of this diamond in this setting, priced and checked by the server',
          description:
            'The itemized price is the checkout’s (`ringPrice`). `fit_problem` and `stone_problem` say what stands in the way of ordering it as built; ' +
            '`hold` is the stone’s running hold (`mine` for its holder); `alternatives` are up to 4 available stones that fit the setting, ' +
            'same shape and type, nearest in weight, when the stone is gone, held by someone else or does not fit. 404 for an unknown diamond or setting.',
          querystring: builderRingQuerySchema,
          response: { 200: builderRingResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
        onSend: async (_request, reply) => {
          // The hold and the stone's status change by the minute, and `mine` is the asker's own.
          reply.header('cache-control', 'no-store');
        },
      },
      async (request) => {
        const { engraved, ...query } = request.query;
        return service.ring({ ...query, engraved: engraved === '1' }, request.auth?.user.id ?? null);
      },
    );

    app.get(
      '/builder/holds/:diamond_id',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'A diamond’s hold as anyone sees it: until when (never by whom)',
          description: '404 when the diamond is not on hold. `mine` is true for the signed-in shopper who holds it.',
          params: holdParamsSchema,
          response: { 200: holdResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
        onSend: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
      },
      async (request) => service.holdOf(request.params.diamond_id, request.auth?.user.id ?? null),
    );

    app.post(
      '/builder/holds',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'Hold a diamond while deciding (signed in), or renew one’s hold',
          description:
            'A hold lasts BUILDER_HOLD_MINUTES (15 by default): 201 for a new hold, 200 for a renewal. A new hold lets the account’s other hold go. ' +
            '409 when someone else holds the diamond (until when), when it is not available, when the address holds as many as it may, or when the ' +
            'account has held this diamond as often as a day allows. 401 when not signed in; 403 when the account’s email address is not ' +
            'verified yet (its message says how: the emailed link, or a new one from POST /api/email/verification).',
          security: [{ bearer: [] }],
          body: holdRequestSchema,
          response: {
            200: holdResponseSchema,
            201: holdResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            422: validationErrorSchema,
            429: errorResponseSchema,
          },
        },
        // Signed in and verified before the body is read, and before the rate limit counts the account.
        onRequest: [requireShopper, requireVerified],
        preValidation: deps.limiter.guard(RATE_LIMITS.stoneHolds),
        onSend: async (_request, reply) => {
          reply.header('cache-control', 'no-store');
        },
      },
      async (request, reply) => {
        const userId = shopperOf(request);
        const { hold, renewed } = await service.hold(userId, request.body.diamond_id, clientScopesOf(request.clientAddress));
        return reply.status(renewed ? 200 : 201).send(hold);
      },
    );

    app.delete(
      '/builder/holds/:diamond_id',
      {
        schema: {
          tags: ['ring builder'],
          summary: 'Let one’s hold on a diamond go',
          description: '204 when let go; 404 when the signed-in shopper holds none on it; 401 when not signed in.',
          security: [{ bearer: [] }],
          params: holdParamsSchema,
          response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
        onRequest: requireShopper,
        preValidation: deps.limiter.guard(RATE_LIMITS.stoneHolds),
      },
      async (request, reply) => {
        await service.release(shopperOf(request), request.params.diamond_id);
        return reply.status(204).send(null);
      },
    );
  };
}
