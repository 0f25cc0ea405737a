import { useSyncExternalStore } from 'react';
import type { User } from '@everstone/contract/core';
import { NO_CONTENT, api, lazySchema, type ApiFailure } from './api';
import { AUTH_TOKEN_KEY, holdToken, readStoredToken, storeToken } from './auth-token';

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

const LOADING: Session = { status: 'loading' };
const GUEST: Session = { status: 'guest' };

let current: Session = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: Session) {
  current = next;
  holdToken(next.status === 'signed-in' ? next.token : null);
  for (const listener of listeners) listener();
}

const userSchema = lazySchema((c) => c.userSchema);

/** Loads the user for a stored token; a token the server no longer accepts is forgotten. */
async function load(token: string | null) {
  if (!token) {
    set(GUEST);
    return;
  }
  await api.get('/sanctum/csrf-cookie', NO_CONTENT, { token });
  const user = await api.get('/api/user', userSchema, { token });
  if (user.ok) {
    set({ status: 'signed-in', user: user.data, token });
    return;
  }
  if (user.status === 401) storeToken(null);
  set(GUEST);
}

/** Starts the session once, in the browser. Safe to call from every component that needs it. */
export function startSession() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) void load(readStoredToken());
  });
  void load(readStoredToken());
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
 * Signs in (§4: login stores the token and loads the user). A refusal or a failure is handed to the caller,
 * which shows its own message (§8).
 */
export async function signIn(email: string, password: string): Promise<{ ok: true; user: User } | ApiFailure> {
  const res = await api.post('/api/login', { email, password }, lazySchema((c) => c.loginResponseSchema), { token: null });
  if (!res.ok) return res;
  storeToken(res.data.token);
  set({ status: 'signed-in', user: res.data.user, token: res.data.token });
  return { ok: true, user: res.data.user };
}

/** Signs out: tells the server (best effort), forgets the token and the user. */
export async function signOut(): Promise<void> {
  const token = current.status === 'signed-in' ? current.token : readStoredToken();
  if (token) {
    const res = await api.post('/api/logout', undefined, lazySchema((c) => c.messageResponseSchema), { token });
    if (!res.ok) console.error(`Sign-out could not reach the store (${res.status}); the token is forgotten here anyway`);
  }
  storeToken(null);
  set(GUEST);
}

/** Replaces the signed-in user after an edit of the account details. */
export function updateSessionUser(user: User) {
  if (current.status === 'signed-in') set({ ...current, user });
}

/** Asks the store for the signed-in user again (the address was verified in another tab, by an emailed link). */
export async function refreshSessionUser(): Promise<void> {
  if (current.status !== 'signed-in') return;
  const res = await api.get('/api/user', userSchema);
  if (res.ok) updateSessionUser(res.data);
}

/** What asking for a new verification link came to. */
export type VerificationLinkOutcome =
  | { kind: 'sent'; message: string }
  /** The address was verified meanwhile (another tab, the link opened on a phone): nothing to send. */
  | { kind: 'verified'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Emails the signed-in shopper a new link to verify their address (POST /api/email/verification: always to the
 * account's own address, a few per quarter hour).
 */
export async function requestVerificationLink(): Promise<VerificationLinkOutcome> {
  const res = await api.post('/api/email/verification', undefined, lazySchema((c) => c.messageResponseSchema));
  if (res.ok) return { kind: 'sent', message: res.data.message };
  if (res.status === 409) {
    await refreshSessionUser();
    return { kind: 'verified', message: res.message ?? 'Your email address is already verified.' };
  }
  if (res.status === 401) return { kind: 'failed', message: 'Please sign in again to ask for a new link.' };
  return { kind: 'failed', message: res.message ?? 'The link could not be sent just now. Please try again in a moment.' };
}

/** 'Hi, {name}', or 'Hi, User' when the account has no name (§2). */
export function greeting(user: Pick<User, 'name'>): string {
  return `Hi, ${user.name?.trim() || 'User'}`;
}
