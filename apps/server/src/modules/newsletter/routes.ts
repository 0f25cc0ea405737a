import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  messageResponseSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
  newsletterSubscriptionSchema,
  newsletterTokenSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { NewsletterService } from './service.ts';

export function newsletterRoutes(service: NewsletterService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribe an email address to the newsletter',
          description:
            'A new address answers 201 and is sent the $100 welcome code; an address already on the list (in any letter case) answers 200 with subscribed: false and no second email.',
          body: newsletterRequestSchema,
          response: { 200: newsletterResponseSchema, 201: newsletterResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.newsletter),
      },
      async (request, reply) => {
        const result = await service.subscribe(request.body.email);
        return reply.status(result.subscribed ? 201 : 200).send(result);
      },
    );

    app.get(
      '/newsletter/subscription',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Whom an unsubscribe link names (the address partly hidden), and whether it is subscribed',
          querystring: z.object({ token: newsletterTokenSchema }),
          response: { 200: newsletterSubscriptionSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.subscription(request.query.token);
      },
    );

    // RFC 8058: mail programs post `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe address.
    acceptFormBodies(app);
    app.post(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Stop the newsletter for an unsubscribe link (also the List-Unsubscribe one-click address)',
          description:
            'The token in the JSON body ({ "token": … }) or in the query (?token=…, as the List-Unsubscribe header gives ' +
            'it, posted with the form body List-Unsubscribe=One-Click). Repeating it answers the same. 404 for a token ' +
            'that names nobody.',
          querystring: z.object({ token: newsletterTokenSchema.optional() }),
          body: z.object({ token: newsletterTokenSchema.optional() }).passthrough().optional(),
          response: { 200: messageResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.newsletter),
      },
      async (request, reply) => {
        const token = request.body?.token ?? request.query.token;
        if (!token) return reply.status(422).send({ message: 'The unsubscribe token is required.', errors: { token: ['The unsubscribe token is required.'] } });
        reply.header('cache-control', 'no-store');
        return service.unsubscribe(token);
      },
    );
  };
}
