import { createHash, randomBytes } from 'node:crypto';

/**
 * Sign-in and reset tokens: 32 random bytes (base64url, 43 characters) handed to the user once; the database
 * keeps only their SHA-256. A plain hash suffices here, unlike for passwords: 256 random bits cannot be guessed,
 * so a stolen table is worthless without the tokens themselves.
 */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an `Authorization: Bearer …` header, or null when there is none or it is malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{1,200})[ \t]*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
