import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import {
  CARRIERS,
  CARRIER_NAMES,
  adminHomePreviewStepResponseSchema,
  formatAmount,
  formatTagPrice,
  homePreviewReferenceRequestSchema,
  ringSizeLabel,
  shipHomePreviewRequestSchema,
  type AdminHomePreview,
  type HomePreviewStep,
} from '@everstone/contract';
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import { adminApi } from '../kit/admin-api';
import { DialogActions } from '../kit/dialog-actions';
import { formatDayTime, formatExact, telHref } from '../kit/format';
import { OutcomeBanner, useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { HOME_PREVIEW_STEP_EFFECTS, homePreviewStepLabel, keepSplit, replicasOut } from './home-preview-steps';
import { HOME_PREVIEW_STATUS_TEXT } from './request-text';

type Heading = 'h2' | 'h3';
type Done = (preview: AdminHomePreview, message: string) => void;
type Outcome = { kind: 'success' | 'error'; text: string } | null;

const FAILED = 'The step could not be taken. Please try again in a moment.';
const ENDED = ['refunded', 'deposit_kept', 'cancelled'] as const;

/**
 * One Home Preview request: who asked, where the replicas ship, which rings in which sizes, the deposit, where it
 * stands (the parcel and its tracking page, the days with the shopper, each replica back) and the steps it can take
 * now, each confirmed in a dialog that says what it does and which email goes out.
 */
export function HomePreviewCard({ initial, heading: H = 'h2' }: { initial: AdminHomePreview; heading?: Heading }) {
  const id = useId();
  const titleId = `${id}-title`;
  const [preview, setPreview] = useState(initial);
  const [step, setStep] = useState<HomePreviewStep | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const statusBox = useRef<HTMLDivElement>(null);
  const ended = (ENDED as readonly string[]).includes(preview.status);

  const done: Done = (next, message) => {
    setPreview(next);
    setOutcome({ kind: 'success', text: message });
    setStep(null);
  };

  return (
    <article className="adm-panel adm-card" aria-labelledby={titleId}>
      <header className="adm-card__head">
        <H id={titleId} className="adm-card__title">
          Home Preview {preview.number}
        </H>
        <span className={ended ? 'adm-badge adm-badge--outline adm-badge--done' : 'adm-badge adm-badge--open'}>{HOME_PREVIEW_STATUS_TEXT[preview.status]}</span>
      </header>
      <p className="adm-card__meta">
        <span>
          Requested <time dateTime={preview.created_at}>{formatDayTime(preview.created_at)}</time> Eastern
        </span>
        <span>Deposit {formatAmount(preview.deposit)}</span>
      </p>
      <div className="adm-card__columns">
        <div className="adm-card__block">
          <p className="adm-card__label">Ship to</p>
          <address className="adm-address">
            <span>{preview.name}</span>
            <span>{preview.address}</span>
          </address>
          <p className="adm-card__contact">
            <a className="adm-link" href={`mailto:${preview.email}?subject=${encodeURIComponent(`Your Home Preview ${preview.number}`)}`}>
              {preview.email}
            </a>
            <a className="adm-link" href={telHref(preview.phone_number)}>
              {preview.phone_number}
            </a>
          </p>
        </div>
        <div className="adm-card__block">
          <p className="adm-card__label">{preview.rings.length === 1 ? 'Replica ring' : `Replica rings (${preview.rings.length})`}</p>
          <ul className="adm-rings">
            {preview.rings.map((ring) => (
              <li key={ring.replica}>
                <span className="adm-rings__name">
                  {ring.replica}. {ring.name}
                </span>
                <span className="adm-rings__detail">
                  {ring.metal} · {ringSizeLabel(ring.ring_size)} · <span className="adm-rings__sku">SKU {ring.sku}</span>
                </span>
                {ring.returned_at && (
                  <span className="adm-rings__detail">
                    Back <time dateTime={ring.returned_at}>{formatDayTime(ring.returned_at)}</time>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <PreviewFacts preview={preview} />
      <div ref={statusBox} className="adm-card__status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={outcome} />
      </div>
      {preview.steps.length > 0 && (
        <div className="adm-card__actions adm-steps">
          {preview.steps.map((s) => (
            <button
              key={s}
              type="button"
              aria-haspopup="dialog"
              className={HOME_PREVIEW_STEP_EFFECTS[s].danger ? 'adm-button adm-button--danger-ghost adm-button--small' : 'adm-button adm-button--small'}
              onClick={(e) => {
                opener.current = e.currentTarget;
                setOutcome(null);
                setStep(s);
              }}
            >
              {homePreviewStepLabel(s)}
              <span className="visually-hidden">: Home Preview {preview.number}</span>
            </button>
          ))}
        </div>
      )}
      <details className="adm-card__block">
        <summary>History ({preview.history.length})</summary>
        <ol className="adm-history">
          {preview.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at}>{formatDayTime(h.at)}</time> {h.what}
              {h.by && <span className="adm-muted"> · {h.by}</span>}
            </li>
          ))}
        </ol>
      </details>
      <HomePreviewStepDialog
        preview={preview}
        step={step}
        onClose={() => setStep(null)}
        onDone={done}
        returnFocus={() => (opener.current?.isConnected ? opener.current : statusBox.current)}
      />
    </article>
  );
}

/** Where the request stands: the deposit, the parcel with the carrier's page, the days with the shopper, the settlement. */
function PreviewFacts({ preview: p }: { preview: AdminHomePreview }) {
  const rows: Array<[string, React.ReactNode]> = [];
  if (p.deposit_reference) rows.push(['Deposit taken', <>{p.deposit_taken_at ? formatDayTime(p.deposit_taken_at) : ''} · reference {p.deposit_reference}</>]);
  if (p.parcel) {
    rows.push([
      'Parcel',
      <>
        {p.parcel.carrier_name} {p.parcel.tracking_number} ·{' '}
        <a className="adm-link" href={p.parcel.tracking_url} target="_blank" rel="noreferrer">
          Track on {p.parcel.carrier_name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </>,
    ]);
  }
  if (p.shipped_at) rows.push(['Shipped', formatDayTime(p.shipped_at)]);
  if (p.delivered_at) rows.push(['Delivered', formatDayTime(p.delivered_at)]);
  if (p.possession_ends_at && !p.settled_at) rows.push([p.delivered_at ? 'With the shopper until' : 'With the shopper until (estimated)', formatExact(p.possession_ends_at)]);
  if (p.keep_from && !p.settled_at && p.status !== 'returned') rows.push(['Deposit may be kept from', formatExact(p.keep_from)]);
  if (p.refunded !== null) rows.push(['Refunded', `${formatAmount(p.refunded)}${p.refund_reference ? ` · reference ${p.refund_reference}` : ''}`]);
  if (p.kept !== null && (Number(p.kept) > 0 || p.status === 'deposit_kept')) rows.push(['Kept', formatAmount(p.kept)]);
  if (rows.length === 0) return null;
  return (
    <dl className="adm-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The dialog of one step: what it does and which email goes out, then its form or its confirmation. */
function HomePreviewStepDialog({
  preview,
  step,
  onClose,
  onDone,
  returnFocus,
}: {
  preview: AdminHomePreview;
  step: HomePreviewStep | null;
  onClose: () => void;
  onDone: Done;
  returnFocus: () => HTMLElement | null;
}) {
  // The dialog keeps its last step while it closes, so its words do not change under the closing animation.
  const [shown, setShown] = useState<HomePreviewStep | null>(step);
  const [opening, setOpening] = useState(0);
  const [asked, setAsked] = useState<HomePreviewStep | null>(step);
  if (step !== asked) {
    setAsked(step);
    if (step !== null) {
      setShown(step);
      setOpening((n) => n + 1);
    }
  }
  const effect = shown ? HOME_PREVIEW_STEP_EFFECTS[shown] : null;
  return (
    <Dialog.Root open={step !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
        >
          {shown && effect && (
            <>
              <Dialog.Title className="adm-dialog__title">
                {homePreviewStepLabel(shown)}: {preview.number}
              </Dialog.Title>
              <Dialog.Description asChild>
                <div className="adm-dialog__text">
                  <p>{effect.does}</p>
                  {shown === 'keep' && <KeepSplit preview={preview} />}
                  <p className="adm-dialog__email">{effect.email}</p>
                </div>
              </Dialog.Description>
              <StepForm key={opening} preview={preview} step={shown} onDone={onDone} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function KeepSplit({ preview }: { preview: AdminHomePreview }) {
  const { keptCents, refundCents } = keepSplit(preview);
  const out = replicasOut(preview);
  return (
    <p>
      Not back: {out.map((r) => `${r.replica}. ${r.name}`).join(', ')}. Kept: {formatTagPrice(keptCents)}; to refund: {formatTagPrice(refundCents)}.
    </p>
  );
}

const REFERENCE_FIELDS = ['reference'] as const;
const SHIP_FIELDS = ['carrier', 'tracking_number'] as const;

/** A step's form: its fields (a reference, a parcel, the replicas back) or none, sent once the password is asked if need be. */
function StepForm({ preview, step, onDone }: { preview: AdminHomePreview; step: HomePreviewStep; onDone: Done }) {
  const run = useReauth();
  const failureText = useFailureText();
  const path = `/api/admin/home-previews/${encodeURIComponent(preview.number)}/${step}`;
  const needsReference = step === 'deposit' || step === 'refund' || step === 'cancel_refund' || (step === 'keep' && keepSplit(preview).refundCents > 0);
  const fields = step === 'ship' ? SHIP_FIELDS : needsReference ? REFERENCE_FIELDS : [];
  const form = useForm<string>({
    fields,
    schema: step === 'ship' ? shipHomePreviewRequestSchema : needsReference ? homePreviewReferenceRequestSchema : undefined,
    resetOnSuccess: false,
    send: async (values, data) => {
      const body =
        step === 'ship'
          ? { carrier: values.carrier, tracking_number: values.tracking_number }
          : step === 'receive'
            ? { replicas: data.getAll('replicas').map(Number) }
            : needsReference
              ? { reference: values.reference?.trim() }
              : {};
      const result = await run(() => adminApi.post(path, body, adminHomePreviewStepResponseSchema));
      if (result === null) return null;
      if (result.ok) {
        onDone(result.data.preview, result.data.message);
        return answerFrom(result, { fields, fallback: FAILED });
      }
      const text = await failureText(result, FAILED);
      return text === null ? null : answerFrom(result, { fields, fallback: text });
    },
  });
  const effect = HOME_PREVIEW_STEP_EFFECTS[step];
  return (
    <form.Form {...form.props} className="adm-form" noValidate aria-label={`${homePreviewStepLabel(step)}: Home Preview ${preview.number}`}>
      {step === 'ship' && (
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
          <Field
            form={form}
            name="tracking_number"
            label="Tracking number"
            controlClassName="adm-control"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            hint="As printed on the label; spaces do not matter."
          />
        </>
      )}
      {needsReference && (
        <Field
          form={form}
          name="reference"
          label={step === 'deposit' ? 'Deposit’s payment reference' : 'Refund’s reference'}
          controlClassName="adm-control"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          hint="The card terminal’s or the bank’s reference, as on its receipt."
        />
      )}
      {step === 'receive' && (
        <fieldset className="adm-fieldset">
          <legend>Replicas that came back</legend>
          {replicasOut(preview).map((ring) => (
            <label key={ring.replica} className="adm-check">
              <input type="checkbox" name="replicas" value={ring.replica} defaultChecked /> {ring.replica}. {ring.name}
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions error={form.notice?.text ?? null} sending={form.busy} label={homePreviewStepLabel(step)} busyLabel="Recording…" danger={effect.danger} />
    </form.Form>
  );
}
