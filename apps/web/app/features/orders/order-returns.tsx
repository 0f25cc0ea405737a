import { useState } from 'react';
import { Link } from 'react-router';
import {
  CARE_KIND_LABELS,
  CARE_NOTE_MAX,
  RING_SIZES,
  RING_SIZE_UNKNOWN,
  resizeCreatedSchema,
  resizeRequestSchema,
  type CareTicket,
  RETURN_NOTE_MAX,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  formatAmount,
  orderSchema,
  returnCreatedSchema,
  returnLabelLinkSchema,
  returnRequestSchema,
  type Order,
  type OrderReturn,
} from '@everstone/contract';
import { Field, answerFrom, refusedBeforeSending, useForm } from '../../components/ui/form';
import { FormNotice, errorsFromIssues } from '../../components/ui/fields';
import { fieldErrorId } from '../../components/ui/field-errors';
import { api, failureText } from '../../lib/api';
import { formatOrderDate } from './orders';

const FIELDS = ['lines', 'reason', 'note'] as const;
const FALLBACK = 'We could not reach our store just now. Please check your connection and try again.';

/** A label's link, once the store has given one in this visit (the token is shown once; a new one can be asked for). */
type Labels = Record<string, { url: string; until: string }>;

function LabelLink({ rma, label }: { rma: string; label: { url: string; until: string } }) {
  return (
    <p className="order-return__label">
      <a className="button order-return__download" href={label.url} download={`everstone-${rma.startsWith('RMA-') ? 'return' : 'resize'}-${rma}.pdf`}>
        Download the prepaid label
        <span className="visually-hidden"> for {rma} (PDF)</span>
      </a>
      <span className="order-return__until">
        Use it by <time dateTime={label.until}>{formatOrderDate(label.until)}</time>
      </span>
    </p>
  );
}

/**
 * While the store waits for the parcel: its label (or the way to a new link), and withdrawing it, confirmed first.
 * `base` is the return's or resize's own path; a new link stops the emailed one.
 */
