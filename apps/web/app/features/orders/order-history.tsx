import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS, holdSummaryOf, orderListResponseSchema, type Order, type OrderLine, type OrderRing } from '@everstone/contract';
import { formatAmount, formatCents, ringSizeLabel } from '@everstone/contract/core';
import { ORDER_STATUS_LABELS, formatOrderDate, orderPath, paymentLabel } from './orders';
import { api } from '../../lib/api';
import { PieceArt } from '../../components/jewelry/piece-art';
import { ringPriceRows, ringSizeText, ringTitle, ringViewOfOrder } from '../../domain/ring-lines';

type History = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: Order[] };

/** The signed-in shopper's orders (GET /api/orders, newest first). */
function useOrders(onUnauthorized: () => void) {
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const load = useCallback(async () => {
    setHistory({ status: 'loading' });
    const res = await api.get('/api/orders', orderListResponseSchema);
    if (res.ok) setHistory({ status: 'ready', orders: res.data.data });
    else if (res.status === 401) onUnauthorized();
    else {
      console.error(`The order history could not be loaded (${res.status})`);
      setHistory({ status: 'failed' });
    }
  }, [onUnauthorized]);
  useEffect(() => {
    void load();
  }, [load]);
  return { history, reload: load };
}

function OrderCard({ order }: { order: Order }) {
  const hold = holdSummaryOf(order);
  const parcel = order.order_status === 'shipped' ? order.shipments.at(-1) : undefined;
  return (
    <li className="order-card" aria-labelledby={`order-${order.order_number}`}>
      <div className="order-card__head">
        <div>
          <h3 id={`order-${order.order_number}`} className="order-card__number">
            Order {order.order_number}
          </h3>
          <p className="order-card__date">Placed {formatOrderDate(order.created_at)}</p>
        </div>
        <p className="order-card__status">
          <span className={`order-badge order-badge--${order.order_status}`}>{ORDER_STATUS_LABELS[order.order_status]}</span>
          <span className="order-card__payment">{paymentLabel(order)}</span>
        </p>
      </div>
      <ul className="order-card__items">
        {order.lines.map((line, i) =>
          line.ring ? (
            <RingCardLine key={i} line={line} ring={line.ring} />
          ) : (
            <li key={i}>
              <span>
                {line.quantity > 1 && `${line.quantity} × `}
                {line.description}
                {line.product ? (
                  <span className="order-card__cert">{[line.product.ring_size && ringSizeLabel(line.product.ring_size), line.product.engraving && `engraving “${line.product.engraving}”`].filter(Boolean).map((t) => ` · ${t}`).join('')}</span>
                ) : (
                  line.certificate_number && <span className="order-card__cert"> · certificate {line.certificate_number}</span>
                )}
              </span>
              <span className="order-card__price">{formatAmount(line.total)}</span>
            </li>
          ),
        )}
      </ul>
      <div className="order-card__foot">
        <span>{PAYMENT_METHOD_LABELS[order.payment_mode]}</span>
        <span className="order-card__total">Total {formatAmount(order.total_price)}</span>
      </div>
      {hold && <p className="order-card__note">{hold}</p>}
      <p className="order-card__more">
        {/* While the parcel is on its way, following it is what the shopper comes for. */}
        {parcel && (
          <a className="order-card__link" href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
            Track with {parcel.carrier_name}
            <span className="visually-hidden"> (opens the {parcel.carrier_name} website in a new tab)</span>
          </a>
        )}
        <Link className="order-card__link" to={orderPath(order.order_number)}>
          View order<span className="visually-hidden"> {order.order_number}</span>
        </Link>
      </p>
    </li>
  );
}

/** A built ring in an order's card: one ring, pictured, with its stone, size, engraving and price item by item. */
function RingCardLine({ line, ring }: { line: OrderLine; ring: OrderRing }) {
  const view = ringViewOfOrder(ring);
  const choices = [ringSizeText(ring.ring_size, 'order'), ring.engraving && `engraving “${ring.engraving}”`].filter(Boolean).join(' · ');
  return (
    <li className="order-card__ring">
      <span className="order-card__art" aria-hidden="true">
        <PieceArt design={ring.design} metal={ring.metal} title="" />
      </span>
      <span className="order-card__ring-info">
        <span className="order-card__ring-name">{ringTitle(view)}</span>
        <span className="order-card__cert">
          {ring.stone_description} · certificate {ring.certificate_number}
        </span>
        <span className="order-card__cert">{choices}</span>
        <span className="order-card__cert">{ringPriceRows(view).map((row) => `${row.label.replace(/:.*$/, '')} ${formatCents(row.cents)}`).join(' · ')}</span>
      </span>
      <span className="order-card__price">{formatAmount(line.total)}</span>
    </li>
  );
}

/** The Order History tab (§2): the shopper's real orders with their status, or a plain empty state. */
export function OrderHistory({ onUnauthorized }: { onUnauthorized: () => void }) {
  const { history, reload } = useOrders(onUnauthorized);

  if (history.status === 'loading') {
    return (
      <div className="profile-loading" role="status">
        <span className="visually-hidden">Loading your orders…</span>
        <span className="profile-skeleton" aria-hidden="true" />
        <span className="profile-skeleton profile-skeleton--short" aria-hidden="true" />
      </div>
    );
  }
  if (history.status === 'failed') {
    return (
      <div className="form-banner form-banner--error" role="alert">
        Your orders could not be loaded.{' '}
        <button type="button" className="text-button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (history.orders.length === 0) {
    return (
      <div className="profile-empty">
        <svg className="profile-empty__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <path d="M17 8h14l5 7-12 9-12-9z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          <path d="M12 15h24M21 8l-2 7 5 9 5-9-2-7" fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
          <circle cx="24" cy="32" r="10" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </svg>
        <p className="profile-empty__title">You have not placed an order yet</p>
        <p className="profile-empty__text">
          When you place an order, it will appear here with its status, its pieces and its delivery address.
        </p>
        <div className="profile-empty__actions">
          <Link to="/diamond" className="button">
            Shop diamonds
          </Link>
          <Link to="/engagement" className="button button--ghost">
            Engagement rings
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul className="order-list" aria-label="Your orders">
      {history.orders.map((order) => (
        <OrderCard key={order.order_number} order={order} />
      ))}
    </ul>
  );
}
