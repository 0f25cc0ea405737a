import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCTION_STAGE_LABELS, adminOrderStepResponseSchema, formatAmount, type AdminOrder, type OrderStep } from '@everstone/contract';
import { adminApi, isSignedOut, pathOf, signInPath } from '../kit/admin-api';
import { PAYMENT_STATUS_TEXT, formatDayTime, formatExact, methodText } from '../kit/format';
import { HoldEnd, StatusBadges } from './order-links';
import { TableScroll } from '../kit/table';
import { GiftSummary, OrderLines } from './order-lines';
import { useReauth } from '../kit/reauth';
import { STEP_EFFECTS, stepLabel } from './steps';
import { DialogActions } from '../kit/dialog-actions';
import { DelayForm, ShipForm } from './step-forms';
import { FulfilmentPanel } from './fulfilment-panel';
import { ReturnsPanel } from './returns-panel';
import { TicketsPanel } from './tickets-panel';
import { OrderDocumentsPanel } from './order-documents';

const HOLD_STATE_TEXT = { held: 'Held', released: 'Released', sold: 'Sold' } as const;

/** A step's button: the workshop's names the stage it records. */
function buttonLabel(order: AdminOrder, step: OrderStep): string {
  return step === 'production' && order.next_stage ? `Record ${PRODUCTION_STAGE_LABELS[order.next_stage].toLowerCase()} done` : stepLabel(step);
}

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** /admin/orders/:orderNumber: everything about one order, and the steps it can take now. */
export function OrderView({ initial, now }: { initial: AdminOrder; now: number }) {
  const [order, setOrder] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [step, setStep] = useState<OrderStep | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const statusBox = useRef<HTMLDivElement>(null);

  function open(next: OrderStep, button: HTMLButtonElement) {
    opener.current = button;
    setStep(next);
  }

  function done(updated: AdminOrder, message: string) {
    setOrder(updated);
    setOutcome({ kind: 'success', text: message });
    setStep(null);
  }

  return (
    <article className="adm-order" aria-labelledby="order-title">
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to="/admin/orders">Orders</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{order.order_number}</span>
      </nav>
      <header className="adm-order__head">
        <div>
          <h1 id="order-title" className="adm-title">
            Order {order.order_number}
          </h1>
          <p className="adm-order__facts">
            <StatusBadges order={order.order_status} payment={order.payment_status} />
            <span>
              Placed <time dateTime={order.created_at}>{formatDayTime(order.created_at)}</time> Eastern
            </span>
            <span>{formatAmount(order.total_price)}</span>
            <span>{methodText(order.payment_mode)}</span>
          </p>
        </div>
        <Link className="adm-button adm-button--ghost adm-button--small" to={`/admin/orders/${encodeURIComponent(order.order_number)}/packing-slip`}>
          Packing slip
        </Link>
      </header>

      <div ref={statusBox} className="adm-order__status" role="status" tabIndex={-1}>
        {outcome && <p className={`form-banner form-banner--${outcome.kind}`}>{outcome.text}</p>}
      </div>

      <div className="adm-order__grid">
        <div className="adm-order__main">
          <section className="adm-panel adm-panel--next" aria-labelledby="next-title">
            <h2 id="next-title" className="adm-panel__title">
              Next step
            </h2>
            <p className="adm-next">{order.next_step}</p>
            {order.steps.length > 0 ? (
              <div className="adm-steps">
                {order.steps.map((s) => (
                  <button
                    key={s}
                    type="button"
                    aria-haspopup="dialog"
                    className={STEP_EFFECTS[s].danger ? 'adm-button adm-button--danger-ghost' : 'adm-button'}
                    onClick={(e) => open(s, e.currentTarget)}
                  >
                    {buttonLabel(order, s)}
                  </button>
                ))}
              </div>
            ) : (
              <p className="adm-muted">No step can be taken on this order now.</p>
            )}
          </section>

          <ReturnsPanel order={order} onDone={done} />
          <TicketsPanel order={order} onDone={done} />

          <section className="adm-panel" aria-labelledby="lines-title">
            <h2 id="lines-title" className="adm-panel__title">
              {order.lines.length === 1 ? 'Line' : `Lines (${order.lines.length})`}
            </h2>
            <OrderLines order={order} prices />
            <GiftSummary gift={order.gift} />
            <p className="adm-lines__total">
              {Number(order.tax ?? '0') > 0 && (
                <>
                  <span>Sales tax</span> <strong>{formatAmount(order.tax)}</strong>{' '}
                </>
              )}
              <span>Total</span> <strong>{formatAmount(order.total_price)}</strong>
            </p>
          </section>

          <section className="adm-panel" aria-labelledby="history-title">
            <h2 id="history-title" className="adm-panel__title">
              History
            </h2>
            {order.history.length === 0 ? (
              <p className="adm-empty">Nothing recorded yet.</p>
            ) : (
              <TableScroll label="History">
                <table className="adm-table adm-table--plain">
                  <caption className="visually-hidden">History of order {order.order_number}</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">By</th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.history.map((entry, i) => (
                      <tr key={`${entry.at}-${i}`}>
                        <td className="adm-nowrap">
                          <time dateTime={entry.at}>{formatDayTime(entry.at)}</time>
                        </td>
                        <td>{entry.what}</td>
                        <td>{entry.by ?? <span className="adm-muted">Shopper or store</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        </div>

        <div className="adm-order__aside">
          <FulfilmentPanel order={order} />

          <section className="adm-panel" aria-labelledby="payment-title">
            <h2 id="payment-title" className="adm-panel__title">
              Payment
            </h2>
            <dl className="adm-facts">
              <div>
                <dt>Total</dt>
                <dd>
                  {formatAmount(order.total_price)} {order.currency}
                </dd>
              </div>
              <div>
                <dt>Method</dt>
                <dd>{methodText(order.payment_mode)}</dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>{PAYMENT_STATUS_TEXT[order.payment_status]}</dd>
              </div>
              <div>
                <dt>Hold ends</dt>
                <dd>
                  <HoldEnd at={order.hold_expires_at} now={now} />
                </dd>
              </div>
            </dl>
          </section>

          <OrderDocumentsPanel order={order} />

          <section className="adm-panel" aria-labelledby="contact-title">
            <h2 id="contact-title" className="adm-panel__title">
              Customer
            </h2>
            <dl className="adm-facts">
              <div>
                <dt>Name</dt>
                <dd>{order.user_name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a className="adm-link" href={`mailto:${order.contact_email}?subject=${encodeURIComponent(`Your order ${order.order_number}`)}`}>
                    {order.contact_email}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a className="adm-link" href={`tel:${order.contact_number.replace(/[^\d+]/g, '')}`}>
                    {order.contact_number}
                  </a>
                </dd>
              </div>
            </dl>
          </section>

          <section className="adm-panel" aria-labelledby="ship-title">
            <h2 id="ship-title" className="adm-panel__title">
              Ship to
            </h2>
            <ShipTo order={order} />
            <p className={order.is_gift ? 'adm-gift adm-gift--yes' : 'adm-gift'}>{order.is_gift ? 'This order is a gift' : 'Not marked as a gift'}</p>
          </section>

          <section className="adm-panel" aria-labelledby="note-title">
            <h2 id="note-title" className="adm-panel__title">
              Shopper’s note
            </h2>
            {order.notes ? <p className="adm-note">{order.notes}</p> : <p className="adm-muted">No note.</p>}
          </section>

          <section className="adm-panel" aria-labelledby="holds-title">
            <h2 id="holds-title" className="adm-panel__title">
              Stones
            </h2>
            {order.holds.length === 0 ? (
              <p className="adm-muted">This order holds no stones.</p>
            ) : (
              <ul className="adm-holds">
                {order.holds.map((hold) => (
                  <li key={hold.certificate_number}>
                    <span className="adm-holds__cert">Certificate {hold.certificate_number}</span>
                    <span className={`adm-badge adm-badge--outline adm-badge--hold-${hold.state}`}>{HOLD_STATE_TEXT[hold.state]}</span>
                    {hold.state === 'held' && hold.until && (
                      <span className="adm-holds__until">
                        until <time dateTime={hold.until}>{formatExact(hold.until)}</time>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <StepDialog
        order={order}
        step={step}
        onClose={() => setStep(null)}
        onDone={done}
        returnFocus={() => (opener.current?.isConnected ? opener.current : statusBox.current)}
      />
    </article>
  );
}

export function ShipTo({ order }: { order: Pick<AdminOrder, 'user_name' | 'address' | 'contact_number'> }) {
  const a = order.address;
  return (
    <address className="adm-address">
      <span>{order.user_name}</span>
      <span>{a.street}</span>
      {a.apartment && <span>{a.apartment}</span>}
      <span>{[a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
      <span>{a.country}</span>
    </address>
  );
}

/** The confirmation of a step: what it does and which email goes out, then the step itself (the password first when asked). */
function StepDialog({
  order,
  step,
  onClose,
  onDone,
  returnFocus,
}: {
  order: AdminOrder;
  step: OrderStep | null;
  onClose: () => void;
  onDone: (order: AdminOrder, message: string) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The dialog keeps its last step while it closes, so its words do not change under the closing animation.
  const [shown, setShown] = useState<OrderStep | null>(step);
  // Each opening starts its form afresh, the same step opened again included.
  const [opening, setOpening] = useState(0);
  const [asked, setAsked] = useState<OrderStep | null>(step);
  if (step !== asked) {
    setAsked(step);
    if (step !== null) {
      setShown(step);
      setOpening((n) => n + 1);
    }
  }
  const effect = shown ? STEP_EFFECTS[shown] : null;

  async function take() {
    if (!step || sending) return;
    setSending(true);
    setError(null);
    const path = `/api/admin/orders/${encodeURIComponent(order.order_number)}/${step}`;
    const body = step === 'production' ? { stage: order.next_stage } : {};
    const result = await run(() => adminApi.post(path, body, adminOrderStepResponseSchema));
    setSending(false);
    if (result === null) return;
    if (result.ok) {
      onDone(result.data.order, result.data.message);
      return;
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return;
    }
    setError(result.message ?? 'The step could not be taken. Please try again in a moment.');
  }

  return (
    <Dialog.Root
      open={step !== null}
      onOpenChange={(next) => {
        if (!next && !sending) {
          setError(null);
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
        >
          {shown === 'ship' ? (
            <ShipForm key={opening} order={order} onDone={onDone} />
          ) : shown === 'delay' ? (
            <DelayForm key={opening} order={order} onDone={onDone} />
          ) : (
            <>
              <Dialog.Title className="adm-dialog__title">
                {shown ? buttonLabel(order, shown) : ''}: {order.order_number}
              </Dialog.Title>
              <Dialog.Description asChild>
                <div className="adm-dialog__text">
                  <p>{effect?.does}</p>
                  <p className="adm-dialog__email">{effect?.email}</p>
                </div>
              </Dialog.Description>
              <DialogActions
                error={error}
                sending={sending}
                label={shown ? buttonLabel(order, shown) : ''}
                busyLabel="Working…"
                danger={effect?.danger === true}
                onConfirm={() => void take()}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
