import { useNavigate, useNavigation } from 'react-router';
import { adminProductListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/products';
import { adminApi, dataOrThrow } from '../../features/admin/kit/admin-api';
import { productListApiQuery, productListHref, readProductList, type ProductListState } from '../../features/admin/jewelry/product-query';
import { adminMeta } from '../../features/admin/kit/meta';
import { ProductsList } from '../../features/admin/jewelry/products-list';
import { AdminRouteError } from '../../features/admin/kit/route-error';

export const meta: Route.MetaFunction = () => adminMeta('Catalog');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = readProductList(new URL(request.url).searchParams);
  const list = dataOrThrow(await adminApi.get(`/api/admin/products?${productListApiQuery(state)}`, adminProductListResponseSchema), request);
  return { list, state };
}
clientLoader.hydrate = true as const;

export default function Products({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/admin/products';
  const go = (next: ProductListState, options: { replace?: boolean } = {}) =>
    void navigate({ search: productListHref(next) }, { replace: options.replace, preventScrollReset: true });
  // While the next list loads, the controls show what was asked and the table what is still on screen.
  const state = busy ? readProductList(new URLSearchParams(navigation.location.search)) : loaderData.state;
  return <ProductsList list={loaderData.list} state={state} busy={busy} go={go} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
