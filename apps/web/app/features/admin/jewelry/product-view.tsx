import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  COLLECTIONS,
  GEMSTONES,
  METAL_LABELS,
  OFFER_PERCENT_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_STYLE_LABELS,
  adminProductEditRequestSchema,
  adminProductSavedSchema,
  formatCents,
  type AdminProduct,
  type AdminProductEditRequest,
} from '@everstone/contract';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminResult } from '../kit/admin-api';
import { AuditHistory } from '../audit';
import { JewelryStyles, FAMILY_TEXT, PRODUCTS_PATH, PublishedBadge, adminVariantPath, storefrontProductPath, variantDetailText } from './product-links';
import { NoValue, TableScroll } from '../kit/table';
import { formatDayTime } from '../kit/format';
import { OutcomeBanner, type Outcome } from '../kit/lists';
import { useReauth } from '../kit/reauth';

const FALLBACK = 'The product could not be saved. Please try again in a moment.';

type Send = (body: AdminProductEditRequest) => Promise<AdminResult<{ message: string; product: AdminProduct }> | null>;

/** /admin/products/:id: a piece's own fields, its variants (each with its editor), and what was changed. */
export function ProductView({ initial }: { initial: AdminProduct }) {
  const [product, setProduct] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();

  /** Sends an edit; a success shows the product as the server now has it, a failure says why (or goes to sign in). */
  const send: Send = async (body) => {
    const result = await run(() => adminApi.put(`/api/admin/products/${product.id}`, body, adminProductSavedSchema));
    if (result === null) return null;
    if (result.ok) {
      setProduct(result.data.product);
      setOutcome({ kind: 'success', text: result.data.message });
      return result;
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return null;
    }
    // A 422 is shown beside its field by the form; anything else in the page's status line.
    setOutcome(result.status === 422 && result.errors ? null : { kind: 'error', text: result.message ?? FALLBACK });
    return result;
  };

  return (
    <article className="adm-order adm-product" aria-labelledby={titleId}>
      <JewelryStyles />
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to={PRODUCTS_PATH}>Catalog</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{product.name}</span>
      </nav>
      <header className="adm-order__head">
        <div>
          <h1 id={titleId} className="adm-title">
            {product.name}
          </h1>
          <p className="adm-order__facts">
            <PublishedBadge published={product.published} />
            <span>
              {FAMILY_TEXT[product.family]} · {PRODUCT_STYLE_LABELS[product.style]}
            </span>
            {product.offer_percent > 0 && <span className="adm-badge adm-badge--outline">{product.offer_percent}% off</span>}
          </p>
        </div>
        {product.published && (
          <Link className="adm-button adm-button--ghost adm-button--small" to={storefrontProductPath(product.slug)}>
            Storefront page
          </Link>
        )}
      </header>

      <div className="adm-order__status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={outcome} />
      </div>

      <div className="adm-order__grid">
        <div className="adm-order__main">
          <ProductForm product={product} send={send} />
          <Variants product={product} />
          <AuditHistory history={product.history} caption={`Changes to ${product.name}, oldest first`} className="adm-product__history" />
        </div>
        <div className="adm-order__aside">
          <Facts product={product} />
        </div>
      </div>
    </article>
  );
}

interface Draft {
  name: string;
  description: string;
  offer_percent: string;
  popularity: string;
  published: boolean;
  engravable: boolean;
  resizable: boolean;
}

const draftOf = (p: AdminProduct): Draft => ({
  name: p.name,
  description: p.description,
  offer_percent: String(p.offer_percent),
  popularity: String(p.popularity),
  published: p.published,
  engravable: p.engravable,
  resizable: p.resizable,
});

/** What the form changes from the product as saved (only those fields are sent, so the history names only them). */
function changesOf(draft: Draft, saved: Draft): AdminProductEditRequest {
  const body: AdminProductEditRequest = {};
  if (draft.name.trim() !== saved.name) body.name = draft.name;
  if (draft.description.trim() !== saved.description) body.description = draft.description;
  if (draft.offer_percent.trim() !== saved.offer_percent) body.offer_percent = draft.offer_percent.trim();
  if (draft.popularity.trim() !== saved.popularity) body.popularity = draft.popularity.trim();
  for (const flag of ['published', 'engravable', 'resizable'] as const) if (draft[flag] !== saved[flag]) body[flag] = draft[flag];
  return body;
}

