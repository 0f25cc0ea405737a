/**
 * The one client of the store's API (SPEC §7). Every call of the storefront goes through it: the browser's (`api`)
 * and the loaders' and actions' (`serverApi(context)`, the in-process `api` of the load context). It sends JSON with
 * JSON accept and content headers, the session's cookies and, in the browser, the bearer token when there is one;
 * and it reads every answer the same way: a success is parsed with the contract's schema for it, an error with the
 * contract's error body. The caller gets one shape back and never a thrown answer, and applies its own fallback
 * texts (§8).
 *
 * Free of Zod on purpose: the header and the footer call the API on every page's first load. Code that runs on a
 * first load passes `lazySchema(...)`, so the schemas (and Zod) arrive with the first answer, not with the page.
 */
import { joinErrorMessages } from '@everstone/contract/core';
import type { RouterContextProvider } from 'react-router';
import { appContext } from './app-context';
import { bearerToken } from './auth-token';

/** A form's messages by field, keyed as the API keys them (`first_name`, `address.street`). */
export type FieldErrors = Record<string, string[]>;

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
}

export interface ApiFailure {
  ok: false;
  /**
   * The answer's status. 0 when there is no usable answer: the store could not be reached, the call was
   * aborted, or a success was not what the contract says (logged).
   */
  status: number;
  /** The error body's `message`, when it has one. */
  message: string | null;
  /** A 422's messages by field (§5), when the body has them. */
  errors?: FieldErrors;
  /** The answer's Retry-After in seconds, when it has one: the store asks to be asked again then (a 503, a 429). */
  retryAfter?: number;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** What parses an answer: the contract's Zod schemas are such parsers. */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** A parser, or the loader of one (see `lazySchema`). */
export type Schema<T> = Parser<T> | (() => Promise<Parser<T>>);

type Contract = typeof import('@everstone/contract');

/** A schema of the contract loaded with the first answer it parses: for code in a page's first download. */
export function lazySchema<T>(pick: (contract: Contract) => Parser<T>): () => Promise<Parser<T>> {
  return () => import('@everstone/contract').then(pick);
}

/** For the one answer without a body the storefront asks for (GET /sanctum/csrf-cookie answers 204). */
export const NO_CONTENT: Parser<undefined> = {
  safeParse: (value) =>
    value === null ? { success: true, data: undefined } : { success: false, error: new Error('Expected no content') },
};

const errorBody = lazySchema((c) => c.errorResponseSchema);

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The bearer token to send; by default the session's (browser) or none (server). `null` sends none. */
  token?: string | null;
}

/** How a request leaves: `fetch` in the browser, the load context's in-process call on the server. */
export type Transport = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

/** A file the API answered (a PDF): its bytes and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  /** The answer's attachment name, or null when it names none. */
  filename: string | null;
}

export interface ApiClient {
  get<T>(path: string, schema: Schema<T>, options?: CallOptions): Promise<ApiResult<T>>;
  /** GET of a file (an order's PDF), with the same headers and the same reading of an error as every other call. */
  file(path: string, options?: CallOptions): Promise<ApiResult<ApiFile>>;
  post<T>(path: string, body: unknown, schema: Schema<T>, options?: CallOptions): Promise<ApiResult<T>>;
  put<T>(path: string, body: unknown, schema: Schema<T>, options?: CallOptions): Promise<ApiResult<T>>;
  delete<T>(path: string, schema: Schema<T>, options?: CallOptions): Promise<ApiResult<T>>;
}

async function parserOf<T>(schema: Schema<T>): Promise<Parser<T>> {
  return typeof schema === 'function' ? schema() : schema;
}

/** The JSON of an answer, or null when it has none (no body, an HTML error page). */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const NO_ANSWER: ApiFailure = { ok: false, status: 0, message: null };

export function createApiClient(transport: Transport, defaultToken: () => string | null): ApiClient {
  async function call<T>(method: string, path: string, body: unknown, schema: Schema<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
    const token = options.token === undefined ? defaultToken() : options.token;
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await transport(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: options.signal });
    } catch (err) {
      if (!options.signal?.aborted) console.warn(`${method} ${path} could not reach the store`, err);
      return NO_ANSWER;
    }
    if (!res.ok) return failure(res);
    const json = await readJson(res);
    const parsed = (await parserOf(schema)).safeParse(json);
    if (parsed.success) return { ok: true, status: res.status, data: parsed.data };
    console.error(`${method} ${path} answered ${res.status} in a shape the contract does not describe`, parsed.error);
    return NO_ANSWER;
  }

  /** What an error answer says, as `call` reads it: the contract's error body, and Retry-After. */
  async function failure(res: Response): Promise<ApiFailure> {
    const json = await readJson(res);
    const error = json === null ? null : (await parserOf(errorBody)).safeParse(json);
    const retry = Number(res.headers.get('retry-after') ?? Number.NaN);
    const retryAfter = Number.isFinite(retry) && retry >= 0 ? { retryAfter: retry } : {};
    if (!error?.success) return { ok: false, status: res.status, message: null, ...retryAfter };
    const { message, errors } = error.data;
    return { ok: false, status: res.status, message: message.trim() ? message : null, ...(errors ? { errors } : {}), ...retryAfter };
  }

  async function file(path: string, options: CallOptions = {}): Promise<ApiResult<ApiFile>> {
    const token = options.token === undefined ? defaultToken() : options.token;
    // A file's type first; an error still answers JSON.
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/pdf, application/json;q=0.9' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await transport(path, { method: 'GET', headers, signal: options.signal });
    } catch (err) {
      if (!options.signal?.aborted) console.warn(`GET ${path} could not reach the store`, err);
      return NO_ANSWER;
    }
    if (!res.ok) return failure(res);
    try {
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
      return { ok: true, status: res.status, data: { blob: await res.blob(), filename: name ? name[1]! : null } };
    } catch (err) {
      if (!options.signal?.aborted) console.warn(`GET ${path} was cut off`, err);
      return NO_ANSWER;
    }
  }

  return {
    file,
    get: (path, schema, options) => call('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => call('POST', path, body, schema, options),
    put: (path, body, schema, options) => call('PUT', path, body, schema, options),
    delete: (path, schema, options) => call('DELETE', path, undefined, schema, options),
  };
}

/** The browser's client: same-origin cookies (§7) and the session's bearer token. */
export const api: ApiClient = createApiClient(
  (path, init) => fetch(path, { ...init, credentials: 'same-origin' }),
  bearerToken,
);

/**
 * A loader's or an action's client: the same calls and the same reading, over the load context's in-process API
 * (`app.inject`), so the server renders exactly what the browser would see. It carries no session: the token
 * lives in the browser.
 */
export function serverApi(context: Readonly<RouterContextProvider>): ApiClient {
  const inProcess = context.get(appContext).api;
  return createApiClient((path, init) => inProcess(path, { method: init.method, body: init.body, headers: init.headers }), () => null);
}

/**
 * What a form shows for a failed call: for a 422, its field messages joined (they read better than the summary,
 * which starts "Invalid body: …"); otherwise the server's message; null when the answer says nothing, where the
 * form's own fallback of §8 applies.
 */
export function failureText(failure: ApiFailure): string | null {
  return (failure.errors && joinErrorMessages(failure.errors)) || failure.message;
}
