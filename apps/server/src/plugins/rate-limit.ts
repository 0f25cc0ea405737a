import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Handle } from '../db/tables.ts';
import { TooManyRequestsError } from '../errors.ts';
import { createRateLimitRepository } from './rate-limit-repository.ts';
import { platformTables } from './tables.ts';

/**
 * Rate limits: fixed windows counted per client, per email address typed into a form (the account signed into, or
 * the recipient a form makes the store write to), per account and client together, or per signed-in user.
 * Counters live in Redis when REDIS_URL is set (shared by every instance), otherwise in the database (shared by
 * instances on one PostgreSQL; one SQLite file is one instance anyway). docs/decisions/007-rate-limits.md has
 * every number and why.
 */
export type RateLimitSubject = 'client' | 'email' | 'user' | 'email+client';

export interface RateLimitRule {
  by: RateLimitSubject;
  max: number;
  windowMs: number;
  /** The first sentence of the 429 message when this rule is the one reached (else the policy's). */
  what?: string;
}

export interface RateLimitPolicy {
  name: string;
  /** The first sentence of the 429 message; "Please try again in …" follows. */
  what: string;
  rules: readonly RateLimitRule[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit of the store, documented in docs/api.md and docs/decisions/007-rate-limits.md. Per-client limits are
 * sized for an address a whole office, shop floor or mobile carrier shares (carrier-grade NAT puts thousands of
 * phones behind one address); abuse is stopped by the limits per account, per recipient and per user, which a
 * shared address does not dilute.
 */
export const RATE_LIMITS = {
  /**
   * Sign-in attempts, every one (each costs ~90 ms of scrypt): bounds the work one address can ask for. Far above
   * what a shared address sends; a family or a shop floor signing in is never refused.
   */
  login: {
    name: 'login',
    what: 'Too many sign-in attempts.',
    rules: [{ by: 'client', max: 300, windowMs: 15 * MINUTE }],
  },
  /**
   * Failed sign-ins (guard with `failures`: a successful sign-in is not counted). Per account and client: one
   * device guessing one password; a stranger's failures never count against the owner's own device. Per client:
   * one address walking through many accounts. Per account from everywhere, slower: many addresses (a botnet)
   * guessing one password; the owner is then asked to reset the password by email, which lifts the pause.
   */
  loginFailures: {
    name: 'login-failures',
    what: 'Too many failed sign-in attempts.',
    rules: [
      { by: 'email+client', max: 10, windowMs: 15 * MINUTE },
      { by: 'client', max: 100, windowMs: 15 * MINUTE },
      {
        by: 'email',
        max: 50,
        windowMs: HOUR,
        what: 'Too many failed sign-in attempts for this account, so signing in with its password is paused. To sign in now, reset your password with “Forgot your password?”.',
      },
    ],
  },
  /** Each request may email a reset link: per recipient, so no inbox is flooded; per client, sized for NAT. */
  passwordEmail: {
    name: 'password-email',
    what: 'Too many password reset requests.',
    rules: [
      { by: 'email', max: 3, windowMs: 15 * MINUTE },
      { by: 'email', max: 10, windowMs: DAY },
      { by: 'client', max: 30, windowMs: 15 * MINUTE },
    ],
  },
  /** Tokens are 256 random bits, so this only bounds the work; a shared address never meets it. */
  passwordReset: {
    name: 'password-reset',
    what: 'Too many password reset attempts.',
    rules: [{ by: 'client', max: 30, windowMs: 15 * MINUTE }],
  },
  /**
   * A new email verification link, sent to the signed-in account's own address: per recipient, as reset links, so
   * no inbox is flooded by asking again and again.
   */
  verificationEmail: {
    name: 'verification-email',
    what: 'Too many verification emails.',
    rules: [
      { by: 'email', max: 3, windowMs: 15 * MINUTE },
      { by: 'email', max: 10, windowMs: DAY },
    ],
  },
  /** Verification tokens are 256 random bits, as reset tokens: this bounds the work only. */
  emailVerify: {
    name: 'email-verify',
    what: 'Too many verification attempts.',
    rules: [{ by: 'client', max: 30, windowMs: 15 * MINUTE }],
  },
  /** Mass account creation; an office or a carrier's address signs up many real people. */
  register: {
    name: 'register',
    what: 'Too many sign-up attempts.',
    rules: [{ by: 'client', max: 30, windowMs: HOUR }],
  },
  /** Each message emails an acknowledgement to the address given: per recipient, so the store relays nothing. */
  contact: {
    name: 'contact',
    what: 'Too many messages.',
    rules: [
      { by: 'email', max: 3, windowMs: HOUR },
      { by: 'email', max: 10, windowMs: DAY },
      { by: 'client', max: 30, windowMs: HOUR },
    ],
  },
  /** Each subscription emails the address given: no mail bombing a stranger through the store. */
  newsletter: {
    name: 'newsletter',
    what: 'Too many sign-ups to the newsletter.',
    rules: [
      { by: 'email', max: 3, windowMs: DAY },
      { by: 'client', max: 30, windowMs: HOUR },
    ],
  },
  /** Each booking holds a slot and emails the shopper and the store. */
  appointments: {
    name: 'appointments',
    what: 'Too many booking attempts.',
    rules: [
      { by: 'email', max: 5, windowMs: DAY },
      { by: 'client', max: 30, windowMs: HOUR },
    ],
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
      { by: 'user', max: 10, windowMs: HOUR },
      { by: 'client', max: 60, windowMs: HOUR },
    ],
  },
  /**
   * A checkout quote prices the lines and reads a ZIP's tax row, and the free gift's standing reads the gift pieces'
   * stock: asked again as the shopper edits the address or the method, or opens the cart. Far above what a shopper
   * sends; a script pricing the catalog through them is stopped. The two count together.
   */
  quotes: {
    name: 'quotes',
    what: 'Too many price quotes.',
    rules: [{ by: 'client', max: 600, windowMs: 15 * MINUTE }],
  },
  /** A wallet payment costs a call to the provider; a shopper retrying PayPal a few times stays well inside. */
  walletPayments: {
    name: 'wallet-payments',
    what: 'Too many PayPal payments started.',
    rules: [
      { by: 'user', max: 20, windowMs: HOUR },
      { by: 'client', max: 120, windowMs: HOUR },
    ],
  },
  /** Each notification costs a verification call to PayPal: a flood of forged ones must not become ours. */
  walletEvents: {
    name: 'wallet-events',
    what: 'Too many notifications.',
    rules: [{ by: 'client', max: 300, windowMs: 5 * MINUTE }],
  },
  /**
   * Each custom ring request emails an acknowledgement to the address given: per recipient, as the contact form.
   * A shopper sends one, perhaps a second with a forgotten detail.
   */
  customRingRequests: {
    name: 'custom-ring-requests',
    what: 'Too many custom ring requests.',
    rules: [
      { by: 'email', max: 3, windowMs: HOUR },
      { by: 'email', max: 10, windowMs: DAY },
      { by: 'client', max: 30, windowMs: HOUR },
    ],
  },
  /**
   * Each upload stores up to 46 KB for a day until a request claims it. A shopper adds three pictures and may swap a
   * few; a shared address many times that. Bounds what one address can make the store keep (about 1.4 MB an hour).
   */
  customRingImages: {
    name: 'custom-ring-images',
    what: 'Too many images uploaded.',
    rules: [{ by: 'client', max: 30, windowMs: HOUR }],
  },
  /**
   * Home Preview requests and cancellations: the account's two every six months are the real bound; this bounds
   * the mail a request-and-cancel loop sends (the confirmation goes to the account's address, the notice to the store).
   */
  /**
   * A shopper's returns: requests, new label links and cancellations. The six-month rule is the real bound on
   * requests; this bounds the mail a request-and-cancel loop sends and the writes one account or address asks for.
   */
  returns: {
    name: 'returns',
    what: 'Too many return requests.',
    rules: [
      { by: 'user', max: 10, windowMs: HOUR },
      { by: 'user', max: 30, windowMs: DAY },
      { by: 'client', max: 60, windowMs: HOUR },
    ],
  },
  /** A return label's PDF: the token is 256 random bits, so this only bounds the drawing work one address asks for. */
  returnLabel: {
    name: 'return-label',
    what: 'Too many label downloads.',
    rules: [{ by: 'client', max: 60, windowMs: 15 * MINUTE }],
  },
  homePreview: {
    name: 'home-preview',
    what: 'Too many Home Preview requests.',
    rules: [
      { by: 'user', max: 10, windowMs: HOUR },
      { by: 'user', max: 20, windowMs: DAY },
      { by: 'client', max: 60, windowMs: HOUR },
    ],
  },
  /**
   * The ring builder's holds: an account holds one stone at a time, and a shopper deciding holds, renews and lets go
   * a few times; this bounds a loop of hold and let go (each a write transaction) from one account or address.
   */
  stoneHolds: {
    name: 'stone-holds',
    what: 'Too many holds.',
    rules: [
      { by: 'user', max: 30, windowMs: HOUR },
      { by: 'client', max: 120, windowMs: HOUR },
    ],
  },
  /**
   * The value chart of a search (GET /api/diamond-value-chart) reads every stone of the search on the search's own
   * thread (up to tens of milliseconds at a million stones): an address drawing charts without end would slow every
   * shopper's search. Far above a shopper's use (each filter change draws one) even on a shared address.
   */
  valueCharts: {
    name: 'value-charts',
    what: 'Too many value charts.',
    rules: [{ by: 'client', max: 600, windowMs: 10 * MINUTE }],
  },
  /**
   * Wrong codes at the back office's second step (failures only). A 6-digit code with a step either side is 3 chances
   * in a million a guess: 5 tries in 15 minutes and 20 a day per person make a year of guessing a long shot, while a
   * person mistyping twice is never held up. Per client, one address walking through many accounts.
   */
  secondFactorFailures: {
    name: 'second-factor-failures',
    what: 'Too many wrong codes.',
    rules: [
      { by: 'user', max: 5, windowMs: 15 * MINUTE },
      { by: 'user', max: 20, windowMs: DAY },
      { by: 'client', max: 100, windowMs: 15 * MINUTE },
    ],
  },
  /**
   * An order's documents are drawn on request (a PDF costs a few tens of milliseconds of the instance's thread): a shopper
   * or a staff member downloads a few; this bounds a loop asking for them without end.
   */
  documents: {
    name: 'documents',
    what: 'Too many documents downloaded.',
    rules: [
      { by: 'user', max: 120, windowMs: HOUR },
      { by: 'client', max: 600, windowMs: HOUR },
    ],
  },
  /** Each document link is a row kept for a week: a shopper makes one or two to forward; this bounds a script's. */
  documentLinks: {
    name: 'document-links',
    what: 'Too many document links made.',
    rules: [
      { by: 'user', max: 30, windowMs: HOUR },
      { by: 'client', max: 120, windowMs: HOUR },
    ],
  },
  /**
   * Opening a document link needs no sign-in: 256 random bits cannot be guessed, so this bounds the work one address
   * can ask for (each opening draws the PDF), not the guessing. Well above an insurer's office opening a few.
   */
  documentLinkOpens: {
    name: 'document-link-opens',
    what: 'Too many document links opened.',
    rules: [{ by: 'client', max: 300, windowMs: HOUR }],
  },
  /** Each saved address is a write; the account's own cap bounds what is kept, this bounds the churn. */
  addresses: {
    name: 'addresses',
    what: 'Too many changes to your addresses.',
    rules: [{ by: 'user', max: 60, windowMs: HOUR }],
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
  /** Takes one hit back (a sign-in that succeeded after all), never below zero; the window keeps its end. */
  forgive(key: string): Promise<void>;
  /** Forgets `key` altogether (a password reset lifts the account's pause). */
  reset(key: string): Promise<void>;
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
    async forgive(key) {
      const w = windows.get(key);
      if (w && w.hits > 0) w.hits -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** One row per key, counted by a single upsert: atomic on both engines, however many instances hit it. */
export function createDatabaseRateLimitStore(db: Handle, now: () => Date = () => new Date()): RateLimitStore {
  const counters = createRateLimitRepository(platformTables(db));
  let sinceSweep = 0;
  return {
    kind: 'database',
    async hit(key, windowMs) {
      const at = now();
      const nowIso = at.toISOString();
      const row = await counters.hit(key, nowIso, new Date(at.getTime() + windowMs).toISOString());
      // Keys of clients and addresses that never return would pile up: now and then, drop ended windows.
      if (++sinceSweep >= 500) {
        sinceSweep = 0;
        await counters.deleteEnded(nowIso);
      }
      return { hits: row.hits, retryAfterMs: new Date(row.resetAt).getTime() - at.getTime() };
    },
    async forgive(key) {
      await counters.forgive(key);
    },
    async reset(key) {
      await counters.remove(key);
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

// A decrement that never creates a key (which would then live without a TTL) and never goes below zero.
const FORGIVE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return hits
`;

/** Counters in Redis, shared by every instance; the store owns (and closes) the client. */
export function createRedisRateLimitStore(redis: Redis, keyPrefix = 'everstone:rl:'): RateLimitStore {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, keyPrefix + key, String(windowMs))) as [number, number];
      return { hits: Number(hits), retryAfterMs: Number(ttl) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, keyPrefix + key);
    },
    async reset(key) {
      await redis.del(keyPrefix + key);
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

/** '2001:db8::1' → its eight groups of four hex digits; null when it is not an IPv6 address. */
function ipv6Groups(address: string): string[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => g.padStart(4, '0'));
}

/**
 * The client a request counts against: an IPv4 address as it is; an IPv6 client by its /64, since one household
 * or phone is handed a whole /64 and can take a fresh address from it for every request. IPv4 mapped into IPv6
 * is IPv4.
 */
export function clientKeyOf(ip: string): string {
  return clientScopesOf(ip)[0]!.key;
}

/**
 * The wider IPv6 prefixes an IPv6 client is also counted under, and how many times the /64's allowance each gets
 * (docs/decisions/007-rate-limits.md). A /64 alone is no bound: whoever holds a /48 (a free tunnel broker hands one
 * out) has 65,536 of them. A household is delegated a /56 (or a /48) and uses a few of its /64s; a /48 is a site,
 * an office's dozens of networks. 4× and 16× cover those, and still bound a /48 to 16 clients' worth instead of
 * 65,536. Phones get a /64 each from a carrier's pool: many in one /48 still get 16 times what an IPv4 address
 * behind the carrier's NAT gets for all its phones.
 */
export const CLIENT_PREFIXES = [
  { bits: 64, times: 1 },
  { bits: 56, times: 4 },
  { bits: 48, times: 16 },
] as const;

/** One of the ranges a client is counted under: its key (an address or prefix), its digest, and its allowance's multiple. */
export interface ClientScope {
  /** '203.0.113.7', '2001:0db8:0001:0002::/64', '2001:0db8:0001:0000::/56', '2001:0db8:0001::/48'. */
  key: string;
  /** What a table keeps of the key (a hold, an upload): never the address itself. */
  digest: string;
  /** The allowance of a limit counted per client is this many times its per-client maximum in this range. */
  times: number;
}

/** What a table keeps of a client's key, as the rate limits keep theirs: a SHA-256 prefix. */
export function clientDigest(key: string): string {
  return sha256(key).toString('hex').slice(0, 32);
}

/**
 * Every range a request from `ip` counts under, narrowest first: an IPv4 address is one; an IPv6 client is its
 * /64, its /56 and its /48 (CLIENT_PREFIXES). A limit per client binds in each, with the larger allowances of the
 * wider ones, so many /64s of one /48 share the /48's allowance rather than having one each.
 */
export function clientScopesOf(ip: string): ClientScope[] {
  const scope = (key: string, times: number): ClientScope => ({ key, digest: clientDigest(key), times });
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return [scope(mapped[1]!, 1)];
  const groups = ipv6Groups(ip);
  if (!groups) return [scope(ip, 1)];
  return CLIENT_PREFIXES.map(({ bits, times }) => {
    // Whole groups of the prefix, then the prefix's share of the next one (the /56's first two hex digits).
    const whole = Math.floor(bits / 16);
    const partDigits = (bits % 16) / 4;
    const head = groups.slice(0, whole);
    if (partDigits > 0) head.push(groups[whole]!.slice(0, partDigits).padEnd(4, '0'));
    return scope(`${head.join(':')}::/${bits}`, times);
  });
}

/**
 * Who a rule counts: for `client`, each range the client is counted under (its address; an IPv6 client's /64, /56
 * and /48), each with its multiple of the rule's maximum; for the others, one subject. Null when the request has none.
 */
function subjectsOf(by: RateLimitSubject, request: FastifyRequest): Array<{ subject: string; times: number }> | null {
  if (by === 'client') return clientScopesOf(request.clientAddress).map((s) => ({ subject: s.key, times: s.times }));
  const subject = subjectOf(by, request);
  return subject === null ? null : [{ subject, times: 1 }];
}

function subjectOf(by: RateLimitSubject, request: FastifyRequest): string | null {
  switch (by) {
    case 'client':
      return clientKeyOf(request.clientAddress);
    case 'email': {
      // The address typed into the form; else the account signed in (a password entered again in the back office
      // counts against that account's sign-in failures, as a sign-in with its email would).
      const email = (request.body as { email?: unknown } | null | undefined)?.email;
      if (typeof email === 'string' && email.trim()) return email.trim().toLowerCase();
      return request.auth ? request.auth.user.email.toLowerCase() : null;
    }
    case 'email+client': {
      // The /64 only: this count exists so that a stranger's failures never count against the owner's own device,
      // and a /48 shared with a stranger would share it. The account's count from everywhere bounds the rest.
      const email = subjectOf('email', request);
      return email === null ? null : `${email} ${clientKeyOf(request.clientAddress)}`;
    }
    case 'user':
      return request.auth ? String(request.auth.user.id) : null;
  }
}

/** A guard for attempts that only count when they fail (sign-in): see `RateLimiter.failures`. */
export interface FailureGuard {
  /** preValidation hook: counts the attempt as a failure in advance and answers 429 when a rule is over. */
  check(request: FastifyRequest): Promise<void>;
  /** The attempt succeeded: its advance count is taken back, and the account's count on this client cleared. */
  succeeded(request: FastifyRequest): Promise<void>;
  /** Clears the account's counts from every client (its owner proved control of the email: a password reset). */
  clearAccount(email: string): Promise<void>;
}

export interface RateLimiter {
  /** Where counters live; 'off' when RATE_LIMITS_ENABLED is false. */
  readonly store: RateLimitStore['kind'] | 'off';
  /** A preValidation hook enforcing `policy`: each of its rules counts the request, and any over its max answers 429. */
  guard(policy: RateLimitPolicy): (request: FastifyRequest) => Promise<void>;
  /**
   * A policy that counts failures only. Every attempt is counted before it runs (so a burst of parallel guesses
   * meets the limit as a burst of failures would) and a success is taken back afterwards.
   */
  failures(policy: RateLimitPolicy): FailureGuard;
  /**
   * Counts a mail to `email`, an address the route found itself rather than one typed into a form (staff sending a
   * customer a reset link), on `policy`'s per-recipient rules: the very counters the storefront's form counts for
   * that address, so one inbox gets no more mail from both ways together. A 429 past them, its message starting with
   * `what` (else the policy's).
   */
  recipient(policy: RateLimitPolicy, request: FastifyRequest, email: string, what?: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Replaces the store REDIS_URL would choose (tests). */
  store?: RateLimitStore;
  /** Prefix of Redis keys (tests share one Redis). */
  keyPrefix?: string;
}

const OFF: RateLimiter = {
  store: 'off',
  guard: () => async () => {},
  failures: () => ({ check: async () => {}, succeeded: async () => {}, clearAccount: async () => {} }),
  recipient: async () => {},
};

// Keys carry a digest, never the address itself: Redis and the database hold no account data. The window is part
// of the key, so two rules on one subject (3 an hour, 10 a day) count apart.
const keyOf = (policy: RateLimitPolicy, rule: RateLimitRule, subject: string) =>
  `${policy.name}:${rule.by}:${rule.windowMs / 1000}:${sha256(subject).toString('hex').slice(0, 32)}`;

export function setupRateLimits(
  app: FastifyInstance,
  deps: { config: Config; db: Handle; now: () => Date },
  options: RateLimitOptions = {},
): RateLimiter {
  const { config, now } = deps;
  const log = app.log.child({ module: 'rate-limit' });
  if (!config.RATE_LIMITS_ENABLED) {
    if (config.NODE_ENV === 'production') log.warn('RATE_LIMITS_ENABLED is false: sign-in, sign-up, password reset and contact are not limited');
    return OFF;
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
  async function settle(work: (s: RateLimitStore) => Promise<void>): Promise<void> {
    try {
      await work(store);
    } catch (err) {
      warn({ err, store: store.kind }, 'rate-limit store unavailable: counting in this process until it answers');
    }
    await work(fallback);
  }

  // Explicit exemption for load tests (never by address: addresses are shared and spoofable behind proxies).
  const exemptDigest = config.RATE_LIMIT_EXEMPT_TOKEN ? sha256(config.RATE_LIMIT_EXEMPT_TOKEN) : null;
  const isExempt = (request: FastifyRequest) => {
    const presented = request.headers['x-rate-limit-exempt'];
    return exemptDigest !== null && typeof presented === 'string' && presented !== '' && timingSafeEqual(sha256(presented), exemptDigest);
  };

  /**
   * Counts the request on each rule of `policy` whose subject it has (by default, read from the request); throws the
   * 429 of the rule that waits longest when any is over, its message starting with `what` when given.
   */
  async function count(
    policy: RateLimitPolicy,
    request: FastifyRequest,
    subjectsFor: (by: RateLimitSubject) => Array<{ subject: string; times: number }> | null = (by) => subjectsOf(by, request),
    what?: string,
  ): Promise<string[]> {
    let over: { rule: RateLimitRule; waitMs: number } | null = null;
    const keys: string[] = [];
    for (const rule of policy.rules) {
      for (const { subject, times } of subjectsFor(rule.by) ?? []) {
        const key = keyOf(policy, rule, subject);
        keys.push(key);
        const { hits, retryAfterMs } = await hit(key, rule.windowMs);
        if (hits > rule.max * times && (!over || retryAfterMs > over.waitMs)) over = { rule, waitMs: retryAfterMs };
      }
    }
    if (over) {
      const seconds = Math.max(1, Math.ceil(over.waitMs / 1000));
      request.log.info({ rateLimit: policy.name, rule: over.rule.by, retryAfter: seconds }, 'rate limit reached');
      throw new TooManyRequestsError(`${what ?? over.rule.what ?? policy.what} Please try again in ${formatWait(seconds)}.`, seconds);
    }
    return keys;
  }

  return {
    store: store.kind,
    guard(policy) {
      return async function rateLimit(request) {
        if (isExempt(request)) return;
        await count(policy, request);
      };
    },
    failures(policy) {
      const counted = new WeakMap<FastifyRequest, string[]>();
      return {
        async check(request) {
          if (isExempt(request)) return;
          counted.set(request, await count(policy, request));
        },
        async succeeded(request) {
          const keys = counted.get(request);
          if (!keys) return;
          counted.delete(request);
          const pair = policy.rules.find((r) => r.by === 'email+client');
          const pairSubject = subjectOf('email+client', request);
          const pairKey = pair && pairSubject ? keyOf(policy, pair, pairSubject) : null;
          for (const key of keys) await settle((s) => (key === pairKey ? s.reset(key) : s.forgive(key)));
        },
        async clearAccount(email) {
          const subject = email.trim().toLowerCase();
          for (const rule of policy.rules) {
            if (rule.by === 'email') await settle((s) => s.reset(keyOf(policy, rule, subject)));
          }
        },
      };
    },
    async recipient(policy, request, email, what) {
      if (isExempt(request)) return;
      const subject = email.trim().toLowerCase();
      await count(policy, request, (by) => (by === 'email' ? [{ subject, times: 1 }] : null), what);
    },
  };
}
