import { useRevalidator } from 'react-router';
import { adminFulfilmentResponseSchema } from '@everstone/contract';
import type { Route } from './+types/fulfilment';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { FulfilmentPage } from '../../features/admin/fulfilment/fulfilment';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Fulfilment');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const queue = dataOrThrow(await adminApi.get('/api/admin/fulfilment', adminFulfilmentResponseSchema), request);
  return { queue, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Fulfilment({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return <FulfilmentPage queue={loaderData.queue} now={loaderData.at} onRefresh={() => void revalidator.revalidate()} refreshing={revalidator.state === 'loading'} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
