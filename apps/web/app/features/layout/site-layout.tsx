import { useLocation } from 'react-router';
import { NoDealbreakers } from './no-dealbreakers';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';


/** The shell of every page: banner, header (dark on the home page, white elsewhere), the page, the shared footer. */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const home = pathname === '/';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="promo-banner" aria-label="Our promises">
        Free insured shipping and returns · Lifetime warranty
      </aside>
      <SiteHeader variant={home ? 'dark' : 'light'} />
      <main id="main" tabIndex={-1} className={home ? 'main main--home' : 'main'}>
        {children}
      </main>
      <NoDealbreakers />
      <SiteFooter />
    </>
  );
}
