import { Link } from 'react-router';
import { METAL_LABELS, formatTagPrice, metalOf, type ProductSummary } from '@everstone/contract/core';
import { variantPath } from '../../domain/piece-lines';

/** A listing's card: the piece drawn in the shown metal, its name, its price and the metals it comes in. */
export function ProductCard({ product, headingLevel = 3, eager = false }: { product: ProductSummary; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const setting = product.family === 'setting';
  return (
    <article className="jw-card">
      <Link className="jw-card-link" to={variantPath(product)}>
        <div className="jw-card-art">
          {/* The picture as a file (routes/jewelry/picture.ts): cached, and loaded as the shopper scrolls. */}
          <img
            src={`/art/pieces/${product.variant_id}.svg`}
            alt={`${product.name} in ${METAL_LABELS[product.metal]}`}
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={eager ? 'high' : 'auto'}
          />
          {product.offer_percent > 0 && <span className="jw-badge jw-badge--offer">{product.offer_percent}% off</span>}
          {product.ready_to_ship && <span className="jw-badge">Ready to ship</span>}
        </div>
        <Heading className="jw-card-name">{product.name}</Heading>
      </Link>
      <p className="jw-card-price">
        {product.list_cents !== null && (
          <s className="jw-was">
            <span className="visually-hidden">Was </span>
            {formatTagPrice(product.list_cents)}
          </s>
        )}{' '}
        <span className="jw-now">
          {product.list_cents !== null && <span className="visually-hidden">Now </span>}
          {formatTagPrice(product.price_cents)}
        </span>
        {setting && <span className="jw-card-note"> setting only</span>}
      </p>
      {product.metals.length > 1 && (
        <ul className="jw-swatches" aria-label={`Comes in ${product.metals.map((m) => METAL_LABELS[m]).join(', ')}`}>
          {product.metals.map((m) => (
            <li key={m} className={`jw-swatch jw-swatch--${metalOf(m).hue}`} title={METAL_LABELS[m]} aria-hidden="true" />
          ))}
        </ul>
      )}
    </article>
  );
}
