import {
  ADMIN_PAGE_SIZES,
  adminOrderListQuerySchema,
  type AdminOrderSort,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@everstone/contract';
import { listApiQuery, listParams, pageSizeField, readList, type PageSize } from '../kit/list-params';

/**
 * The orders list's state, all of it in the address (search, filters, sort, page), so a link or the Back button
 * brings the same list back. What the address says is read field by field with the contract's own rules: a field
 * that does not pass reads as its default rather than failing the page (kit/list-params.ts).
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
  per_page: PageSize;
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

/** The contract's rule for each field the address may say. */
const ORDER_LIST_FIELDS = { ...adminOrderListQuerySchema.shape, per_page: pageSizeField };

export const readOrderList = (params: URLSearchParams): OrderListState => readList(ORDER_LIST_FIELDS, DEFAULT_ORDER_LIST, params);

/** The address's query for a state: only what differs from the defaults, in a steady order. */
export const orderListParams = (state: OrderListState) => listParams(state, DEFAULT_ORDER_LIST);

/** GET /api/admin/orders's query for a state: the same fields, the sort, the page and its size always said. */
export const orderListApiQuery = (state: OrderListState) => listApiQuery(state, DEFAULT_ORDER_LIST, ['sort', 'dir', 'page', 'per_page']);

/** Whether any search or filter narrows the list. */
export function isFiltered(state: OrderListState): boolean {
  return Boolean(state.q || state.status || state.payment_status || state.method || state.from || state.to || state.expiring);
}
