/** The documents module's public face: an order's PDFs (invoice, packing slip, insurance sheets, a return's label) and their links. */
export { createDocumentService, type DocumentService, type DocumentRequest, type RenderedDocument } from './service.ts';
export { documentRoutes, sendDocument } from './routes.ts';
export { invoicePdf, invoiceTotals } from './invoice.ts';
export { packingSlipPdf } from './packing-slip.ts';
export { insuranceSheetPdf, type InsuredLine } from './insurance-sheet.ts';
// The return flow (orders/returns.ts) hands a return's label to the shopper through this.
export { returnLabelPdf, type ReturnLabelInput } from './return-label.ts';
export { STORE_IDENTITY, identityWith, type StoreIdentity } from './identity.ts';
export { pdfText } from './pdf.ts';
