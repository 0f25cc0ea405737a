/** Pages a shopper is never sent back to after signing in: they would only offer to sign in again. */
const ACCOUNT_ENTRY_PAGES = ['/signin', '/signup', '/resetpassword', '/reset-password/', '/verify-email/'];

/**
 * Where the sign-in page returns the shopper (§2: "the page the user came from, or / by default"). The path
 * comes from navigation state, which any page (or a crafted link) can set, so only a path on this site is
 * accepted: it must start with one '/', and '//' or '/\' (which browsers read as another host) are refused,
 * as are control characters, which browsers strip before reading a URL. Anything else gives '/'.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  // What the browser will actually load must still be this site (belt and braces over the checks above).
  const base = 'https://store.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (ACCOUNT_ENTRY_PAGES.some((page) => url.pathname === page || (page.endsWith('/') && url.pathname.startsWith(page)))) return '/';
  return path;
}

/** The `from` of a location's state, when there is one (the header's account link sets it). */
export function returnPathFromState(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return safeReturnPath(from);
}
