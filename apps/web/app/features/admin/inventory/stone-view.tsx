import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  MIN_STONE_PRICE_CENTS,
  adminStoneEditRequestSchema,
  adminStoneEditResponseSchema,
  centsToPrice,
  colorLabel,
  diamondTitle,
  dollarsToCents,
  formatAmount,
  formatCarat,
  formatCents,
  formatMoney,
  formatRatio,
  optional,
  orNA,
  typeLabel,
  type AdminStone,
  type AdminStoneEditRequest,
  type Diamond,
} from '@everstone/contract';
import { errorsFromIssues, type Notice } from '../../../components/ui/fields';
import { FieldError } from '../../../components/ui/field-errors';
import { Field, answerFrom, refusedBeforeSending, useForm, type BoundForm, type FormAnswer } from '../../../components/ui/form';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminResult } from '../kit/admin-api';
import { AuditHistory } from '../audit';
import { formatDayTime } from '../kit/format';
import { HoldEnd, OrderLink, StatusBadges } from '../orders';
import { useReauth } from '../kit/reauth';
import { InventoryStyles, STONES_PATH, StoneStatusBadge } from './stone-links';
import { DialogActions } from '../kit/dialog-actions';
import { OutcomeBanner } from '../kit/lists';

type View = AdminStone;
type Save = (body: AdminStoneEditRequest) => Promise<AdminResult<View & { message: string }> | null>;

const FALLBACK = 'The diamond could not be saved. Please try again in a moment.';

/** What the price form posts (a sold stone's price is not sent: its field is disabled). */
const STONE_FIELDS = ['price', 'featured'] as const;
type StoneField = (typeof STONE_FIELDS)[number];
/** The fields a message is drawn beside, the form's own included. */
const SHOWN = ['price', 'form'] as const;

/** /admin/stones/:id: one stone, who holds it, its price and featured flag, hiding it, and what was changed. */
export function StoneView({ initial, now }: { initial: View; now: number }) {
  const [view, setView] = useState(initial);
  // What hiding or showing the stone last said in the page's line, until the form's next answer takes the line.
  const [said, setSaid] = useState<Notice>(null);
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const { stone } = view;
  const titleId = useId();

  /** Sends an edit; a success shows the stone as the server now has it. Null: nothing was done, or off to sign in. */
  const save: Save = async (body) => {
    const result = await run(() => adminApi.put(`/api/admin/stones/${stone.diamondid}`, body, adminStoneEditResponseSchema));
    if (result === null) return null;
    if (result.ok) {
      const { message: _message, ...next } = result.data;
      setView(next);
      return result;
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return null;
    }
    return result;
  };

  /** The price form's one path: its check, then the edit; a 422 is shown beside its field, anything else in the page's line. */
  async function savePrice(values: Record<StoneField, string>): Promise<FormAnswer<StoneField> | null> {
    const body: AdminStoneEditRequest = { featured: values.featured === 'on' };
    if (stone.status !== 'sold') body.price = values.price.trim();
    const parsed = adminStoneEditRequestSchema.safeParse(body);
    if (!parsed.success) return refusedBeforeSending(errorsFromIssues(parsed.error.issues));
    const result = await save(body);
    if (result === null) return null;
    return answerFrom(result, { fields: SHOWN, fallback: FALLBACK, success: result.ok ? result.data.message : undefined });
  }

  // The fields show the stone as the server now has it after a save, so a success does not empty them.
  const form = useForm({ fields: STONE_FIELDS, resetOnSuccess: false, onAnswer: () => setSaid(null), send: savePrice });

  return (
    <article className="adm-order adm-stone" aria-labelledby={titleId}>
      <InventoryStyles />
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to={STONES_PATH}>Inventory</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{stone.certificate_number}</span>
      </nav>
      <header className="adm-order__head">
        <div>
          <h1 id={titleId} className="adm-title">
            Diamond {stone.certificate_number}
          </h1>
          <p className="adm-order__facts">
            <StoneStatusBadge status={stone.status} />
            {stone.is_superdeal === 1 && <span className="adm-badge adm-badge--outline adm-badge--featured">Featured</span>}
            <span>{diamondTitle(stone)}</span>
            <span className="adm-stone__price">{formatMoney(stone.price)}</span>
          </p>
        </div>
        {stone.status === 'available' && (
          <Link className="adm-button adm-button--ghost adm-button--small" to={`/diamond-details/${stone.diamondid}`}>
            Storefront page
          </Link>
        )}
      </header>

      <div className="adm-order__status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={said ?? form.notice} />
      </div>

      <div className="adm-order__grid">
        <div className="adm-order__main">
          <EditForm stone={stone} form={form} />
          <Visibility view={view} save={save} say={setSaid} />
          <AuditHistory history={view.history} caption={`Changes to diamond ${stone.certificate_number}, oldest first`} className="adm-stone__history" />
        </div>
        <div className="adm-order__aside">
          <Holder view={view} now={now} />
          <Grades stone={stone} />
        </div>
      </div>
    </article>
  );
}

