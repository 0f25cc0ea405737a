import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDb, migrateToLatest } from './db/database.ts';
import type { DevStorefront } from './web/storefront.ts';

const defaultBuildDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/build');

/** Starts the store: configuration, database, migrations, then one HTTP server for API and storefront. */
export async function startServer(options: { config?: Config; buildDir?: string; storefrontDev?: DevStorefront } = {}) {
  const config = options.config ?? loadConfig();
  const db = createDb(config.DATABASE_URL, { poolSize: config.DB_POOL_SIZE });
  await migrateToLatest(db);
  const buildDir = options.buildDir ?? defaultBuildDir;
  const app = await buildApp({
    config,
    db,
    storefrontBuildDir: existsSync(resolve(buildDir, 'server/index.js')) ? buildDir : undefined,
    storefrontDev: options.storefrontDev,
  });
  // The database closes after app.close() has run every onClose hook (see shutdown below), not in a hook of its
  // own: Fastify runs onClose hooks last-registered first, so a hook added here would close the database while
  // the mail dispatcher and the hold sweep were still finishing their work.
  const closeAll = async () => {
    try {
      await app.close();
    } finally {
      await db.close();
    }
  };
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    closeAll().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return { app, config, db, close: closeAll };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startServer()
    .then(({ app, config }) => {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      console.log(`Everstone is ready on http://localhost:${port}`);
    })
    .catch((err: unknown) => {
      if (err instanceof ConfigError) console.error(err.message);
      else console.error(`The store could not start: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    });
}
