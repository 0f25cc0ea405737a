import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/** The whole application on a test database, driven with `app.inject` (no port is opened). */
export async function createTestApp(db: Db, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return app;
}
