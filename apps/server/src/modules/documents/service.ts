import {
  DOCUMENT_LINK_DAYS,
  DOCUMENT_MESSAGES,
  INSURABLE_LINE_KINDS,
  orderDocumentFilename,
  type Diamond,
  type DocumentLinkResponse,
  type Order,
  type OrderDocument,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import type { SignedIn } from '../../plugins/auth.ts';
import { identityWith, type StoreIdentity } from './identity.ts';
import { returnLabelPdf, type ReturnLabelInput } from './return-label.ts';
import { insuranceSheetPdf, type InsuredLine } from './insurance-sheet.ts';
import { invoicePdf } from './invoice.ts';
import { packingSlipPdf } from './packing-slip.ts';
import { createDocumentRepository } from './repository.ts';
import { documentTables, type DocumentTables } from './tables.ts';

/** Which document of an order: the invoice, the packing slip, or the insurance sheet of one line (1-based). */
export interface DocumentRequest {
  document: OrderDocument;
  /** The line of an insurance sheet, as the route or the body gave it. */
  line?: number | string | null;
}

/** A document ready to send: the file's name and its bytes. */
export interface RenderedDocument {
  filename: string;
  pdf: Buffer;
}

export interface DocumentServiceDeps {
  db: { db: Handle; engine: Engine };
  /** The shopper's own orders (another account's is the same 404 as a missing one). */
  orders: { getOrder(signedIn: SignedIn, orderNumber: string): Promise<Order> };
  /** Any order, by number: the back office's, and the one a link names. */
  desk: { find(orderNumber: string): Promise<Order> };
  /** The stones' grading records, whatever their status now (a sold stone included). */
  diamonds: { lookupDiamonds(ids: readonly number[]): Promise<{ data: Diamond[] }> };
  /** A setting variant's metal weight. */
  jewelry: { variantsForSale(trx: Handle, ids: readonly number[]): Promise<Map<number, { variant: { metalGrams: number } }>> };
  /** STORE_EMAIL, printed on every document. */
  storeEmail: string;
  /** PUBLIC_URL: a link's address is absolute, so it can be forwarded to an insurer. */
  publicUrl: string;
  now?: () => Date;
}

/** Only what a link can be: 32 random bytes in base64url. Anything else is a 404 without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A line as typed in a route: digits only, from 1 (nothing else can name a line). */
const LINE_SHAPE = /^[1-9]\d{0,3}$/;

/**
 * An order's documents (docs/decisions/023-order-documents.md): rendered on request from the order as the orders
 * module answers it (never stored), for its shopper, for staff, or through a link that opens one document without
 * signing in until it expires. Only the link's SHA-256 is kept.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  const d: ModuleDb<DocumentTables> = { db: documentTables(deps.db.db), engine: deps.db.engine };
  const repo = createDocumentRepository(d.db);
  const now = deps.now ?? (() => new Date());
  const identity: StoreIdentity = identityWith(deps.storeEmail);

  /** The line number of an insurance sheet, when it names a diamond or ring line of the order; a 404 otherwise. */
  function insurableLine(order: Order, line: DocumentRequest['line']): number {
    const text = typeof line === 'number' ? String(line) : (line ?? '');
    const n = LINE_SHAPE.test(text) ? Number(text) : 0;
    const found = order.lines[n - 1];
    if (!found || !(INSURABLE_LINE_KINDS as readonly string[]).includes(found.kind)) throw new NotFoundError(DOCUMENT_MESSAGES.noLine);
    return n;
  }

  /** The stone's record when the catalog still holds the certificate the order names, and the setting's grams. */
  async function insured(order: Order, number: number): Promise<InsuredLine> {
    const line = order.lines[number - 1]!;
    const stoneId = line.ring?.diamond_id ?? line.diamondid;
    const certificate = line.ring?.certificate_number ?? line.certificate_number;
    const [stones, variants] = await Promise.all([
      stoneId === null ? null : deps.diamonds.lookupDiamonds([stoneId]),
      line.ring ? deps.jewelry.variantsForSale(deps.db.db, [line.ring.setting_variant_id]) : null,
    ]);
    // A stone's record may have been replaced since (a re-import under the same id): only the same certificate counts.
    const stone = stones?.data.find((s) => s.diamondid === stoneId && s.certificate_number === certificate) ?? null;
    const grams = line.ring ? (variants?.get(line.ring.setting_variant_id)?.variant.metalGrams ?? null) : null;
    return { number, line, stone, metalGrams: grams };
  }

  /** Renders one document of an order it has already read and checked. */
  async function render(order: Order, request: DocumentRequest): Promise<RenderedDocument> {
    switch (request.document) {
      case 'invoice':
        return { filename: orderDocumentFilename(order.order_number, 'invoice'), pdf: await invoicePdf(order, { identity }) };
      case 'packing-slip':
        return { filename: orderDocumentFilename(order.order_number, 'packing-slip'), pdf: await packingSlipPdf(order, { identity }) };
      case 'insurance': {
        const number = insurableLine(order, request.line);
        return { filename: orderDocumentFilename(order.order_number, 'insurance', number), pdf: await insuranceSheetPdf(order, await insured(order, number), { identity }) };
      }
    }
  }

  /** Stores a new link's hash (and forgets expired ones); with `record`, staff's audit entry in the same transaction. */
  async function makeLink(order: Order, request: DocumentRequest, by: { userId: number | null; staff: string | null; record?: (trx: Handle) => Promise<void> }): Promise<DocumentLinkResponse> {
    const line = request.document === 'insurance' ? insurableLine(order, request.line) : null;
    const { token, hash } = createOpaqueToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + DOCUMENT_LINK_DAYS * 86_400_000).toISOString();
    await writeTransaction(d, async (trx) => {
      const r = createDocumentRepository(trx);
      await r.deleteExpired(at.toISOString());
      await r.insert({
        token_hash: hash,
        order_number: order.order_number,
        document: request.document,
        line,
        created_at: at.toISOString(),
        expires_at: expiresAt,
        created_by_user_id: by.userId,
        created_by_staff: by.staff,
      });
      if (by.record) await by.record(trx);
    });
    return { url: `${deps.publicUrl}/api/documents/${token}`, filename: orderDocumentFilename(order.order_number, request.document, line), expires_at: expiresAt };
  }

  return {
    /** A return's prepaid label, from the store's own identity (its returns address). */
    returnLabel: (label: ReturnLabelInput) => returnLabelPdf(label, { identity }),

    /** One document of the signed-in shopper's own order. */
    async forShopper(signedIn: SignedIn, orderNumber: string, request: DocumentRequest): Promise<RenderedDocument> {
      return render(await deps.orders.getOrder(signedIn, orderNumber), request);
    },

    /** One document of any order, for the back office. Answers the order's number too (its audit entry names it). */
    async forStaff(orderNumber: string, request: DocumentRequest): Promise<RenderedDocument & { orderNumber: string }> {
      const order = await deps.desk.find(orderNumber);
      return { ...(await render(order, request)), orderNumber: order.order_number };
    },

    /** A link to one document of the shopper's own order, working DOCUMENT_LINK_DAYS without signing in. */
    async linkForShopper(signedIn: SignedIn, orderNumber: string, request: DocumentRequest): Promise<DocumentLinkResponse> {
      return makeLink(await deps.orders.getOrder(signedIn, orderNumber), request, { userId: signedIn.user.id, staff: null });
    },

    /** The same, made by staff; `record` writes its audit entry with the link, given the order's number. */
    async linkForStaff(orderNumber: string, request: DocumentRequest, by: { email: string; record: (trx: Handle, orderNumber: string) => Promise<void> }): Promise<DocumentLinkResponse> {
      const order = await deps.desk.find(orderNumber);
      return makeLink(order, request, { userId: null, staff: by.email, record: (trx) => by.record(trx, order.order_number) });
    },

    /** The document a link opens, while it works; a missing, malformed or expired link is the same 404. */
    async byLink(token: string): Promise<RenderedDocument> {
      const found = TOKEN_SHAPE.test(token) ? await repo.findLive(hashToken(token), now().toISOString()) : undefined;
      if (!found) throw new NotFoundError(DOCUMENT_MESSAGES.linkGone);
      const order = await deps.desk.find(found.orderNumber).catch((err: unknown) => {
        if (err instanceof NotFoundError) throw new NotFoundError(DOCUMENT_MESSAGES.linkGone);
        throw err;
      });
      return render(order, { document: found.document as OrderDocument, line: found.line });
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
