import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDocumentLineParamSchema,
  adminDocumentParamSchema,
  documentLinkRequestSchema,
  documentLinkResponseSchema,
  errorResponseSchema,
  validationErrorSchema,
  type OrderDocument,
} from '@everstone/contract';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { AuditLog } from '../audit/index.ts';
import { sendDocument, type DocumentRequest, type DocumentService } from '../documents/index.ts';
import { actorOf } from './actor.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface DocumentRouteDeps {
  documents: DocumentService;
  audit: AuditLog;
  limiter: RateLimiter;
}

const staffOnly = { 401: errorResponseSchema, 403: errorResponseSchema };
const PDF_ANSWER = 'A PDF, sent as an attachment and never cached; the download is on the audit log (`order.document`).';

/** What the audit log keeps of a document: which one, and the line of an insurance sheet. */
const whichOf = (request: DocumentRequest) => ({ document: request.document, ...(request.document === 'insurance' ? { line: Number(request.line) } : {}) });

/**
 * The back office's documents of an order (docs/api.md, "Back office"): the invoice, the packing slip and each
 * insurance sheet for any order, each download on the audit log, and a link to one to forward (an insurer, a
 * shopper who cannot sign in), made with its audit entry in one transaction. The session's cookie is sent with a
 * plain link to these GET routes (same site), so the order page links to them.
 */
export function registerDocumentRoutes(scope: App, deps: DocumentRouteDeps): void {
  const { documents, audit, limiter } = deps;
  const download = limiter.guard(RATE_LIMITS.documents);

  async function serve(request: FastifyRequest, orderNumber: string, which: DocumentRequest) {
    const rendered = await documents.forStaff(orderNumber, which);
    await audit.recordNow(actorOf(request), { action: 'order.document', subject: { type: 'order', id: rendered.orderNumber }, after: whichOf(which) });
    return rendered;
  }

  for (const document of ['invoice', 'packing-slip'] as const satisfies readonly OrderDocument[]) {
    scope.get(
      `/admin/orders/:orderNumber/documents/${document}`,
      {
        schema: {
          tags: ['back office'],
          summary: `An order’s ${document === 'invoice' ? 'invoice' : 'packing slip (no prices)'}, as a PDF`,
          description: PDF_ANSWER,
          params: adminDocumentParamSchema,
          response: { 404: errorResponseSchema, 429: errorResponseSchema, ...staffOnly },
        },
        preValidation: download,
      },
      async (request, reply) => sendDocument(reply, await serve(request, request.params.orderNumber, { document })),
    );
  }

  scope.get(
    '/admin/orders/:orderNumber/documents/insurance/:line',
    {
      schema: {
        tags: ['back office'],
        summary: 'The insurance documentation of one diamond or ring line of an order, as a PDF (not an appraisal)',
        description: `${PDF_ANSWER} A line that is not a loose diamond or a ring, or no line, is a 404.`,
        params: adminDocumentLineParamSchema,
        response: { 404: errorResponseSchema, 429: errorResponseSchema, ...staffOnly },
      },
      preValidation: download,
    },
    async (request, reply) => sendDocument(reply, await serve(request, request.params.orderNumber, { document: 'insurance', line: request.params.line })),
  );

  scope.post(
    '/admin/orders/:orderNumber/documents/links',
    {
      schema: {
        tags: ['back office'],
        summary: 'A link to one document of an order that opens without signing in for 7 days (to forward to an insurer)',
        description: 'The same body and answer as the shopper’s route; the link is on the audit log (`order.document_link`), never its token.',
        params: adminDocumentParamSchema,
        body: documentLinkRequestSchema,
        response: { 201: documentLinkResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...staffOnly },
      },
      preValidation: limiter.guard(RATE_LIMITS.documentLinks),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const link = await documents.linkForStaff(request.params.orderNumber, request.body, {
        email: actor.email,
        record: (trx, orderNumber) => audit.record(trx, actor, { action: 'order.document_link', subject: { type: 'order', id: orderNumber }, after: whichOf(request.body) }),
      });
      return reply.status(201).send(link);
    },
  );
}
