import { ORDER_DOCUMENT_LABELS, PAYMENT_METHOD_LABELS, STORE_TERMS, formatCents, priceToCents, type Order } from '@everstone/contract';
import { STORE_IDENTITY } from './identity.ts';
import { describeLine, addressLines } from './lines.ts';
import { CONTENT_WIDTH, FONT, GOLD, MUTED, PAGE, addressBlock, footers, formatDocumentDay, header, put, renderPdf, room, rule, table, type RenderOptions } from './pdf.ts';

/** Cents of §3's 2-decimal text, which the order's own answer always holds (a malformed one is a bug, not data). */
function centsOf(price: string): number {
  const cents = priceToCents(price);
  if (cents === null) throw new RangeError(`Not an amount: ${price}`);
  return cents;
}

/** The order's refunds done, each with its return's RMA and day, as the invoice lists them under what was paid. */
export function invoiceRefunds(order: Order): { rma: string; at: string; cents: number; exchangeOrder: string | null }[] {
  return order.returns.filter((r) => r.status === 'refunded' && r.closed_at !== null).map((r) => ({ rma: r.rma, at: r.closed_at!, cents: centsOf(r.refund), exchangeOrder: r.exchange_order_number }));
}

/**
 * What the invoice's totals say: the lines' sum, any difference from the order's total, what is paid or due, and
 * what returns refunded of it (the net paid is what the store kept).
 */
export function invoiceTotals(order: Order): { subtotalCents: number; taxCents: number; adjustmentCents: number; totalCents: number; paidCents: number; dueCents: number; refundedCents: number; netPaidCents: number } {
  const subtotalCents = order.lines.reduce((sum, line) => sum + centsOf(line.total), 0);
  const taxCents = centsOf(order.tax);
  const totalCents = centsOf(order.total_price);
  // The order's total is what was charged: should the lines and their tax ever not add up to it, the invoice says so
  // on a line of its own rather than print a total its lines contradict.
  const adjustmentCents = totalCents - subtotalCents - taxCents;
  const paidCents = order.payment_status === 'paid' ? totalCents : 0;
  const dueCents = order.payment_status === 'pending' && order.order_status !== 'cancelled' ? totalCents : 0;
  const refundedCents = invoiceRefunds(order).reduce((sum, r) => sum + r.cents, 0);
  return { subtotalCents, taxCents, adjustmentCents, totalCents, paidCents, dueCents, refundedCents, netPaidCents: paidCents - refundedCents };
}

/** The payment's state as an invoice says it. */
function paymentWords(order: Order): string {
  switch (order.payment_status) {
    case 'paid':
      return 'Paid in full';
    case 'refunded':
      return 'Refunded';
    case 'under_review':
      return 'Under review by PayPal';
    case 'pending':
      return order.order_status === 'cancelled' ? 'Not charged (order cancelled)' : 'Awaiting payment';
    case 'expired':
      return 'Not charged (hold expired)';
    case 'failed':
      return 'Payment failed';
  }
}

/**
 * The order's invoice: the store and the order, billed and shipped to, each line with its certificate and choices,
 * its quantity, unit price and amount, then the totals, which agree to the cent with the order's total, and what is
 * paid or due.
 */
export function invoicePdf(order: Order, options: RenderOptions = {}): Promise<Buffer> {
  const identity = options.identity ?? STORE_IDENTITY;
  const totals = invoiceTotals(order);
  return renderPdf(
    { title: `${ORDER_DOCUMENT_LABELS.invoice} ${order.order_number}`, subject: `The invoice of ${identity.name} order ${order.order_number}`, author: identity.legalName },
    (doc) => {
      let y = header(doc, identity, ORDER_DOCUMENT_LABELS.invoice, [
        ['Invoice number', order.order_number],
        ['Order date', formatDocumentDay(order.created_at)],
        ['Payment method', PAYMENT_METHOD_LABELS[order.payment_mode]],
        ['Payment', paymentWords(order)],
      ]);

      const half = CONTENT_WIDTH / 2 - 10;
      const [name, ...rest] = addressLines(order);
      const billed = addressBlock(doc, 'Billed to', [name!, ...rest], PAGE.margin, y, half);
      const shipped = addressBlock(doc, 'Ship to', [name!, ...rest.filter((l) => !l.startsWith('Phone'))], PAGE.margin + half + 20, y, half);
      y = Math.max(billed, shipped) + 18;

      y = table(
        doc,
        [
          { title: '#', width: 24 },
          { title: 'Description', width: CONTENT_WIDTH - 24 - 36 - 90 - 90 },
          { title: 'Qty', width: 36, align: 'right' },
          { title: 'Unit price', width: 90, align: 'right' },
          { title: 'Amount', width: 90, align: 'right' },
        ],
        order.lines.map((line, i) => {
          const { title, details } = describeLine(order, line);
          return { cells: [String(i + 1), title, String(line.quantity), formatCents(centsOf(line.unit_price)), formatCents(centsOf(line.total))], details };
        }),
        y,
      );

      const rows: [string, string, boolean][] = [['Subtotal', formatCents(totals.subtotalCents), false]];
      if (totals.adjustmentCents !== 0) rows.push([totals.adjustmentCents < 0 ? 'Discount' : 'Adjustment', formatCents(totals.adjustmentCents), false]);
      // The sales tax by jurisdiction and rate, as the order was charged it (none where none is collected).
      for (const t of order.taxes) rows.push([`${t.jurisdiction} ${t.rate}`, formatCents(centsOf(t.amount)), false]);
      rows.push(['Insured shipping', 'Free', false]);
      rows.push([`Total (${order.currency})`, formatCents(totals.totalCents), true]);
      if (totals.paidCents > 0) rows.push(['Amount paid', formatCents(totals.paidCents), false]);
      // A return's refund does not rewrite the sale: it is listed under it, with the return that made it.
      for (const r of invoiceRefunds(order)) rows.push([`Refunded ${formatDocumentDay(r.at)}, ${r.rma}${r.exchangeOrder ? ' (exchange)' : ''}`, formatCents(-r.cents), false]);
      if (totals.refundedCents > 0) rows.push(['Net paid', formatCents(totals.netPaidCents), true]);
      if (totals.dueCents > 0) rows.push(['Balance due', formatCents(totals.dueCents), true]);
      y = room(doc, y, rows.length * 18 + 10);
      const left = PAGE.margin + CONTENT_WIDTH - 350;
      for (const [label, value, strong] of rows) {
        if (strong) rule(doc, y - 3, GOLD, 0.8);
        put(doc, label, left, y, { width: 240, font: strong ? FONT.bold : FONT.regular, size: strong ? 11 : 9.5 });
        put(doc, value, left + 240, y, { width: 110, align: 'right', font: strong ? FONT.bold : FONT.regular, size: strong ? 11 : 9.5 });
        y += strong ? 20 : 16;
      }

      y = room(doc, y + 14, 60);
      const notes = [
        `Prices are in US dollars. Each diamond is sold with the grading report of the laboratory named on its line.`,
        `Returns within ${STORE_TERMS.returnDays} days of delivery, in the condition it arrived. Thank you for choosing ${identity.name}.`,
      ];
      for (const note of notes) y += put(doc, note, PAGE.margin, y, { size: 8.5, color: MUTED }) + 3;
      footers(doc, identity, `Invoice ${order.order_number}`);
    },
    options,
  );
}
