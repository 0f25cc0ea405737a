import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, errorResponseSchema, messageResponseSchema, validationErrorSchema } from '@everstone/contract';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { ContactService } from './service.ts';

export function contactRoutes(service: ContactService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send the gemologists a message from the contact page',
          description: 'Stores the message, emails it to the store (reply-to the shopper) and sends the shopper an acknowledgement.',
          body: contactRequestSchema,
          response: { 200: messageResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.contact),
      },
      async (request) => service.sendContactMessage(request.body),
    );
  };
}
