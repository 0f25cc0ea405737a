import {
  ADMIN_PAGE_SIZES,
  HOME_PREVIEW_STATUSES,
  REQUEST_STATES,
  adminHomePreviewListQuerySchema,
  adminRequestListQuerySchema,
  type HomePreviewStatus,
  type RequestState,
} from '@everstone/contract';
import { pageOf, read, sizeOf, withPaging, type PageSize } from '../kit/list-params';

/**
 * The state of the messages and requests lists, all of it in the address, so a link or the Back button
 * brings the same list back. Each field is read with the contract's own rule; one that does not pass is left out
 * rather than failing the page (as the orders list does, order-query.ts).
 */

const stateOf = (raw: string | null) => read(adminRequestListQuerySchema.shape.state, raw, 'open') as RequestState;
const previewOf = (raw: string | null) => read(adminHomePreviewListQuerySchema.shape.status, raw, 'requested') as HomePreviewStatus | 'all';

/* ---------- /admin/messages ---------- */

export interface MessageListState {
  state: RequestState;
  page: number;
  per_page: PageSize;
}

export function readMessageList(params: URLSearchParams): MessageListState {
  return { state: stateOf(params.get('state')), page: pageOf(params.get('page')), per_page: sizeOf(params.get('per_page')) };
}

export function messageListParams(list: MessageListState): URLSearchParams {
  const params = new URLSearchParams();
  if (list.state !== 'open') params.set('state', list.state);
  return withPaging(params, list.page, list.per_page);
}

export const messageListApiQuery = (list: MessageListState) =>
  new URLSearchParams({ state: list.state, page: String(list.page), per_page: String(list.per_page) }).toString();

/* ---------- /admin/requests: custom ring requests and Home Preview, each paged on its own ---------- */

export interface RequestsState {
  state: RequestState;
  page: number;
  preview: HomePreviewStatus | 'all';
  preview_page: number;
}

export function readRequests(params: URLSearchParams): RequestsState {
  return {
    state: stateOf(params.get('state')),
    page: pageOf(params.get('page')),
    preview: previewOf(params.get('preview')),
    preview_page: pageOf(params.get('preview_page')),
  };
}

export function requestsParams(s: RequestsState): URLSearchParams {
  const params = new URLSearchParams();
  if (s.state !== 'open') params.set('state', s.state);
  if (s.page !== 1) params.set('page', String(s.page));
  if (s.preview !== 'requested') params.set('preview', s.preview);
  if (s.preview_page !== 1) params.set('preview_page', String(s.preview_page));
  return params;
}

export const customRequestApiQuery = (s: RequestsState) =>
  new URLSearchParams({ state: s.state, page: String(s.page), per_page: String(ADMIN_PAGE_SIZES[0]) }).toString();
export const homePreviewApiQuery = (s: RequestsState) =>
  new URLSearchParams({ status: s.preview, page: String(s.preview_page), per_page: String(ADMIN_PAGE_SIZES[0]) }).toString();

/** The tabs' values, in their order. */
export const REQUEST_STATE_TABS = REQUEST_STATES;
export const HOME_PREVIEW_TABS = [...HOME_PREVIEW_STATUSES, 'all'] as const;
