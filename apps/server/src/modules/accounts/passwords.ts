import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt cost. N = 2^15, r = 8 takes 32 MiB and about 90 ms per hash on one of our cores: slow for a guesser,
 * quick for a shopper, and a handful of concurrent sign-ins fit in memory. The parameters are stored with each
 * hash, so raising them later upgrades every account at its next sign-in (needsRehash).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$key`, salt and key in base64. */
  hash(password: string): Promise<string>;
  /** Compares in constant time; a malformed stored hash is simply false. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of a real `verify` and answers false: a sign-in for an address without an account must take
   * as long as one with a wrong password, or the clock would tell which addresses have accounts.
   */
  verifyNobody(password: string): Promise<false>;
  /** True when the stored hash was made with other parameters than today's. */
  needsRehash(storedHash: string): boolean;
}

function derive(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
  // NFKC: the same password typed on two keyboards (composed é or e + accent) is the same password.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const format = (cost: ScryptCost, salt: Buffer, key: Buffer) =>
  `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted row from asking for gigabytes.
  const powerOfTwo = Number.isInteger(N) && N >= 2 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || key.length < 32) return null;
  return { cost: { N, r, p }, salt, key };
}

export function createPasswordHasher(cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHasher {
  // A well-formed hash of nothing: verifying against it costs exactly what a real verification costs.
  const nobody = format(cost, randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
  const nobodyParsed = parse(nobody)!;

  /**
   * A stored hash that is no scrypt hash (an account that never had a password, a row written by hand) still costs
   * a whole derivation: an answer in 2 ms instead of 90 would tell a guesser which accounts are of that kind.
   */
  async function verify(storedHash: string, password: string): Promise<boolean> {
    const parsed = parse(storedHash);
    const against = parsed ?? nobodyParsed;
    const candidate = await derive(password, against.salt, against.key.length, against.cost);
    return timingSafeEqual(candidate, against.key) && parsed !== null;
  }

  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      return format(cost, salt, await derive(password, salt, KEY_BYTES, cost));
    },
    verify,
    async verifyNobody(password) {
      await verify(nobody, password);
      return false;
    },
    needsRehash(storedHash) {
      const parsed = parse(storedHash);
      return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
    },
  };
}
