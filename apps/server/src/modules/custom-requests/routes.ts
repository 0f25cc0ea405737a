import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customRingImageResponseSchema,
  customRingImageUploadSchema,
  customRingRequestResponseSchema,
  customRingRequestSchema,
  errorResponseSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { RATE_LIMITS, clientScopesOf, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { CustomRequestService } from './service.ts';

/** A custom ring design request from /custom-rings: guests welcome, no sign-in. */
export function customRequestRoutes(service: CustomRequestService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/custom-ring-requests/images',
      {
        schema: {
          tags: ['custom rings'],
          summary: 'Upload one reference picture for a custom ring request',
          description:
            'A JPEG, PNG or WebP of at most 46 KB, base64 in `data` (the browser downsizes it first; every body is capped at 64 KB). ' +
            'The bytes must be the picture they claim to be. Answers an opaque id for the request to name; an upload no request ' +
            'claims within a day is deleted. Pictures are never served: they reach the store as email attachments. ' +
            'One client may have CUSTOM_RING_IMAGES.waitingPerClient (60) uploads waiting unclaimed at once (an IPv6 /56 four times, a /48 sixteen times as many): ' +
            '429 with Retry-After beyond it. 503 while the store-wide room (5,000 waiting uploads) is full.',
          body: customRingImageUploadSchema,
          response: { 201: customRingImageResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, 503: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.customRingImages),
      },
      async (request, reply) => reply.status(201).send(await service.uploadImage(request.body, clientScopesOf(request.clientAddress))),
    );

    app.post(
      '/custom-ring-requests',
      {
        schema: {
          tags: ['custom rings'],
          summary: 'Ask the store for a custom ring design',
          description:
            'Stores the request, emails it to the store with its pictures attached (reply-to the shopper) and acknowledges the shopper. ' +
            '`reply_by` is the store’s calendar day by which it replies: one business day after the day of receipt in Eastern Time ' +
            '(a request on Friday evening or Saturday is answered by Monday).',
          body: customRingRequestSchema,
          response: { 201: customRingRequestResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.customRingRequests),
      },
      async (request, reply) => reply.status(201).send(await service.submitRequest(request.body)),
    );
  };
}
