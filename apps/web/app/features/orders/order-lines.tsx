import { Link } from 'react-router';
import { formatCarat, formatCents, variantLabel } from '@everstone/contract/core';
import type { Order, OrderLine, OrderProduct } from '@everstone/contract';
import { PieceArt } from '../../components/jewelry/piece-art';
import { variantPath } from '../../lib/piece-lines';
import { formatAmount, includedStoneText, orderRingSizeText, orderSupplyText, quantityText } from './orders';

/**
 * Every line of an order as it was ordered (`order.lines`): a stone with its certificate, a piece with its picture,
 * options, ring size, engraving, quantity and how it is supplied. The order page and the thank-you page show these.
 */
export function OrderLines({ lines, items = [] }: { lines: readonly OrderLine[]; items?: Order['items'] }) {
  return (
    <ul className="order-items__list">
      {lines.map((line, i) =>
        line.product ? (
          <ProductOrderLine key={`p${i}`} line={line} product={line.product} />
        ) : (
          <DiamondOrderLine key={`d${line.diamondid ?? i}`} line={line} carat={items.find((item) => item.diamondid === line.diamondid)?.carat_weight} />
        ),
      )}
    </ul>
  );
}

function DiamondOrderLine({ line, carat }: { line: OrderLine; carat: number | undefined }) {
  return (
    <li className="order-item">
      <svg className="order-item__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <path d="M15 12h18l7 9-16 17L8 21z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
        <path d="M8 21h32M20 12l-3 9 7 17 7-17-3-9" fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
      </svg>
      <div className="order-item__info">
        {line.diamondid !== null ? (
          <Link className="order-item__title" to={`/diamond-details/${line.diamondid}`}>
            {line.description}
          </Link>
        ) : (
          <span className="order-item__title">{line.description}</span>
        )}
        <p className="order-item__specs">
          {line.certificate_number && <span>Certificate {line.certificate_number}</span>}
          {carat !== undefined && <span>{formatCarat(carat)} carat</span>}
        </p>
      </div>
      <p className="order-item__price">{formatAmount(line.total)}</p>
    </li>
  );
}

function ProductOrderLine({ line, product }: { line: OrderLine; product: OrderProduct }) {
  const size = orderRingSizeText(product.ring_size);
  const each = quantityText(line);
  return (
    <li className="order-item order-item--piece">
      <span className="order-item__icon order-item__art" aria-hidden="true">
        <PieceArt design={product.design} metal={product.metal} title={product.name} />
      </span>
      <div className="order-item__info">
        <Link className="order-item__title" to={variantPath(product)}>
          {product.name}
        </Link>
        <p className="order-item__specs">
          <span>{variantLabel(product, product.family)}</span>
          {size && <span>{size}</span>}
          {product.engraving && (
            <span>
              Engraving “{product.engraving}”{product.engraving_cents > 0 && ` (+${formatCents(product.engraving_cents)})`}
            </span>
          )}
          <span>Quantity {line.quantity}</span>
          <span>{orderSupplyText(product)}</span>
          {product.included_stone && <span>{includedStoneText(product.included_stone)}</span>}
        </p>
      </div>
      <p className="order-item__price">
        {formatAmount(line.total)}
        {each && <span className="order-item__each">{each}</span>}
      </p>
    </li>
  );
}
