import { useState } from 'react';
import { ORDER_DOCUMENT_LABELS, insurableLineNumbers, orderDocumentFilename, type OrderDocument } from '@everstone/contract/core';
import type { Order } from '@everstone/contract';
import { api, failureText } from '../../lib/api';
import { saveFile } from '../../lib/save-file';
import { signOut } from '../../lib/session';

/** One document the box offers: which, the line of an insurance sheet, and the button's words. */
interface Offered {
  document: OrderDocument;
  line: number | null;
  label: string;
  /** Said to a screen reader after the label: which piece an insurance sheet is of. */
  detail: string | null;
}

/** The documents of an order: its invoice, its packing slip, and an insurance sheet per diamond or ring line. */
export function offeredDocuments(order: Pick<Order, 'lines'>): Offered[] {
  return [
    { document: 'invoice', line: null, label: ORDER_DOCUMENT_LABELS.invoice, detail: null },
    { document: 'packing-slip', line: null, label: ORDER_DOCUMENT_LABELS['packing-slip'], detail: null },
    ...insurableLineNumbers(order.lines).map((n): Offered => {
      const line = order.lines[n - 1]!;
      return { document: 'insurance', line: n, label: `Insurance documentation, item ${n}`, detail: line.ring ? line.ring.setting_name : line.description };
    }),
  ];
}

/** The API's address of one document of the shopper's order. */
export function documentPath(orderNumber: string, document: OrderDocument, line: number | null): string {
  const base = `/api/orders/${encodeURIComponent(orderNumber)}/documents`;
  return document === 'insurance' ? `${base}/insurance/${line}` : `${base}/${document}`;
}

type State = { busy: string | null; message: { kind: 'error' | 'success'; text: string } | null };

/**
 * The order's documents as PDFs to download: the invoice, the packing slip and each diamond's or ring's insurance
 * sheet (documentation for an insurer, not an appraisal). The API needs the session's bearer token, which a plain
 * link would not send, so each button fetches its file and hands it to the browser to save.
 */
export function OrderDocuments({ order, token }: { order: Order; token: string }) {
  const [state, setState] = useState<State>({ busy: null, message: null });
  const offered = offeredDocuments(order);

  async function download(item: Offered) {
    const key = `${item.document}-${item.line ?? ''}`;
    setState({ busy: key, message: null });
    const res = await api.file(documentPath(order.order_number, item.document, item.line), { token });
    if (res.ok) {
      saveFile(res.data.blob, res.data.filename ?? orderDocumentFilename(order.order_number, item.document, item.line));
      setState({ busy: null, message: { kind: 'success', text: `${item.label} downloaded.` } });
      return;
    }
    if (res.status === 401) void signOut();
    const text = failureText(res) ?? 'We could not prepare the document. Please check your connection and try again.';
    setState({ busy: null, message: { kind: 'error', text } });
  }

  return (
    <section className="order-box order-documents" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title" className="order-box__title">
        Documents
      </h2>
      <p className="order-box__note">PDFs of your order. The insurance documentation records what you bought and paid; it is not an appraisal.</p>
      <ul className="order-documents__list">
        {offered.map((item) => {
          const key = `${item.document}-${item.line ?? ''}`;
          return (
            <li key={key}>
              <button type="button" className="button button--ghost order-documents__button" onClick={() => void download(item)} disabled={state.busy !== null} aria-busy={state.busy === key ? true : undefined}>
                {item.label}
                {item.detail && <span className="order-documents__detail">{item.detail}</span>}
                <span className="visually-hidden"> (PDF)</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite" className="order-documents__status">
        {state.busy !== null && <p className="order-box__note">Preparing your document…</p>}
        {state.message && <p className={`form-banner form-banner--${state.message.kind}`}>{state.message.text}</p>}
      </div>
    </section>
  );
}
