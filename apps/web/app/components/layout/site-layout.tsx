import { Link } from 'react-router';

export const STORE_NAME = 'Everstone';

/** The shell shared by every page: banner, header and footer. */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <p className="promo-banner">Free insured shipping and returns · Lifetime warranty</p>
      <header className="site-header">
        <Link to="/" className="brand" aria-label={`${STORE_NAME} home`}>
          {STORE_NAME}
        </Link>
        <a className="header-phone" href="tel:+18005550199">
          1-800-555-0199
        </a>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {STORE_NAME} Fine Jewelry. Certified diamonds, conflict free.
        </p>
      </footer>
    </>
  );
}
