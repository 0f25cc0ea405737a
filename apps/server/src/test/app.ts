import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/**
 * The whole application on a test database, driven with `app.inject` (no port is opened). Rate limits are off
 * unless `env` turns them on (RATE_LIMITS_ENABLED: 'true'): tests share one client address, 127.0.0.1.
 */
export async function createTestApp(
  db: Db,
  env: Record<string, string> = {},
  deps: Partial<Omit<AppDeps, 'config' | 'db'>> = {},
): Promise<FastifyInstance> {
  // No sales tax unless a suite asks for it (TAX_NEXUS): the suites that price orders by hand price them untaxed.
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS_ENABLED: 'false', TAX_NEXUS: 'none', ...env });
  const app = await buildApp({ config, db, ...(deps.logStream ? {} : { logger: false }), ...deps });
  await app.ready();
  return app;
}
