import {
  ADMIN_PAGE_SIZES,
  adminProductListQuerySchema,
  type AdminProductSort,
  type ProductFamily,
  type ProductState,
} from '@everstone/contract';
import { paramReader } from '../kit/list-params';

/**
 * The catalog list's state, all of it in the address (search, family, published or not, sort, page), so a link or
 * the Back button brings the same list back. Each field is read with the contract's own rule; one that does not pass
 * is left out rather than failing the page (as the orders list does, order-query.ts).
 */
export interface ProductListState {
  q: string;
  family: ProductFamily | '';
  state: ProductState;
  sort: AdminProductSort;
  dir: 'asc' | 'desc';
  page: number;
  per_page: (typeof ADMIN_PAGE_SIZES)[number];
}

export const DEFAULT_PRODUCT_LIST: ProductListState = {
  q: '',
  family: '',
  state: 'all',
  sort: 'name',
  dir: 'asc',
  page: 1,
  per_page: ADMIN_PAGE_SIZES[0],
};

/** The way a column sorts first: names and families from A, the dearest and the latest changed first. */
export const FIRST_PRODUCT_DIRECTION: Record<AdminProductSort, 'asc' | 'desc'> = {
  name: 'asc',
  family: 'asc',
  price: 'desc',
  updated_at: 'desc',
};

export function readProductList(params: URLSearchParams): ProductListState {
  const get = paramReader(adminProductListQuerySchema.shape, params);
  const d = DEFAULT_PRODUCT_LIST;
  return {
    q: (get('q') as string | undefined) ?? d.q,
    family: (get('family') as ProductFamily | undefined) ?? d.family,
    state: (get('state') as ProductState | undefined) ?? d.state,
    sort: (get('sort') as AdminProductSort | undefined) ?? d.sort,
    dir: (get('dir') as 'asc' | 'desc' | undefined) ?? d.dir,
    page: (get('page') as number | undefined) ?? d.page,
    per_page: (get('per_page') as ProductListState['per_page'] | undefined) ?? d.per_page,
  };
}

/** The address's query for a state: only what differs from the defaults, in a steady order. */
export function productListParams(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_PRODUCT_LIST;
  if (state.q) params.set('q', state.q);
  if (state.family) params.set('family', state.family);
  if (state.state !== d.state) params.set('state', state.state);
  if (state.sort !== d.sort || state.dir !== d.dir) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  if (state.page !== d.page) params.set('page', String(state.page));
  if (state.per_page !== d.per_page) params.set('per_page', String(state.per_page));
  return params;
}

export const productListHref = (state: ProductListState) => `?${productListParams(state).toString()}`;

/** GET /api/admin/products's query for a state: the same fields, the sort, the page and its size always said. */
export function productListApiQuery(state: ProductListState): string {
  const params = productListParams(state);
  params.set('sort', state.sort);
  params.set('dir', state.dir);
  params.set('page', String(state.page));
  params.set('per_page', String(state.per_page));
  return params.toString();
}

/** Whether the search or a filter narrows the list. */
export function isProductListFiltered(state: ProductListState): boolean {
  return Boolean(state.q || state.family || state.state !== DEFAULT_PRODUCT_LIST.state);
}

/** The same list with no search or filter; the sort and the page size stay. */
export function clearedProductList(state: ProductListState): ProductListState {
  return { ...DEFAULT_PRODUCT_LIST, sort: state.sort, dir: state.dir, per_page: state.per_page };
}
