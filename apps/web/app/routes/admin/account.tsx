import { secondFactorStatusSchema } from '@everstone/contract';
import type { Route } from './+types/account';
import { PageSkeleton, useAdminSession } from '../../features/admin/kit/frame';
import { AccountPage } from '../../features/admin/staff/account-page';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Your account');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { status: dataOrThrow(await adminApi.get('/api/admin/account/second-factor', secondFactorStatusSchema), request) };
}
clientLoader.hydrate = true as const;

export default function Account({ loaderData }: Route.ComponentProps) {
  const session = useAdminSession();
  if (!session) return <PageSkeleton />;
  return <AccountPage session={session} initial={loaderData.status} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
