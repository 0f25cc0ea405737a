import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentLineParamSchema,
  documentLinkRequestSchema,
  documentLinkResponseSchema,
  documentTokenParamSchema,
  errorResponseSchema,
  orderNumberParamSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { requireUser, type Auth } from '../../plugins/auth.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { DocumentService, RenderedDocument } from './service.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];
const PDF_ANSWER = 'A PDF (`application/pdf`), sent as an attachment named after the order and the document, never cached.';

/** Sends a rendered document as a download: PDF, an attachment with its name, never kept by a cache. */
export function sendDocument(reply: FastifyReply, doc: RenderedDocument): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.filename}"`)
    .header('cache-control', 'no-store')
    .send(doc.pdf);
}

/**
 * An order's documents for its shopper (docs/api.md, "Order documents"): the invoice, the packing slip and each
 * diamond's or ring's insurance sheet; a link to one that works without signing in for DOCUMENT_LINK_DAYS; and that
 * link's own route, whose token the request log never shows (plugins/logger.ts).
 */
export function documentRoutes(service: DocumentService, deps: { auth: Auth; limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    await app.register(async (own: App) => {
      own.addHook('onRequest', deps.auth.requireSignedIn);
      own.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      const download = deps.limiter.guard(RATE_LIMITS.documents);
      const errors = { 404: errorResponseSchema, 429: errorResponseSchema, ...denied };

      own.get(
        '/orders/:order_number/documents/invoice',
        {
          schema: {
            tags: ['orders'],
            summary: 'The invoice of one of the signed-in shopper’s orders, as a PDF',
            description: `${PDF_ANSWER} Another account’s order is the same 404 as a missing one.`,
            security,
            params: orderNumberParamSchema,
            response: errors,
          },
          preValidation: download,
        },
        async (request, reply) => sendDocument(reply, await service.forShopper(requireUser(request), request.params.order_number, { document: 'invoice' })),
      );

      own.get(
        '/orders/:order_number/documents/packing-slip',
        {
          schema: {
            tags: ['orders'],
            summary: 'The packing slip of one of the signed-in shopper’s orders, as a PDF: what is in the parcel, without prices',
            description: `${PDF_ANSWER} Another account’s order is the same 404 as a missing one.`,
            security,
            params: orderNumberParamSchema,
            response: errors,
          },
          preValidation: download,
        },
        async (request, reply) => sendDocument(reply, await service.forShopper(requireUser(request), request.params.order_number, { document: 'packing-slip' })),
      );

      own.get(
        '/orders/:order_number/documents/insurance/:line',
        {
          schema: {
            tags: ['orders'],
            summary: 'The insurance documentation of one diamond or ring line of the shopper’s order, as a PDF (not an appraisal)',
            description:
              `${PDF_ANSWER} \`line\` is the line’s number on the order, from 1, as \`lines\` lists them; a line that is not a ` +
              'loose diamond or a ring, or no line, is a 404, and so is another account’s order.',
            security,
            params: documentLineParamSchema,
            response: errors,
          },
          preValidation: download,
        },
        async (request, reply) =>
          sendDocument(reply, await service.forShopper(requireUser(request), request.params.order_number, { document: 'insurance', line: request.params.line })),
      );

      own.post(
        '/orders/:order_number/documents/links',
        {
          schema: {
            tags: ['orders'],
            summary: 'A link to one document of the shopper’s order that opens without signing in for 7 days',
            description:
              'The body names the document (`invoice`, `packing-slip`, `insurance` with its `line`). The answer’s `url` holds a ' +
              'token of 32 random bytes, shown this once: the store keeps only its SHA-256. Another account’s order is a 404.',
            security,
            params: orderNumberParamSchema,
            body: documentLinkRequestSchema,
            response: { 201: documentLinkResponseSchema, 422: validationErrorSchema, ...errors },
          },
          preValidation: deps.limiter.guard(RATE_LIMITS.documentLinks),
        },
        async (request, reply) => reply.status(201).send(await service.linkForShopper(requireUser(request), request.params.order_number, request.body)),
      );
    });

    app.get(
      '/documents/:token',
      {
        schema: {
          tags: ['orders'],
          summary: 'The document a link made by POST …/documents/links opens, without signing in, until the link expires',
          description: `${PDF_ANSWER} A link that is malformed, unknown or expired is the same 404.`,
          params: documentTokenParamSchema,
          response: { 404: errorResponseSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.documentLinkOpens),
      },
      async (request, reply) => sendDocument(reply, await service.byLink(request.params.token)),
    );
  };
}
