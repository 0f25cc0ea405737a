import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/layout';
import { AdminFrame, PageSkeleton } from '../../features/admin/kit/frame';
import { loadSession } from '../../features/admin/kit/admin-api';
import { ADMIN_HANDLE } from '../../features/admin/kit/meta';
import { ReauthProvider } from '../../features/admin/kit/reauth';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const handle = ADMIN_HANDLE;

/**
 * The back office's pages after sign-in. The session is a cookie only the browser sends, so nothing is loaded on the
 * server: the server sends the frame with a stand-in, and the browser asks who is signed in (or goes to sign in).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { session: await loadSession(request) };
}
clientLoader.hydrate = true as const;

/** Asked once on entering the back office, and again only when a page asks for it; each page's own call checks the session too. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function HydrateFallback() {
  return (
    <AdminFrame session={null}>
      <PageSkeleton />
    </AdminFrame>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <ReauthProvider email={session.user.email}>
      <AdminFrame session={session}>
        <Outlet />
      </AdminFrame>
    </ReauthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame session={null}>
      <AdminRouteError error={error} />
    </AdminFrame>
  );
}
