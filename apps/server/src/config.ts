import { EXAMPLE_WIRE_TRANSFER, type WireTransfer } from '@everstone/contract';
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

/**
 * Every environment variable the store reads, validated once at boot. `.env.example` documents them;
 * `docs/configuration.md` explains each.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  TRUST_PROXY: bool(false),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 120_000),
  SEED_DEMO: bool(true),
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
  STORE_EMAIL: z.email({ message: 'must be an email address such as care@shop.example.com' }).default('care@everstone.example'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
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
    .default('https://api-m.sandbox.paypal.com'),
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

export type Config = z.infer<typeof configSchema>;

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
  const problems = [...walletProblems(result.data), ...wireProblems(result.data)];
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/** Which wallet provider the configuration chooses (docs/configuration.md, "Payments"). */
export function walletProviderOf(config: Pick<Config, 'WALLET_PROVIDER' | 'PAYPAL_CLIENT_ID'>): 'paypal' | 'simulator' {
  return config.WALLET_PROVIDER ?? (config.PAYPAL_CLIENT_ID ? 'paypal' : 'simulator');
}

function walletProblems(config: Config): string[] {
  const provider = walletProviderOf(config);
  if (provider === 'paypal') {
    const missing = (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const).filter((key) => !config[key]);
    return missing.map((key) => `${key} is required when the wallet is PayPal (WALLET_PROVIDER=paypal or PAYPAL_CLIENT_ID set)`);
  }
  // The simulator approves payments without taking money: in front of shoppers only when asked for by name.
  if (!isDemoStore(config)) {
    return [
      'WALLET_PROVIDER: production needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for the PayPal wallet, or WALLET_PROVIDER=simulator for a demo store where no money moves',
    ];
  }
  return [];
}

/** A demo store: production with the simulator chosen by name, where no money moves. */
function isDemoStore(config: Pick<Config, 'NODE_ENV' | 'WALLET_PROVIDER'>): boolean {
  return config.NODE_ENV !== 'production' || config.WALLET_PROVIDER === 'simulator';
}

function wireProblems(config: Config): string[] {
  const missing = WIRE_KEYS.filter((key) => !config[key]);
  if (missing.length === 0) return [];
  if (missing.length < WIRE_KEYS.length) {
    return missing.map((key) => `${key} is required with the other WIRE_* settings (the store's bank account for wire transfers)`);
  }
  // Shoppers send real money to the account a live store shows: never to the example one.
  if (!isDemoStore(config)) {
    return [`WIRE_*: production needs the store's bank account for wire-transfer orders (${WIRE_KEYS.join(', ')}), or WALLET_PROVIDER=simulator for a demo store`];
  }
  return [];
}

/** Where shoppers send a wire transfer: the configured account, or the example one of a development or demo store. */
export function wireTransferOf(config: Pick<Config, (typeof WIRE_KEYS)[number]>): WireTransfer {
  const { WIRE_BENEFICIARY, WIRE_BANK, WIRE_ROUTING_NUMBER, WIRE_ACCOUNT_NUMBER, WIRE_SWIFT } = config;
  if (!WIRE_BENEFICIARY || !WIRE_BANK || !WIRE_ROUTING_NUMBER || !WIRE_ACCOUNT_NUMBER || !WIRE_SWIFT) return EXAMPLE_WIRE_TRANSFER;
  return { beneficiary: WIRE_BENEFICIARY, bank: WIRE_BANK, routing_number: WIRE_ROUTING_NUMBER, account_number: WIRE_ACCOUNT_NUMBER, swift: WIRE_SWIFT };
}
