import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Order } from '@everstone/contract';
import type { Route } from './+types/order';
import { OrderDetails } from '../../features/orders/order-details';
import { Breadcrumb, Message, NotFound } from '../../features/orders/order-messages';
import { useOrder } from '../../features/orders/use-order';
import { orderNumberFrom } from '../../features/orders/orders';
import { pageMeta } from '../../lib/seo';
import { useSession } from '../../lib/session';
import profileHref from '../../styles/profile.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your Order',
    description: 'An Everstone order: its diamonds, its total, where it is delivered and what happens next.',
    noindex: true,
  });

/**
 * /orders/{order number}: one of the signed-in shopper's orders. The token lives in the browser (§4), so the server
 * sends a neutral frame and the order loads once the session has settled; a guest goes to /signin and comes back
 * here. Text that cannot be an order number is 'not found' at once, without asking the API.
 */
export default function OrderPage({ params }: Route.ComponentProps) {
  const orderNumber = orderNumberFrom(params.orderNumber);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const token = session.status === 'signed-in' ? session.token : null;
  const view = useOrder(orderNumber, token, attempt);
  // The order as a step on this page left it (a return asked for, cancelled), until it is loaded again.
  const [changed, setChanged] = useState<Order | null>(null);
  useEffect(() => setChanged(null), [token, attempt]);
  const shown = view.status === 'ready' ? (changed?.order_number === view.order.order_number ? changed : view.order) : null;

  useEffect(() => {
    if (orderNumber !== null && session.status === 'guest') {
      navigate('/signin', { replace: true, state: { from: `${location.pathname}${location.search}` } });
    }
  }, [orderNumber, session.status, navigate, location.pathname, location.search]);

  const loading = orderNumber !== null && (token === null || view.status === 'loading');
  const email = session.status === 'signed-in' ? session.user.email : null;

  return (
    <article className="order-page" aria-labelledby="order-page-title" aria-busy={loading ? true : undefined}>
      <link rel="stylesheet" href={profileHref} precedence="default" />
      <Breadcrumb />
      {orderNumber === null ? (
        <NotFound email={null} />
      ) : loading ? (
        <div className="order-page__loading">
          <h1 id="order-page-title" className="order-page__title">
            Your order
          </h1>
          <div className="profile-loading" role="status">
            <span className="visually-hidden">Loading your order…</span>
            <span className="profile-skeleton profile-skeleton--short" aria-hidden="true" />
            <span className="profile-skeleton" aria-hidden="true" />
            <span className="profile-skeleton" aria-hidden="true" />
          </div>
        </div>
      ) : shown ? (
        <OrderDetails order={shown} token={token} onOrder={setChanged} />
      ) : view.status === 'not-found' ? (
        <NotFound email={email} />
      ) : (
        <Message title="Your order">
          <div className="form-banner form-banner--error" role="alert">
            We could not load your order. Please check your connection and try again.
          </div>
          <div className="order-page__message-actions">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <Link className="button button--ghost" to="/profile?tab=orders">
              Go to Order History
            </Link>
          </div>
        </Message>
      )}
    </article>
  );
}
