/**
 * `npm start`: builds the storefront when it is missing or older than its sources, migrates the
 * database, seeds the demo inventory the first time (never again: a second start keeps the data),
 * and serves the store.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@everstone/server/config';
import { seedDemoOnce } from './demo.ts';

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'build' || entry === '.react-router') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureBuilt() {
  const entry = 'apps/web/build/server/index.js';
  const sources = ['apps/web/app', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contract/src'];
  const stale = !existsSync(entry) || sources.some((s) => existsSync(s) && newestMtime(s) > statSync(entry).mtimeMs);
  if (!stale) return;
  console.log('Building the storefront...');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The storefront build failed; see the messages above.');
    process.exit(1);
  }
}

try {
  const config = loadConfig();
  // The storefront is a production build, so React must run its production build too (its development
  // build renders several times slower). React reads NODE_ENV when it is first imported, hence the server is
  // imported below, after this. The store's own NODE_ENV (config) still decides its development aids.
  process.env.NODE_ENV = 'production';
  const { startServer } = await import('@everstone/server/server');
  ensureBuilt();
  if (config.SEED_DEMO) await seedDemoOnce(config.DATABASE_URL, config.DEMO_INVENTORY_SIZE);
  const { app } = await startServer({ config });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Everstone is ready on http://localhost:${port}`);
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`The store could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
