import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';
import type { Tables } from './tables.ts';
import { catalogMigration } from './migrations/001-catalog.ts';
import { storefrontMigration } from './migrations/002-storefront.ts';
import { accountsMigration } from './migrations/003-accounts.ts';
import { ordersMigration } from './migrations/004-orders.ts';
import { paymentsMigration } from './migrations/005-payments.ts';
import { newsletterUnsubscribeMigration } from './migrations/006-newsletter-unsubscribe.ts';
import { orderHoldsMigration } from './migrations/007-order-holds.ts';
import { commerceCoreMigration } from './migrations/008-commerce-core.ts';
import { productsMigration } from './migrations/009-products.ts';
import { customRequestsAndHomePreviewMigration } from './migrations/010-custom-requests-and-home-preview.ts';
import { stoneHoldsMigration } from './migrations/011-stone-holds.ts';
import { stoneChangesMigration } from './migrations/012-stone-changes.ts';
import { backOfficeMigration } from './migrations/013-back-office.ts';
import { metalPricesMigration } from './migrations/014-metal-prices.ts';
import { staffSecurityMigration } from './migrations/015-staff-security.ts';
import { hoardingMigration } from './migrations/016-hoarding.ts';
import { productVersionMigration } from './migrations/017-product-version.ts';
import { fulfilmentMigration } from './migrations/018-fulfilment.ts';
import { homePreviewStepsMigration } from './migrations/021-home-preview-steps.ts';
import { returnsMigration } from './migrations/022-returns.ts';
import { documentsMigration } from './migrations/023-documents.ts';
import { simulatedRefundsMigration } from './migrations/024-simulated-refunds.ts';
import { careTicketsMigration } from './migrations/025-care-tickets.ts';
import { returnExchangesMigration } from './migrations/026-return-exchanges.ts';
import { taxRatesMigration } from './migrations/027-tax-rates.ts';
import { orderTaxesMigration } from './migrations/029-order-taxes.ts';
import { freeGiftsMigration } from './migrations/030-free-gifts.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  /** A printable location without credentials, for logs. */
  describe: string;
  /**
   * SQLite only: the connection's own switch for its defensive mode, which forbids writing the schema table. A
   * migration that widens a CHECK constraint in place turns it off for its own transaction (013-back-office.ts).
   */
  setDefensive?: (on: boolean) => void;
  close(): Promise<void>;
}

/** A module's database: its own tables (`tables.ts`), and which engine runs them. */
export interface ModuleDb<T> {
  db: Tables<T>;
  engine: Engine;
}

// PostgreSQL returns bigint (count, sums) and numeric as strings; every value we keep there fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Whether the database answers: one trivial statement (the readiness check's). Throws when it does not. */
export async function pingDatabase(d: Pick<Db, 'db'>): Promise<void> {
  await sql`select 1`.execute(d.db);
}

export function parseDatabaseUrl(url: string): { engine: Engine; location: string } {
  if (url.startsWith('sqlite:')) {
    const location = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!location) throw new Error(`DATABASE_URL '${url}' names no file: use sqlite:PATH, e.g. sqlite:./data/store.db`);
    return { engine: 'sqlite', location };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: 'postgres', location: url };
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got '${url.split(':')[0]}:...')`);
}

/**
 * The database file holds accounts, addresses and orders: readable by the store's own user only, whatever the
 * umask. SQLite gives its -wal and -shm files the main file's permissions, so all three end up 0600.
 */
function keepPrivate(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (err) {
      // Not there yet (no WAL written), or a file another user owns (left as it is).
      if (!['ENOENT', 'EPERM'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    }
  }
}

export function createDb(url: string, options: { poolSize?: number } = {}): Db {
  const { engine, location } = parseDatabaseUrl(url);
  if (engine === 'sqlite') {
    const path = location === ':memory:' ? location : resolve(location);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const { dialect, raw } = createNodeSqliteDialect(path);
    if (path !== ':memory:') keepPrivate(path);
    const db = new Kysely<Database>({ dialect });
    return { db, engine, describe: `sqlite:${path}`, close: () => db.destroy(), setDefensive: (on) => raw.enableDefensive(on) };
  }
  const pool = new pg.Pool({ connectionString: location, max: options.poolSize ?? 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(location);
  safe.password = '';
  return { db, engine, describe: safe.toString(), close: () => db.destroy() };
}

export function migrations(engine: Engine, d?: Pick<Db, 'setDefensive'>): Record<string, Migration> {
  return {
    '001-catalog': catalogMigration(engine),
    '002-storefront': storefrontMigration(engine),
    '003-accounts': accountsMigration(engine),
    '004-orders': ordersMigration(engine),
    '005-payments': paymentsMigration(engine),
    '006-newsletter-unsubscribe': newsletterUnsubscribeMigration(engine),
    '007-order-holds': orderHoldsMigration(engine),
    '008-commerce-core': commerceCoreMigration(engine),
    '009-products': productsMigration(engine),
    '010-custom-requests-and-home-preview': customRequestsAndHomePreviewMigration(engine),
    '011-stone-holds': stoneHoldsMigration(engine),
    '012-stone-changes': stoneChangesMigration(engine),
    '013-back-office': backOfficeMigration(engine, d?.setDefensive),
    '014-metal-prices': metalPricesMigration(),
    '015-staff-security': staffSecurityMigration(engine),
    '016-hoarding': hoardingMigration(),
    '017-product-version': productVersionMigration(),
    '018-fulfilment': fulfilmentMigration(engine),
    '021-home-preview-steps': homePreviewStepsMigration(),
    '022-returns': returnsMigration(engine),
    '023-documents': documentsMigration(engine),
    '024-simulated-refunds': simulatedRefundsMigration(),
    '025-care-tickets': careTicketsMigration(engine),
    '026-return-exchanges': returnExchangesMigration(),
    '027-tax-rates': taxRatesMigration(),
    '029-order-taxes': orderTaxesMigration(),
    '030-free-gifts': freeGiftsMigration(),
  };
}

/** Applies every pending migration; safe to run from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(d: Db): Promise<void> {
  const { db, engine } = d;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(engine, d) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
