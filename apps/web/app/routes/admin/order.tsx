import { Link } from 'react-router';
import { ORDER_NUMBER_PATTERN } from '@everstone/contract/core';
import { adminOrderResponseSchema } from '@everstone/contract';
import type { Route } from './+types/order';
import { PageMessage } from '../../features/admin/kit/frame';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { adminMeta } from '../../features/admin/kit/meta';
import { OrderView } from '../../features/admin/orders/order-view';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.orderNumber.toUpperCase()}`);

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const orderNumber = params.orderNumber.toUpperCase();
  // Text that cannot be an order number is not asked for.
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) return { orderNumber, order: null, at: Date.now() };
  const result = await adminApi.get(`/api/admin/orders/${encodeURIComponent(orderNumber)}`, adminOrderResponseSchema);
  if (!result.ok && result.status === 404) return { orderNumber, order: null, at: Date.now() };
  return { orderNumber, order: dataOrThrow(result, request).order, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, orderNumber, at } = loaderData;
  if (!order) {
    return (
      <PageMessage title="Order not found">
        <p>No order has the number {orderNumber}.</p>
        <p>
          <Link className="adm-button" to={`/admin/orders?q=${encodeURIComponent(orderNumber)}`}>
            Search the orders
          </Link>
        </p>
      </PageMessage>
    );
  }
  // A new answer (another order, or this one loaded again) starts the page afresh.
  return <OrderView key={`${order.order_number}-${at}`} initial={order} now={at} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