/** The product's own fields, saved together; the server's messages beside each. */
function ProductForm({ product, send }: { product: AdminProduct; send: Send }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const saved = draftOf(product);
  const [draft, setDraft] = useState(saved);
  // Saved, the fields show the product as the server now has it; the form stays, and so does the focus on Save.
  const savedKey = JSON.stringify(saved);
  const [shown, setShown] = useState(savedKey);
  if (shown !== savedKey) {
    setShown(savedKey);
    setDraft(saved);
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((all) => withoutField(all, key, 'form'));
    setNote(null);
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const body = changesOf(draft, saved);
    if (Object.keys(body).length === 0) {
      setNote('Nothing has changed: there is nothing to save.');
      return;
    }
    const parsed = adminProductEditRequestSchema.safeParse(body);
    if (!parsed.success) {
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await send(body);
    setSaving(false);
    if (result && !result.ok && result.status === 422 && result.errors) {
      showFieldErrors(result.errors, setErrors, form);
    }
  }

  const offerHint = `${id}-offer-hint`;
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Product
      </h2>
      <form ref={form} className="adm-form adm-product-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            className="form-control adm-control"
            value={draft.name}
            maxLength={PRODUCT_NAME_MAX}
            required
            autoComplete="off"
            onChange={(e) => set('name', e.target.value)}
            {...describedBy(id, errors, 'name')}
          />
          <FieldError formId={id} errors={errors} field="name" />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            className="form-control adm-control adm-product-form__description"
            value={draft.description}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            rows={5}
            required
            onChange={(e) => set('description', e.target.value)}
            {...describedBy(id, errors, 'description')}
          />
          <FieldError formId={id} errors={errors} field="description" />
        </div>
        <div className="adm-product-form__numbers">
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-offer`}>
              Offer (% off)
            </label>
            <input
              id={`${id}-offer`}
              name="offer_percent"
              type="number"
              inputMode="numeric"
              min={0}
              max={OFFER_PERCENT_MAX}
              step={1}
              className="form-control adm-control"
              value={draft.offer_percent}
              onChange={(e) => set('offer_percent', e.target.value)}
              {...describedBy(id, errors, 'offer_percent', offerHint)}
            />
            <p id={offerHint} className="adm-field-note">
              0 to {OFFER_PERCENT_MAX}. A new offer re-prices every variant.
            </p>
            <FieldError formId={id} errors={errors} field="offer_percent" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-popularity`}>
              Popularity
            </label>
            <input
              id={`${id}-popularity`}
              name="popularity"
              type="number"
              inputMode="numeric"
              min={0}
              max={1_000_000}
              step={1}
              className="form-control adm-control"
              value={draft.popularity}
              onChange={(e) => set('popularity', e.target.value)}
              {...describedBy(id, errors, 'popularity', `${id}-popularity-hint`)}
            />
            <p id={`${id}-popularity-hint`} className="adm-field-note">
              Higher comes first in the listings’ “Best sellers” order.
            </p>
            <FieldError formId={id} errors={errors} field="popularity" />
          </div>
        </div>
        <fieldset className="adm-product-form__flags">
          <legend className="form-label">On the storefront</legend>
          <div className="adm-check">
            <input id={`${id}-published`} name="published" type="checkbox" checked={draft.published} onChange={(e) => set('published', e.target.checked)} />
            <label htmlFor={`${id}-published`}>Published (shoppers find and buy it)</label>
          </div>
          <div className="adm-check">
            <input id={`${id}-engravable`} name="engravable" type="checkbox" checked={draft.engravable} onChange={(e) => set('engravable', e.target.checked)} />
            <label htmlFor={`${id}-engravable`}>Engravable</label>
          </div>
          <div className="adm-check">
            <input id={`${id}-resizable`} name="resizable" type="checkbox" checked={draft.resizable} onChange={(e) => set('resizable', e.target.checked)} />
            <label htmlFor={`${id}-resizable`}>Resizable</label>
          </div>
        </fieldset>
        <FieldError formId={id} errors={errors} field="form" />
        <div className="adm-product-form__actions">
          {/* Not disabled while saving: a disabled button would drop the focus; a second press is ignored instead. */}
          <button type="submit" className="adm-button" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <p className="adm-field-note" role="status">
            {note}
          </p>
        </div>
      </form>
    </section>
  );
}

/** Every variant with its price and units, and the way to its editor. */
function Variants({ product }: { product: AdminProduct }) {
  const id = useId();
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Variants
      </h2>
      <TableScroll label="Variants">
        <table className="adm-table adm-table--variants">
          <caption className="visually-hidden">The variants of {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Variant</th>
              <th scope="col" className="adm-num">
                Price
              </th>
              <th scope="col" className="adm-num">
                Metal
              </th>
              <th scope="col">Stock</th>
              <th scope="col" className="adm-num">
                Lead time
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((v) => (
              <tr key={v.id} className={v.discontinued ? 'is-withdrawn' : undefined}>
                <th scope="row" className="adm-variant-sku">
                  <span className="adm-cell-main">{v.sku}</span>
                  {v.discontinued && <span className="adm-badge adm-badge--outline adm-badge--withdrawn">Discontinued</span>}
                </th>
                <td>
                  <span className="adm-cell-main">{METAL_LABELS[v.metal]}</span>
                  <span className="adm-cell-sub">{variantDetailText(v) || '—'}</span>
                </td>
                <td className="adm-num">
                  <span className="adm-cell-main">{formatCents(v.price_cents)}</span>
                </td>
                <td className="adm-num">{v.metal_grams.toFixed(2)} g</td>
                <td>
                  {v.stocked ? (
                    <>
                      <span className="adm-cell-main">{v.on_shelf ?? 0} on the shelf</span>
                      <span className="adm-cell-sub">
                        {v.held} held · {v.on_hand ?? 0} on hand
                      </span>
                    </>
                  ) : (
                    <span className="adm-muted">Made to order</span>
                  )}
                </td>
                <td className="adm-num">{v.lead_days} days</td>
                <td>
                  <Link className="adm-button adm-button--ghost adm-button--small" to={adminVariantPath(product.id, v.id)}>
                    Edit<span className="visually-hidden"> variant {v.sku}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** What the product is, beside the form: what the back office does not change here. */
function Facts({ product }: { product: AdminProduct }) {
  const id = useId();
  const collection = COLLECTIONS.find((c) => c.id === product.collection);
  const gem = GEMSTONES.find((g) => g.id === product.gem);
  const rows: Array<[string, React.ReactNode]> = [
    ['Slug', <code key="slug">{product.slug}</code>],
    ['Family', FAMILY_TEXT[product.family]],
    ['Style', PRODUCT_STYLE_LABELS[product.style]],
    ['Collection', collection ? collection.label : <NoValue key="c" text="None" />],
    ['For', product.gender === 'unisex' ? 'Anyone' : product.gender === 'her' ? 'Her' : 'Him'],
    ['Gemstone', gem ? gem.label : <NoValue key="g" text="None" />],
    ['Created', formatDayTime(product.created_at)],
    ['Updated', formatDayTime(product.updated_at)],
  ];
  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        About the piece
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
