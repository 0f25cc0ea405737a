import { ORDER_DOCUMENT_LABELS, type Order } from '@everstone/contract';
import { STORE_IDENTITY } from './identity.ts';
import { addressLines, describeLine } from './lines.ts';
import { CONTENT_WIDTH, MUTED, PAGE, addressBlock, footers, formatDocumentDay, header, put, renderPdf, room, table, type RenderOptions } from './pdf.ts';

/**
 * The sheet that goes in the box: who it is for and what is in it (certificates, ring sizes, engravings), with a box
 * to tick for each line as it is packed. No prices anywhere, since a gift's recipient may open it.
 */
export function packingSlipPdf(order: Order, options: RenderOptions = {}): Promise<Buffer> {
  const identity = options.identity ?? STORE_IDENTITY;
  return renderPdf(
    { title: `${ORDER_DOCUMENT_LABELS['packing-slip']} ${order.order_number}`, subject: `What is in the parcel of ${identity.name} order ${order.order_number}`, author: identity.legalName },
    (doc) => {
      let y = header(doc, identity, ORDER_DOCUMENT_LABELS['packing-slip'], [
        ['Order number', order.order_number],
        ['Order date', formatDocumentDay(order.created_at)],
        ['Pieces', String(order.lines.reduce((n, line) => n + line.quantity, 0))],
      ]);
      const half = CONTENT_WIDTH / 2 - 10;
      const shipTo = addressBlock(doc, 'Ship to', addressLines(order), PAGE.margin, y, half);
      let notes = y;
      if (order.is_gift) notes = addressBlock(doc, 'Gift', ['This order is a gift: no prices are included.'], PAGE.margin + half + 20, notes, half, false) + 8;
      if (order.notes) notes = addressBlock(doc, 'Note from the shopper', [order.notes], PAGE.margin + half + 20, notes, half, false);
      y = Math.max(shipTo, notes) + 18;

      y = table(
        doc,
        [
          { title: '#', width: 24 },
          { title: 'Item', width: CONTENT_WIDTH - 24 - 40 - 56 },
          { title: 'Qty', width: 40, align: 'right' },
          { title: 'Packed', width: 56, align: 'center', tick: true },
        ],
        order.lines.map((line, i) => {
          const { title, details } = describeLine(order, line);
          return { cells: [String(i + 1), title, String(line.quantity), ''], details };
        }),
        y,
      );
      y = room(doc, y + 10, 70);
      const lines = [
        'Every diamond travels with its grading report. Please keep this slip with your records.',
        `Questions about your order? Write to ${identity.email}, quoting order ${order.order_number}.`,
      ];
      for (const line of lines) y += put(doc, line, PAGE.margin, y, { size: 8.5, color: MUTED }) + 3;
      y += 14;
      put(doc, 'Packed by ______________________     Checked by ______________________', PAGE.margin, room(doc, y, 20), { size: 9 });
      footers(doc, identity, `Packing slip ${order.order_number} · no prices shown`);
    },
    options,
  );
}
