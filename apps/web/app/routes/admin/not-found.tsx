import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Page not found');

/** An address under /admin that names no page: "not found", inside the back office's frame. */
export function clientLoader() {
  throw data(null, { status: 404 });
}
clientLoader.hydrate = true as const;

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
