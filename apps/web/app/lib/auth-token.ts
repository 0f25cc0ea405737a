/**
 * The session's bearer token (SPEC §3, §4): kept in localStorage under `auth_token`, and held in memory while a
 * shopper is signed in, so a browser that refuses storage (private mode, a full quota) still sends it for the
 * rest of the visit. The API client reads it from here; the session (session.ts) writes it.
 */
export const AUTH_TOKEN_KEY = 'auth_token';

let held: string | null = null;

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch (err) {
    console.error('Could not read the session token from local storage', err);
    return null;
  }
}

export function storeToken(token: string | null) {
  try {
    if (token === null) window.localStorage.removeItem(AUTH_TOKEN_KEY);
    else window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch (err) {
    console.error('Could not save the session token to local storage', err);
  }
}

/** The token of the signed-in session, or null once it has ended. */
export function holdToken(token: string | null) {
  held = token;
}

/** The token a call carries: the signed-in session's, else the stored one; none on the server. */
export function bearerToken(): string | null {
  if (typeof window === 'undefined') return null;
  return held ?? readStoredToken();
}
