import { useId } from 'react';
import { Link } from 'react-router';
import { GIFTS, formatAmount, formatCarat, formatCents, variantLabel } from '@everstone/contract/core';
import type { Order, OrderGift, OrderLine, OrderProduct, OrderRing } from '@everstone/contract';
import { PieceArt } from '../../components/jewelry/piece-art';
import { variantPath } from '../../domain/piece-lines';
import { certificateText, ringPriceRows, ringSizeText, ringTitle, ringViewOfOrder, settingText } from '../../domain/ring-lines';
import { includedStoneText, orderRingSizeText, orderShipsByText, orderSupplyText, quantityText, ringMethodSavingCents } from './orders';

/** What the lines need of their order: when it was placed, where it stands and the day it ships (a ring's ships-by date). */
type OrderFacts = { created_at?: string; order_status?: Order['order_status']; ships_by?: string | null };

/**
 * Every line of an order as it was ordered (`order.lines`): a stone with its certificate, a piece with its picture,
 * options, ring size, engraving, quantity and how it is supplied, a built ring as one ring with its parts and its
 * price item by item. The order page and the thank-you page show these.
 */
export function OrderLines({ lines, items = [], order = {} }: { lines: readonly OrderLine[]; items?: Order['items']; order?: OrderFacts }) {
  return (
    <ul className="order-items__list">
      {lines.map((line, i) =>
        line.ring ? (
          <RingOrderLine key={`r${line.ring.diamond_id}`} line={line} ring={line.ring} order={order} />
        ) : line.product ? (
          <ProductOrderLine key={`p${i}`} line={line} product={line.product} />
        ) : (
          <DiamondOrderLine key={`d${line.diamondid ?? i}`} line={line} carat={items.find((item) => item.diamondid === line.diamondid)?.carat_weight} />
        ),
      )}
    </ul>
  );
}

/** The lines the shopper bought, and the free gift's line apart (the pages show it in a section of its own). */
export function splitGiftLines<L extends Pick<OrderLine, 'gift'>>(lines: readonly L[]): { bought: L[]; gifts: L[] } {
  return { bought: lines.filter((l) => l.gift === null || l.gift === undefined), gifts: lines.filter((l) => l.gift !== null && l.gift !== undefined) };
}

/**
 * §9's free gift of an order, in a section of its own under the lines bought: its line (at $0) while the order
 * carries it, and the contract's words for what became of it, or why the order carries none.
 */
export function OrderGiftSection({ gift, lines, order = {} }: { gift: OrderGift | null | undefined; lines: readonly OrderLine[]; order?: OrderFacts }) {
  const id = useId();
  if (!gift) return null;
  return (
    <section className="order-items order-gift" aria-labelledby={`${id}-gift`} data-testid="order-gift">
      <h2 id={`${id}-gift`} className="order-page__section-title">
        Your free gift
      </h2>
      {gift.carried && lines.length > 0 && <OrderLines lines={lines} order={order} />}
      <p className={`order-gift__message order-gift__message--${gift.outcome}`}>{gift.message}</p>
    </section>
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
        {line.gift && <span className="order-item__gift">Free gift</span>}
        <Link className="order-item__title" to={variantPath(product)}>
          {line.gift ? GIFTS[line.gift].name : product.name}
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
        {each && !line.gift && <span className="order-item__each">{each}</span>}
      </p>
    </li>
  );
}

/**
 * A built ring as it was ordered: its picture (the setting holding its stone), its name, its parts (the center stone
 * with its certificate, the setting, the ring size, the engraving), when it ships, and its price item by item (with
 * what a bank wire took off, when it did).
 */
function RingOrderLine({ line, ring, order }: { line: OrderLine; ring: OrderRing; order: OrderFacts }) {
  const view = ringViewOfOrder(ring);
  const title = ringTitle(view);
  const shipsBy = orderShipsByText(ring.lead_days, order);
  const saving = ringMethodSavingCents(line, ring.price.total_cents);
  return (
    <li className="order-item order-item--piece order-item--ring" data-ring={ring.certificate_number}>
      <span className="order-item__icon order-item__art" aria-hidden="true">
        <PieceArt design={ring.design} metal={ring.metal} title="" />
      </span>
      <div className="order-item__info">
        <span className="order-item__name">{title}</span>
        <dl className="order-ring">
          <div>
            <dt>Center stone</dt>
            <dd>
              <Link className="order-item__title" to={`/diamond-details/${ring.diamond_id}`}>
                {ring.stone_description}
              </Link>
              <span className="order-ring__detail">{certificateText(view.stone)}</span>
            </dd>
          </div>
          <div>
            <dt>Setting</dt>
            <dd>
              {ring.setting_name}
              <span className="order-ring__detail">{settingText(view)}</span>
            </dd>
          </div>
          <div>
            <dt>Ring size</dt>
            <dd>{ringSizeText(ring.ring_size, 'order')}</dd>
          </div>
          {ring.engraving && (
            <div>
              <dt>Engraving</dt>
              <dd>“{ring.engraving}”</dd>
            </div>
          )}
          {shipsBy && (
            <div>
              <dt>Made to order</dt>
              <dd>{shipsBy}</dd>
            </div>
          )}
        </dl>
        <dl className="order-ring-price">
          {ringPriceRows(view).map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{formatCents(row.cents)}</dd>
            </div>
          ))}
          {saving > 0 && (
            <div>
              <dt>Bank wire price</dt>
              <dd>{formatCents(-saving)}</dd>
            </div>
          )}
        </dl>
      </div>
      <p className="order-item__price">{formatAmount(line.total)}</p>
    </li>
  );
}
