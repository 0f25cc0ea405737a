import { useSyncExternalStore } from 'react';
import type { LoginResponse, User } from '@everstone/contract/core';

/**
 * The shopper's session (SPEC §4). The bearer token lives in localStorage under `auth_token`; at start, when
 * there is one, the CSRF cookie is fetched and the current user loaded. Any failure simply leaves the shopper
 * signed out, without a message. The server renders every page as `loading` (it cannot see the browser's
 * storage), so the account area shows its final state only once this has settled, and the rest of the page
 * never waits for it. Other tabs follow a sign-in or sign-out through the storage event.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'signed-in'; user: User; token: string };

export const AUTH_TOKEN_KEY = 'auth_token';

const LOADING: Session = { status: 'loading' };
const GUEST: Session = { status: 'guest' };

let current: Session = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: Session) {
  current = next;
  for (const listener of listeners) listener();
}

function readToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch (err) {
    console.error('Could not read the session token from local storage', err);
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token === null) window.localStorage.removeItem(AUTH_TOKEN_KEY);
    else window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch (err) {
    console.error('Could not save the session token to local storage', err);
  }
}

/** An error answer of the API: its status and parsed body (`message`, `errors`), for the page to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { message?: string; errors?: Record<string, string[]> } | undefined;
  constructor(status: number, body: ApiError['body']) {
    super(body?.message ?? `The request failed (${status}).`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A JSON call to the API with the session's bearer token when there is one. Resolves to the parsed body of a
 * 2xx answer (undefined for 204); rejects with ApiError for any other status, or with the network error.
 */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<T> {
  const token = init.token === undefined ? (current.status === 'signed-in' ? current.token : readToken()) : init.token;
  const headers: Record<string, string> = { ...init.headers, Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, body as ApiError['body']);
  return body as T;
}

/** Loads the user for a stored token; a token the server no longer accepts is forgotten. */
async function load(token: string | null) {
  if (!token) {
    set(GUEST);
    return;
  }
  try {
    await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
    const user = await api<User>('/api/user', { token });
    set({ status: 'signed-in', user, token });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) writeToken(null);
    set(GUEST);
  }
}

/** Starts the session once, in the browser. Safe to call from every component that needs it. */
export function startSession() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) void load(readToken());
  });
  void load(readToken());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  startSession();
  return () => listeners.delete(listener);
}

/** The session for React: `loading` on the server and during hydration, then guest or signed-in. */
export function useSession(): Session {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => LOADING,
  );
}

export function getSession(): Session {
  return current;
}

/**
 * Signs in (§4: login stores the token and loads the user). Failures are rethrown to the caller, which shows
 * its own message (§8).
 */
export async function signIn(email: string, password: string): Promise<User> {
  const res = await api<LoginResponse>('/api/login', { method: 'POST', body: { email, password }, token: null });
  writeToken(res.token);
  set({ status: 'signed-in', user: res.user, token: res.token });
  return res.user;
}

/** Signs out: tells the server (best effort), forgets the token and the user. */
export async function signOut(): Promise<void> {
  const token = current.status === 'signed-in' ? current.token : readToken();
  try {
    if (token) await api('/api/logout', { method: 'POST', token });
  } catch (err) {
    console.error('Sign-out could not reach the store; the token is forgotten here anyway', err);
  }
  writeToken(null);
  set(GUEST);
}

/** Replaces the signed-in user after an edit of the account details. */
export function updateSessionUser(user: User) {
  if (current.status === 'signed-in') set({ ...current, user });
}

/** 'Hi, {name}', or 'Hi, User' when the account has no name (§2). */
export function greeting(user: Pick<User, 'name'>): string {
  return `Hi, ${user.name?.trim() || 'User'}`;
}
