import { Suspense, lazy, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BookingButton } from '../../components/ui/booking-button';
import { useCart } from '../../domain/cart-store';
import { useLazyDialog } from '../../components/ui/lazy-dialog';
import { useSavedPieces, useWishlist } from '../../domain/wishlist';
import { greeting, useSession } from '../../lib/session';
import { STORE, STORE_NAME } from '../../content/store';
import { CertificateSearch } from './certificate-search';
import { BagIcon, CalendarIcon, HeartIcon, MenuIcon, PhoneIcon, UserIcon } from '../../components/ui/icons';
import { PRIMARY_NAV, SECONDARY_NAV } from './navigation';

// The phone menu is a dialog; its code loads on the first press (or hover), not with every page.
const loadMenu = () => import('./menu-drawer');
const MenuDrawer = lazy(loadMenu);

/**
 * The account button (§2): 'Hi, {name}' to the profile when signed in, else 'SIGN IN / UP' to /signin, which
 * brings the shopper back here afterwards. Held invisible (its room kept) until the session has settled, so a
 * signed-in shopper never sees 'SIGN IN / UP' flash first.
 */
function AccountLink({ className = 'header-link account-link', textClassName = 'header-link-text' }: { className?: string; textClassName?: string }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-in') {
    return (
      <Link to="/profile" className={className} aria-label={`${greeting(session.user)}: your account`}>
        <UserIcon />
        <span className={`${textClassName} account-name`}>{greeting(session.user)}</span>
      </Link>
    );
  }
  const from = `${location.pathname}${location.search}`;
  return (
    <Link
      to="/signin"
      state={from === '/signin' ? undefined : { from }}
      className={className}
      data-pending={session.status === 'loading' ? '' : undefined}
    >
      <UserIcon />
      <span className={textClassName}>SIGN IN / UP</span>
    </Link>
  );
}

/**
 * The header (§2): dark over the home page's hero, white everywhere else.
 */
export function SiteHeader({ variant }: { variant: 'dark' | 'light' }) {
  const cartLines = useCart().length;
  const saved = useWishlist().length + useSavedPieces().length;
  const menu = useLazyDialog(loadMenu);
  const { setOpen: setMenuOpen } = menu;
  const location = useLocation();
  const nav = [...PRIMARY_NAV, ...SECONDARY_NAV[variant]];

  // A followed link closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);

  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="header-bar">
        <div className="header-left">
          <button className="icon-button menu-button" aria-label="Open menu" {...menu.buttonProps}>
            <MenuIcon />
          </button>
          {menu.wanted && (
            <Suspense fallback={null}>
              <MenuDrawer open={menu.open} onOpenChange={menu.setOpen} nav={nav} returnFocusTo={menu.button}>
                <AccountLink className="drawer-account" textClassName="drawer-account-text" />
              </MenuDrawer>
            </Suspense>
          )}
          <BookingButton className="header-link appointment-link">
            <CalendarIcon />
            <span className="header-link-text">Book an appointment</span>
          </BookingButton>
          <a className="header-link phone-link" href={STORE.phone.href} aria-label={`Call us at ${STORE.phone.display}`}>
            <PhoneIcon />
            <span className="header-link-text">{STORE.phone.display}</span>
          </a>
        </div>
        <Link to="/" className="brand" aria-label={`${STORE_NAME} home`}>
          {STORE_NAME}
        </Link>
        <div className="header-right">
          <CertificateSearch className="icon-button" />
          <Link to="/wishlist" className="icon-button badge-host" aria-label={saved > 0 ? `Wishlist, ${saved} saved` : 'Wishlist'}>
            <HeartIcon />
          </Link>
          <AccountLink />
          <Link
            to="/cart"
            className="icon-button badge-host"
            aria-label={cartLines > 0 ? `Cart, ${cartLines} ${cartLines === 1 ? 'item' : 'items'}` : 'Cart'}
          >
            <BagIcon />
            {cartLines > 0 && (
              <span className="badge" data-testid="cart-badge" aria-hidden="true">
                {cartLines}
              </span>
            )}
          </Link>
        </div>
      </div>
      <nav className="header-nav" aria-label="Main">
        <ul>
          {nav.map((item) => (
            <li key={item.label}>
              {/* A link to a section of a page is never the current page, so it never shows as active. */}
              {item.to.includes('#') ? <Link to={item.to}>{item.label}</Link> : <NavLink to={item.to}>{item.label}</NavLink>}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
