import { Link } from 'react-router';
import { METAL_LABELS, formatTagPrice, metalOf, type ProductSummary } from '@everstone/contract/core';
import { PieceArt } from '../../components/jewelry/piece-art';
import { productHref } from '../../components/jewelry/product-href';

/** A listing's card: the piece drawn in the shown metal, its name, its price and the metals it comes in. */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const setting = product.family === 'setting';
  return (
    <article className="jw-card">
      <Link className="jw-card-link" to={productHref(product)}>
        <div className="jw-card-art">
          <PieceArt design={product.design} metal={product.metal} title={`${product.name} in ${METAL_LABELS[product.metal]}`} />
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
