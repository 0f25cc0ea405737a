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
});

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
  return result.data;
}
