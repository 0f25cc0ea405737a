import { useNavigate, useNavigation } from 'react-router';
import { adminCustomerListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/customers';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { CustomersList } from '../../features/admin/customers/customers-list';
import { adminMeta } from '../../features/admin/kit/meta';
import { customerListApiQuery, customerListParams, readCustomerList, type CustomerListState } from '../../features/admin/customers/customer-query';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Customers');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readCustomerList(new URL(request.url).searchParams);
  const list = dataOrThrow(await adminApi.get(`/api/admin/customers?${customerListApiQuery(state)}`, adminCustomerListResponseSchema), request);
  return { list, state };
}
clientLoader.hydrate = true as const;

export default function Customers({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/customers';
  const go = (next: CustomerListState, options: { replace?: boolean } = {}) =>
    void navigate({ search: `?${customerListParams(next).toString()}` }, { replace: options.replace, preventScrollReset: true });
  // While the next list loads, the controls show what was asked and the table what is still on screen.
  const state = busy ? readCustomerList(new URLSearchParams(navigation.location.search)) : loaderData.state;
  return <CustomersList list={loaderData.list} state={state} busy={busy} go={go} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
