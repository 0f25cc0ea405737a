import { useNavigate, useNavigation } from 'react-router';
import { auditListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/audit';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { AuditLog, auditParams, readAuditState } from '../../features/admin/audit/audit-log';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError, NotAllowed } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readAuditState(new URL(request.url).searchParams);
  const query = auditParams(state);
  query.set('page', String(state.page));
  query.set('per_page', String(state.per_page));
  const result = await adminApi.get(`/api/admin/audit?${query.toString()}`, auditListResponseSchema);
  if (!result.ok && result.status === 403) return { list: null, refused: result.message, state };
  return { list: dataOrThrow(result, request), refused: null, state };
}
clientLoader.hydrate = true as const;

export default function Audit({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  if (!loaderData.list) return <NotAllowed message={loaderData.refused} />;
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/audit';
  return (
    <AuditLog
      list={loaderData.list}
      state={loaderData.state}
      busy={busy}
      go={(next) => void navigate({ search: `?${auditParams(next).toString()}` }, { preventScrollReset: true })}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
