import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { TooManyRequestsError } from '../errors.ts';

/**
 * Rate limits: fixed windows counted per client address, per email address typed into a form, or per signed-in
 * user. Counters live in Redis when REDIS_URL is set (shared by every instance), otherwise in the database
 * (shared by instances on one PostgreSQL; one SQLite file is one instance anyway). docs/decisions/007-rate-limits.md.
 */
export type RateLimitSubject = 'client' | 'email' | 'user';

export interface RateLimitRule {
  by: RateLimitSubject;
  max: number;
  windowMs: number;
}

export interface RateLimitPolicy {
  name: string;
  /** The first sentence of the 429 message; "Please try again in …" follows. */
  what: string;
  rules: readonly RateLimitRule[];
}

const MINUTE = 60_000;

/** Every limit of the store, documented in docs/api.md and docs/decisions/007-rate-limits.md. */
export const RATE_LIMITS = {
  login: {
    name: 'login',
    what: 'Too many sign-in attempts.',
    rules: [
      { by: 'email', max: 5, windowMs: MINUTE },
      { by: 'client', max: 5, windowMs: MINUTE },
    ],
  },
  passwordEmail: {
    name: 'password-email',
    what: 'Too many password reset requests.',
    rules: [
      { by: 'email', max: 5, windowMs: MINUTE },
      { by: 'client', max: 5, windowMs: MINUTE },
    ],
  },
  passwordReset: {
    name: 'password-reset',
    what: 'Too many password reset attempts.',
    rules: [{ by: 'client', max: 10, windowMs: MINUTE }],
  },
  register: {
    name: 'register',
    what: 'Too many sign-up attempts.',
    rules: [{ by: 'client', max: 10, windowMs: 60 * MINUTE }],
  },
  contact: {
    name: 'contact',
    what: 'Too many messages.',
    rules: [{ by: 'client', max: 5, windowMs: 10 * MINUTE }],
  },
  /** Each subscription emails the address given: no mail bombing a stranger through the store. */
  newsletter: {
    name: 'newsletter',
    what: 'Too many sign-ups to the newsletter.',
    rules: [{ by: 'client', max: 5, windowMs: 10 * MINUTE }],
  },
  /** Each booking holds a slot and emails the shopper and the store. */
  appointments: {
    name: 'appointments',
    what: 'Too many booking attempts.',
    rules: [{ by: 'client', max: 10, windowMs: 60 * MINUTE }],
  },
  /** Account details and password changes check the current password: no guessing it with a borrowed session. */
  accountChanges: {
    name: 'account',
    what: 'Too many changes to your account.',
    rules: [{ by: 'user', max: 10, windowMs: 15 * MINUTE }],
  },
  /**
   * Each order reserves stones and emails the shopper: one account must not take the inventory off the search by
   * placing order after order. Generous for a real shopper, who places one or two.
   */
  orders: {
    name: 'orders',
    what: 'Too many orders.',
    rules: [
      { by: 'user', max: 10, windowMs: 60 * MINUTE },
      { by: 'client', max: 30, windowMs: 60 * MINUTE },
    ],
  },
  /** A wallet payment costs a call to the provider; a shopper retrying PayPal a few times stays well inside. */
  walletPayments: {
    name: 'wallet-payments',
    what: 'Too many PayPal payments started.',
    rules: [
      { by: 'user', max: 20, windowMs: 60 * MINUTE },
      { by: 'client', max: 60, windowMs: 60 * MINUTE },
    ],
  },
  /** Each notification costs a verification call to PayPal: a flood of forged ones must not become ours. */
  walletEvents: {
    name: 'wallet-events',
    what: 'Too many notifications.',
    rules: [{ by: 'client', max: 300, windowMs: 5 * MINUTE }],
  },
} as const satisfies Record<string, RateLimitPolicy>;

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Until the window ends. */
  retryAfterMs: number;
}

export interface RateLimitStore {
  readonly kind: 'memory' | 'database' | 'redis';
  /** Counts one hit on `key` in a window of `windowMs` that starts with the key's first hit. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}

/** Counters in this process only: the fallback while the shared store cannot be reached. */
export function createMemoryRateLimitStore(now: () => Date = () => new Date()): RateLimitStore {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  let sinceSweep = 0;
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const t = now().getTime();
      if (++sinceSweep >= 1000) {
        sinceSweep = 0;
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { hits: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.hits += 1;
      return { hits: w.hits, retryAfterMs: w.resetAt - t };
    },
    async close() {
      windows.clear();
    },
  };
}

/** One row per key, counted by a single upsert: atomic on both engines, however many instances hit it. */
export function createDatabaseRateLimitStore(db: Kysely<Database>, now: () => Date = () => new Date()): RateLimitStore {
  let sinceSweep = 0;
  return {
    kind: 'database',
    async hit(key, windowMs) {
      const at = now();
      const nowIso = at.toISOString();
      const freshReset = new Date(at.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: freshReset })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            // Both expressions read the row as it was: an ended window starts again at 1.
            hits: eb.case().when('rate_limits.reset_at', '<=', nowIso).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
            reset_at: eb.case().when('rate_limits.reset_at', '<=', nowIso).then(freshReset).else(eb.ref('rate_limits.reset_at')).end(),
          })),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      // Keys of clients and addresses that never return would pile up: now and then, drop ended windows.
      if (++sinceSweep >= 500) {
        sinceSweep = 0;
        await db.deleteFrom('rate_limits').where('reset_at', '<=', nowIso).execute();
      }
      return { hits: Number(row.hits), retryAfterMs: new Date(row.reset_at).getTime() - at.getTime() };
    },
    async close() {},
  };
}

