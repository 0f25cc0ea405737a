import { useNavigate, useNavigation } from 'react-router';
import { diamondListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/stones';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';
import { readStoneList, stoneListApiQuery, stoneListHref, type StoneListState } from '../../features/admin/inventory/stone-query';
import { StonesList } from '../../features/admin/inventory/stones-list';

export const meta: Route.MetaFunction = () => adminMeta('Inventory');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readStoneList(new URL(request.url).searchParams);
  const list = dataOrThrow(await adminApi.get(`/api/admin/stones?${stoneListApiQuery(state)}`, diamondListResponseSchema), request);
  return { list, state, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Stones({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/stones';
  const go = (next: StoneListState, options: { replace?: boolean } = {}) =>
    void navigate({ search: stoneListHref(next) }, { replace: options.replace, preventScrollReset: true });
  // While the next list loads, the controls show what was asked and the table what is still on screen.
  const state = busy ? readStoneList(new URLSearchParams(navigation.location.search)) : loaderData.state;
  return <StonesList list={loaderData.list} state={state} now={loaderData.at} busy={busy} go={go} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
