import { isIP } from 'node:net';
import {
  EXAMPLE_WIRE_TRANSFER,
  isCalendarDay,
  HOLD,
  parseTaxNexus,
  SECOND_FACTOR_POLICIES,
  UNPAID_CEILING,
  type SecondFactorPolicy,
  type TaxNexus,
  type WireTransfer,
} from '@everstone/contract';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max} (got '${v}')` });
        return z.NEVER;
      }
      return n;
    });

/** The sandbox PayPal API: no money moves there. */
export const PAYPAL_SANDBOX_BASE = 'https://api-m.sandbox.paypal.com';

/** An IPv4 or IPv6 address, optionally with a /prefix (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The store's own closed days besides weekends and the federal holidays: dates as YYYY-MM-DD, separated by commas
 * (2026-12-24,2026-12-31). A date that does not exist is refused by name.
 */
const closedDays = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const days = (raw ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
    const bad = days.filter((d) => !isCalendarDay(d));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be dates as YYYY-MM-DD separated by commas (2026-12-24,2026-12-31); not a date: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return days;
  });

/**
 * Where the store collects sales tax: US state codes, US (every state with a sales tax) and CANADA, or none
 * (docs/taxes.md). CA is California; Canada is spelled out.
 */
const taxNexus = z
  .string()
  .optional()
  .transform((raw, ctx): TaxNexus => {
    const parsed = parseTaxNexus(raw);
    if (parsed.ok) return parsed.nexus;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

/**
 * Which X-Forwarded-For entries name the client: none (false), the entry `n` proxies back (a hop count), or the
 * entry before the first address that is not one of the listed proxies. "true" (trust every entry) is refused:
 * the leftmost entry is written by the client itself, so every request could choose its own address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim().toLowerCase();
    if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
    if (v === 'true' || v === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          "must say which proxies to trust: 'true' would take the client's own X-Forwarded-For as its address, so rate limits would count whatever a client writes. Set the number of proxies in front of the store (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: `must be a hop count from 1 to 10 or a list of proxy addresses (got '${raw}')` });
        return z.NEVER;
      }
      return hops;
    }
    const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
    const bad = addresses.filter((a) => !isAddressOrRange(a));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (e.g. 1) or proxy addresses and ranges separated by commas (e.g. 10.0.0.0/8,127.0.0.1); not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return addresses;
  });

/**
 * Every environment variable the store reads, validated once at boot. `.env.example` documents them;
 * `docs/configuration.md` explains each.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * 'live' (the default) takes real orders; 'demo' says a production start knowingly takes no real money (the
   * wallet simulator, the example bank account, no mail server, a demo inventory). docs/configuration.md.
   */
  STORE_MODE: z.enum(['live', 'demo'], { message: "must be 'live' or 'demo'" }).default('live'),
  /** Loopback unless told otherwise: a store meant for the network is started with an explicit HOST. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(3000, 0, 65535),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/store.db')
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
      message: "must start with 'sqlite:' (e.g. sqlite:./data/store.db) or 'postgres://'",
    }),
  DB_POOL_SIZE: int(10, 1, 200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  TRUST_PROXY: trustProxy,
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 120_000),
  /** Unset: true outside production; a live production store never invents an inventory. */
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  DEMO_INVENTORY_SIZE: int(100_000, 0, 5_000_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps:// (e.g. smtp://user:password@smtp.example.com:587)' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/@/, { message: 'must be an address, optionally with a name: "Everstone" <no-reply@shop.example.com>' })
    .default('"Everstone" <no-reply@everstone.example>'),
  /** Days the store is closed besides weekends and the federal holidays: ships-by dates skip them. */
  STORE_CLOSED_DAYS: closedDays,
  /** Where sales tax is collected; unset: every US state with a sales tax, and Canada (docs/taxes.md). */
  TAX_NEXUS: taxNexus,
  /** Parcels insured for this many dollars or more are sent signature required (decision 020); read as cents. */
  SIGNATURE_REQUIRED_FROM: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'must be an amount in dollars such as 500 or 499.99' })
    .default('500')
    .transform((v) => Math.round(Number(v) * 100)),
  STORE_EMAIL: z.email({ message: 'must be an email address such as care@shop.example.com' }).default('care@everstone.example'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  /**
   * Who signs in to the back office with a second factor (TOTP): `owners` (the default of a live production store),
   * `staff` (everyone on the staff) or `offered` (nobody is made to; the default elsewhere, and refused by a live
   * production store). Every staff member may set one up in any case.
   */
  ADMIN_SECOND_FACTOR: z.enum(SECOND_FACTOR_POLICIES, { message: `must be one of ${SECOND_FACTOR_POLICIES.join(', ')}` }).optional(),
  /** How long a sign-in token works, in days, from sign-in. */
  AUTH_TOKEN_TTL_DAYS: int(30, 1, 365),
  /** How long an emailed password reset link works, in minutes. */
  PASSWORD_RESET_TTL_MINUTES: int(60, 5, 24 * 60),
  /** Shared rate-limit counters for several instances; unset, the counters live in the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss:// (e.g. redis://127.0.0.1:6379)' })
    .optional(),
  /** false turns every rate limit off (a benchmark instance); never in front of shoppers. */
  RATE_LIMITS_ENABLED: bool(true),
  /** How often each instance looks for unpaid wire holds that have run out, in seconds. */
  ORDER_HOLD_SWEEP_SECONDS: int(60, 1, 3600),
  /**
   * Stones and units from stock that unpaid orders of accounts without a verified email and a paid order may hold at
   * once, store-wide (UNPAID_CEILING; docs/decisions/011-unpaid-holds.md). 0: such accounts pay with PayPal.
   */
  UNPAID_HOLD_CEILING: int(UNPAID_CEILING.units, 0, 1_000_000),
  /** How long the ring builder holds a stone for a signed-in shopper deciding, in minutes (docs/decisions/015-ring-builder.md). */
  BUILDER_HOLD_MINUTES: int(HOLD.minutes, 1, 120),
  /**
   * Where the diamond search reads: `memory` (the stones on sale held in a worker thread, kept current from the
   * change feed; docs/decisions/016-search-in-memory.md) or `database` (SQL on every search).
   */
  SEARCH_ENGINE: z.enum(['memory', 'database'], { message: "must be 'memory' or 'database'" }).default('memory'),
  /** How often (ms) the in-memory search reads the change feed while no one searches; every search reads it too. */
  SEARCH_REFRESH_MS: int(500, 50, 60_000),
  /** Requests carrying this value in X-Rate-Limit-Exempt are not counted (load tests against a live setup). */
  RATE_LIMIT_EXEMPT_TOKEN: z.string().min(32, { message: 'must be at least 32 characters (e.g. openssl rand -hex 32)' }).optional(),
  /**
   * The online wallet (docs/decisions/009-wallet-payments.md): 'paypal' (PayPal's Orders v2 API) or 'simulator'
   * (an approval page served by the store; no money moves). Unset: 'paypal' when PAYPAL_CLIENT_ID is set, else
   * the simulator, which production refuses unless chosen by name.
   */
  WALLET_PROVIDER: z.enum(['paypal', 'simulator'], { message: "must be 'paypal' or 'simulator'" }).optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** https://api-m.paypal.com for live payments; the sandbox by default. */
  PAYPAL_API_BASE: z
    .url({ message: 'must be an absolute URL such as https://api-m.paypal.com' })
    .transform((v) => v.replace(/\/+$/, ''))
    .default(PAYPAL_SANDBOX_BASE),
  /** The id of the PayPal webhook that notifies this store; set, POST /api/paypal/webhook accepts its events. */
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  /** How often each instance finishes wallet payments that stopped half-way (a crash mid-capture), in seconds. */
  WALLET_RECOVERY_SWEEP_SECONDS: int(60, 1, 3600),
  /**
   * The store's bank account for wire-transfer orders (the order page and the confirmation email show it): all
   * five, or none for the example account of a development or demo store.
   */
  WIRE_BENEFICIARY: z.string().trim().min(1).max(140).optional(),
  WIRE_BANK: z.string().trim().min(1).max(140).optional(),
  WIRE_ROUTING_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{9}$/, { message: 'must be the 9 digits of an ABA routing number' })
    .refine(abaChecksumHolds, { message: 'is not a valid ABA routing number (its check digit does not match; look for a mistyped digit)' })
    .optional(),
  WIRE_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,34}$/, { message: 'must be 4 to 34 letters, digits or hyphens' })
    .optional(),
  WIRE_SWIFT: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: 'must be an 8- or 11-character SWIFT/BIC code such as CHASUS33' }))
    .optional(),
});

/** An ABA routing number's check digit: 3, 7 and 1 times its digits in turn sum to a multiple of 10. */
function abaChecksumHolds(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((sum, digit, i) => sum + Number(digit) * weights[i]!, 0) % 10 === 0;
}

const WIRE_KEYS = ['WIRE_BENEFICIARY', 'WIRE_BANK', 'WIRE_ROUTING_NUMBER', 'WIRE_ACCOUNT_NUMBER', 'WIRE_SWIFT'] as const;

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = Omit<ParsedConfig, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = configSchema.safeParse(picked);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const parsed = result.data;
  const seedSet = parsed.SEED_DEMO !== undefined && parsed.SEED_DEMO !== '';
  const config: Config = {
    ...parsed,
    SEED_DEMO: seedSet ? ['true', '1', 'yes'].includes(parsed.SEED_DEMO!) : !isLiveProduction(parsed),
  };
  const problems = [...walletProblems(config), ...wireProblems(config), ...liveStoreProblems(config)];
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Which wallet provider the configuration chooses (docs/configuration.md, "Payments"). */
/** The store's own address for links in emails: PUBLIC_URL, else this machine on PORT. */
export function publicUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function walletProviderOf(config: Pick<Config, 'WALLET_PROVIDER' | 'PAYPAL_CLIENT_ID'>): 'paypal' | 'simulator' {
  return config.WALLET_PROVIDER ?? (config.PAYPAL_CLIENT_ID ? 'paypal' : 'simulator');
}

/** Production that has not said it is a demo: every setting must be one that serves real shoppers. */
export function isLiveProduction(config: Pick<Config, 'NODE_ENV' | 'STORE_MODE'>): boolean {
  return config.NODE_ENV === 'production' && config.STORE_MODE !== 'demo';
}

const DEMO_HINT = 'or STORE_MODE=demo for a demo store that takes no real money';

function walletProblems(config: Config): string[] {
  const provider = walletProviderOf(config);
  if (provider === 'paypal') {
    const missing = (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const).filter((key) => !config[key]);
    return missing.map((key) => `${key} is required when the wallet is PayPal (WALLET_PROVIDER=paypal or PAYPAL_CLIENT_ID set)`);
  }
  // The simulator approves payments without taking money: in front of shoppers only in a store that says it is a demo.
  if (isLiveProduction(config)) {
    return [`WALLET_PROVIDER: production needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for the PayPal wallet (the simulator moves no money), ${DEMO_HINT}`];
  }
  return [];
}

function wireProblems(config: Config): string[] {
  const missing = WIRE_KEYS.filter((key) => !config[key]);
  if (missing.length === 0) return [];
  if (missing.length < WIRE_KEYS.length) {
    return missing.map((key) => `${key} is required with the other WIRE_* settings (the store's bank account for wire transfers)`);
  }
  // Shoppers send real money to the account a live store shows: never to the example one.
  if (isLiveProduction(config)) {
    return [`WIRE_*: production needs the store's bank account for wire-transfer orders (${WIRE_KEYS.join(', ')}), ${DEMO_HINT}`];
  }
  return [];
}

