import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { orderSchema, type Order } from '@everstone/contract';
import type { Route } from './+types/order';
import { OrderDetails } from '../../features/orders/order-details';
import { orderNumberFrom } from '../../features/orders/orders';
import { pageMeta } from '../../lib/seo';
import { ApiError, api, signOut, useSession } from '../../lib/session';
import profileHref from '../../styles/profile.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your Order',
    description: 'An Everstone order: its diamonds, its total, where it is delivered and what happens next.',
    noindex: true,
  });

type View = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'not-found' } | { status: 'failed' };

/**
 * GET /api/orders/{order_number} for the signed-in shopper, again whenever the account or `attempt` changes. A
 * token the server no longer accepts ends the session, which sends the shopper to sign in and back here.
 */
function useOrder(orderNumber: string | null, token: string | null, attempt: number): View {
  const [view, setView] = useState<View>({ status: 'loading' });
  useEffect(() => {
    if (orderNumber === null || token === null) return;
    let current = true;
    setView({ status: 'loading' });
    api(`/api/orders/${encodeURIComponent(orderNumber)}`, { token })
      .then((body) => {
        if (current) setView({ status: 'ready', order: orderSchema.parse(body) });
      })
      .catch((err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.status === 401) void signOut();
        else if (err instanceof ApiError && err.status === 404) setView({ status: 'not-found' });
        else {
          console.error('The order could not be loaded', err);
          setView({ status: 'failed' });
        }
      });
    return () => {
      current = false;
    };
  }, [orderNumber, token, attempt]);
  return view;
}

function Breadcrumb() {
  return (
    <nav className="order-page__crumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/profile">My Account</Link>
        </li>
        <li>
          <Link to="/profile?tab=orders">Order History</Link>
        </li>
      </ol>
    </nav>
  );
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="order-page__message">
      <h1 id="order-page-title" className="order-page__title">
        {title}
      </h1>
      {children}
    </div>
  );
}

/**
 * No order of this account has this number. The store answers the same for a number that does not exist and for
 * another account's order (so nobody can find out which numbers exist), so the page offers both ways on: the
 * Order History, and signing in with the account the order may have been placed with.
 */
function NotFound({ email }: { email: string | null }) {
  return (
    <Message title="We could not find that order">
      <p className="order-page__lead">
        {email ? (
          <>
            None of the orders of <strong className="order-page__email">{email}</strong> has this number: the link may be mistyped or incomplete, or
            the order was placed with another account. Your Order History lists every order you have placed.
          </>
        ) : (
          'No order has this address: the link may be mistyped or incomplete. Your Order History lists every order you have placed.'
        )}
      </p>
      <div className="order-page__message-actions">
        <Link className="button" to="/profile?tab=orders">
          Go to Order History
        </Link>
        {email ? (
          // Signing out makes the shopper a guest, which sends them to /signin and back to this order.
          <button type="button" className="button button--ghost" onClick={() => void signOut()}>
            Sign in with another account
          </button>
        ) : (
          <Link className="button button--ghost" to="/diamond">
            Continue shopping
          </Link>
        )}
      </div>
    </Message>
  );
}

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
      ) : view.status === 'ready' ? (
        <OrderDetails order={view.order} />
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
