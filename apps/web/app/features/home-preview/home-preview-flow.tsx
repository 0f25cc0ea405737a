import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  HOME_PREVIEW,
  HOME_PREVIEW_MESSAGES,
  HOME_PREVIEW_RULES,
  METAL_LABELS,
  RING_SIZES,
  RING_SIZE_UNKNOWN,
  addressListResponseSchema,
  formatTagPrice,
  homePreviewCreatedSchema,
  homePreviewDepositCents,
  homePreviewListSchema,
  homePreviewRequestSchema,
  homePreviewSchema,
  productDetailSchema,
  productListResponseSchema,
  type Address,
  type HomePreview,
  type HomePreviewCreated,
  type HomePreviewList,
  type ProductSummary,
  type ProductDetail,
} from '@everstone/contract';
import { PieceArt } from '../../components/jewelry/piece-art';
import { errorsFromIssues } from '../../components/ui/fields';
import { FieldError } from '../../components/ui/field-errors';
import { Field, refusedBeforeSending, useForm, type FormAnswer } from '../../components/ui/form';
import { api, failureText } from '../../lib/api';
import { useSession } from '../../lib/session';
import { homePreviewPath, pickVariant, variantOf, type Choice } from './choices';
import { MyPreviews } from './my-previews';

const SHIP_FIELDS = ['first_name', 'last_name', 'street', 'apartment', 'city', 'state', 'zip', 'phone_number'] as const;
type ShipField = (typeof SHIP_FIELDS)[number];
type ShipTo = Record<ShipField, string>;
const NO_ADDRESS: ShipTo = { first_name: '', last_name: '', street: '', apartment: '', city: '', state: '', zip: '', phone_number: '' };
const NEW_ADDRESS = 'new';
const CHECK_FIELDS = 'Some details need your attention: see the messages beside them.';
const FIRST_VIEW = 10;

const fromSaved = (a: Address): ShipTo => ({
  first_name: a.first_name,
  last_name: a.last_name,
  street: a.address.street,
  apartment: a.address.apartment ?? '',
  city: a.address.city,
  state: a.address.state ?? '',
  zip: a.address.zip,
  phone_number: a.phone_number,
});

/**
 * /home-preview: the rules first, then up to two settings (each in its metal and head shape, with a ring size),
 * sign-in for a guest (back here with the choice), a US address typed or picked from the address book, and the
 * confirmation with the deposit and what happens next. Below, the shopper's own requests and how many remain.
 */
