import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  LEAD_DAYS_MAX,
  ON_HAND_MAX,
  adminProductSavedSchema,
  adminVariantEditRequestSchema,
  adminVariantPriceResponseSchema,
  designProblems,
  designRefusal,
  formatCents,
  type AdminProduct,
  type AdminVariant,
  type AdminVariantEditRequest,
  type AdminVariantPriceResponse,
  type PieceDesign,
  type ProductFamily,
} from '@everstone/contract';
import { PieceArt } from '../../../components/jewelry/piece-art';
import { errorsFromIssues, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy } from '../../../components/ui/field-errors';
import { Field, answerFrom, refusedBeforeSending, useForm, type FormAnswer } from '../../../components/ui/form';
import { adminApi, isSignedOut, pathOf, signInPath } from '../kit/admin-api';
import { JewelryStyles, PRODUCTS_PATH, adminProductPath, variantTitle } from './product-links';
import { DESIGN_FIELDS, DesignFields } from './design-fields';
import { OutcomeBanner } from '../kit/lists';
import { useReauth } from '../kit/reauth';

/** How long the live price waits for the typing to pause before it asks the server. */
const PRICE_DELAY_MS = 300;
const FALLBACK = 'The variant could not be saved. Please try again in a moment.';

/** What the editor's messages are keyed by: the sale and stock fields, the design as a whole, and its fields. */
const VARIANT_FIELDS = ['lead_days', 'discontinued', 'on_hand', 'design', ...DESIGN_FIELDS] as const;
type VariantField = (typeof VARIANT_FIELDS)[number];
/** A changed measure of the design drops the message about the design as a whole. */
const COVERS = Object.fromEntries(DESIGN_FIELDS.map((f) => [f, ['design']])) as Partial<Record<VariantField, readonly string[]>>;

type Priced = Pick<AdminVariantPriceResponse, 'price_cents' | 'breakdown' | 'metal_grams'>;
type LivePrice =
  | { kind: 'priced'; price: Priced; pending: boolean }
  | { kind: 'refused'; message: string; pending: boolean }
  | { kind: 'blank' };

const sameDesign = (a: PieceDesign, b: PieceDesign) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the design being edited would cost: the saved price while it is unchanged, otherwise the server's answer to
 * the last design, asked for once the changes pause (an earlier question still on its way is abandoned). A design the
 * contract's schema refuses for the product's family is refused here in the server's words, without asking.
 */
function useLivePrice(variant: AdminVariant, family: ProductFamily, design: PieceDesign, blank: boolean): LivePrice {
  const saved: Priced = variant;
  const [live, setLive] = useState<LivePrice>({ kind: 'priced', price: saved, pending: false });
  const key = JSON.stringify(design);
  const savedKey = JSON.stringify(variant.design);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    controller.current?.abort();
    if (blank) {
      setLive({ kind: 'blank' });
      return;
    }
    if (key === savedKey) {
      setLive({ kind: 'priced', price: variant, pending: false });
      return;
    }
    const problems = designProblems(JSON.parse(key), family);
    if (problems.length > 0) {
      setLive({ kind: 'refused', message: designRefusal(problems), pending: false });
      return;
    }
    setLive((now) => (now.kind === 'blank' ? now : { ...now, pending: true }));
    const timer = window.setTimeout(async () => {
      const ask = new AbortController();
      controller.current = ask;
      const result = await adminApi.post(`/api/admin/variants/${variant.id}/price`, { design: JSON.parse(key) as PieceDesign }, adminVariantPriceResponseSchema, {
        signal: ask.signal,
      });
      if (ask.signal.aborted) return;
      if (result.ok) setLive({ kind: 'priced', price: result.data, pending: false });
      else setLive({ kind: 'refused', message: result.message ?? 'The price could not be worked out. Please try again in a moment.', pending: false });
    }, PRICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, savedKey, blank, variant, family]);
  useEffect(() => () => controller.current?.abort(), []);
  return live;
}

