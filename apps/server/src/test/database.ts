import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Migrator } from 'kysely/migration';
import { createDb, migrateToLatest, migrations, type Db, type Engine } from '../db/database.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export const TEST_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends Db {
  url: string;
  /** Closes the connection and removes the scratch database. */
  destroy(): Promise<void>;
}

/** Migrates `d` up to and including the migration `upTo` (a migration's test puts rows there first), or to the latest. */
async function migrate(d: Db, upTo?: string): Promise<void> {
  if (!upTo) return migrateToLatest(d);
  const migrator = new Migrator({ db: d.db, provider: { getMigrations: async () => migrations(d.engine, d) } });
  const { error } = await migrator.migrateTo(upTo);
  if (error) throw error;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL's, so test files never see each other's rows. With `upTo`, migrated only that far
 * (a migration's own test puts rows there, then runs the rest with migrateToLatest).
 */
export async function createTestDb(engine: Engine, options: { upTo?: string } = {}): Promise<TestDb> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'everstone-test-'));
    const url = `sqlite:${join(dir, 'store.db')}`;
    const db = createDb(url);
    await migrate(db, options.upTo);
    return {
      ...db,
      url,
      async destroy() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `everstone_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolSize: 20 });
  await migrate(db, options.upTo);
  return {
    ...db,
    url: url.toString(),
    async destroy() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pg's Pool.end() resolves before its sockets have closed. Dropping WITH (FORCE) at once kills backends
      // whose clients are still saying goodbye, and those clients report it as an uncaught error: wait for them.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
