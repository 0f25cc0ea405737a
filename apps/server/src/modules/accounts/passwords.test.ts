import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.ts';
import { bearerToken, createOpaqueToken, hashToken } from './tokens.ts';

describe('password hashing (scrypt)', () => {
  const hasher = createPasswordHasher();

  it('hashes with a fresh salt, stores the parameters, and verifies only the right password', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse battery');
    expect(await hasher.verify(a, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(b, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(a, 'correct horse batterY')).toBe(false);
    expect(await hasher.verify(a, '')).toBe(false);
  });

  it('treats the same characters typed two ways as one password (NFKC)', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    expect(await hasher.verify(await hasher.hash(composed), decomposed)).toBe(true);
  });

  it('answers false, never throws, for malformed or absurd stored hashes', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$AAAA$BBBB', 'scrypt$3$8$1$c2FsdHNhbHQ=$' + 'A'.repeat(88), `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ=$${'A'.repeat(88)}`]) {
      expect(await hasher.verify(stored, 'x')).toBe(false);
    }
  });

  it('spends a whole derivation on a stored hash that is no hash, so the clock cannot tell such accounts apart', async () => {
    // An account that never chose a password ('!invited', an empty or hand-written value) answered in ~2 ms against
    // ~90 ms for a wrong password: a guesser learned which accounts were pending invitations. Timed in turns, so a
    // busy machine slows both alike; the malformed ones must cost about what a real verification costs.
    const real = await hasher.hash('correct horse battery');
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const timeOf = async (stored: string) => {
      const started = performance.now();
      expect(await hasher.verify(stored, 'a guess')).toBe(false);
      return performance.now() - started;
    };
    for (const malformed of ['!invited', '', 'scrypt$1$8$1$AAAA$BBBB']) {
      const realTimes: number[] = [];
      const malformedTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        realTimes.push(await timeOf(real));
        malformedTimes.push(await timeOf(malformed));
      }
      expect(median(malformedTimes)).toBeGreaterThan(median(realTimes) * 0.5);
    }
  });

  it('asks for a rehash when the parameters changed', async () => {
    const cheap = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    const old = await cheap.hash('correct horse battery');
    expect(hasher.needsRehash(old)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
    // Old hashes still verify with the parameters they carry.
    expect(await hasher.verify(old, 'correct horse battery')).toBe(true);
  });

  it('spends a real verification’s time for a sign-in without an account', async () => {
    const stored = await hasher.hash('correct horse battery');
    const time = async (f: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await f();
        samples.push(performance.now() - t);
      }
      return samples.sort((x, y) => x - y)[1]!;
    };
    const real = await time(() => hasher.verify(stored, 'wrong password'));
    const nobody = await time(() => hasher.verifyNobody('wrong password'));
    expect(await hasher.verifyNobody('anything')).toBe(false);
    // The same scrypt work: within a generous factor on a busy machine, never a shortcut.
    expect(nobody).toBeGreaterThan(real * 0.4);
    expect(real).toBeGreaterThan(10);
  });
});

describe('opaque tokens', () => {
  it('are 256 random bits, kept as their SHA-256', () => {
    const { token, hash } = createOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(createOpaqueToken().token).not.toBe(token);
  });

  it('are read from a Bearer header only', () => {
    expect(bearerToken('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});
