import { adminMetalPricesResponseSchema } from '@everstone/contract';
import type { Route } from './+types/metal-prices';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { MetalPrices } from '../../features/admin/jewelry/metal-prices';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Metal prices');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { metals } = dataOrThrow(await adminApi.get('/api/admin/metal-prices', adminMetalPricesResponseSchema), request);
  return { metals, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminMetalPrices({ loaderData }: Route.ComponentProps) {
  // A new answer (the page loaded again) starts the table afresh.
  return <MetalPrices key={loaderData.at} initial={loaderData.metals} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
