import {
  ADMIN_PAGE_SIZES,
  adminOrderListQuerySchema,
  type AdminOrderSort,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@everstone/contract';
import { paramReader } from '../kit/list-params';

/**
 * The orders list's state, all of it in the address (search, filters, sort, page), so a link or the Back button
 * brings the same list back. What the address says is read field by field with the contract's own rules: a field
 * that does not pass is left out rather than failing the page.
 */
export interface OrderListState {
  q: string;
  status: OrderStatus | '';
  payment_status: PaymentStatus | '';
  method: PaymentMethod | '';
  from: string;
  to: string;
  expiring: boolean;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  page: number;
  per_page: (typeof ADMIN_PAGE_SIZES)[number];
}

export const DEFAULT_ORDER_LIST: OrderListState = {
  q: '',
  status: '',
  payment_status: '',
  method: '',
  from: '',
  to: '',
  expiring: false,
  sort: 'created_at',
  dir: 'desc',
  page: 1,
  per_page: ADMIN_PAGE_SIZES[0],
};

/** The way a column sorts first: newest, dearest and soonest-ending first where that is what one looks for. */
export const FIRST_DIRECTION: Record<AdminOrderSort, 'asc' | 'desc'> = {
  created_at: 'desc',
  total: 'desc',
  name: 'asc',
  status: 'asc',
  hold_expires_at: 'asc',
};

export function readOrderList(params: URLSearchParams): OrderListState {
  const get = paramReader(adminOrderListQuerySchema.shape, params);
  const d = DEFAULT_ORDER_LIST;
  return {
    q: (get('q') as string | undefined) ?? d.q,
    status: (get('status') as OrderStatus | undefined) ?? d.status,
    payment_status: (get('payment_status') as PaymentStatus | undefined) ?? d.payment_status,
    method: (get('method') as PaymentMethod | undefined) ?? d.method,
    from: (get('from') as string | undefined) ?? d.from,
    to: (get('to') as string | undefined) ?? d.to,
    expiring: get('expiring') === true,
    sort: (get('sort') as AdminOrderSort | undefined) ?? d.sort,
    dir: (get('dir') as 'asc' | 'desc' | undefined) ?? d.dir,
    page: (get('page') as number | undefined) ?? d.page,
    per_page: (get('per_page') as OrderListState['per_page'] | undefined) ?? d.per_page,
  };
}

/** The address's query for a state: only what differs from the defaults, in a steady order. */
export function orderListParams(state: OrderListState): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_ORDER_LIST;
  if (state.q) params.set('q', state.q);
  if (state.status) params.set('status', state.status);
  if (state.payment_status) params.set('payment_status', state.payment_status);
  if (state.method) params.set('method', state.method);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.expiring) params.set('expiring', '1');
  if (state.sort !== d.sort || state.dir !== d.dir) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  if (state.page !== d.page) params.set('page', String(state.page));
  if (state.per_page !== d.per_page) params.set('per_page', String(state.per_page));
  return params;
}

/** GET /api/admin/orders's query for a state: the same fields, the page and its size always said. */
export function orderListApiQuery(state: OrderListState): string {
  const params = orderListParams(state);
  params.set('sort', state.sort);
  params.set('dir', state.dir);
  params.set('page', String(state.page));
  params.set('per_page', String(state.per_page));
  return params.toString();
}

/** Whether any search or filter narrows the list. */
export function isFiltered(state: OrderListState): boolean {
  return Boolean(state.q || state.status || state.payment_status || state.method || state.from || state.to || state.expiring);
}