/** /admin/products/:id/variants/:variantId: a variant's picture and price as its design changes, its lead time, withdrawal and stock. */
export function VariantEditor({ initial, variantId }: { initial: AdminProduct; variantId: number }) {
  const [product, setProduct] = useState(initial);
  const variant = product.variants.find((v) => v.id === variantId)!;
  const id = useId();
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();

  const [design, setDesign] = useState<PieceDesign>(variant.design);
  // The design's number fields are uncontrolled: a new version remounts them with the saved design's values.
  const [version, setVersion] = useState(0);
  const [blanks, setBlanks] = useState<string[]>([]);
  const [leadDays, setLeadDays] = useState(String(variant.lead_days));
  const [discontinued, setDiscontinued] = useState(variant.discontinued);
  const [stocked, setStocked] = useState(variant.stocked);
  const [onHand, setOnHand] = useState(String(variant.on_hand ?? 0));
  const live = useLivePrice(variant, product.family, design, blanks.length > 0);

  const changed = !sameDesign(design, variant.design);
  const title = `${product.name}, ${variantTitle(variant)}`;

  function showSaved(v: AdminVariant) {
    setDesign(v.design);
    setVersion((n) => n + 1);
    setBlanks([]);
    setLeadDays(String(v.lead_days));
    setDiscontinued(v.discontinued);
    setStocked(v.stocked);
    setOnHand(String(v.on_hand ?? 0));
  }

  const blank = (field: string, isBlank: boolean) => setBlanks((all) => (isBlank ? (all.includes(field) ? all : [...all, field]) : all.filter((f) => f !== field)));

  /** What the form changes from the variant as saved (only those are sent, so the history names only them). */
  function changesOf(): AdminVariantEditRequest {
    const body: AdminVariantEditRequest = {};
    if (leadDays.trim() !== String(variant.lead_days)) body.lead_days = leadDays.trim();
    if (discontinued !== variant.discontinued) body.discontinued = discontinued;
    const units = stocked ? (onHand.trim() === '' ? Number.NaN : Number(onHand)) : null;
    if (units !== (variant.stocked ? variant.on_hand : null)) body.on_hand = units;
    if (changed) body.design = design;
    return body;
  }

  /** Checks the changes, saves them and shows the variant as the server now has it; the answer says how it went. */
  async function save(): Promise<FormAnswer<VariantField> | null> {
    if (blanks.length > 0) return refusedBeforeSending({ design: ['Fill in every measure of the design with a number.'] });
    const body = changesOf();
    if (Object.keys(body).length === 0) return refusedBeforeSending({}, { kind: 'success', text: 'Nothing has changed: there is nothing to save.' });
    const parsed = adminVariantEditRequestSchema.safeParse(body);
    if (!parsed.success) return refusedBeforeSending(errorsFromIssues(parsed.error.issues));
    const problems = body.design === undefined ? [] : designProblems(body.design, product.family);
    if (problems.length > 0) return refusedBeforeSending({ design: [designRefusal(problems)] });
    const result = await run(() => adminApi.put(`/api/admin/variants/${variant.id}`, body, adminProductSavedSchema));
    if (result === null) return null;
    if (result.ok) {
      const next = result.data.product.variants.find((v) => v.id === variant.id);
      setProduct(result.data.product);
      if (next) showSaved(next);
      return answerFrom(result, { fields: VARIANT_FIELDS, fallback: FALLBACK, success: result.data.message });
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return null;
    }
    if (result.status === 422) {
      // A refused design is said in its own words (what cannot be drawn or priced); a field's message beside it.
      const fieldErrors: FieldErrors = result.errors ?? {};
      const known = Object.keys(fieldErrors).some((k) => k === 'lead_days' || k === 'on_hand' || k === 'discontinued');
      return { status: 422, ok: false, notice: null, errors: known ? fieldErrors : { design: [result.message ?? Object.values(fieldErrors).flat().join(' ')] }, values: {} };
    }
    return answerFrom(result, { fields: VARIANT_FIELDS, fallback: FALLBACK });
  }

  // The fields stay as saved (or as typed, when refused): the editor sets them itself, so a success does not empty them.
  const form = useForm({ fields: VARIANT_FIELDS, covers: COVERS, resetOnSuccess: false, send: save });

  const stockHint = `${id}-stock-hint`;
  return (
    <article className="adm-variant" aria-labelledby={`${id}-title`}>
      <JewelryStyles />
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to={PRODUCTS_PATH}>Catalog</Link>
        <span aria-hidden="true"> / </span>
        <Link to={adminProductPath(product.id)}>{product.name}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{variant.sku}</span>
      </nav>
      <header className="adm-order__head">
        <div>
          <h1 id={`${id}-title`} className="adm-title">
            Variant {variant.sku}
          </h1>
          <p className="adm-order__facts">
            <span>{variantTitle(variant)}</span>
            {variant.discontinued && <span className="adm-badge adm-badge--outline adm-badge--withdrawn">Discontinued</span>}
          </p>
        </div>
      </header>

      <div className="adm-order__status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={form.notice} />
      </div>

      <div className="adm-variant__grid">
        <div className="adm-variant__look">
          <div className="adm-panel adm-variant__picture">
            <PieceArt design={design} metal={variant.metal} title={title} className="adm-variant__art" />
          </div>
          <PricePanel live={live} saved={variant} />
        </div>

        <form.Form {...form.props} className="adm-form adm-variant__form" noValidate aria-labelledby={`${id}-title`}>
          <section className="adm-panel adm-design" aria-labelledby={`${id}-design-title`}>
            <h2 id={`${id}-design-title`} className="adm-panel__title">
              Design
            </h2>
            <p className="adm-panel__lead">The picture and the price follow each change. Nothing is saved until Save.</p>
            <div key={version} className="adm-design__groups">
              <DesignFields form={form} design={design} change={setDesign} blank={blank} />
            </div>
            <FieldError formId={form.id} errors={form.errors} field="design" />
            <p>
              <button
                type="button"
                className="adm-button adm-button--ghost adm-button--small"
                aria-disabled={!changed || undefined}
                onClick={() => {
                  if (!changed && blanks.length === 0) return;
                  setDesign(variant.design);
                  setVersion((n) => n + 1);
                  setBlanks([]);
                  form.clear('design');
                }}
              >
                Reset the design
              </button>
            </p>
          </section>

          <section className="adm-panel" aria-labelledby={`${id}-form-title`}>
            <h2 id={`${id}-form-title`} className="adm-panel__title">
              Sale and stock
            </h2>
            <div className="adm-form">
              <Field
                form={form}
                name="lead_days"
                label="Lead time (business days)"
                type="number"
                inputMode="numeric"
                min={0}
                max={LEAD_DAYS_MAX}
                step={1}
                controlClassName="adm-control adm-variant__small"
                value={leadDays}
                onChange={(e) => setLeadDays(e.target.value)}
              />
              {/* A box the kit's Field does not draw; its messages are still the form's. */}
              <div className="adm-check">
                <input
                  id={`${id}-discontinued`}
                  name="discontinued"
                  type="checkbox"
                  checked={discontinued}
                  onChange={(e) => {
                    setDiscontinued(e.target.checked);
                    form.clear('discontinued');
                  }}
                  {...describedBy(form.id, form.errors, 'discontinued')}
                />
                <label htmlFor={`${id}-discontinued`}>Discontinued (withdrawn from sale)</label>
              </div>
              <FieldError formId={form.id} errors={form.errors} field="discontinued" />
              <fieldset className="adm-variant__stock">
                <legend className="form-label">Stock</legend>
                <div className="adm-check">
                  <input id={`${id}-made`} name="supply" type="radio" checked={!stocked} onChange={() => setStocked(false)} />
                  <label htmlFor={`${id}-made`}>Made to order</label>
                </div>
                <div className="adm-check">
                  <input id={`${id}-stocked`} name="supply" type="radio" checked={stocked} onChange={() => setStocked(true)} />
                  <label htmlFor={`${id}-stocked`}>Stocked</label>
                </div>
                {stocked && (
                  <Field
                    form={form}
                    name="on_hand"
                    label="Units on hand"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={ON_HAND_MAX}
                    step={1}
                    controlClassName="adm-control adm-variant__small"
                    value={onHand}
                    onChange={(e) => setOnHand(e.target.value)}
                    describedBy={stockHint}
                  />
                )}
                <p id={stockHint} className="adm-field-note">
                  {variant.stocked
                    ? `Now stocked: ${variant.on_hand ?? 0} on hand, ${variant.held} held by open orders, so ${variant.on_shelf ?? 0} on the shelf.`
                    : `Now made to order${variant.held > 0 ? `, ${variant.held} held by open orders` : ''}.`}{' '}
                  The shelf is what is on hand less what open orders hold.
                </p>
              </fieldset>
            </div>
          </section>

          <FieldError formId={form.id} errors={form.errors} field="form" />
          <div className="adm-variant__actions">
            {/* Not disabled while saving: a disabled button would drop the focus; a second press is ignored instead. */}
            <button type="submit" className="adm-button" aria-disabled={form.busy || undefined}>
              {form.busy ? 'Saving…' : 'Save'}
            </button>
            <Link className="adm-button adm-button--ghost adm-button--wraps" to={adminProductPath(product.id)}>
              Back to {product.name}
            </Link>
          </div>
        </form.Form>
      </div>
    </article>
  );
}

