import { Link } from 'react-router';
import { signOut } from '../../lib/session';

export function Breadcrumb() {
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

export function Message({ title, children }: { title: string; children: React.ReactNode }) {
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
export function NotFound({ email }: { email: string | null }) {
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

