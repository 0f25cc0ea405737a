import {
  ADMIN_PAGE_SIZES,
  adminProductListQuerySchema,
  type AdminProductSort,
  type ProductFamily,
  type ProductState,
} from '@everstone/contract';
import { listApiQuery, listParams, pageSizeField, readList, type PageSize } from '../kit/list-params';

/**
 * The catalog list's state, all of it in the address (search, family, published or not, sort, page), so a link or
 * the Back button brings the same list back. Each field is read with the contract's own rule; one that does not pass
 * reads as its default rather than failing the page (kit/list-params.ts).
 */
export interface ProductListState {
  q: string;
  family: ProductFamily | '';
  state: ProductState;
  sort: AdminProductSort;
  dir: 'asc' | 'desc';
  page: number;
  per_page: PageSize;
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

/** The contract's rule for each field the address may say. */
const PRODUCT_LIST_FIELDS = { ...adminProductListQuerySchema.shape, per_page: pageSizeField };

export const readProductList = (params: URLSearchParams): ProductListState => readList(PRODUCT_LIST_FIELDS, DEFAULT_PRODUCT_LIST, params);

/** The address's query for a state: only what differs from the defaults, in a steady order. */
export const productListParams = (state: ProductListState) => listParams(state, DEFAULT_PRODUCT_LIST);

export const productListHref = (state: ProductListState) => `?${productListParams(state).toString()}`;

/** GET /api/admin/products's query for a state: the same fields, the sort, the page and its size always said. */
export const productListApiQuery = (state: ProductListState) => listApiQuery(state, DEFAULT_PRODUCT_LIST, ['sort', 'dir', 'page', 'per_page']);

/** Whether the search or a filter narrows the list. */
export function isProductListFiltered(state: ProductListState): boolean {
  return Boolean(state.q || state.family || state.state !== DEFAULT_PRODUCT_LIST.state);
}

/** The same list with no search or filter; the sort and the page size stay. */
export function clearedProductList(state: ProductListState): ProductListState {
  return { ...DEFAULT_PRODUCT_LIST, sort: state.sort, dir: state.dir, per_page: state.per_page };
}
