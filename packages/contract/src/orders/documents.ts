import { z } from 'zod';
import { DOCUMENT_MESSAGES, ORDER_DOCUMENTS } from './document-kinds.ts';

/**
 * POST /api/orders/{order_number}/documents/links (and the back office's): a link to one document of the order that
 * works without signing in until it expires. `line` names the line of an insurance sheet, and only of one.
 */
export const documentLinkRequestSchema = z
  .object({
    document: z.enum(ORDER_DOCUMENTS, { error: `The document must be one of ${ORDER_DOCUMENTS.join(', ')}.` }),
    line: z.number({ error: DOCUMENT_MESSAGES.lineNeeded }).int(DOCUMENT_MESSAGES.lineNeeded).min(1, DOCUMENT_MESSAGES.lineNeeded).max(9999, DOCUMENT_MESSAGES.lineNeeded).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.document === 'insurance' && body.line === undefined) ctx.addIssue({ code: 'custom', path: ['line'], message: DOCUMENT_MESSAGES.lineNeeded });
    if (body.document !== 'insurance' && body.line !== undefined) ctx.addIssue({ code: 'custom', path: ['line'], message: DOCUMENT_MESSAGES.lineNotWanted });
  });
export type DocumentLinkRequest = z.infer<typeof documentLinkRequestSchema>;

/** The link made: its address (the token is in it, shown this once), the file it serves and when it stops working. */
export const documentLinkResponseSchema = z.object({
  url: z.string(),
  filename: z.string(),
  expires_at: z.string(),
});
export type DocumentLinkResponse = z.infer<typeof documentLinkResponseSchema>;

/** GET /api/orders/{order_number}/documents/insurance/{line}: the line as typed; what names no insurable line is a 404. */
export const documentLineParamSchema = z.object({ order_number: z.string(), line: z.string() });
/** The back office's order routes name the order `orderNumber`. */
export const adminDocumentParamSchema = z.object({ orderNumber: z.string().min(1).max(40) });
export const adminDocumentLineParamSchema = z.object({ orderNumber: z.string().min(1).max(40), line: z.string() });
/** GET /api/documents/{token}. */
export const documentTokenParamSchema = z.object({ token: z.string() });
