import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/profile';
import { AccountDetails } from '../../features/account/account-details';
import { AddressBook } from '../../features/account/address-book';
import { Financing } from '../../features/account/financing';
import { OrderHistory } from '../../features/orders/order-history';
import { pageMeta } from '../../lib/seo';
import { greeting, signOut, useSession } from '../../lib/session';
import profileHref from '../../styles/profile.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'My Account',
    description: 'Your Everstone account: orders, account details, saved addresses and financing.',
    noindex: true,
  });

/** The sidebar's tabs (§2 Profile), in its order. Each is a link (`?tab=`), so a tab can be shared and Back works. */
const TABS = [
  { id: 'orders', label: 'Order History' },
  { id: 'details', label: 'Account Details' },
  { id: 'addresses', label: 'View Addresses' },
  { id: 'financing', label: 'Financing' },
] as const;

/**
 * /profile, for signed-in shoppers only. The server cannot see the browser's token, so it sends the page's frame
 * (sidebar and a loading panel); once the session has settled a guest is sent to /signin, which brings them back
 * here, tab included, and a signed-in shopper gets the tab.
 */
export default function Profile() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];
  // Logging out turns the session to guest too; that must go home, not to /signin.
  const leaving = useRef(false);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    if (session.status === 'guest' && !leaving.current) {
      navigate('/signin', { replace: true, state: { from: `/profile${location.search}` } });
    }
  }, [session.status, navigate, location.search]);

  async function logOut() {
    leaving.current = true;
    setLoggingOut(true);
    await signOut();
    navigate('/');
  }

  // A token the server stops accepting mid-visit (expired, revoked elsewhere) ends the session: to /signin and back.
  const onUnauthorized = useCallback(() => void signOut(), []);

  const user = session.status === 'signed-in' ? session.user : null;

  return (
    <div className="profile">
      <link rel="stylesheet" href={profileHref} precedence="default" />
      <div className="profile-sidebar">
        <div className="profile-sidebar__head">
          <h1 className="profile-sidebar__title">My Account</h1>
          <p className="profile-sidebar__who" data-pending={user ? undefined : ''}>
            {user ? (
              <>
                <span className="profile-sidebar__greeting">{greeting(user)}</span>
                <span className="profile-sidebar__email">{user.email}</span>
              </>
            ) : (
              <>
                {/* Two empty lines keep the room the greeting and email will take. */}
                <span className="profile-sidebar__greeting">&nbsp;</span>
                <span className="profile-sidebar__email">&nbsp;</span>
              </>
            )}
          </p>
        </div>
        <nav className="profile-tabs" aria-label="My Account">
          <ul>
            {TABS.map((t) => (
              <li key={t.id}>
                <Link to={`?tab=${t.id}`} preventScrollReset className="profile-tab" aria-current={t.id === tab.id ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="profile-logout" onClick={() => void logOut()} disabled={!user || loggingOut}>
          {loggingOut ? 'Logging out...' : 'Log out'}
        </button>
      </div>

      <section className="profile-panel" aria-labelledby="profile-panel-title" aria-busy={user ? undefined : true}>
        <h2 id="profile-panel-title" className="profile-panel__title">
          {tab.label}
        </h2>
        {!user ? (
          <div className="profile-loading" role="status">
            <span className="visually-hidden">Loading your account…</span>
            <span className="profile-skeleton" aria-hidden="true" />
            <span className="profile-skeleton profile-skeleton--short" aria-hidden="true" />
            <span className="profile-skeleton" aria-hidden="true" />
          </div>
        ) : tab.id === 'orders' ? (
          <OrderHistory key={user.id} onUnauthorized={onUnauthorized} />
        ) : tab.id === 'details' ? (
          <AccountDetails user={user} />
        ) : tab.id === 'addresses' ? (
          <AddressBook key={user.id} onUnauthorized={onUnauthorized} />
        ) : (
          <Financing email={user.email} />
        )}
      </section>
    </div>
  );
}
