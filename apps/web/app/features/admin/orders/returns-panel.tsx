import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  RETURN_STEP_LABELS,
  adminReturnStepResponseSchema,
  allowedReturnSteps,
  formatAmount,
  type AdminOrder,
  type OrderReturn,
  type ReturnStep,
} from '@everstone/contract';
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import { adminApi } from '../kit/admin-api';
import { useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { DialogActions } from '../kit/dialog-actions';
import { formatDayTime } from '../kit/format';

type Done = (order: AdminOrder, message: string) => void;

/** What each step does, and which email it sends: the dialog says it before staff confirm. */
const RETURN_STEP_EFFECTS: Record<ReturnStep, { does: string; email: string; danger?: boolean }> = {
  receive: { does: 'The parcel arrived at the store: the return is recorded received. Inspect it next.', email: 'The shopper is emailed that it arrived.' },
  inspect: {
    does: 'Passed: every stone is checked against its certificate and goes back on sale, and a stocked piece back to stock (a made-to-order or engraved piece does not). Declined: the piece goes back to the shopper, insured.',
    email: 'A declined return emails the shopper; a passed one is emailed with its refund.',
  },
  refund: {
    does: 'The return’s refund goes back: a PayPal payment through PayPal’s refund API; any other method once the money has gone back through it, with that refund’s reference.',
    email: 'The shopper is emailed the refund.',
  },
  cancel: { does: 'The return is withdrawn before it reached the store: its label stops working and its pieces may be returned again while their window is open.', email: 'The shopper is emailed that it is cancelled.', danger: true },
};

const FIELDS = ['passed', 'note', 'gia_recheck', 'reference', 'exchange_order'] as const;

/** One step on one return: a confirmation, the inspection's outcome, or the refund's reference; the password first for a refund. */
function ReturnStepForm({ order, ret, step, onDone }: { order: AdminOrder; ret: OrderReturn; step: ReturnStep; onDone: Done }) {
  const run = useReauth();
  const failureText = useFailureText();
  const paypal = order.payment_mode === 'pay-paypal';
  const bigStone = ret.gia_recheck_needed;
  const form = useForm({
    fields: FIELDS,
    resetOnSuccess: false,
    send: async (typed) => {
      const body =
        step === 'inspect'
          ? { passed: typed.passed === 'yes', note: typed.note.trim() || null, gia_recheck: typed.gia_recheck.trim() || null }
          : step === 'refund'
            ? { reference: typed.reference.trim() || null, exchange_order: typed.exchange_order.trim() || null }
            : {};
      const result = await run(() => adminApi.post(`/api/admin/returns/${encodeURIComponent(ret.rma)}/${step}`, body, adminReturnStepResponseSchema));
      if (result === null) return null;
      if (result.ok) {
        onDone(result.data.order, result.data.message);
        return answerFrom(result, { fields: FIELDS, fallback: '' });
      }
      const text = await failureText(result, 'The step could not be taken. Please try again in a moment.');
      return text === null ? null : answerFrom(result, { fields: FIELDS, fallback: text, values: typed });
    },
  });
  const effect = RETURN_STEP_EFFECTS[step];
  return (
    <>
      <Dialog.Title className="adm-dialog__title">
        {RETURN_STEP_LABELS[step]}: {ret.rma}
      </Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>{effect.does}</p>
          <p className="adm-dialog__email">{effect.email}</p>
        </div>
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={`${RETURN_STEP_LABELS[step]}: return ${ret.rma}`}>
        {step === 'inspect' && (
          <>
            <fieldset className="adm-fieldset adm-outcome">
              <legend className="form-label">Outcome</legend>
              <div className="adm-check">
                <input id={`${form.id}-passed`} type="radio" name="passed" value="yes" defaultChecked />
                <label htmlFor={`${form.id}-passed`}>Passed: the stones match their certificates</label>
              </div>
              <div className="adm-check">
                <input id={`${form.id}-declined`} type="radio" name="passed" value="no" />
                <label htmlFor={`${form.id}-declined`}>Declined: send it back to the shopper</label>
              </div>
            </fieldset>
            <Field form={form} name="note" label="What the inspection found" as="textarea" optional controlClassName="adm-control" rows={3} maxLength={500} />
            <Field
              form={form}
              name="gia_recheck"
              label="GIA re-check reference"
              optional={!bigStone}
              starred={bigStone}
              controlClassName="adm-control"
              maxLength={60}
              autoComplete="off"
              hint={bigStone ? 'This return holds a diamond above 1.99 carats: it passes only with the report reference of its GIA re-check.' : 'Only needed for a diamond above 1.99 carats.'}
            />
          </>
        )}
        {step === 'refund' && (
          <Field
            form={form}
            name="reference"
            label={paypal ? 'Reference (PayPal gives its own)' : `Reference of the ${formatAmount(ret.refund)} refund`}
            optional={paypal}
            required={!paypal}
            controlClassName="adm-control"
            maxLength={80}
            autoComplete="off"
            hint={paypal ? `${formatAmount(ret.refund)} goes back to the shopper’s PayPal account now.` : 'Refund it through the order’s payment route first (the card terminal, the financing partner, the bank), then record that refund’s reference.'}
          />
        )}
        {step === 'refund' && (
          <Field
            form={form}
            name="exchange_order"
            label="Exchange for order"
            optional
            controlClassName="adm-control"
            maxLength={20}
            autoComplete="off"
            placeholder="EV-2026-K7M3QX"
            hint="For an exchange: the shopper’s new order, placed since this return was asked for. The refund is the same; the two orders are linked."
          />
        )}
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label={step === 'refund' ? `Refund ${formatAmount(ret.refund)}` : RETURN_STEP_LABELS[step]} busyLabel="Working…" danger={effect.danger === true} />
      </form.Form>
    </>
  );
}

/** The order's returns, with the steps each can take now. */
export function ReturnsPanel({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const [open, setOpen] = useState<{ rma: string; step: ReturnStep } | null>(null);
  const [opening, setOpening] = useState(0);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (order.returns.length === 0) return null;
  const ret = open ? order.returns.find((r) => r.rma === open.rma) : undefined;
  return (
    <section className="adm-panel" aria-labelledby="returns-title">
      <h2 id="returns-title" className="adm-panel__title" tabIndex={-1}>
        {order.returns.length === 1 ? 'Return' : `Returns (${order.returns.length})`}
      </h2>
      <ul className="adm-returns">
        {order.returns.map((r) => (
          <li key={r.rma} className="adm-return">
            <p className="adm-return__head">
              <strong>{r.rma}</strong> <span className={`adm-badge adm-badge--outline adm-badge--return-${r.status}`}>{r.status_label}</span>
            </p>
            <dl className="adm-facts">
              <div>
                <dt>Lines</dt>
                <dd>{r.lines.map((n) => `${n}. ${order.lines[n - 1]?.description ?? ''}`).join('; ')}</dd>
              </div>
              <div>
                <dt>Reason</dt>
                <dd>
                  {r.reason_label}
                  {r.note && <span className="adm-cell-sub">“{r.note}”</span>}
                </dd>
              </div>
              <div>
                <dt>Requested</dt>
                <dd>
                  <time dateTime={r.requested_at}>{formatDayTime(r.requested_at)}</time>
                </dd>
              </div>
              <div>
                <dt>Refund</dt>
                <dd>
                  {formatAmount(r.refund)}
                  {Number(r.fee) > 0 && <span className="adm-cell-sub">after {formatAmount(r.fee)} engraving removal</span>}
                  {r.refund_reference && <span className="adm-cell-sub">Reference {r.refund_reference}</span>}
                  {r.exchange_order_number && (
                    <span className="adm-cell-sub">
                      Exchange for <Link to={`/admin/orders/${r.exchange_order_number}`}>{r.exchange_order_number}</Link>
                    </span>
                  )}
                </dd>
              </div>
            </dl>
            {allowedReturnSteps(r.status).length > 0 && (
              <div className="adm-steps">
                {allowedReturnSteps(r.status).map((step) => (
                  <button
                    key={step}
                    type="button"
                    aria-haspopup="dialog"
                    className={RETURN_STEP_EFFECTS[step].danger ? 'adm-button adm-button--danger-ghost' : 'adm-button'}
                    onClick={(e) => {
                      opener.current = e.currentTarget;
                      setOpening((n) => n + 1);
                      setOpen({ rma: r.rma, step });
                    }}
                  >
                    {RETURN_STEP_LABELS[step]}
                    <span className="visually-hidden"> ({r.rma})</span>
                  </button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      <Dialog.Root open={open !== null && ret !== undefined} onOpenChange={(next) => !next && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          <Dialog.Content
            className="adm-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (opener.current?.isConnected ? opener.current : document.getElementById('returns-title'))?.focus();
            }}
          >
            {open && ret && (
              <ReturnStepForm
                key={opening}
                order={order}
                ret={ret}
                step={open.step}
                onDone={(next, message) => {
                  setOpen(null);
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
