import { ADMIN_PAGE_SIZES, adminCustomerListQuerySchema } from '@everstone/contract';
import { listApiQuery, listParams, pageSizeField, readList, type PageSize } from '../kit/list-params';

/** The customers list's state, all of it in the address (kit/list-params.ts). */
export interface CustomerListState {
  q: string;
  page: number;
  per_page: PageSize;
}

const DEFAULT_CUSTOMER_LIST: CustomerListState = { q: '', page: 1, per_page: ADMIN_PAGE_SIZES[0] };

/** The contract's rule for each field the address may say. */
const CUSTOMER_LIST_FIELDS = { ...adminCustomerListQuerySchema.shape, per_page: pageSizeField };

export const readCustomerList = (params: URLSearchParams): CustomerListState => readList(CUSTOMER_LIST_FIELDS, DEFAULT_CUSTOMER_LIST, params);

export const customerListParams = (state: CustomerListState) => listParams(state, DEFAULT_CUSTOMER_LIST);

/** GET /api/admin/customers's query: the page and its size always said. */
export const customerListApiQuery = (state: CustomerListState) => listApiQuery(state, DEFAULT_CUSTOMER_LIST, ['page', 'per_page']);