// INCR and the expiry in one atomic step: a key never lives without a TTL, whatever crashes in between.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }
`;

/** Counters in Redis, shared by every instance; the store owns (and closes) the client. */
export function createRedisRateLimitStore(redis: Redis, keyPrefix = 'everstone:rl:'): RateLimitStore {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, keyPrefix + key, String(windowMs))) as [number, number];
      return { hits: Number(hits), retryAfterMs: Number(ttl) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function throttled(log: FastifyBaseLogger, everyMs: number) {
  let last = 0;
  return (obj: object, message: string) => {
    const t = Date.now();
    if (t - last < everyMs) return;
    last = t;
    log.warn(obj, message);
  };
}

export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  // No offline queue and short timeouts: a rate limit must never hold a sign-in hostage. While Redis is away,
  // commands fail at once and the process counts alone (see setupRateLimits); ioredis keeps reconnecting.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 });
  const warn = throttled(log, 60_000);
  redis.on('error', (err: Error) => warn({ err }, 'redis connection error'));
  return redis;
}

/** Resolves when the client is connected, or after `timeoutMs` (the app starts either way). */
function whenConnected(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** "42 seconds", "1 minute", "15 minutes". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function subjectOf(by: RateLimitSubject, request: FastifyRequest): string | null {
  switch (by) {
    case 'client':
      return request.ip;
    case 'email': {
      const email = (request.body as { email?: unknown } | null | undefined)?.email;
      return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
    }
    case 'user':
      return request.auth ? String(request.auth.user.id) : null;
  }
}

export interface RateLimiter {
  /** Where counters live; 'off' when RATE_LIMITS_ENABLED is false. */
  readonly store: RateLimitStore['kind'] | 'off';
  /** A preValidation hook enforcing `policy`: each of its rules counts the request, and any over its max answers 429. */
  guard(policy: RateLimitPolicy): (request: FastifyRequest) => Promise<void>;
}

export interface RateLimitOptions {
  /** Replaces the store REDIS_URL would choose (tests). */
  store?: RateLimitStore;
  /** Prefix of Redis keys (tests share one Redis). */
  keyPrefix?: string;
}

export function setupRateLimits(
  app: FastifyInstance,
  deps: { config: Config; db: Kysely<Database>; now: () => Date },
  options: RateLimitOptions = {},
): RateLimiter {
  const { config, now } = deps;
  const log = app.log.child({ module: 'rate-limit' });
  if (!config.RATE_LIMITS_ENABLED) {
    if (config.NODE_ENV === 'production') log.warn('RATE_LIMITS_ENABLED is false: sign-in, sign-up, password reset and contact are not limited');
    return { store: 'off', guard: () => async () => {} };
  }

  let store: RateLimitStore;
  if (options.store) store = options.store;
  else if (config.REDIS_URL) {
    const redis = connectRedis(config.REDIS_URL, log);
    // Give the connection a moment before serving, so the first requests count in Redis, not locally.
    app.addHook('onReady', () => whenConnected(redis, 2_000));
    store = createRedisRateLimitStore(redis, options.keyPrefix);
  } else store = createDatabaseRateLimitStore(deps.db, now);
  const fallback = createMemoryRateLimitStore(now);
  app.addHook('onClose', async () => {
    await store.close();
    await fallback.close();
  });

  const warn = throttled(log, 60_000);
  async function hit(key: string, windowMs: number): Promise<RateLimitHit> {
    try {
      return await store.hit(key, windowMs);
    } catch (err) {
      warn({ err, store: store.kind }, 'rate-limit store unavailable: counting in this process until it answers');
      return fallback.hit(key, windowMs);
    }
  }

  // Explicit exemption for load tests (never by address: addresses are shared and spoofable behind proxies).
  const exemptDigest = config.RATE_LIMIT_EXEMPT_TOKEN ? sha256(config.RATE_LIMIT_EXEMPT_TOKEN) : null;
  const isExempt = (request: FastifyRequest) => {
    const presented = request.headers['x-rate-limit-exempt'];
    return exemptDigest !== null && typeof presented === 'string' && presented !== '' && timingSafeEqual(sha256(presented), exemptDigest);
  };

  return {
    store: store.kind,
    guard(policy) {
      return async function rateLimit(request) {
        if (isExempt(request)) return;
        let waitMs = 0;
        for (const rule of policy.rules) {
          const subject = subjectOf(rule.by, request);
          if (subject === null) continue;
          // Keys carry a digest, never the address itself: Redis and the database hold no account data.
          const key = `${policy.name}:${rule.by}:${sha256(subject).toString('hex').slice(0, 32)}`;
          const { hits, retryAfterMs } = await hit(key, rule.windowMs);
          if (hits > rule.max) waitMs = Math.max(waitMs, retryAfterMs);
        }
        if (waitMs > 0) {
          const seconds = Math.max(1, Math.ceil(waitMs / 1000));
          request.log.info({ rateLimit: policy.name, retryAfter: seconds }, 'rate limit reached');
          throw new TooManyRequestsError(`${policy.what} Please try again in ${formatWait(seconds)}.`, seconds);
        }
      };
    },
  };
}
