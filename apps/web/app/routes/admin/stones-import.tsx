import type { Route } from './+types/stones-import';
import { adminMeta } from '../../features/admin/meta';
import { AdminRouteError } from '../../features/admin/route-error';
import { StoneImport } from '../../features/admin/stone-import';

export const meta: Route.MetaFunction = () => adminMeta('Import a file');

/** Nothing to load: the frame's own call has checked the session, and the import itself checks it again. */
export default function StonesImport() {
  return <StoneImport />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