export function HomePreviewFlow({
  settings,
  total,
  preselected,
}: {
  settings: ProductSummary[];
  total: number;
  preselected: { product: ProductDetail; variantId: number }[];
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const id = useId();
  const done = useRef<HTMLHeadingElement>(null);

  const [shown, setShown] = useState(settings);
  // A short first view, so the address and the button are near on a phone; the rest on request.
  const [visible, setVisible] = useState(FIRST_VIEW);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [choices, setChoices] = useState<Choice[]>(() => preselected.map(({ product, variantId }) => ({ product, variantId, ringSize: '' })));
  const [opening, setOpening] = useState<string | null>(null);
  // What went wrong outside the form's own sending: a setting that would not open, a cancellation refused.
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<HomePreviewCreated | null>(null);
  const [mine, setMine] = useState<HomePreviewList | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [saved, setSaved] = useState<Address[]>([]);
  const [addressChoice, setAddressChoice] = useState<string>(NEW_ADDRESS);
  const [shipTo, setShipTo] = useState<ShipTo>(NO_ADDRESS);

  // The request's messages are keyed by the API's paths (`rings.0.ring_size`, `ship_to.zip`): the fields are named so.
  const form = useForm<string>({
    fields: [],
    resetOnSuccess: false,
    send: async (): Promise<FormAnswer | null> => {
      if (!user) return null;
      setProblem(null);
      const body = {
        rings: choices.map((c) => ({ variant_id: c.variantId, ring_size: c.ringSize })),
        ship_to: { ...shipTo, country: HOME_PREVIEW.country },
      };
      const parsed = homePreviewRequestSchema.safeParse(body);
      if (!parsed.success) return refusedBeforeSending(errorsFromIssues(parsed.error.issues), { kind: 'error', text: CHECK_FIELDS });
      const res = await api.post('/api/home-preview/requests', body, homePreviewCreatedSchema);
      if (res.ok) {
        setCreated(res.data);
        setChoices([]);
        void loadMine();
        return { status: res.status, ok: true, notice: null, errors: {}, values: {} };
      }
      if (res.status === 422 && res.errors) return refusedBeforeSending(res.errors, { kind: 'error', text: CHECK_FIELDS });
      const text = (res.status === 409 || res.status === 429 ? res.message : failureText(res)) ?? HOME_PREVIEW_MESSAGES.failure;
      return { status: res.status, ok: false, notice: { kind: 'error', text }, errors: {}, values: {} };
    },
  });
  const banner = form.notice?.text ?? problem;
  useEffect(() => {
    if (created) done.current?.focus();
  }, [created]);

  const loadMine = useCallback(async () => {
    const res = await api.get('/api/home-preview/requests', homePreviewListSchema);
    if (res.ok) setMine(res.data);
  }, []);
  useEffect(() => {
    if (!user) return;
    void loadMine();
    void api.get('/api/addresses', addressListResponseSchema).then((res) => {
      if (!res.ok) return;
      const us = res.data.data.filter((a) => a.country === HOME_PREVIEW.country);
      setSaved(us);
      const first = us.find((a) => a.is_default) ?? us[0];
      if (first) {
        setAddressChoice(String(first.id));
        setShipTo(fromSaved(first));
      }
    });
  }, [user, loadMine]);

  const chosenIds = choices.map((c) => c.product.id);
  const full = choices.length >= HOME_PREVIEW.maxRings;

  async function choose(summary: ProductSummary) {
    if (chosenIds.includes(summary.id)) {
      setChoices((list) => list.filter((c) => c.product.id !== summary.id));
      form.clear('rings');
      return;
    }
    if (full) return;
    setOpening(summary.slug);
    const res = await api.get(`/api/products/${summary.slug}`, productDetailSchema);
    setOpening(null);
    if (!res.ok) {
      setProblem(HOME_PREVIEW_MESSAGES.unavailable);
      return;
    }
    setChoices((list) => (list.length >= HOME_PREVIEW.maxRings ? list : [...list, { product: res.data, variantId: summary.variant_id, ringSize: '' }]));
    form.clear('rings');
  }

  async function showMore() {
    if (visible < shown.length) {
      setVisible((n) => n + 20);
      return;
    }
    setVisible((n) => n + 20);
    setMore('loading');
    const page = Math.floor(shown.length / 24) + 1;
    const res = await api.get(`/api/products?department=engagement-rings&page=${page}`, productListResponseSchema);
    if (!res.ok) return setMore('failed');
    setShown((list) => [...list, ...res.data.data.filter((p) => !list.some((q) => q.id === p.id))]);
    setMore('idle');
  }

  function updateChoice(index: number, patch: Partial<Choice>) {
    setChoices((list) => list.map((c, i) => (i === index ? { ...c, ...patch } : c)));
    for (const field of ['rings', `rings.${index}.variant_id`, `rings.${index}.ring_size`]) form.clear(field);
  }

  function updateShip(field: ShipField, value: string) {
    setShipTo((s) => ({ ...s, [field]: value }));
  }

  function pickAddress(value: string) {
    setAddressChoice(value);
    const found = saved.find((a) => String(a.id) === value);
    setShipTo(found ? fromSaved(found) : NO_ADDRESS);
    for (const field of SHIP_FIELDS) form.clear(`ship_to.${field}`);
  }

  async function cancel(preview: HomePreview) {
    setCancelling(preview.number);
    const res = await api.post(`/api/home-preview/requests/${preview.number}/cancel`, undefined, homePreviewSchema);
    setCancelling(null);
    if (!res.ok) setProblem(res.message ?? HOME_PREVIEW_MESSAGES.failure);
    void loadMine();
  }

  const deposit = formatTagPrice(homePreviewDepositCents(Math.max(1, choices.length)));
  const limitReached = mine !== null && mine.remaining === 0;

  return (
    <div className="hp-flow">
      <aside className="hp-rules" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`} className="hp-heading">
          Before you choose
        </h2>
        <ul>
          {HOME_PREVIEW_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className="cr-fineprint">
          Nothing is charged online: our team calls you to take the deposit before we ship. <Link to="/terms#home-preview">Full terms</Link>
        </p>
      </aside>

      {created ? (
        <div className="cr-thanks hp-done" role="status">
          <h2 ref={done} tabIndex={-1} className="pg-section-title">
            Your Home Preview request {created.request.number} is in
          </h2>
          <p className="cr-thanks-promise">Refundable deposit: {formatTagPrice(created.request.deposit_cents)}</p>
          <ul className="hp-rings-done">
            {created.request.rings.map((r) => (
              <li key={r.variant_id}>
                {r.name}, {METAL_LABELS[r.metal]}
                {r.shape ? `, ${r.shape}` : ''}
              </li>
            ))}
          </ul>
          <h3 className="hp-subheading">What happens next</h3>
          <ol className="hp-steps">
            {created.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <button type="button" className="text-button" onClick={() => setCreated(null)}>
            Choose other rings
          </button>
        </div>
      ) : (
        <form.Form {...form.props} className="hp-form" noValidate aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="pg-section-title">
            Choose up to {HOME_PREVIEW.maxRings} settings to try
          </h2>
          <p className="pg-section-lead" aria-live="polite">
            {choices.length} of {HOME_PREVIEW.maxRings} chosen.{full ? ' Remove one to choose another.' : ''}
          </p>
          <FieldError formId={form.id} errors={form.errors} field="rings" />

          {choices.length > 0 && (
            <ol className="hp-choices">
              {choices.map((choice, i) => {
                const variant = variantOf(choice);
                const shapes = choice.product.options.shape;
                return (
                  <li key={choice.product.id} className="hp-choice">
                    <PieceArt className="hp-choice-art" design={variant.design} metal={variant.metal} title={`${choice.product.name} in ${METAL_LABELS[variant.metal]}`} />
                    <div className="hp-choice-body">
                      <h3 className="hp-subheading">
                        Replica {i + 1}: {choice.product.name}
                      </h3>
                      <div className="form-grid">
                        <Field
                          form={form}
                          as="select"
                          label="Metal"
                          name={`rings.${i}.metal`}
                          value={variant.metal}
                          onChange={(e) => updateChoice(i, { variantId: pickVariant(choice.product, e.target.value, variant.shape).id })}
                        >
                          {choice.product.options.metal.map((m) => (
                            <option key={m} value={m}>
                              {METAL_LABELS[m]}
                            </option>
                          ))}
                        </Field>
                        {shapes.length > 0 && (
                          <Field
                            form={form}
                            as="select"
                            label="Center stone shape"
                            name={`rings.${i}.shape`}
                            value={variant.shape ?? ''}
                            onChange={(e) => updateChoice(i, { variantId: pickVariant(choice.product, variant.metal, e.target.value).id })}
                          >
                            {shapes.map((s) => (
                              <option key={s} value={s}>
                                {s}
                              </option>
                            ))}
                          </Field>
                        )}
                        <Field
                          form={form}
                          as="select"
                          label="Ring size"
                          name={`rings.${i}.ring_size`}
                          required
                          value={choice.ringSize}
                          onChange={(e) => updateChoice(i, { ringSize: e.target.value })}
                        >
                          <option value="">Select a size</option>
                          <option value={RING_SIZE_UNKNOWN}>I don&apos;t know the size yet</option>
                          {RING_SIZES.map((s) => (
                            <option key={s} value={s}>
                              {s}
                            </option>
                          ))}
                        </Field>
                      </div>
                      <FieldError formId={form.id} errors={form.errors} field={`rings.${i}.variant_id`} />
                      <button type="button" className="text-button" onClick={() => setChoices((list) => list.filter((_, j) => j !== i))}>
                        Remove<span className="visually-hidden"> {choice.product.name}</span>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}

          <fieldset className="hp-picker">
            <legend className="hp-heading">Engagement ring settings</legend>
            <ul className="hp-grid">
              {shown.slice(0, Math.max(visible, FIRST_VIEW)).map((p) => {
                const chosen = chosenIds.includes(p.id);
                return (
                  <li key={p.id} className={chosen ? 'hp-card hp-card--chosen' : 'hp-card'}>
                    <PieceArt className="hp-card-art" design={p.design} metal={p.metal} title={p.name} />
                    <span className="hp-card-name">{p.name}</span>
                    <button
                      type="button"
                      className={chosen ? 'button hp-card-button hp-card-button--chosen' : 'button hp-card-button'}
                      aria-pressed={chosen}
                      disabled={(!chosen && full) || opening === p.slug}
                      onClick={() => void choose(p)}
                    >
                      {opening === p.slug ? 'Opening...' : chosen ? 'Chosen' : 'Try at home'}
                      <span className="visually-hidden"> {p.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {(visible < shown.length || shown.length < total) && (
              <button type="button" className="text-button" onClick={() => void showMore()} disabled={more === 'loading'}>
                {more === 'loading' ? 'Loading...' : more === 'failed' ? 'Could not load more settings. Try again' : 'Show more settings'}
              </button>
            )}
          </fieldset>

          {session.status === 'loading' ? null : !user ? (
            <div className="hp-signin">
              <p>Sign in to send your request: we keep it in your account, with the US address we ship to.</p>
              <Link className="button" to="/signin" state={{ from: homePreviewPath(choices.map((c) => c.variantId)) }}>
                Sign in to continue
              </Link>
            </div>
          ) : (
            <fieldset className="hp-address">
              <legend className="hp-heading">Deliver to (United States only)</legend>
              {saved.length > 0 && (
                <Field form={form} as="select" label="Address" name="address_choice" value={addressChoice} onChange={(e) => pickAddress(e.target.value)} wide>
                  {saved.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {a.first_name} {a.last_name}, {a.address.street}, {a.address.city} {a.address.zip}
                    </option>
                  ))}
                  <option value={NEW_ADDRESS}>A new address</option>
                </Field>
              )}
              <div className="form-grid">
                {(
                  [
                    ['first_name', 'First name', 'given-name'],
                    ['last_name', 'Last name', 'family-name'],
                    ['street', 'Street address', 'address-line1'],
                    ['apartment', 'Apartment, suite', 'address-line2'],
                    ['city', 'City', 'address-level2'],
                    ['state', 'State', 'address-level1'],
                    ['zip', 'ZIP code', 'postal-code'],
                    ['phone_number', 'Phone', 'tel'],
                  ] as const
                ).map(([field, label, auto]) => (
                  <Field
                    key={field}
                    form={form}
                    name={`ship_to.${field}`}
                    label={label}
                    optional={field === 'apartment'}
                    required={field !== 'apartment'}
                    autoComplete={`shipping ${auto}`}
                    type={field === 'phone_number' ? 'tel' : 'text'}
                    inputMode={field === 'zip' ? 'numeric' : undefined}
                    value={shipTo[field]}
                    onChange={(e) => updateShip(field, e.target.value)}
                  />
                ))}
              </div>
              <FieldError formId={form.id} errors={form.errors} field="ship_to.country" />
            </fieldset>
          )}

          <div role="alert" className="form-live">
            {banner && <p className="form-banner form-banner--error">{banner}</p>}
          </div>
          {user && (
            <div className="hp-submit-row">
              <p className="hp-deposit">
                Refundable deposit: <strong>{deposit}</strong> ({formatTagPrice(HOME_PREVIEW.depositCentsPerRing)} per replica), taken by phone before we ship.
              </p>
              <button type="submit" className="button hp-submit" disabled={form.busy || limitReached}>
                {form.busy ? 'Sending...' : 'Request my Home Preview'}
              </button>
            </div>
          )}
        </form.Form>
      )}

      {user && mine && <MyPreviews list={mine} onCancel={(p) => void cancel(p)} busy={cancelling} />}
    </div>
  );
}
