import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@everstone/contract';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { WalletService } from './service.ts';

/**
 * PayPal's notifications (webhook), outside the signed-in scope: PayPal itself posts them. Open only when the
 * wallet is PayPal with PAYPAL_WEBHOOK_ID set; each is verified with PayPal before anything is done.
 */
export function walletWebhookRoutes(service: WalletService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'PayPal notifications: an approval is captured and placed; a capture held for review is settled',
          description:
            'CHECKOUT.ORDER.APPROVED captures the payment and places its order; PAYMENT.CAPTURE.COMPLETED and ' +
            'PAYMENT.CAPTURE.DENIED (or DECLINED) settle a capture PayPal held for review. Verified with PayPal ' +
            '(POST /v1/notifications/verify-webhook-signature) before use; 400 when it is not authentic, 503 when PayPal ' +
            'could not be reached (PayPal sends it again). Other events are acknowledged.',
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.walletEvents),
      },
      async (request, reply) => {
        const authentic = await service.handleEvent({ headers: request.headers, body: request.body });
        if (!authentic) return reply.status(400).send({ message: 'The notification could not be verified.' });
        return { received: true as const };
      },
    );
  };
}
