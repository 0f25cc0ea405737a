import { useRevalidator } from 'react-router';
import { adminNumbersResponseSchema } from '@everstone/contract';
import type { Route } from './+types/numbers';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { NumbersPage } from '../../features/admin/numbers/numbers-page';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Numbers');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const numbers = dataOrThrow(await adminApi.get('/api/admin/numbers', adminNumbersResponseSchema), request);
  return { numbers, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Numbers({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <NumbersPage
      numbers={loaderData.numbers}
      at={loaderData.at}
      onRefresh={() => void revalidator.revalidate()}
      refreshing={revalidator.state === 'loading'}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
