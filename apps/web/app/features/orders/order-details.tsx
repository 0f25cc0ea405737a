import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS, formatAmount, nextStepsOf, wireTransferDetails, type Order, type Shipment } from '@everstone/contract';
import { ORDER_STATUS_LABELS, formatOrderDate, orderLinesHeading, orderShipsByDay, paymentLabel, timelineEntryText } from './orders';
import { OrderGiftSection, OrderLines, splitGiftLines } from './order-lines';
import { OrderAfterSale } from './order-returns';
import { OrderDocuments } from './order-documents';
import { STORE } from '../../content/store';

/** The order's statuses, as the Order History shows them: the order's filled, the payment's outlined. */
export function OrderBadges({ order }: { order: Pick<Order, 'order_status' | 'payment_status'> }) {
  return (
    <p className="order-page__badges">
      <span className={`order-badge order-badge--${order.order_status}`}>
        <span className="visually-hidden">Order status: </span>
        {ORDER_STATUS_LABELS[order.order_status]}
      </span>
      <span className={`order-badge order-badge--payment order-badge--payment-${order.payment_status}`}>
        <span className="visually-hidden">Payment status: </span>
        {paymentLabel(order)}
      </span>
    </p>
  );
}

/** Where the transfer goes (`wireTransferDetails`), in the confirmation email's order and words. */
function WireInstructions({ rows }: { rows: Array<[string, string]> }) {
  return (
    <div className="order-wire">
      <h3 className="order-wire__title">Wire transfer details</h3>
      <dl className="order-wire__details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function NextSteps({ order }: { order: Order }) {
  const steps = nextStepsOf(order);
  const wire = steps.wire ? wireTransferDetails(order) : null;
  return (
    <section className={`order-next${steps.wire ? ' order-next--action' : ''}`} aria-labelledby="order-next-title">
      <h2 id="order-next-title" className="order-page__section-title">
        {steps.title}
      </h2>
      {steps.lead.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {wire && <WireInstructions rows={wire} />}
      {steps.after.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p className="order-next__contact">
        {/* A return is asked for below; a resize is arranged with the team: the delivery email and the store's contacts reach it. */}
        {order.order_status === 'delivered' ? 'To resize a ring, or for anything else about your order, call us at' : 'Questions about your order? Call us at'}{' '}
        <a className="order-next__phone" href={STORE.phone.href}>
          {STORE.phone.display}
        </a> or email{' '}
        <a href={`mailto:${STORE.email}?subject=${encodeURIComponent(`Order ${order.order_number}`)}`}>{STORE.email}</a>, quoting your order
        number.
      </p>
    </section>
  );
}

/** The store's day of an instant, as the page's other dates read, with the instant for machines. */
function OrderDate({ at }: { at: string }) {
  return <time dateTime={at}>{formatOrderDate(at)}</time>;
}

/**
 * Each parcel sent: its carrier, tracking number and days, and a link to the carrier's own tracking page (built by
 * the store from a checked number), which opens in a new tab so the order stays open here.
 */
function Shipments({ shipments }: { shipments: readonly Shipment[] }) {
  if (shipments.length === 0) return null;
  return (
    <section className="order-shipments" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className="order-page__section-title">
        {shipments.length === 1 ? 'Shipment' : `Shipments (${shipments.length})`}
      </h2>
      <ul className="order-parcels">
        {shipments.map((parcel) => (
          <li key={parcel.tracking_number} className="order-parcel">
            <p className="order-parcel__head">
              <span className="order-parcel__carrier">{parcel.carrier_name}</span>
              <span className="order-parcel__insured">Insured for {formatAmount(parcel.insured_value)}</span>
            </p>
            <dl className="order-parcel__rows">
              <div>
                <dt>Tracking number</dt>
                <dd className="order-parcel__number">{parcel.tracking_number}</dd>
              </div>
              <div>
                <dt>Shipped</dt>
                <dd>
                  <OrderDate at={parcel.shipped_at} />
                </dd>
              </div>
              <div>
                <dt>Delivered</dt>
                <dd>{parcel.delivered_at ? <OrderDate at={parcel.delivered_at} /> : 'On its way'}</dd>
              </div>
            </dl>
            {parcel.signature_required && <p className="order-parcel__note">Signature required on delivery</p>}
            <a className="button button--ghost order-parcel__track" href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
              Track with {parcel.carrier_name}
              <span className="visually-hidden"> (opens the {parcel.carrier_name} website in a new tab)</span>
              <svg className="order-parcel__out" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M6 3h7v7M13 3 4 12" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What happened to the order so far, oldest first, in the store's words; the latest step is where it stands now. */
function Progress({ order }: { order: Order }) {
  const latest = order.timeline.length - 1;
  return (
    <section className="order-progress" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title" className="order-page__section-title">
        Order progress
      </h2>
      <ol className="order-timeline">
        {order.timeline.map((entry, i) => {
          const { title, note } = timelineEntryText(entry, order.shipments);
          return (
            <li
              key={`${entry.step}-${entry.at}-${i}`}
              className={`order-timeline__step${i === latest ? ' order-timeline__step--current' : ''}`}
              aria-current={i === latest ? 'step' : undefined}
            >
              <span className="order-timeline__label">
                {title}
                {note && <span className="order-timeline__note">{note}</span>}
              </span>
              <span className="order-timeline__date">
                <OrderDate at={entry.at} />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Items({ order }: { order: Order }) {
  const { bought, gifts } = splitGiftLines(order.lines);
  return (
    <>
      <section className="order-items" aria-labelledby="order-items-title">
        <h2 id="order-items-title" className="order-page__section-title">
          {orderLinesHeading(bought)}
        </h2>
        <OrderLines lines={bought} items={order.items} order={order} />
      </section>
      <OrderGiftSection gift={order.gift} lines={gifts} order={order} />
    </>
  );
}

function Summary({ order }: { order: Order }) {
  return (
    <section className="order-box" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-box__title">
        Summary
      </h2>
      <dl className="order-box__rows">
        <div>
          <dt>Payment method</dt>
          <dd>{PAYMENT_METHOD_LABELS[order.payment_mode]}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentLabel(order)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free insured shipping</dd>
        </div>
        {/* The sales tax by jurisdiction and rate, as the order was charged it. */}
        {(order.taxes ?? []).map((t) => (
          <div key={`${t.jurisdiction} ${t.rate}`} className="order-box__tax">
            <dt>
              {t.jurisdiction} {t.rate}
            </dt>
            <dd data-testid="order-tax">{formatAmount(t.amount)}</dd>
          </div>
        ))}
        <div className="order-box__total">
          <dt>Total</dt>
          <dd data-testid="order-total">
            <span className="order-box__currency">{order.currency}</span> {formatAmount(order.total_price)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Delivery({ order }: { order: Order }) {
  const { address: a } = order;
  return (
    <section className="order-box" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title" className="order-box__title">
        Delivery
      </h2>
      <address className="order-box__address" data-testid="order-address">
        <span className="order-box__name">{order.user_name}</span>
        <span>{a.street}</span>
        {a.apartment && <span>{a.apartment}</span>}
        <span>{[a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
        <span>{a.country}</span>
      </address>
      <p className="order-box__phone">
        <span className="order-box__label">Phone</span> <span data-testid="order-phone">{order.contact_number}</span>
      </p>
      {order.is_gift && <p className="order-box__note">This order is a gift.</p>}
      {order.notes && (
        <p className="order-box__note">
          <span className="order-box__label">Your note</span> {order.notes}
        </p>
      )}
    </section>
  );
}

/**
 * One order, loaded: its heading with the day it ships, what happens next, its parcels, its progress, its lines,
 * its summary, where it goes and, with the session's token, its documents to download.
 */
export function OrderDetails({ order, token, onOrder }: { order: Order; token?: string | null; onOrder?: (order: Order) => void }) {
  const shipsBy = orderShipsByDay(order);
  return (
    <>
      <header className="order-page__head">
        <h1 id="order-page-title" className="order-page__title">
          Order {order.order_number}
        </h1>
        <p className="order-page__date">
          Placed <OrderDate at={order.created_at} />
        </p>
        {shipsBy && (
          <p className="order-page__ships">
            {shipsBy.changed ? 'Now ships by ' : 'Ships by '}
            <time dateTime={shipsBy.day}>{shipsBy.text}</time>
            {shipsBy.changed && ', the new date we emailed you'}
          </p>
        )}
        <OrderBadges order={order} />
      </header>
      <div className="order-page__layout">
        <div className="order-page__main">
          <NextSteps order={order} />
          <Shipments shipments={order.shipments} />
          <Progress order={order} />
          <Items order={order} />
          {onOrder && <OrderAfterSale order={order} onOrder={onOrder} />}
        </div>
        <div className="order-page__aside">
          <Summary order={order} />
          <Delivery order={order} />
          {token && <OrderDocuments order={order} token={token} />}
        </div>
      </div>
      <div className="order-page__actions">
        <Link className="button button--ghost" to="/profile?tab=orders">
          Back to Order History
        </Link>
        <Link className="button" to="/diamond">
          Continue shopping
        </Link>
      </div>
    </>
  );
}
