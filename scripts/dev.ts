/**
 * `npm run dev`: the store as `npm start` serves it, but rendered from the sources with hot reload:
 * Fastify hosts Vite in middleware mode, so development and production share one process model.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { ConfigError, loadConfig } from '@everstone/server/config';
import { startServer } from '@everstone/server/server';
import { seedDemoOnce } from './demo.ts';

try {
  const config = loadConfig({ NODE_ENV: 'development', ...process.env });
  if (config.SEED_DEMO) await seedDemoOnce(config.DATABASE_URL, config.DEMO_INVENTORY_SIZE);
  const root = resolve('apps/web');
  const vite = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { port: config.PORT + 10_000 } },
    appType: 'custom',
  });
  const { app } = await startServer({ config, storefrontDev: vite });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Everstone (development, hot reload) is ready on http://localhost:${port}`);
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`The store could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
