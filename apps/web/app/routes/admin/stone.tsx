import { Link } from 'react-router';
import { adminStoneSchema } from '@everstone/contract';
import type { Route } from './+types/stone';
import { PageMessage } from '../../features/admin/kit/frame';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';
import { STONES_PATH } from '../../features/admin/inventory/stone-links';
import { StoneView } from '../../features/admin/inventory/stone-view';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.view ? `Diamond ${loaderData.view.stone.certificate_number}` : 'Diamond');

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // Text that cannot be a stone's id is not asked for.
  if (!/^[1-9]\d{0,9}$/.test(params.id) || Number(params.id) > 2_147_483_647) return { view: null, at: Date.now() };
  const result = await adminApi.get(`/api/admin/stones/${params.id}`, adminStoneSchema);
  if (!result.ok && result.status === 404) return { view: null, at: Date.now() };
  return { view: dataOrThrow(result, request), at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminStone({ loaderData }: Route.ComponentProps) {
  const { view, at } = loaderData;
  if (!view) {
    return (
      <PageMessage title="Diamond not found">
        <p>No diamond in the inventory has this address. Search the inventory by its certificate number.</p>
        <p>
          <Link className="adm-button" to={STONES_PATH}>
            Go to the inventory
          </Link>
        </p>
      </PageMessage>
    );
  }
  // A new answer (another stone, or this one loaded again) starts the page afresh.
  return <StoneView key={`${view.stone.diamondid}-${at}`} initial={view} now={at} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
