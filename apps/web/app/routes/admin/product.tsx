import { adminProductResponseSchema } from '@everstone/contract';
import type { Route } from './+types/product';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { ProductNotFound } from '../../features/admin/jewelry/product-links';
import { isRecordId } from '../../features/admin/kit/list-params';
import { adminMeta } from '../../features/admin/kit/meta';
import { ProductView } from '../../features/admin/jewelry/product-view';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.product ? loaderData.product.name : 'Product');

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // Text that cannot be a product's id is not asked for.
  if (!isRecordId(params.id)) return { product: null, at: Date.now() };
  const result = await adminApi.get(`/api/admin/products/${params.id}`, adminProductResponseSchema);
  if (!result.ok && result.status === 404) return { product: null, at: Date.now() };
  return { product: dataOrThrow(result, request).product, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product, at } = loaderData;
  if (!product) return <ProductNotFound />;
  // A new answer (another product, or this one loaded again) starts the page afresh.
  return <ProductView key={`${product.id}-${at}`} initial={product} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
