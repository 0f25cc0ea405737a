/**
 * The store as the browser journeys see it: the production build, on a scratch SQLite database
 * with a small deterministic inventory, started once for every spec.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, migrateToLatest } from '../apps/server/src/db/database.ts';
import { seedInventory } from '../apps/server/src/modules/inventory/seed.ts';
import { startServer } from '../apps/server/src/server.ts';

const dir = resolve('test-results/e2e-db');
rmSync(dir, { recursive: true, force: true });
const databaseUrl = `sqlite:${dir}/store.db`;

const seeding = createDb(databaseUrl);
await migrateToLatest(seeding);
await seedInventory(seeding, { count: 3000, seed: 7 });
await seeding.close();

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
await startServer({ config });
console.log(`e2e store ready on port ${config.PORT}`);
