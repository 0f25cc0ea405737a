import {
  ADMIN_PAGE_SIZES,
  HOME_PREVIEW_STATUSES,
  REQUEST_STATES,
  adminHomePreviewListQuerySchema,
  adminRequestListQuerySchema,
  type HomePreviewStatus,
  type RequestState,
} from '@everstone/contract';
import { listApiQuery, listParams, pageSizeField, readList, type PageSize } from '../kit/list-params';

/**
 * The state of the messages and requests lists, all of it in the address, so a link or the Back button
 * brings the same list back. Each field is read with the contract's own rule; one that does not pass reads as its
 * default rather than failing the page (kit/list-params.ts).
 */

/* ---------- /admin/messages ---------- */

export interface MessageListState {
  state: RequestState;
  page: number;
  per_page: PageSize;
}

const DEFAULT_MESSAGE_LIST: MessageListState = { state: 'open', page: 1, per_page: ADMIN_PAGE_SIZES[0] };
const MESSAGE_LIST_FIELDS = { ...adminRequestListQuerySchema.shape, per_page: pageSizeField };

export const readMessageList = (params: URLSearchParams): MessageListState => readList(MESSAGE_LIST_FIELDS, DEFAULT_MESSAGE_LIST, params);

export const messageListParams = (list: MessageListState) => listParams(list, DEFAULT_MESSAGE_LIST);

export const messageListApiQuery = (list: MessageListState) => listApiQuery(list, DEFAULT_MESSAGE_LIST, ['state', 'page', 'per_page']);

/* ---------- /admin/requests: custom ring requests and Home Preview, each paged on its own ---------- */

export interface RequestsState {
  state: RequestState;
  page: number;
  preview: HomePreviewStatus | 'all';
  preview_page: number;
}

const DEFAULT_REQUESTS: RequestsState = { state: 'open', page: 1, preview: 'requested', preview_page: 1 };

/** Two lists in one address: the custom requests read as the requests list does, Home Preview's status and page as `preview` and `preview_page`. */
const REQUESTS_FIELDS = {
  state: adminRequestListQuerySchema.shape.state,
  page: adminRequestListQuerySchema.shape.page,
  preview: adminHomePreviewListQuerySchema.shape.status,
  preview_page: adminHomePreviewListQuerySchema.shape.page,
};

export const readRequests = (params: URLSearchParams): RequestsState => readList(REQUESTS_FIELDS, DEFAULT_REQUESTS, params);

export const requestsParams = (s: RequestsState) => listParams(s, DEFAULT_REQUESTS);

/** The two lists' API queries rename the address's fields to each list's own (`preview` is Home Preview's `status`). */
export const customRequestApiQuery = (s: RequestsState) =>
  new URLSearchParams({ state: s.state, page: String(s.page), per_page: String(ADMIN_PAGE_SIZES[0]) }).toString();
export const homePreviewApiQuery = (s: RequestsState) =>
  new URLSearchParams({ status: s.preview, page: String(s.preview_page), per_page: String(ADMIN_PAGE_SIZES[0]) }).toString();

/** The tabs' values, in their order. */
export const REQUEST_STATE_TABS = REQUEST_STATES;
export const HOME_PREVIEW_TABS = [...HOME_PREVIEW_STATUSES, 'all'] as const;
