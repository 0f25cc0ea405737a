import { redirect } from 'react-router';
import { ADMIN_MESSAGES, adminSessionSchema, reauthErrorSchema, type AdminSession } from '@everstone/contract';
import { createApiClient, type ApiFailure, type ApiSuccess, type Schema } from '../../../lib/api';

/**
 * The back office's calls to /api/admin. They go through the store's one client, with two differences: the staff's
 * session is the httpOnly cookie the browser sends by itself, so the storefront's bearer token is never sent here;
 * and a 403 that asks for the password again (`reauth: true`) is told apart from one that refuses.
 */

export type AdminFailure = ApiFailure & {
  /** The action needs the password entered again (POST /api/admin/session/confirm), then once more. */
  reauth: boolean;
};
export type AdminResult<T> = ApiSuccess<T> | AdminFailure;

async function asksForPassword(res: Response): Promise<boolean> {
  try {
    return reauthErrorSchema.safeParse(await res.json()).success;
  } catch {
    return false;
  }
}

/** `signal` lets a caller abandon a call a newer one replaces (the variant editor's live price). */
async function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: Schema<T>,
  options: { signal?: AbortSignal } = {},
): Promise<AdminResult<T>> {
  let reauth = false;
  const client = createApiClient(
    async (url, init) => {
      const res = await fetch(url, { ...init, credentials: 'same-origin' });
      if (res.status === 403) reauth = await asksForPassword(res.clone());
      return res;
    },
    () => null,
  );
  // The store takes a change to the back office only as JSON, a bodiless one (sign-out, an order step) included; the
  // browser adds the page's Origin, which it must carry too.
  const change = { ...options, headers: { 'Content-Type': 'application/json' } };
  const result =
    method === 'GET'
      ? await client.get(path, schema, options)
      : method === 'DELETE'
        ? await client.delete(path, schema, change)
        : method === 'PUT'
          ? await client.put(path, body, schema, change)
          : await client.post(path, body, schema, change);
  return result.ok ? result : { ...result, reauth };
}

export const adminApi = {
  get: <T>(path: string, schema: Schema<T>) => send('GET', path, undefined, schema),
  post: <T>(path: string, body: unknown, schema: Schema<T>, options?: { signal?: AbortSignal }) => send('POST', path, body, schema, options),
  put: <T>(path: string, body: unknown, schema: Schema<T>) => send('PUT', path, body, schema),
  delete: <T>(path: string, schema: Schema<T>) => send('DELETE', path, undefined, schema),
};

export const SIGN_IN_PATH = '/admin/sign-in';

/**
 * Where a back-office page may send someone after signing in: a page of the back office itself, on this site.
 * The address comes from the query, which anyone can write, so anything else gives the first screen.
 */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith('/admin') || value.length > 2000) return '/admin';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/admin';
  const base = 'https://store.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/admin';
  }
  if (url.origin !== base || !/^\/admin(\/|$)/.test(url.pathname) || url.pathname.startsWith(SIGN_IN_PATH)) return '/admin';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, coming back to `next`; `ended` when the session ran out (the page says so). */
export function signInPath(next: string, ended = false): string {
  const query = new URLSearchParams();
  const back = safeNext(next);
  if (back !== '/admin') query.set('next', back);
  if (ended) query.set('ended', '1');
  const text = query.toString();
  return text ? `${SIGN_IN_PATH}?${text}` : SIGN_IN_PATH;
}

/** The page a request asked for, as a `next`. */
export function pathOf(url: { pathname: string; search: string }): string {
  return `${url.pathname}${url.search}`;
}

/** A failure that means "no live session": the person signs in again and comes back. */
export function isSignedOut(failure: ApiFailure): boolean {
  return failure.status === 401;
}

/** For a clientLoader: a 401 becomes the way to the sign-in page and back to `request`'s page. */
export function requireSignedIn(failure: ApiFailure, request: Request): void {
  if (isSignedOut(failure)) throw redirect(signInPath(pathOf(new URL(request.url)), failure.message === ADMIN_MESSAGES.expired));
}

/**
 * The session of the person using the back office, or the redirect to sign in: a sign-in half done (the second
 * factor's code awaited, or one to set up) opens no page, so it goes back to the sign-in page, which shows its step.
 */
export async function loadSession(request: Request): Promise<AdminSession> {
  const session = dataOrThrow(await adminApi.get('/api/admin/session', adminSessionSchema), request);
  if (session.stage !== 'full') throw redirect(signInPath(pathOf(new URL(request.url))));
  return session;
}

/**
 * For a clientLoader: the answer's data; a 401 goes to sign in, and any other failure is thrown for the page's error
 * boundary (a 404 as "not found").
 */
export function dataOrThrow<T>(result: AdminResult<T>, request: Request): T {
  if (result.ok) return result.data;
  requireSignedIn(result, request);
  throw new Response(result.message ?? 'The back office could not be reached.', { status: result.status || 503 });
}
