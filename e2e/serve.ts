/**
 * The store as the browser journeys see it: the production build, on a scratch SQLite database
 * with a small deterministic inventory, started once for every spec.
 */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '@everstone/server/config';
import { startServer } from '@everstone/server/server';
import { startTestSmtp } from '@everstone/server/testing';
import { createDb, migrateToLatest, seedDemoJewelry, seedInventory } from '@everstone/server/tools';
import { E2E_WIRE_ACCOUNT } from './store-settings.ts';

const port = process.env.E2E_PORT ?? '3210';
// One scratch database per port, so a second store (a preview build) can run beside the test one.
const dir = resolve(`test-results/e2e-db-${port}`);
rmSync(dir, { recursive: true, force: true });
const databaseUrl = `sqlite:${dir}/store.db`;

const seeding = createDb(databaseUrl);
await migrateToLatest(seeding);
await seedInventory(seeding, { count: 3000, seed: 7 });
await seedDemoJewelry(seeding);
await seeding.close();

// The store sends its mail over real SMTP, as a live store does; the journeys read what arrived from a mailbox on
// disk (e2e/support.ts `readOutbox`), written here before each message is accepted.
const mailbox = `${dir}/mailbox`;
mkdirSync(mailbox, { recursive: true });
let received = 0;
const smtp = await startTestSmtp({
  onMessage(mail) {
    received += 1;
    const file = `${String(received).padStart(6, '0')}.txt`;
    writeFileSync(`${mailbox}/${file}`, mail.text, 'utf8');
    appendFileSync(`${mailbox}/index.jsonl`, `${JSON.stringify({ file, to: mail.recipients, subject: mail.subject })}\n`, 'utf8');
  },
});
// The order desk (e2e/support.ts `runOrderDesk`) sends through the same server.
writeFileSync(`${dir}/smtp-url`, smtp.url, 'utf8');

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  // The journeys pay through the store's own wallet simulator and run without rate limits: a demo store.
  STORE_MODE: 'demo',
  DATABASE_URL: databaseUrl,
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Every journey comes from 127.0.0.1, so per-client limits would count the whole suite as one shopper.
  // The limits themselves are tested against the API (apps/server/src/plugins/rate-limit.test.ts).
  RATE_LIMITS_ENABLED: 'false',
  SMTP_URL: smtp.url,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The journeys pay through the store's own wallet simulator; a production store must choose it by name.
  WALLET_PROVIDER: 'simulator',
  // A bank account of its own, so the order page is seen to show the configured one.
  WIRE_BENEFICIARY: E2E_WIRE_ACCOUNT.beneficiary,
  WIRE_BANK: E2E_WIRE_ACCOUNT.bank,
  WIRE_ROUTING_NUMBER: E2E_WIRE_ACCOUNT.routing_number,
  WIRE_ACCOUNT_NUMBER: E2E_WIRE_ACCOUNT.account_number,
  WIRE_SWIFT: E2E_WIRE_ACCOUNT.swift,
});
// WEB_BUILD_DIR (absolute) serves a build made elsewhere, as `WEB_BUILD_DIR=… npm run build` writes it.
await startServer({ config, buildDir: process.env.WEB_BUILD_DIR ? resolve(process.env.WEB_BUILD_DIR) : undefined });
console.log(`e2e store ready on port ${config.PORT}`);
