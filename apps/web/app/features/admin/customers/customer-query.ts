import { adminCustomerListQuerySchema } from '@everstone/contract';
import { pageOf, read, sizeOf, withPaging, type PageSize } from '../kit/list-params';

/** The customers list's state, all of it in the address (list-params.ts). */
export interface CustomerListState {
  q: string;
  page: number;
  per_page: PageSize;
}

export function readCustomerList(params: URLSearchParams): CustomerListState {
  return {
    q: read(adminCustomerListQuerySchema.shape.q, params.get('q'), undefined) ?? '',
    page: pageOf(params.get('page')),
    per_page: sizeOf(params.get('per_page')),
  };
}

export function customerListParams(state: CustomerListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  return withPaging(params, state.page, state.per_page);
}

/** GET /api/admin/customers's query: the page and its size always said. */
export function customerListApiQuery(state: CustomerListState): string {
  const params = customerListParams(state);
  params.set('page', String(state.page));
  params.set('per_page', String(state.per_page));
  return params.toString();
}
