import { ORDER_DOCUMENT_LABELS, insurableLineNumbers, orderDocumentFilename } from '@everstone/contract/core';
import type { AdminOrder } from '@everstone/contract';

/**
 * The order's PDFs for staff: the invoice, the packing slip (no prices) and each diamond's or ring's insurance sheet.
 * The back office's session is a same-site cookie on /api/admin, which a plain link sends, so these are links that
 * download; each download is on the order's history (the audit log).
 */
export function OrderDocumentsPanel({ order }: { order: Pick<AdminOrder, 'order_number' | 'lines'> }) {
  const base = `/api/admin/orders/${encodeURIComponent(order.order_number)}/documents`;
  const links = [
    { href: `${base}/invoice`, label: ORDER_DOCUMENT_LABELS.invoice, filename: orderDocumentFilename(order.order_number, 'invoice'), detail: null },
    { href: `${base}/packing-slip`, label: `${ORDER_DOCUMENT_LABELS['packing-slip']} (no prices)`, filename: orderDocumentFilename(order.order_number, 'packing-slip'), detail: null },
    ...insurableLineNumbers(order.lines).map((n) => {
      const line = order.lines[n - 1]!;
      return {
        href: `${base}/insurance/${n}`,
        label: `Insurance documentation, line ${n}`,
        filename: orderDocumentFilename(order.order_number, 'insurance', n),
        detail: line.ring ? `${line.ring.setting_name}, certificate ${line.ring.certificate_number}` : `${line.description}, certificate ${line.certificate_number ?? ''}`,
      };
    }),
  ];
  return (
    <section className="adm-panel" aria-labelledby="documents-title">
      <h2 id="documents-title" className="adm-panel__title">
        Documents
      </h2>
      <ul className="adm-documents">
        {links.map((link) => (
          <li key={link.href}>
            <a className="adm-link" href={link.href} download={link.filename}>
              {link.label}
              <span className="visually-hidden"> (PDF)</span>
            </a>
            {link.detail && <span className="adm-muted adm-documents__detail">{link.detail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
