import { createHash, randomBytes } from 'node:crypto';

/**
 * Sign-in, reset and back-office session tokens: 32 random bytes (base64url, 43 characters) handed out once; the
 * database keeps only their SHA-256. A plain hash suffices here, unlike for passwords: 256 random bits cannot be
 * guessed, so a stolen table is worthless without the tokens themselves.
 */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
