import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import { setStoreClosures } from '@everstone/contract/core';
import type { Route } from './+types/root';
import { BookingButtonContext } from './components/ui/booking-button';
import { AppointmentButton } from './features/appointments/appointment-button';
import { SiteLayout } from './features/layout/site-layout';
import { appContext } from './lib/app-context';
import siteHref from './styles/site.css?url';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** The root's data (the page nonce and the public origin) never changes while the page is open. */
export function shouldRevalidate() {
  return false;
}

/** The head of an error page: the page that failed never rendered its own. */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? 'Page not found | Everstone' : 'Something went wrong | Everstone' },
    { name: 'robots', content: 'noindex' },
  ];
};

export function loader({ context, request }: Route.LoaderArgs) {
  const { nonce, publicUrl, closedDays = [] } = context.get(appContext);
  // Canonical and Open Graph links need the public origin; PUBLIC_URL wins over the Host header.
  return { nonce, origin: (publicUrl ?? new URL(request.url).origin).replace(/\/$/, ''), closedDays };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce || undefined;
  // The store's closed days, before any page below counts a ships-by date: the same on the server and in the browser.
  if (data) setStoreClosures(data.closedDays);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        {/*
          Stylesheets with a precedence go to the top of the head, ahead of the scripts React Router preloads;
          in `links` they would come after the ~20 modulepreloads and wait behind them for a connection.
          Page stylesheets are rendered the same way by their route components.
        */}
        {/* One file for what every page wears (site.css), so a first visit waits on two stylesheets, not five. */}
        <link rel="stylesheet" href={siteHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Whether the page brings its own frame: a route whose `handle` says `frame: 'own'` (the back office) is drawn
 * without the storefront's header, footer and booking button.
 */
function useOwnFrame(): boolean {
  return useMatches().some((match) => (match.handle as { frame?: unknown } | undefined)?.frame === 'own');
}

/** The frame of every page, with the booking dialog the layout and the content pages offer. */
function Shell({ children }: { children: React.ReactNode }) {
  if (useOwnFrame()) return <>{children}</>;
  return (
    <BookingButtonContext value={AppointmentButton}>
      <SiteLayout>{children}</SiteLayout>
    </BookingButtonContext>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Internals stay in the server log; the shopper gets a plain explanation and a way on.
  return (
    <Shell>
      <section className="page-message" aria-labelledby="error-title">
        <h1 id="error-title">{notFound ? 'We could not find that page' : 'Something went wrong'}</h1>
        <p>
          {notFound
            ? 'The page may have moved, or the link may be mistyped.'
            : 'Please try again in a moment. If it keeps happening, contact our customer care team.'}
        </p>
        <p>
          <a className="button" href="/">
            Back to the home page
          </a>
        </p>
      </section>
    </Shell>
  );
}
