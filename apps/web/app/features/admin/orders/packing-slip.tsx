import { Link } from 'react-router';
import type { AdminOrder } from '@everstone/contract';
import { STORE } from '../../../content/store';
import { AdminStyles } from '../kit/frame';
import { formatLongDay } from '../kit/format';
import { adminOrderPath } from './order-links';
import { OrderLines } from './order-lines';
import { ShipTo } from './order-view';

/** The bar above the sheet, not printed: the way back to the order, and Print. */
function SlipBar({ orderNumber, canPrint }: { orderNumber: string; canPrint: boolean }) {
  return (
    <div className="adm-slip-bar">
      <Link className="adm-link" to={adminOrderPath(orderNumber)}>
        Back to order {orderNumber}
      </Link>
      {canPrint && (
        <button type="button" className="adm-button adm-button--small" onClick={() => window.print()}>
          Print
        </button>
      )}
    </div>
  );
}

/**
 * The sheet that goes in the box: who it is for, what is in it (certificates, ring sizes, engravings), and no prices,
 * since a gift's recipient may open it.
 */
export function PackingSlip({ order, orderNumber }: { order: AdminOrder | null; orderNumber: string }) {
  return (
    <div className="adm adm-slip-page">
      <AdminStyles />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SlipBar orderNumber={orderNumber} canPrint={order !== null} />
      <main id="main" tabIndex={-1} className="adm-slip">
        {order === null ? (
          <>
            <h1 className="adm-title">Order not found</h1>
            <p>No order has the number {orderNumber}, so there is no packing slip to print.</p>
          </>
        ) : (
          <>
            <header className="adm-slip__head">
              <div>
                <p className="adm-slip__store">{STORE.legalName}</p>
                <p className="adm-slip__contact">
                  {STORE.phone.display} · {STORE.email}
                </p>
              </div>
              <div className="adm-slip__title-block">
                <h1 className="adm-slip__title">Packing slip</h1>
                <dl className="adm-slip__ids">
                  <div>
                    <dt>Order</dt>
                    <dd>{order.order_number}</dd>
                  </div>
                  <div>
                    <dt>Date</dt>
                    <dd>
                      <time dateTime={order.created_at}>{formatLongDay(order.created_at)}</time>
                    </dd>
                  </div>
                </dl>
              </div>
            </header>
            <section className="adm-slip__section" aria-labelledby="slip-ship">
              <h2 id="slip-ship" className="adm-slip__label">
                Ship to
              </h2>
              <ShipTo order={order} />
              <p className="adm-slip__phone">Phone {order.contact_number}</p>
            </section>
            {order.is_gift && <p className="adm-slip__gift">This order is a gift</p>}
            <section className="adm-slip__section" aria-labelledby="slip-contents">
              <h2 id="slip-contents" className="adm-slip__label">
                In this box
              </h2>
              <OrderLines order={order} prices={false} />
            </section>
            <p className="adm-slip__foot">
              Thank you for choosing {STORE.name}. Questions about this order? Call {STORE.phone.display} or email {STORE.email}, quoting order{' '}
              {order.order_number}.
            </p>
          </>
        )}
      </main>
    </div>
  );
}
