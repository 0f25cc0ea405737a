import { useNavigation } from 'react-router';
import { adminCustomRequestListResponseSchema, adminHomePreviewListResponseSchema, adminNewsletterSummarySchema } from '@everstone/contract';
import type { Route } from './+types/requests';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { customRequestApiQuery, homePreviewApiQuery, readRequests } from '../../features/admin/requests/request-query';
import { RequestsPage } from '../../features/admin/requests/requests-page';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Requests');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readRequests(new URL(request.url).searchParams);
  const [custom, previews, newsletter] = await Promise.all([
    adminApi.get(`/api/admin/custom-requests?${customRequestApiQuery(state)}`, adminCustomRequestListResponseSchema),
    adminApi.get(`/api/admin/home-previews?${homePreviewApiQuery(state)}`, adminHomePreviewListResponseSchema),
    adminApi.get('/api/admin/newsletter', adminNewsletterSummarySchema),
  ]);
  return {
    custom: dataOrThrow(custom, request),
    previews: dataOrThrow(previews, request),
    newsletter: dataOrThrow(newsletter, request),
    state,
    at: Date.now(),
  };
}
clientLoader.hydrate = true as const;

export default function Requests({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/requests';
  return <RequestsPage {...loaderData} busy={busy} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