/** The price and the featured flag, saved together; the server's message about the price beside it. */
function EditForm({ stone, form }: { stone: Diamond; form: BoundForm<StoneField> }) {
  const id = useId();
  // Saved, the fields show the stone as the server now has it; the form stays, and so does the focus on Save.
  const saved = `${stone.price}-${stone.is_superdeal}`;
  const sold = stone.status === 'sold';

  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Price and featured
      </h2>
      <form.Form {...form.props} className="adm-form adm-stone-form" noValidate aria-labelledby={`${id}-title`}>
        <Field
          key={`price-${saved}`}
          form={form}
          name="price"
          label="Price (US dollars)"
          hint={sold ? 'Sold: the price belongs to the order that bought it.' : `Now ${formatMoney(stone.price)}; at least ${formatCents(MIN_STONE_PRICE_CENTS)}. An order already placed keeps the price it was placed at.`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          controlClassName="adm-control adm-stone-form__price"
          defaultValue={centsToPrice(dollarsToCents(stone.price))}
          disabled={sold}
          required
          maxLength={20}
        />
        {/* A box the kit's Field does not draw. */}
        <div key={`featured-${saved}`} className="adm-check">
          <input id={`${id}-featured`} name="featured" type="checkbox" defaultChecked={stone.is_superdeal === 1} />
          <label htmlFor={`${id}-featured`}>Featured deal</label>
        </div>
        <FieldError formId={form.id} errors={form.errors} field="form" />
        <div>
          {/* Not disabled while saving: a disabled button would drop the focus; a second press is ignored instead. */}
          <button type="submit" className="adm-button" aria-disabled={form.busy || undefined}>
            {form.busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form.Form>
    </section>
  );
}

/**
 * Hiding the stone from the search (it stays in stock) and showing it again; an order's stone is the order's. What it
 * comes to is said in the page's line (a failure in the dialog too).
 */
function Visibility({ view, save, say }: { view: View; save: Save; say: (notice: Notice) => void }) {
  const id = useId();
  const { stone, order } = view;
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const hidden = stone.status === 'hidden';
  const owned = stone.status === 'reserved' || stone.status === 'sold';
  const action = hidden ? 'Show in the search' : 'Hide from the search';
  // The dialog keeps the words it opened with while it closes, though the stone's state has just changed.
  const [shownHidden, setShownHidden] = useState(hidden);
  const dialogAction = shownHidden ? 'Show in the search' : 'Hide from the search';

  async function confirm() {
    if (sending) return;
    setSending(true);
    setError(null);
    const result = await save({ hidden: !hidden });
    setSending(false);
    if (result === null) return;
    if (result.ok) {
      say({ kind: 'success', text: result.data.message });
      setOpen(false);
      return;
    }
    // A 422 has no field here: it is said in the dialog alone.
    say(result.status === 422 && result.errors ? null : { kind: 'error', text: result.message ?? FALLBACK });
    setError(result.message ?? FALLBACK);
  }

  const whyId = `${id}-why`;
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        In the search
      </h2>
      <p id={whyId} className="adm-panel__lead">
        {owned
          ? `${stone.status === 'sold' ? 'Sold' : 'Reserved'}${order ? ` by order ${order.order_number}` : ' by an order'}: the order owns this diamond, so it cannot be hidden or shown.${stone.status === 'reserved' ? ' Cancelling the order puts it back on sale.' : ''}`
          : hidden
            ? 'Hidden: shoppers do not find this diamond in the search. It is not sold, and it stays in the inventory.'
            : 'Shoppers find this diamond in the search and can buy it.'}
      </p>
      <button
        ref={opener}
        type="button"
        className={hidden ? 'adm-button' : 'adm-button adm-button--danger-ghost'}
        aria-haspopup="dialog"
        disabled={owned}
        aria-describedby={owned ? whyId : undefined}
        onClick={() => {
          setError(null);
          setShownHidden(hidden);
          setOpen(true);
        }}
      >
        {action}
      </button>

      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next && !sending) setOpen(false);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          <Dialog.Content
            className="adm-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <Dialog.Title className="adm-dialog__title">
              {dialogAction}: {stone.certificate_number}
            </Dialog.Title>
            <Dialog.Description asChild>
              <div className="adm-dialog__text">
                {shownHidden ? (
                  <p>Shoppers find this diamond in the search again and can buy it, at {formatMoney(stone.price)}.</p>
                ) : (
                  <>
                    <p>Shoppers no longer find this diamond in the search, and cannot add it to a cart.</p>
                    <p>It is not sold: it stays in the inventory, and Show in the search puts it back.</p>
                  </>
                )}
              </div>
            </Dialog.Description>
            <DialogActions error={error} sending={sending} label={dialogAction} busyLabel="Working…" danger={!shownHidden} onConfirm={() => void confirm()} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

/** Who holds the stone now: the order that reserved or bought it, or a shopper's short hold in the ring builder. */
function Holder({ view, now }: { view: View; now: number }) {
  const id = useId();
  const { order, builder_hold: hold } = view;
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Who holds it
      </h2>
      {order ? (
        <dl className="adm-facts">
          <div>
            <dt>Order</dt>
            <dd>
              <OrderLink orderNumber={order.order_number} />
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadges order={order.order_status} payment={order.payment_status} />
            </dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>
              <span className="adm-cell-main">{order.user_name}</span>
              <span className="adm-cell-sub">{order.contact_email}</span>
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatAmount(order.total_price)}</dd>
          </div>
          <div>
            <dt>Hold ends</dt>
            <dd>
              <HoldEnd at={order.hold_expires_at} now={now} />
            </dd>
          </div>
        </dl>
      ) : null}
      {hold ? (
        <>
          <p className="adm-panel__lead">A shopper holds it while choosing a setting in the ring builder.</p>
          <dl className="adm-facts">
            <div>
              <dt>Shopper</dt>
              <dd>
                {hold.name && <span className="adm-cell-main">{hold.name}</span>}
                <span className={hold.name ? 'adm-cell-sub' : undefined}>{hold.email}</span>
              </dd>
            </div>
            <div>
              <dt>Since</dt>
              <dd>
                <time dateTime={hold.since}>{formatDayTime(hold.since)}</time>
              </dd>
            </div>
            <div>
              <dt>Until</dt>
              <dd>
                <HoldEnd at={hold.until} now={now} />
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {!order && !hold && <p className="adm-muted">Nobody holds this diamond.</p>}
    </section>
  );
}

/** The certificate's grades and measurements, in the storefront's words. */
function Grades({ stone }: { stone: Diamond }) {
  const id = useId();
  const measurements =
    stone.measurements ?? (stone.measurement_l !== null && stone.measurement_w !== null ? `${stone.measurement_l} × ${stone.measurement_w} mm` : null);
  const rows: Array<[string, string]> = [
    ['Certificate', `${stone.certificate_company.dl_name} ${stone.certificate_number}`],
    ['Type', typeLabel(stone.type)],
    ['Shape', stone.shape.name],
    ['Carat', `${formatCarat(stone.carat_weight)} ct`],
    ['Color', colorLabel(stone)],
    ['Clarity', orNA(stone.clarity?.name)],
    ['Cut', optional(stone.cut?.full_name)],
    ['Polish', optional(stone.polish)],
    ['Symmetry', optional(stone.symmetry)],
    ['Fluorescence', optional(stone.fluorescence)],
    ['Measurements', optional(measurements)],
    ['L/W ratio', formatRatio(stone.measurement_l, stone.measurement_w)],
    ['Table', optional(stone.table_diamond, '%')],
    ['Depth', optional(stone.depth, '%')],
  ];
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Grades and measurements
      </h2>
      <dl className="adm-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
