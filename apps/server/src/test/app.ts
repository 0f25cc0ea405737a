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
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS_ENABLED: 'false', ...env });
  const app = await buildApp({ config, db, ...(deps.logStream ? {} : { logger: false }), ...deps });
  await app.ready();
  return app;
}
