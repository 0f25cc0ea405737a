import { useId, useState } from 'react';
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
import { errorsFromIssues } from '../../../components/ui/fields';
import { FieldError } from '../../../components/ui/field-errors';
import { Field, answerFrom, refusedBeforeSending, useForm, type BoundForm, type FormAnswer } from '../../../components/ui/form';
import { adminApi, isSignedOut, pathOf, signInPath } from '../kit/admin-api';
import { AuditHistory } from '../audit';
import { JewelryStyles, FAMILY_TEXT, PRODUCTS_PATH, PublishedBadge, adminVariantPath, storefrontProductPath, variantDetailText } from './product-links';
import { NoValue, TableScroll } from '../kit/table';
import { formatDayTime } from '../kit/format';
import { OutcomeBanner } from '../kit/lists';
import { useReauth } from '../kit/reauth';

const FALLBACK = 'The product could not be saved. Please try again in a moment.';

/** The product's own fields, as the form posts them; every message is keyed by one of them or by the form as a whole. */
const PRODUCT_FIELDS = ['name', 'description', 'offer_percent', 'popularity', 'published', 'engravable', 'resizable'] as const;
type ProductField = (typeof PRODUCT_FIELDS)[number];
/** The fields a message is drawn beside (the boxes have none of their own: theirs are said in the page's line). */
const SHOWN = ['name', 'description', 'offer_percent', 'popularity', 'form'] as const;
/** Any change drops the message about the form as a whole, with the field's own. */
const COVERS = Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, ['form']])) as Partial<Record<ProductField, readonly string[]>>;
/** Save pressed with nothing changed: nothing is sent, and the note beside Save says so. */
const NOTHING_TO_SAVE: FormAnswer<ProductField> = refusedBeforeSending({}, { kind: 'success', text: 'Nothing has changed: there is nothing to save.' });

/** /admin/products/:id: a piece's own fields, its variants (each with its editor), and what was changed. */
export function ProductView({ initial }: { initial: AdminProduct }) {
  const [product, setProduct] = useState(initial);
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();

  /**
   * Sends what the form changes; a success shows the product as the server now has it (the form stays, and so does
   * the focus on Save), a failure says why (or goes to sign in).
   */
  async function save(values: Record<ProductField, string>): Promise<FormAnswer<ProductField> | null> {
    const body = changesOf(draftFrom(values), draftOf(product));
    if (Object.keys(body).length === 0) return NOTHING_TO_SAVE;
    const parsed = adminProductEditRequestSchema.safeParse(body);
    if (!parsed.success) return refusedBeforeSending(errorsFromIssues(parsed.error.issues));
    const result = await run(() => adminApi.put(`/api/admin/products/${product.id}`, body, adminProductSavedSchema));
    if (result === null) return null;
    if (result.ok) {
      setProduct(result.data.product);
      return answerFrom(result, { fields: SHOWN, fallback: FALLBACK, success: result.data.message });
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return null;
    }
    // A 422 is shown beside its field; anything else in the page's status line.
    return answerFrom(result, { fields: SHOWN, fallback: FALLBACK });
  }

  // The fields keep what they show after a save: the product as the server now has it.
  const form = useForm({ fields: PRODUCT_FIELDS, covers: COVERS, resetOnSuccess: false, send: save });

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
        {/* That nothing has changed is said beside Save instead. */}
        <OutcomeBanner outcome={form.answer === NOTHING_TO_SAVE ? null : form.notice} />
      </div>

      <div className="adm-order__grid">
        <div className="adm-order__main">
          <ProductForm product={product} form={form} />
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

/** What the form posts, as a draft: a box is sent ('on') only when it is ticked. */
const draftFrom = (values: Record<ProductField, string>): Draft => ({
  name: values.name,
  description: values.description,
  offer_percent: values.offer_percent,
  popularity: values.popularity,
  published: values.published === 'on',
  engravable: values.engravable === 'on',
  resizable: values.resizable === 'on',
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

const FLAGS = [
  ['published', 'Published (shoppers find and buy it)'],
  ['engravable', 'Engravable'],
  ['resizable', 'Resizable'],
] as const;

/** The product's own fields, saved together; the server's messages beside each. */
function ProductForm({ product, form }: { product: AdminProduct; form: BoundForm<ProductField> }) {
  const id = useId();
  const saved = draftOf(product);
  const [draft, setDraft] = useState(saved);
  // Saved, the fields show the product as the server now has it; the form stays, and so does the focus on Save.
  const savedKey = JSON.stringify(saved);
  const [shown, setShown] = useState(savedKey);
  if (shown !== savedKey) {
    setShown(savedKey);
    setDraft(saved);
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // The note that nothing has changed holds until a field does.
  const note = form.answer === NOTHING_TO_SAVE && Object.keys(changesOf(draft, saved)).length === 0 ? NOTHING_TO_SAVE.notice?.text : null;

  return (
    <section className="adm-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-panel__title">
        Product
      </h2>
      <form.Form {...form.props} className="adm-form adm-product-form" noValidate aria-labelledby={`${id}-title`}>
        <Field
          form={form}
          name="name"
          label="Name"
          controlClassName="adm-control"
          value={draft.name}
          maxLength={PRODUCT_NAME_MAX}
          required
          autoComplete="off"
          onChange={(e) => set('name', e.target.value)}
        />
        <Field
          form={form}
          as="textarea"
          name="description"
          label="Description"
          controlClassName="adm-control adm-product-form__description"
          value={draft.description}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          rows={5}
          required
          onChange={(e) => set('description', e.target.value)}
        />
        <div className="adm-product-form__numbers">
          <Field
            form={form}
            name="offer_percent"
            label="Offer (% off)"
            hint={`0 to ${OFFER_PERCENT_MAX}. A new offer re-prices every variant.`}
            type="number"
            inputMode="numeric"
            min={0}
            max={OFFER_PERCENT_MAX}
            step={1}
            controlClassName="adm-control"
            value={draft.offer_percent}
            onChange={(e) => set('offer_percent', e.target.value)}
          />
          <Field
            form={form}
            name="popularity"
            label="Popularity"
            hint="Higher comes first in the listings’ “Best sellers” order."
            type="number"
            inputMode="numeric"
            min={0}
            max={1_000_000}
            step={1}
            controlClassName="adm-control"
            value={draft.popularity}
            onChange={(e) => set('popularity', e.target.value)}
          />
        </div>
        {/* Boxes the kit's Field does not draw; a change still drops the form's message, as a field's does. */}
        <fieldset className="adm-product-form__flags">
          <legend className="form-label">On the storefront</legend>
          {FLAGS.map(([flag, label]) => (
            <div key={flag} className="adm-check">
              <input
                id={`${id}-${flag}`}
                name={flag}
                type="checkbox"
                checked={draft[flag]}
                onChange={(e) => {
                  set(flag, e.target.checked);
                  form.clear(flag);
                }}
              />
              <label htmlFor={`${id}-${flag}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <FieldError formId={form.id} errors={form.errors} field="form" />
        <div className="adm-product-form__actions">
          {/* Not disabled while saving: a disabled button would drop the focus; a second press is ignored instead. */}
          <button type="submit" className="adm-button" aria-disabled={form.busy || undefined}>
            {form.busy ? 'Saving…' : 'Save'}
          </button>
          <p className="adm-field-note" role="status">
            {note}
          </p>
        </div>
      </form.Form>
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