function LabelActions({ base, number, what, label, onLabel, onOrder }: { base: string; number: string; what: 'return' | 'resize'; label: Labels[string] | undefined; onLabel: (number: string, label: Labels[string]) => void; onOrder: (order: Order) => void }) {
  const [busy, setBusy] = useState<'label' | 'cancel' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const call = async (step: 'label' | 'cancel') => {
    setBusy(step);
    setProblem(null);
    const res = step === 'label' ? await api.post(`${base}/label`, {}, returnLabelLinkSchema) : await api.post(`${base}/cancel`, {}, orderSchema);
    setBusy(null);
    setConfirming(false);
    if (!res.ok) setProblem((res.status >= 400 && res.status < 500 && failureText(res)) || FALLBACK);
    else if ('label_url' in res.data) onLabel(number, { url: res.data.label_url, until: res.data.label_expires_at });
    else onOrder(res.data);
  };
  return (
    <>
      {label ? (
        <LabelLink rma={number} label={label} />
      ) : (
        <p className="order-return__note">Print the prepaid, insured label from the link we emailed you, or get a new link here (the emailed one then stops working).</p>
      )}
      <div className="order-return__actions">
        {!label && (
          <button type="button" className="button button--ghost" onClick={() => void call('label')} disabled={busy !== null}>
            {busy === 'label' ? 'Getting the label…' : 'Get the label'}
          </button>
        )}
        {confirming ? (
          <>
            <button type="button" className="button button--ghost" onClick={() => void call('cancel')} disabled={busy !== null}>
              {busy === 'cancel' ? 'Cancelling…' : `Yes, cancel ${what} ${number}`}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={busy !== null}>
              Keep the {what}
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)} disabled={busy !== null}>
            Cancel this {what}
          </button>
        )}
      </div>
      {problem && (
        <p className="form-banner form-banner--error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** One return: its RMA, where it stands, its pieces, its refund, and what the shopper can still do with it. */
function ReturnCard({ order, ret, label, onLabel, onOrder }: { order: Order; ret: OrderReturn; label: Labels[string] | undefined; onLabel: (rma: string, label: Labels[string]) => void; onOrder: (order: Order) => void }) {
  const base = `/api/orders/${encodeURIComponent(order.order_number)}/returns/${encodeURIComponent(ret.rma)}`;
  const authorized = ret.status === 'authorized';
  return (
    <li className={`order-return order-return--${ret.status}`}>
      <p className="order-return__head">
        <span className="order-return__rma">Return {ret.rma}</span>
        <span className="order-return__status">{ret.status_label}</span>
      </p>
      <dl className="order-return__rows">
        <div>
          <dt>Pieces</dt>
          <dd>{ret.lines.map((n) => order.lines[n - 1]?.description ?? `Line ${n}`).join('; ')}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>
            <time dateTime={ret.requested_at}>{formatOrderDate(ret.requested_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{ret.status === 'refunded' ? 'Refunded' : 'Refund once inspected'}</dt>
          <dd>
            {formatAmount(ret.refund)}
            {Number(ret.fee) > 0 && <span className="order-return__fee"> (after the {formatAmount(ret.fee)} engraving removal)</span>}
          </dd>
        </div>
      </dl>
      {ret.status === 'refunded' && ret.refund_reference && <p className="order-return__note">Refund reference {ret.refund_reference}. It may take a few business days to show.</p>}
      {ret.exchange_order_number && (
        <p className="order-return__note">
          Exchanged: the refund settles your new order <Link to={`/orders/${ret.exchange_order_number}`}>{ret.exchange_order_number}</Link>.
        </p>
      )}
      {ret.status === 'rejected' && <p className="order-return__note">This return did not pass our inspection: the piece is on its way back to you, insured. We emailed you what we found.</p>}
      {ret.status === 'received' && <p className="order-return__note">It has reached our workshop; we inspect it within two business days.</p>}
      {authorized && <LabelActions base={base} number={ret.rma} what="return" label={label} onLabel={onLabel} onOrder={onOrder} />}
    </li>
  );
}

/** The form that asks for a return: which of the returnable pieces, why, and a note. */
function ReturnForm({ order, onCreated }: { order: Order; onCreated: (order: Order, rma: string, label: Labels[string]) => void }) {
  const returnable = order.after_sale.filter((l) => l.returnable);
  const form = useForm({
    fields: FIELDS,
    send: async (typed, data) => {
      const request = { lines: data.getAll('lines').map(Number), reason: typed.reason, note: typed.note.trim() || null };
      const checked = returnRequestSchema.safeParse(request);
      if (!checked.success) return refusedBeforeSending(errorsFromIssues(checked.error.issues));
      const res = await api.post(`/api/orders/${encodeURIComponent(order.order_number)}/returns`, checked.data, returnCreatedSchema);
      if (res.ok) onCreated(res.data.order, res.data.rma, { url: res.data.label_url, until: res.data.label_expires_at });
      return answerFrom(res, { fields: FIELDS, fallback: FALLBACK, success: res.ok ? res.data.message : undefined, values: typed });
    },
  });
  const linesError = form.errors.lines;
  return (
    <form.Form {...form.props} className="order-return-form" noValidate aria-labelledby="order-return-form-title">
      <h3 id="order-return-form-title" className="order-return-form__title">
        Return a piece
      </h3>
      <fieldset className="order-return-form__lines" aria-invalid={linesError ? true : undefined} aria-describedby={linesError ? fieldErrorId(form.id, 'lines') : undefined}>
        <legend className="form-label">Which pieces?</legend>
        {returnable.map((l) => {
          const line = order.lines[l.line - 1]!;
          return (
            <label key={l.line} className="order-return-form__line">
              <input type="checkbox" name="lines" value={l.line} onChange={() => form.clear('lines')} />
              <span>
                {line.description} <span className="order-return-form__amount">{formatAmount(line.total)}</span>
                {Number(l.engraving_removal_fee) > 0 && <span className="order-return-form__fee">Engraved: {formatAmount(l.engraving_removal_fee)} for removing the engraving is taken from the refund.</span>}
              </span>
            </label>
          );
        })}
        {linesError && (
          <p id={fieldErrorId(form.id, 'lines')} className="field-error">
            {linesError.join(' ')}
          </p>
        )}
      </fieldset>
      <Field form={form} as="select" name="reason" label="Why are you returning it?" required defaultValue="">
        <option value="" disabled>
          Choose a reason
        </option>
        {RETURN_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {RETURN_REASON_LABELS[reason]}
          </option>
        ))}
      </Field>
      <Field form={form} as="textarea" name="note" label="Anything we should know?" optional maxLength={RETURN_NOTE_MAX} rows={3} />
      <p className="order-return-form__terms">
        We send you a prepaid, insured label. Once the piece reaches our workshop and passes inspection, we refund it the way you paid. One return every six months.
      </p>
      <button type="submit" className="button" disabled={form.busy}>
        {form.busy ? 'Asking…' : 'Request a return'}
      </button>
      <FormNotice notice={form.notice} />
    </form.Form>
  );
}

/** One resize or repair: its number, where it stands, its sizes and cost, and the label while the ring is to come. */
function TicketCard({ order, ticket, label, onLabel, onOrder }: { order: Order; ticket: CareTicket; label: Labels[string] | undefined; onLabel: (number: string, label: Labels[string]) => void; onOrder: (order: Order) => void }) {
  const base = `/api/orders/${encodeURIComponent(order.order_number)}/resizes/${encodeURIComponent(ticket.number)}`;
  const waiting = ticket.kind === 'resize' && ticket.status === 'requested';
  const piece = order.lines[ticket.line - 1]?.description ?? `Line ${ticket.line}`;
  return (
    <li className={`order-return order-return--${ticket.status}`}>
      <p className="order-return__head">
        <span className="order-return__rma">
          {CARE_KIND_LABELS[ticket.kind]} {ticket.number}
        </span>
        <span className="order-return__status">{ticket.status_label}</span>
      </p>
      <dl className="order-return__rows">
        <div>
          <dt>Piece</dt>
          <dd>{piece}</dd>
        </div>
        <div>
          <dt>{ticket.kind === 'resize' ? 'New size' : 'Repair'}</dt>
          <dd>{ticket.kind === 'resize' ? `${ticket.from_size && ticket.from_size !== RING_SIZE_UNKNOWN ? `${ticket.from_size} → ` : ''}${ticket.to_size}` : ticket.description}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{ticket.free ? 'Free' : ticket.fee !== null ? formatAmount(ticket.fee) : 'Quoted before we start'}</dd>
        </div>
      </dl>
      {ticket.status === 'shipped_back' && <p className="order-return__note">On its way back to you, insured: follow it under Shipments above.</p>}
      {waiting && <LabelActions base={base} number={ticket.number} what="resize" label={label} onLabel={onLabel} onOrder={onOrder} />}
    </li>
  );
}

const RESIZE_FIELDS = ['line', 'to_size', 'note'] as const;

/** The form that asks for a resize: which ring (when there are several), its new size, and a note. */
function ResizeForm({ order, onCreated }: { order: Order; onCreated: (order: Order, number: string, label: Labels[string], message: string) => void }) {
  const rings = order.after_sale.filter((l) => l.resizable);
  const form = useForm({
    fields: RESIZE_FIELDS,
    send: async (typed) => {
      const request = { line: Number(typed.line), to_size: typed.to_size, note: typed.note.trim() || null };
      const checked = resizeRequestSchema.safeParse(request);
      if (!checked.success) return refusedBeforeSending(errorsFromIssues(checked.error.issues));
      const res = await api.post(`/api/orders/${encodeURIComponent(order.order_number)}/resizes`, checked.data, resizeCreatedSchema);
      if (res.ok) onCreated(res.data.order, res.data.number, { url: res.data.label_url, until: res.data.label_expires_at }, res.data.message);
      return answerFrom(res, { fields: RESIZE_FIELDS, fallback: FALLBACK, values: typed });
    },
  });
  const only = rings.length === 1 ? rings[0]! : null;
  return (
    <form.Form {...form.props} className="order-return-form" noValidate aria-labelledby="order-resize-form-title">
      <h3 id="order-resize-form-title" className="order-return-form__title">
        Resize a ring
      </h3>
      {only ? (
        <>
          <input type="hidden" name="line" value={only.line} />
          <p className="order-return-form__terms">
            {order.lines[only.line - 1]?.description}. {only.free_resize ? 'Its first resize within two sizes is free.' : 'We will quote the resize before our jeweler starts.'}
          </p>
        </>
      ) : (
        <Field form={form} as="select" name="line" label="Which ring?" required defaultValue="">
          <option value="" disabled>
            Choose the ring
          </option>
          {rings.map((l) => (
            <option key={l.line} value={l.line}>
              {order.lines[l.line - 1]?.description}
              {l.free_resize ? ' (first resize free)' : ''}
            </option>
          ))}
        </Field>
      )}
      <Field form={form} as="select" name="to_size" label="New size (US)" required defaultValue="">
        <option value="" disabled>
          Choose the size
        </option>
        {RING_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Field>
      <Field form={form} as="textarea" name="note" label="Anything our jeweler should know?" optional maxLength={CARE_NOTE_MAX} rows={2} />
      <p className="order-return-form__terms">We send you a prepaid, insured label. Resizing takes about five business days at our bench once the ring arrives.</p>
      <button type="submit" className="button" disabled={form.busy}>
        {form.busy ? 'Booking…' : 'Book the resize'}
      </button>
      <FormNotice notice={form.notice} />
    </form.Form>
  );
}

/**
 * After delivery: what the shopper may do with each piece and until when (the contract's rules, as the API answers
 * them), the order's returns with their labels, and the form that asks for one.
 */
export function OrderAfterSale({ order, onOrder }: { order: Order; onOrder: (order: Order) => void }) {
  const [labels, setLabels] = useState<Labels>({});
  const [announced, setAnnounced] = useState<string | null>(null);
  const rights = order.after_sale.filter((l) => l.notes.length > 0);
  const anyReturnable = order.after_sale.some((l) => l.returnable);
  const anyResizable = order.after_sale.some((l) => l.resizable);
  if (rights.length === 0 && order.returns.length === 0 && order.tickets.length === 0) return null;
  const addLabel = (key: string, label: Labels[string]) => setLabels((all) => ({ ...all, [key]: label }));
  return (
    <section className="order-after" aria-labelledby="order-after-title">
      <h2 id="order-after-title" className="order-page__section-title">
        Returns and resizing
      </h2>
      {rights.length > 0 && (
        <ul className="order-after__rights">
          {rights.map((l) => (
            <li key={l.line}>
              <span className="order-after__piece">{order.lines[l.line - 1]?.description}</span>
              {l.notes.map((note) => (
                <span key={note} className="order-after__right">
                  {note}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p className="order-after__announce" role="status">
        {announced}
      </p>
      {order.returns.length > 0 && (
        <ul className="order-returns" aria-label="Your returns">
          {order.returns.map((ret) => (
            <ReturnCard key={ret.rma} order={order} ret={ret} label={labels[ret.rma]} onLabel={addLabel} onOrder={onOrder} />
          ))}
        </ul>
      )}
      {order.tickets.length > 0 && (
        <ul className="order-returns" aria-label="Your resizes and repairs">
          {order.tickets.map((ticket) => (
            <TicketCard key={ticket.number} order={order} ticket={ticket} label={labels[ticket.number]} onLabel={addLabel} onOrder={onOrder} />
          ))}
        </ul>
      )}
      {anyResizable && (
        <ResizeForm
          order={order}
          onCreated={(next, number, label, message) => {
            addLabel(number, label);
            setAnnounced(message);
            onOrder(next);
          }}
        />
      )}
      {anyReturnable && (
        <ReturnForm
          order={order}
          onCreated={(next, rma, label) => {
            addLabel(rma, label);
            setAnnounced(`Return ${rma} is authorized: download its prepaid label below. We have emailed you the link too.`);
            onOrder(next);
          }}
        />
      )}
    </section>
  );
}
