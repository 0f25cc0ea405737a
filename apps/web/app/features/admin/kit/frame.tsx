import { createContext, use, useState } from 'react';
import { Link, NavLink, useNavigate, useNavigation } from 'react-router';
import { STAFF_ROLE_LABELS, messageResponseSchema, type AdminSession } from '@everstone/contract';
import { STORE_NAME } from '../../../content/store';
import adminHref from '../../../styles/admin.css?url';
import { adminApi } from './admin-api';

/** The stylesheet of every back-office page, sent ahead of the scripts (root.tsx explains the precedence). */
export function AdminStyles() {
  return <link rel="stylesheet" href={adminHref} precedence="default" />;
}

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in person's session, inside the frame (null while the first load settles). */
export function useAdminSession(): AdminSession | null {
  return use(SessionContext);
}

const NAV: Array<{ to: string; label: string; end?: boolean; owner?: boolean }> = [
  { to: '/admin', label: 'Today', end: true },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/fulfilment', label: 'Fulfilment' },
  { to: '/admin/stones', label: 'Inventory' },
  { to: '/admin/products', label: 'Catalog' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/requests', label: 'Requests' },
  { to: '/admin/appointments', label: 'Appointments' },
  { to: '/admin/numbers', label: 'Numbers' },
  { to: '/admin/staff', label: 'Staff', owner: true },
  { to: '/admin/audit', label: 'Audit log', owner: true },
];

function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    const result = await adminApi.delete('/api/admin/session', messageResponseSchema);
    // Whatever the answer, the person asked to leave: the sign-in page says what happened.
    await navigate('/admin/sign-in', { replace: true, state: { notice: result.ok ? result.data.message : null } });
  }
  return (
    <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={() => void signOut()} disabled={busy}>
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

/**
 * The frame of the signed-in back office: the store's name, the navigation (the owner's pages for owners), who is
 * signed in and the way out, then the page. `session` is null while the first load settles: the frame keeps its
 * size, so nothing moves when it arrives.
 */
export function AdminFrame({ session, children }: { session: AdminSession | null; children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin');
  const owner = session?.role === 'owner';
  return (
    <SessionContext value={session}>
    <div className="adm">
      <AdminStyles />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="adm-header">
        <div className="adm-header__bar">
          <Link to="/admin" className="adm-brand">
            <span className="adm-brand__store">{STORE_NAME}</span>
            <span className="adm-brand__part">Back office</span>
          </Link>
          <div className="adm-user">
            {session ? (
              <>
                <p className="adm-user__who">
                  <span className="visually-hidden">Signed in as </span>
                  <span className="adm-user__name">{session.user.name || session.user.email}</span>
                  <span className="adm-user__detail">
                    {session.user.email} · {STAFF_ROLE_LABELS[session.role]}
                  </span>
                </p>
                <Link to="/admin/account" className="adm-button adm-button--ghost adm-button--small">
                  Your account
                </Link>
                <SignOutButton />
              </>
            ) : (
              <span className="adm-user__placeholder" aria-hidden="true" />
            )}
          </div>
        </div>
        <nav className="adm-nav" aria-label="Back office">
          <ul className="adm-nav__list">
            {NAV.filter((item) => !item.owner || owner).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="adm-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={busy ? 'adm-progress adm-progress--on' : 'adm-progress'} aria-hidden="true" />
      </header>
      <main id="main" tabIndex={-1} className="adm-main">
        {children}
      </main>
    </div>
    </SessionContext>
  );
}

/** A page's heading and what sits beside it (a count, an action). */
export function PageHead({ title, lead, children }: { title: React.ReactNode; lead?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="adm-page-head">
      <div className="adm-page-head__text">
        <h1 className="adm-title">{title}</h1>
        {lead ? <p className="adm-lead">{lead}</p> : null}
      </div>
      {children ? <div className="adm-page-head__aside">{children}</div> : null}
    </div>
  );
}

/** The stand-in of a page whose data is on its way: the shape of a heading and a few rows. */
export function PageSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="adm-skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <span className="adm-skeleton__bar adm-skeleton__bar--title" aria-hidden="true" />
      <span className="adm-skeleton__bar" aria-hidden="true" />
      <span className="adm-skeleton__bar" aria-hidden="true" />
      <span className="adm-skeleton__bar adm-skeleton__bar--short" aria-hidden="true" />
    </div>
  );
}

/** A page that cannot be shown: not allowed, not found, not reachable. */
export function PageMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="adm-message" aria-labelledby="adm-message-title">
      <h1 id="adm-message-title" className="adm-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
