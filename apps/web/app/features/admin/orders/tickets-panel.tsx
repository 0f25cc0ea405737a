import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import {
  CARE_KIND_LABELS,
  CARE_NOTE_MAX,
  CARE_STEP_LABELS,
  CARRIERS,
  CARRIER_NAMES,
  RING_SIZE_UNKNOWN,
  adminReturnStepResponseSchema,
  allowedCareSteps,
  formatAmount,
  type AdminOrder,
  type CareStep,
  type CareTicket,
} from '@everstone/contract';
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import { adminApi } from '../kit/admin-api';
import { useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { DialogActions } from '../kit/dialog-actions';
import { formatDayTime } from '../kit/format';

type Done = (order: AdminOrder, message: string) => void;
type Action = { kind: 'step'; number: string; step: CareStep } | { kind: 'repair' };

const EFFECTS: Record<CareStep, { does: string; email: string; danger?: boolean }> = {
  receive: { does: 'The piece arrived at the store: the ticket is recorded received, and its label stops working.', email: 'The shopper is emailed that it arrived.' },
  start: {
    does: 'The work starts at the bench. A free resize takes no fee; any other fee is agreed with the shopper and taken first (at the card terminal or by phone), then recorded here with its payment’s reference.',
    email: 'No email: the shopper hears when it ships back.',
  },
  ship: { does: 'The piece goes back to the shopper, insured for its price, recorded on the order’s parcels with its tracking number.', email: 'The shopper is emailed the tracking link.' },
  cancel: { does: 'The ticket is withdrawn. If the store holds the piece, send it back to the shopper.', email: 'The shopper is emailed that it is cancelled.', danger: true },
};

const FIELDS = ['fee', 'reference', 'carrier', 'tracking_number', 'line', 'description'] as const;

function ActionForm({ order, ticket, action, onDone }: { order: AdminOrder; ticket: CareTicket | undefined; action: Action; onDone: Done }) {
  const run = useReauth();
  const failureText = useFailureText();
  const form = useForm({
    fields: FIELDS,
    resetOnSuccess: false,
    send: async (typed) => {
      const [path, body] =
        action.kind === 'repair'
          ? [`/api/admin/orders/${encodeURIComponent(order.order_number)}/repairs`, { line: Number(typed.line), description: typed.description }]
          : [
              `/api/admin/tickets/${encodeURIComponent(action.number)}/${action.step}`,
              action.step === 'start'
                ? { fee: typed.fee.trim() || null, reference: typed.reference.trim() || null }
                : action.step === 'ship'
                  ? { carrier: typed.carrier, tracking_number: typed.tracking_number }
                  : {},
            ];
      const result = await run(() => adminApi.post(path, body, adminReturnStepResponseSchema));
      if (result === null) return null;
      if (result.ok) {
        onDone(result.data.order, result.data.message);
        return answerFrom(result, { fields: FIELDS, fallback: '' });
      }
      const text = await failureText(result, 'The step could not be taken. Please try again in a moment.');
      return text === null ? null : answerFrom(result, { fields: FIELDS, fallback: text, values: typed });
    },
  });
  const title = action.kind === 'repair' ? `Open a repair: ${order.order_number}` : `${CARE_STEP_LABELS[action.step]}: ${action.number}`;
  const effect = action.kind === 'step' ? EFFECTS[action.step] : { does: 'A piece of this order brought to the showroom for a repair: the ticket opens with the piece received.', email: 'No email now: the shopper is emailed when it ships back.' };
  return (
    <>
      <Dialog.Title className="adm-dialog__title">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>{effect.does}</p>
          <p className="adm-dialog__email">{effect.email}</p>
        </div>
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={title}>
        {action.kind === 'repair' && (
          <>
            <Field form={form} as="select" name="line" label="Piece" controlClassName="adm-control" required defaultValue="">
              <option value="" disabled>
                Choose the piece
              </option>
              {order.lines.map((line, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}. {line.description}
                </option>
              ))}
            </Field>
            <Field form={form} as="textarea" name="description" label="What needs repairing" controlClassName="adm-control" required rows={3} maxLength={CARE_NOTE_MAX} />
          </>
        )}
        {action.kind === 'step' && action.step === 'start' && !ticket?.free && (
          <>
            <Field form={form} name="fee" label="Fee (USD)" optional controlClassName="adm-control" inputMode="decimal" autoComplete="off" hint="Leave empty when the store waives it." />
            <Field form={form} name="reference" label="Payment reference" optional controlClassName="adm-control" maxLength={80} autoComplete="off" hint="Of the fee’s payment, once taken." />
          </>
        )}
        {action.kind === 'step' && action.step === 'ship' && (
          <>
            <Field form={form} name="carrier" label="Carrier" as="select" controlClassName="adm-control" required defaultValue="">
              <option value="" disabled>
                Choose the carrier
              </option>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_NAMES[c]}
                </option>
              ))}
            </Field>
            <Field form={form} name="tracking_number" label="Tracking number" controlClassName="adm-control" required autoComplete="off" spellCheck={false} maxLength={60} hint="As printed on the label; spaces do not matter." />
          </>
        )}
        <DialogActions
          error={form.notice?.text ?? null}
          sending={form.busy}
          label={action.kind === 'repair' ? 'Open the repair' : CARE_STEP_LABELS[action.step]}
          busyLabel="Working…"
          danger={action.kind === 'step' && EFFECTS[action.step].danger === true}
        />
      </form.Form>
    </>
  );
}

