import { useNavigate, useNavigation } from 'react-router';
import { adminMessageListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/messages';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { MessagesPage } from '../../features/admin/requests/messages-page';
import { adminMeta } from '../../features/admin/kit/meta';
import { messageListApiQuery, messageListParams, readMessageList, type MessageListState } from '../../features/admin/requests/request-query';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Messages');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readMessageList(new URL(request.url).searchParams);
  const list = dataOrThrow(await adminApi.get(`/api/admin/messages?${messageListApiQuery(state)}`, adminMessageListResponseSchema), request);
  return { list, state, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function Messages({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/messages';
  const go = (next: MessageListState) => void navigate({ search: `?${messageListParams(next).toString()}` }, { preventScrollReset: true });
  const state = busy ? readMessageList(new URLSearchParams(navigation.location.search)) : loaderData.state;
  return <MessagesPage list={loaderData.list} state={state} at={loaderData.at} busy={busy} go={go} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
