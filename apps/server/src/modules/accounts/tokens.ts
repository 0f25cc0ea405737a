export { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';

/** The token of an `Authorization: Bearer …` header, or null when there is none or it is malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{1,200})[ \t]*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