/**
 * Settings that make a production store a demo in disguise: it would look live and take orders while no mail
 * reaches anyone, links point at localhost or travel over http, passwords can be guessed without limit or PayPal
 * moves no money.
 */
function liveStoreProblems(config: Config): string[] {
  if (!isLiveProduction(config)) return [];
  const problems: string[] = [];
  if (!config.PUBLIC_URL) {
    problems.push(`PUBLIC_URL: production needs the address shoppers use (e.g. https://shop.example.com): the links in emails and PayPal's return address are built from it, ${DEMO_HINT}`);
  } else if (new URL(config.PUBLIC_URL).protocol !== 'https:') {
    // Loopback included: a production trial on one's own machine says it is a demo.
    problems.push(`PUBLIC_URL: production needs an https:// address (got ${new URL(config.PUBLIC_URL).protocol}): over http, passwords, reset links and the back office's session cookie (then without Secure) cross the network readable, ${DEMO_HINT}`);
  }
  if (!config.SMTP_URL) {
    problems.push(`SMTP_URL: production needs an outgoing mail server (smtp:// or smtps://): without one, order confirmations and password reset emails are written to files and reach nobody, ${DEMO_HINT}`);
  }
  if (!config.RATE_LIMITS_ENABLED) {
    problems.push(`RATE_LIMITS_ENABLED=false: production must keep the limits that stop password guessing, mail floods and stone hoarding (benchmark instances use RATE_LIMIT_EXEMPT_TOKEN), ${DEMO_HINT}`);
  }
  if (walletProviderOf(config) === 'paypal' && config.PAYPAL_API_BASE === PAYPAL_SANDBOX_BASE) {
    problems.push(`PAYPAL_API_BASE: production takes PayPal payments on the sandbox (${PAYPAL_SANDBOX_BASE}), where no money moves; set https://api-m.paypal.com with the live app's credentials, ${DEMO_HINT}`);
  }
  if (config.ADMIN_SECOND_FACTOR === 'offered') {
    problems.push(`ADMIN_SECOND_FACTOR=offered: production requires the owners' second factor (owners or staff); an owner's password alone would open refunds, prices and the staff, ${DEMO_HINT}`);
  }
  if (config.SEED_DEMO) {
    problems.push(`SEED_DEMO=true: production would fill an empty store with invented diamonds; leave it unset, ${DEMO_HINT}`);
  }
  return problems;
}


