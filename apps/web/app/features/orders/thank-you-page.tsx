import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatAmount } from '@everstone/contract/core';
import { orderLinesHeading, orderPath, placedOrderFrom } from './orders';
import { OrderGiftSection, OrderLines, splitGiftLines } from './order-lines';
import checkoutHref from '../../styles/checkout.css?url';
import profileHref from '../../styles/profile.css?url';

/**
 * /thankyou (§2): the order checkout handed over in navigation state, its number and total, and the ways on.
 * Navigation state lives in the browser's history, so the server (and the first render in the browser, which
 * must match it) shows a neutral frame; a visit without an order says 'No order data found.' (§8).
 */
export function ThankYouPage() {
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const order = hydrated ? placedOrderFrom(location.state) : null;

  return (
    <section className="thankyou" aria-labelledby="thankyou-title" aria-busy={hydrated ? undefined : true}>
      <link rel="stylesheet" href={checkoutHref} precedence="default" />
      {/* The order's lines are drawn as the order page draws them. */}
      <link rel="stylesheet" href={profileHref} precedence="default" />
      {!hydrated ? (
        <h1 id="thankyou-title" className="thankyou__title">
          Your order
        </h1>
      ) : order ? (
        <>
          <p className="thankyou__eyebrow">Order placed</p>
          <h1 id="thankyou-title" className="thankyou__title">
            Thank you for your order
          </h1>
          <p className="thankyou__lead">
            We have received your order and are preparing it with care. Our team will be in touch about payment and delivery.
          </p>
          <dl className="thankyou__facts">
            {/* §2's order_id, which is the order number (docs/api.md, "Orders"): shown once, as shoppers quote it. */}
            <div>
              <dt>Order number</dt>
              <dd data-testid="thankyou-order-id">{order.order_id}</dd>
            </div>
            {order.tax && Number(order.tax) > 0 && (
              <div>
                <dt>Sales tax</dt>
                <dd data-testid="thankyou-tax">{formatAmount(order.tax)}</dd>
              </div>
            )}
            <div>
              <dt>Total</dt>
              <dd data-testid="thankyou-total">
                <span className="thankyou__currency">USD</span> {formatAmount(order.total_price)}
              </dd>
            </div>
          </dl>
          {order.lines && order.lines.length > 0 && (
            <section className="order-items thankyou__lines" aria-labelledby="thankyou-lines-title">
              <h2 id="thankyou-lines-title" className="order-page__section-title">
                {orderLinesHeading(splitGiftLines(order.lines).bought)}
              </h2>
              <OrderLines lines={splitGiftLines(order.lines).bought} order={order} />
            </section>
          )}
          <OrderGiftSection gift={order.gift} lines={splitGiftLines(order.lines ?? []).gifts} order={order} />
          <div className="thankyou__actions">
            <Link className="button" to={orderPath(order.order_id)}>
              View order
            </Link>
            <Link className="button button--ghost" to="/diamond">
              Continue shopping
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 id="thankyou-title" className="thankyou__title">
            Thank you
          </h1>
          <p className="thankyou__lead">No order data found.</p>
          <div className="thankyou__actions">
            <Link className="button" to="/profile?tab=orders">
              Order history
            </Link>
            <Link className="button button--ghost" to="/diamond">
              Continue shopping
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
