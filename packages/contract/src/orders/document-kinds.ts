/**
 * An order's documents (issue 30, "Documents"): what they are, which lines have an insurance sheet, how long a link
 * to one works. Said once for the server's renderers and routes, the shopper's order page and the back office. Free
 * of Zod (the storefront's first load). docs/decisions/023-order-documents.md.
 */

/** The documents of an order: its invoice, its packing slip (no prices), and an insurance sheet per stone or ring. */
export const ORDER_DOCUMENTS = ['invoice', 'packing-slip', 'insurance'] as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[number];
export const ORDER_DOCUMENT_LABELS: Record<OrderDocument, string> = {
  invoice: 'Invoice',
  'packing-slip': 'Packing slip',
  insurance: 'Insurance documentation',
};

/** How long a document link works, days: long enough to forward to an insurer, short enough not to linger in a mailbox. */
export const DOCUMENT_LINK_DAYS = 7;

/** What every insurance sheet says it is, in its heading: a record of what was sold, never a valuation. */
export const INSURANCE_SHEET_HEADING = 'Insurance documentation — not an appraisal';

/** The kinds of line that carry a certified stone, and so an insurance sheet: a loose diamond and a built ring. */
export const INSURABLE_LINE_KINDS = ['diamond', 'ring'] as const;

/** The 1-based numbers of an order's top-level lines that have an insurance sheet, in the order's order. */
export function insurableLineNumbers(lines: readonly { kind: string }[]): number[] {
  return lines.flatMap((line, i) => ((INSURABLE_LINE_KINDS as readonly string[]).includes(line.kind) ? [i + 1] : []));
}

/** The file name a document is saved under: `EV-2026-K7M3QX-invoice.pdf`, `EV-2026-K7M3QX-insurance-line-2.pdf`. */
export function orderDocumentFilename(orderNumber: string, document: OrderDocument, line?: number | null): string {
  return `${orderNumber}-${document}${document === 'insurance' && line ? `-line-${line}` : ''}.pdf`;
}

/** The texts the documents' routes answer with. */
export const DOCUMENT_MESSAGES = {
  noLine: 'This order has no line with that number that has insurance documentation: only diamonds and rings have one.',
  lineNeeded: 'Say which line of the order the insurance documentation is for (its number, from 1).',
  lineNotWanted: 'Only the insurance documentation is for one line: leave the line out for the invoice and the packing slip.',
  linkGone: 'This document link has expired or does not exist. Open the order in your account to download the document again.',
} as const;
