import { staffListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/staff';
import { useAdminSession } from '../../features/admin/kit/frame';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError, NotAllowed } from '../../features/admin/kit/route-error';
import { StaffPage } from '../../features/admin/staff/staff-page';

export const meta: Route.MetaFunction = () => adminMeta('Staff');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const result = await adminApi.get('/api/admin/staff', staffListResponseSchema);
  // Staff who are not owners are told so on the page, in the server's words.
  if (!result.ok && result.status === 403) return { staff: null, refused: result.message };
  return { staff: dataOrThrow(result, request), refused: null };
}
clientLoader.hydrate = true as const;

export default function Staff({ loaderData }: Route.ComponentProps) {
  const session = useAdminSession();
  if (!loaderData.staff) return <NotAllowed message={loaderData.refused} />;
  return <StaffPage initial={loaderData.staff} meId={session?.user.id ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
