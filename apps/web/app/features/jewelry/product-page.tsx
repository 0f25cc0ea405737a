import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  COLLECTIONS,
  EMPTY_BUILD,
  ENGRAVING,
  METAL_LABELS,
  RING_SIZE_MESSAGES,
  STORE_TERMS,
  buildToParams,
  builderPath,
  centsToDollars,
  engravingProblem,
  formatCarat,
  formatPrice,
  formatTagPrice,
  metalOf,
  readBuild,
  shipsByText,
  variantLabel,
  type ProductDetail,
  type RingBuild,
  type Variant,
} from '@everstone/contract/core';
import { EngravingField, RingSizeField } from '../../components/jewelry/ring-choices';
import { PieceViewer } from '../../components/jewelry/viewer-toggle';
import { addProductToCart, maxQuantityOf, type ProductCartLine } from '../../domain/cart';
import { togglePiece, useSavedPieces } from '../../domain/wishlist';
import { ProductCard } from './product-card';
import { specsOf } from './specs';
import { variantSearch, withOption } from '@everstone/contract/core';

/** §9: the add-to-cart button's short "Processing..." moment before the cart, as on the diamond page. */
const ADD_DELAY_MS = 500;

function OptionLinks<T extends string | number>(props: {
  legend: string;
  values: readonly T[];
  current: T | null;
  label: (value: T) => string;
  to: (value: T) => string;
  className?: (value: T) => string;
}) {
  if (props.values.length < 2) return null;
  return (
    <fieldset className="jw-option">
      <legend className="jw-option-title">
        {props.legend}: <span className="jw-option-value">{props.current === null ? '' : props.label(props.current)}</span>
      </legend>
      <ul className="jw-option-list">
        {props.values.map((value) => (
          <li key={String(value)}>
            <Link
              className={`jw-option-item${props.className ? ` ${props.className(value)}` : ''}${value === props.current ? ' is-chosen' : ''}`}
              to={props.to(value)}
              replace
              preventScrollReset
              aria-current={value === props.current ? 'true' : undefined}
            >
              {props.label(value)}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The price, item by item, as a jeweler builds it; the lines add up to the total shown. */
function PriceBreakdown({ product, variant, engravingCents }: { product: ProductDetail; variant: Variant; engravingCents: number }) {
  const b = variant.breakdown;
  const stone = variant.included_stone;
  const rows: [string, string, number][] = [
    ['Metal', `${METAL_LABELS[variant.metal]}, ${variant.metal_grams.toFixed(2)} g`, b.metal_cents],
  ];
  if (b.stones_cents > 0) rows.push(['Stones', product.gem && product.gem !== 'diamond' && variant.design.form === 'ring' && variant.design.center ? 'Gemstone and accent stones' : 'Accent diamonds', b.stones_cents]);
  if (b.center_cents > 0) rows.push([stone ? 'Center diamond' : 'Diamonds', stone ? `${formatCarat(stone.carat)} ct ${stone.shape}, ${stone.color} ${stone.clarity}, ${stone.lab} certified` : 'Matched, graded and set', b.center_cents]);
  rows.push(['Craftsmanship', 'Casting, setting, polishing, inspection', b.labor_cents]);
  if (b.offer_cents < 0) rows.push(['Offer', `${product.offer_percent}% off`, b.offer_cents]);
  if (engravingCents > 0) rows.push(['Engraving', 'Inside the band', engravingCents]);
  const total = variant.price_cents + engravingCents;
  return (
    <details className="jw-breakdown">
      <summary>What makes up this price</summary>
      <table>
        <caption className="visually-hidden">The price of this piece, item by item</caption>
        <tbody>
          {rows.map(([item, detail, cents]) => (
            <tr key={item}>
              <th scope="row">
                {item}
                <span className="jw-breakdown-detail">{detail}</span>
              </th>
              <td>{formatTagPrice(cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatTagPrice(total)}</td>
          </tr>
        </tfoot>
      </table>
      {product.family === 'setting' && <p className="jw-fineprint">The center diamond is chosen separately and is not included.</p>}
      <p className="jw-fineprint">Metal is priced by its weight in your chosen metal; a different ring size does not change the price.</p>
    </details>
  );
}

/** The heart: saves this variant to the wishlist, or takes it off. */
function SaveButton({ product, variant }: { product: ProductDetail; variant: Variant }) {
  const saved = useSavedPieces().some((p) => p.variant_id === variant.id);
  return (
    <button
      type="button"
      className="jw-save"
      aria-pressed={saved}
      onClick={() =>
        togglePiece({
          variant_id: variant.id,
          slug: product.slug,
          name: product.name,
          metal: variant.metal,
          shape: variant.shape,
          carat_total: variant.carat_total,
          width_mm: variant.width_mm,
          origin: variant.origin,
          price_cents: variant.price_cents,
          design: variant.design,
        })
      }
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span> {saved ? 'Saved to your wishlist' : 'Save to wishlist'}
    </button>
  );
}

/** How the piece reaches the shopper: from stock or made to order, and the day it ships. */
function Availability({ variant }: { variant: Variant }) {
  if (!variant.available) {
    return (
      <p className="jw-stock jw-stock--out" role="status">
        {variant.stock === 0 ? 'Sold out in this choice.' : 'No longer available in this choice.'} Choose another option above, or ask us to make one.
      </p>
    );
  }
  return (
    <p className="jw-stock" role="status">
      <span className="jw-stock-state">
        {variant.stock !== null ? (variant.stock <= 3 ? `In stock: only ${variant.stock} left` : 'In stock') : `Made to order in ${variant.lead_days} business days`}
      </span>{' '}
      <span className="jw-ship">{shipsByText(variant.lead_days)}</span>
    </p>
  );
}

/** A variant's query with the rest of a ring build after it (the setting and its metal are the page's own). */
function withBuild(query: string, build: RingBuild | null): string {
  if (!build) return query;
  const rest = buildToParams({ ...build, setting: null, metal: null, accents: null }).toString();
  if (!rest) return query;
  return query ? `${query}&${rest}` : `?${rest}`;
}

/**
 * A setting is not bought on its own: its page leads into the ring builder. With a diamond already in the build it
 * goes straight to the finished ring; otherwise to the diamonds this setting can hold, in the metal chosen here.
 */
function SettingActions({ product, variant, build }: { product: ProductDetail; variant: Variant; build: RingBuild | null }) {
  const chosen: RingBuild = {
    ...(build ?? EMPTY_BUILD),
    setting: product.slug,
    metal: variant.metal,
    accents: product.options.origin.length > 0 ? variant.origin : null,
  };
  const withDiamond = chosen.diamond !== null;
  if (!variant.available) {
    return (
      <button type="button" className="jw-add" disabled>
        Not available in this choice
      </button>
    );
  }
  return (
    <div className="jw-builder-actions">
      <Link className="jw-add" to={builderPath(withDiamond ? 3 : 1, chosen)}>
        Choose this setting
      </Link>
      <p className="jw-note">
        {withDiamond
          ? 'Next: your ring complete, with the diamond you chose set in this setting, priced as one.'
          : 'Next: choose its center diamond. Only the diamonds this setting can hold are shown, and our jewelers set it for you.'}
      </p>
    </div>
  );
}

/**
 * A piece of jewelry: its picture in the chosen variant, the options (in the address), the price and what makes it
 * up, availability and ship date, ring size and engraving (the line's), add to cart, specifications and related pieces.
 */
export function ProductPage({ product, variant }: { product: ProductDetail; variant: Variant }) {
  const navigate = useNavigate();
  const ids = useId();
  const [ringSize, setRingSize] = useState('');
  const [engraving, setEngraving] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const sizeRef = useRef<HTMLSelectElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const engravingText = engraving.trim();
  const engravingError = engravingText ? engravingProblem(engravingText) : null;
  const engravingCents = engravingText && !engravingError ? ENGRAVING.priceCents : 0;
  // A setting opened from the ring builder keeps the build (its diamond, size, engraving) through its options.
  const location = useLocation();
  const build = product.family === 'setting' ? readBuild(new URLSearchParams(location.search)).build : null;
  const link = (change: Parameters<typeof withOption>[2]) =>
    `/jewelry/${product.slug}${withBuild(variantSearch(product, withOption(product, variant, change)), build)}`;
  const max = variant.stock === null ? 10 : Math.max(1, Math.min(10, variant.stock));
  const collection = product.collection ? COLLECTIONS.find((c) => c.id === product.collection) : null;
  const title = `${product.name} in ${METAL_LABELS[variant.metal]}`;

  function add() {
    if (adding || !variant.available) return;
    if (product.ring && !ringSize) {
      setProblem(RING_SIZE_MESSAGES.required);
      sizeRef.current?.focus();
      return;
    }
    if (engravingError) {
      setProblem(engravingError);
      return;
    }
    setProblem(null);
    setAdding(true);
    const line: ProductCartLine = {
      kind: 'product',
      variant_id: variant.id,
      quantity,
      ring_size: product.ring ? ringSize : null,
      engraving: engravingText || null,
      slug: product.slug,
      name: product.name,
      family: product.family,
      sku: variant.sku,
      metal: variant.metal,
      shape: variant.shape,
      carat_total: variant.carat_total,
      width_mm: variant.width_mm,
      origin: variant.origin,
      variant_cents: variant.price_cents,
      engraving_cents: ENGRAVING.priceCents,
      lead_days: variant.lead_days,
      stock: variant.stock,
      engravable: product.engravable,
      resizable: product.resizable,
      design: variant.design,
    };
    timer.current = setTimeout(() => {
      const result = addProductToCart(line);
      if (result === 'at-limit') {
        setAdding(false);
        setProblem(`Your cart already holds all ${line.stock ?? maxQuantityOf(line)} we have of this piece.`);
        return;
      }
      navigate('/cart');
    }, ADD_DELAY_MS);
  }

  return (
    <div className="jw-product">
      <nav className="jw-crumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={crumbOf(product).to}>{crumbOf(product).label}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="jw-product-main">
        <div className="jw-gallery">
          <div className="jw-gallery-art">
            <PieceViewer design={variant.design} metal={variant.metal} title={title} />
          </div>
          <p className="jw-gallery-note">
            Drawn to scale from this piece’s own measurements, in {METAL_LABELS[variant.metal]}
            {product.family === 'setting' && variant.design.form === 'ring' && variant.design.head
              ? `, shown with a ${variant.design.head.shownWidthMm.toFixed(1)} mm stone`
              : ''}
            .
          </p>
        </div>

        <div className="jw-buy">
          {collection && <p className="jw-eyebrow">{collection.label}</p>}
          <h1 className="jw-title">{product.name}</h1>
          <p className="jw-variant">{variantLabel(variant, product.family)}</p>
          <p className="jw-price">
            {variant.breakdown.offer_cents < 0 && (
              <s className="jw-was">
                <span className="visually-hidden">Was </span>
                {formatTagPrice(variant.price_cents - variant.breakdown.offer_cents)}
              </s>
            )}{' '}
            <span className="jw-now">{formatTagPrice(variant.price_cents + engravingCents)}</span>
            {product.family === 'setting' && <span className="jw-price-note"> setting only</span>}
          </p>
          <p className="jw-financing">
            As low as {formatPrice(Math.ceil(centsToDollars(variant.price_cents + engravingCents) / STORE_TERMS.financing.interestFreeMonths))}/mo for{' '}
            {STORE_TERMS.financing.interestFreeMonths} months at 0% APR on purchases of {formatPrice(STORE_TERMS.financing.minimumPurchase)} or more.
          </p>
          <PriceBreakdown product={product} variant={variant} engravingCents={engravingCents} />

          <OptionLinks
            legend="Metal"
            values={product.options.metal}
            current={variant.metal}
            label={(m) => METAL_LABELS[m]}
            to={(m) => link({ metal: m })}
            className={(m) => `jw-option-item--metal jw-swatch-chip--${metalOf(m).hue}`}
          />
          <OptionLinks legend={product.family === 'setting' ? 'Center stone shape' : 'Shape'} values={product.options.shape} current={variant.shape} label={(s) => s} to={(s) => link({ shape: s })} />
          <OptionLinks legend="Total carat weight" values={product.options.carat_total} current={variant.carat_total} label={(c) => `${formatCarat(c)} ct`} to={(c) => link({ carat: c })} />
          <OptionLinks legend="Width" values={product.options.width_mm} current={variant.width_mm} label={(w) => `${w} mm`} to={(w) => link({ width: w })} />
          <OptionLinks
            legend="Diamonds"
            values={product.options.origin}
            current={variant.origin}
            label={(o) => (o === 'lab' ? 'Lab-grown' : 'Natural')}
            to={(o) => link({ origin: o })}
          />

          {product.family === 'setting' ? (
            <p className="jw-note">Its ring size and engraving are chosen with its diamond, when you complete your ring.</p>
          ) : (
            <>
              {product.ring && (
                <RingSizeField
                  id={ids}
                  value={ringSize}
                  onChange={(size) => {
                    setRingSize(size);
                    setProblem(null);
                  }}
                  resizable={product.resizable}
                  invalid={problem === RING_SIZE_MESSAGES.required}
                  selectRef={sizeRef}
                />
              )}
              {product.engravable ? (
                <EngravingField id={ids} value={engraving} onChange={setEngraving} />
              ) : (
                <p className="jw-note">{product.style === 'eternity' ? 'Eternity rings cannot be engraved: stones run all the way round.' : 'This piece cannot be engraved.'}</p>
              )}
            </>
          )}

          {variant.stock !== null && variant.available && max > 1 && (
            <div className="jw-field jw-field--inline">
              <label htmlFor={`${ids}-qty`}>Quantity</label>
              <select id={`${ids}-qty`} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
                {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          )}

          <Availability variant={variant} />
          {product.family === 'setting' ? (
            <SettingActions product={product} variant={variant} build={build} />
          ) : (
            <button type="button" className="jw-add" onClick={add} disabled={!variant.available || adding} aria-busy={adding || undefined}>
              {adding ? 'Processing...' : variant.available ? 'Add to Cart' : 'Sold out'}
            </button>
          )}
          {product.family === 'setting' && (
            <Link className="jw-try-home" to={`/home-preview?variant=${variant.id}`}>
              Try it at home with Home Preview
            </Link>
          )}
          <SaveButton product={product} variant={variant} />
          {problem && (
            <p className="jw-problem" role="alert">
              {problem}
            </p>
          )}
          <ul className="jw-promises">
            <li>Free insured shipping and {STORE_TERMS.returnDays}-day returns</li>
            <li>Lifetime warranty</li>
            {product.ring && product.resizable && <li>One free resize</li>}
          </ul>
        </div>
      </div>

      <section className="jw-details" aria-labelledby={`${ids}-about`}>
        <div className="jw-details-copy">
          <h2 id={`${ids}-about`}>About this piece</h2>
          <p>{product.description}</p>
        </div>
        <div className="jw-details-specs">
          <h2>Specifications</h2>
          <dl className="jw-specs">
            {specsOf(product, variant).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {product.related.length > 0 && (
        <section className="jw-related" aria-labelledby={`${ids}-related`}>
          <h2 id={`${ids}-related`}>You may also like</h2>
          <ul className="jw-grid jw-grid--related">
            {product.related.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The listing a piece belongs to, for the breadcrumb. */
export function crumbOf(product: Pick<ProductDetail, 'family' | 'gender' | 'style'>): { to: string; label: string } {
  switch (product.family) {
    case 'setting':
      return { to: '/engagement-rings', label: 'Engagement Rings' };
    case 'preset':
      return { to: '/preset-rings', label: 'Preset Rings' };
    case 'band':
      return product.gender === 'him' ? { to: '/bands-for-him', label: 'Men’s Wedding Bands' } : { to: '/bands-for-her', label: 'Women’s Wedding Bands' };
    case 'ring':
      return product.style === 'gemstone' ? { to: '/gemstone-rings', label: 'Gemstone Rings' } : { to: '/fine-jewelry', label: 'Fine Jewelry' };
    case 'earrings':
      return { to: '/fine-jewelry/earrings', label: 'Earrings' };
    case 'necklace':
      return { to: '/fine-jewelry/necklaces', label: 'Necklaces' };
    case 'bracelet':
      return { to: '/fine-jewelry/bracelets', label: 'Bracelets' };
  }
}