/** Whom the back office asks for a second factor: as configured, else owners on a live production store, else nobody. */
export function secondFactorPolicyOf(config: Pick<Config, 'ADMIN_SECOND_FACTOR' | 'NODE_ENV' | 'STORE_MODE'>): SecondFactorPolicy {
  return config.ADMIN_SECOND_FACTOR ?? (isLiveProduction(config) ? 'owners' : 'offered');
}

/** Where shoppers send a wire transfer: the configured account, or the example one of a development or demo store. */
export function wireTransferOf(config: Pick<Config, (typeof WIRE_KEYS)[number]>): WireTransfer {
  const { WIRE_BENEFICIARY, WIRE_BANK, WIRE_ROUTING_NUMBER, WIRE_ACCOUNT_NUMBER, WIRE_SWIFT } = config;
  if (!WIRE_BENEFICIARY || !WIRE_BANK || !WIRE_ROUTING_NUMBER || !WIRE_ACCOUNT_NUMBER || !WIRE_SWIFT) return EXAMPLE_WIRE_TRANSFER;
  return { beneficiary: WIRE_BENEFICIARY, bank: WIRE_BANK, routing_number: WIRE_ROUTING_NUMBER, account_number: WIRE_ACCOUNT_NUMBER, swift: WIRE_SWIFT };
}
