import { useRevalidator } from 'react-router';
import { adminQueueResponseSchema } from '@everstone/contract';
import type { Route } from './+types/today';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { QueuePage } from '../../features/admin/queue/queue';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Today');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const queue = dataOrThrow(await adminApi.get('/api/admin/queue', adminQueueResponseSchema), request);
  return { queue, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Today({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <QueuePage
      queue={loaderData.queue}
      now={loaderData.at}
      onRefresh={() => void revalidator.revalidate()}
      refreshing={revalidator.state === 'loading'}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