/** The live price under the picture: the total with what makes it up and the grams of metal, beside the saved price. */
function PricePanel({ live, saved }: { live: LivePrice; saved: AdminVariant }) {
  const id = useId();
  return (
    <section className="adm-panel adm-live-price" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Price
      </h2>
      <div aria-live="polite" aria-atomic="true" className="adm-live-price__body" aria-busy={(live.kind !== 'blank' && live.pending) || undefined}>
        {live.kind === 'blank' ? (
          <p className="adm-live-price__problem">Fill in every measure to see the price.</p>
        ) : live.kind === 'refused' ? (
          <p className="adm-live-price__problem">{live.message}</p>
        ) : (
          <>
            <p className="adm-live-price__total">
              <span className="adm-live-price__now" data-testid="live-price">
                {formatCents(live.price.price_cents)}
              </span>
              {live.price.price_cents !== saved.price_cents && <span className="adm-live-price__was">was {formatCents(saved.price_cents)}</span>}
            </p>
            <dl className="adm-facts adm-live-price__parts">
              <div>
                <dt>Metal</dt>
                <dd>
                  {formatCents(live.price.breakdown.metal_cents)} <span className="adm-muted">({live.price.metal_grams.toFixed(2)} g)</span>
                </dd>
              </div>
              <div>
                <dt>Stones</dt>
                <dd>{formatCents(live.price.breakdown.stones_cents)}</dd>
              </div>
              <div>
                <dt>Center stone</dt>
                <dd>{formatCents(live.price.breakdown.center_cents)}</dd>
              </div>
              <div>
                <dt>Craftsmanship</dt>
                <dd>{formatCents(live.price.breakdown.labor_cents)}</dd>
              </div>
              <div>
                <dt>Offer</dt>
                <dd>{formatCents(live.price.breakdown.offer_cents)}</dd>
              </div>
            </dl>
          </>
        )}
      </div>
      {live.kind !== 'blank' && live.pending && (
        <p className="adm-field-note" aria-hidden="true">
          Working out the price…
        </p>
      )}
    </section>
  );
}
