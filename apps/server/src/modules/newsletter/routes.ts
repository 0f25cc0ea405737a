import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, newsletterRequestSchema, newsletterResponseSchema, validationErrorSchema } from '@everstone/contract';
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
  };
}
