import { ORDER_NUMBER_PATTERN } from '@everstone/contract/core';
import { adminOrderResponseSchema } from '@everstone/contract';
import type { Route } from './+types/packing-slip';
import { AdminStyles, PageSkeleton } from '../../features/admin/kit/frame';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { ADMIN_HANDLE, adminMeta } from '../../features/admin/kit/meta';
import { PackingSlip } from '../../features/admin/orders/packing-slip';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const handle = ADMIN_HANDLE;

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Packing slip ${params.orderNumber.toUpperCase()}`);

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const orderNumber = params.orderNumber.toUpperCase();
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) return { orderNumber, order: null };
  const result = await adminApi.get(`/api/admin/orders/${encodeURIComponent(orderNumber)}`, adminOrderResponseSchema);
  if (!result.ok && result.status === 404) return { orderNumber, order: null };
  return { orderNumber, order: dataOrThrow(result, request).order };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="adm adm-slip-page">
      <AdminStyles />
      <main id="main" className="adm-slip">
        <PageSkeleton label="Loading the packing slip…" />
      </main>
    </div>
  );
}

export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  return <PackingSlip order={loaderData.order} orderNumber={loaderData.orderNumber} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="adm adm-slip-page">
      <AdminStyles />
      <main id="main" className="adm-slip">
        <AdminRouteError error={error} />
      </main>
    </div>
  );
}