/** The order's resizes and repairs with the steps each can take now, and a repair opened for a piece brought in. */
export function TicketsPanel({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const [action, setAction] = useState<Action | null>(null);
  const [opening, setOpening] = useState(0);
  const opener = useRef<HTMLButtonElement | null>(null);
  const repairable = order.order_status === 'delivered' || order.order_status === 'completed';
  if (order.tickets.length === 0 && !repairable) return null;
  const ticket = action?.kind === 'step' ? order.tickets.find((t) => t.number === action.number) : undefined;
  const openAction = (next: Action, button: HTMLButtonElement) => {
    opener.current = button;
    setOpening((n) => n + 1);
    setAction(next);
  };
  return (
    <section className="adm-panel" aria-labelledby="tickets-title">
      <h2 id="tickets-title" className="adm-panel__title" tabIndex={-1}>
        Resizes and repairs
      </h2>
      {order.tickets.length === 0 ? (
        <p className="adm-muted">None yet.</p>
      ) : (
        <ul className="adm-returns">
          {order.tickets.map((t) => (
            <li key={t.number} className="adm-return">
              <p className="adm-return__head">
                <strong>
                  {CARE_KIND_LABELS[t.kind]} {t.number}
                </strong>{' '}
                <span className="adm-badge adm-badge--outline">{t.status_label}</span>
              </p>
              <dl className="adm-facts">
                <div>
                  <dt>Line</dt>
                  <dd>
                    {t.line}. {order.lines[t.line - 1]?.description}
                  </dd>
                </div>
                <div>
                  <dt>{t.kind === 'resize' ? 'Size' : 'Repair'}</dt>
                  <dd>
                    {t.kind === 'resize' ? `${t.from_size && t.from_size !== RING_SIZE_UNKNOWN ? `${t.from_size} → ` : ''}${t.to_size}` : t.description}
                    {t.kind === 'resize' && t.description && <span className="adm-cell-sub">“{t.description}”</span>}
                  </dd>
                </div>
                <div>
                  <dt>Cost</dt>
                  <dd>{t.free ? 'Free (first resize within two sizes)' : t.fee !== null ? formatAmount(t.fee) : 'To quote'}</dd>
                </div>
                <div>
                  <dt>Opened</dt>
                  <dd>
                    <time dateTime={t.requested_at}>{formatDayTime(t.requested_at)}</time>
                  </dd>
                </div>
              </dl>
              {allowedCareSteps(t.status).length > 0 && (
                <div className="adm-steps">
                  {allowedCareSteps(t.status).map((step) => (
                    <button
                      key={step}
                      type="button"
                      aria-haspopup="dialog"
                      className={EFFECTS[step].danger ? 'adm-button adm-button--danger-ghost' : 'adm-button'}
                      onClick={(e) => openAction({ kind: 'step', number: t.number, step }, e.currentTarget)}
                    >
                      {CARE_STEP_LABELS[step]}
                      <span className="visually-hidden"> ({t.number})</span>
                    </button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {repairable && (
        <div className="adm-steps">
          <button type="button" aria-haspopup="dialog" className="adm-button adm-button--ghost adm-button--small" onClick={(e) => openAction({ kind: 'repair' }, e.currentTarget)}>
            Open a repair
          </button>
        </div>
      )}
      <Dialog.Root open={action !== null} onOpenChange={(next) => !next && setAction(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          <Dialog.Content
            className="adm-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (opener.current?.isConnected ? opener.current : document.getElementById('tickets-title'))?.focus();
            }}
          >
            {action && (
              <ActionForm
                key={opening}
                order={order}
                ticket={ticket}
                action={action}
                onDone={(next, message) => {
                  setAction(null);
                  onDone(next, message);
                }}
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
