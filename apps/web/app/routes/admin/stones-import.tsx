import type { Route } from './+types/stones-import';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';
import { StoneImport } from '../../features/admin/inventory/stone-import';

export const meta: Route.MetaFunction = () => adminMeta('Import a file');

/** Nothing to load: the frame's own call has checked the session, and the import itself checks it again. */
export default function StonesImport() {
  return <StoneImport />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
