import { adminProductResponseSchema } from '@everstone/contract';
import type { Route } from './+types/variant';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { ProductNotFound } from '../../features/admin/jewelry/product-links';
import { isRecordId } from '../../features/admin/kit/list-params';
import { adminMeta } from '../../features/admin/kit/meta';
import { AdminRouteError } from '../../features/admin/kit/route-error';
import { VariantEditor } from '../../features/admin/jewelry/variant-editor';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const sku = loaderData?.product?.variants.find((v) => v.id === loaderData.variantId)?.sku;
  return adminMeta(sku ? `Variant ${sku}` : 'Variant');
};

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const variantId = Number(params.variantId);
  // Text that cannot be an id is not asked for.
  if (!isRecordId(params.id) || !isRecordId(params.variantId)) return { product: null, variantId, at: Date.now() };
  const result = await adminApi.get(`/api/admin/products/${params.id}`, adminProductResponseSchema);
  if (!result.ok && result.status === 404) return { product: null, variantId, at: Date.now() };
  return { product: dataOrThrow(result, request).product, variantId, at: Date.now() };
}
clientLoader.hydrate = true as const;

export default function AdminVariant({ loaderData }: Route.ComponentProps) {
  const { product, variantId, at } = loaderData;
  if (!product) return <ProductNotFound />;
  if (!product.variants.some((v) => v.id === variantId)) return <ProductNotFound what="variant" />;
  // A new answer (another variant, or this one loaded again) starts the editor afresh.
  return <VariantEditor key={`${variantId}-${at}`} initial={product} variantId={variantId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
