import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, messageResponseSchema, validationErrorSchema } from '@everstone/contract';
import type { ContactService } from './service.ts';

export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send the gemologists a message from the contact page',
          description: 'Stores the message, emails it to the store (reply-to the shopper) and sends the shopper an acknowledgement.',
          body: contactRequestSchema,
          response: { 200: messageResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => service.sendContactMessage(request.body),
    );
  };
}
