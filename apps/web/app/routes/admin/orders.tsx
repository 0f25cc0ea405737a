import { useNavigate, useNavigation } from 'react-router';
import { adminOrderListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/orders';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { orderListApiQuery, orderListParams, readOrderList, type OrderListState } from '../../features/admin/orders/order-query';
import { OrdersList } from '../../features/admin/orders/orders-list';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Orders');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readOrderList(new URL(request.url).searchParams);
  const list = dataOrThrow(await adminApi.get(`/api/admin/orders?${orderListApiQuery(state)}`, adminOrderListResponseSchema), request);
  return { list, state, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Orders({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders';
  const go = (next: OrderListState, options: { replace?: boolean } = {}) =>
    void navigate({ search: `?${orderListParams(next).toString()}` }, { replace: options.replace, preventScrollReset: true });
  // While the next list loads, the controls show what was asked and the table what is still on screen.
  const state = busy ? readOrderList(new URLSearchParams(navigation.location.search)) : loaderData.state;
  return <OrdersList list={loaderData.list} state={state} now={loaderData.at} busy={busy} go={go} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
