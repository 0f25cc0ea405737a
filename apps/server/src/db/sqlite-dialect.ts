import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely has no dialect for Node's built-in `node:sqlite`; its SqliteDialect expects the
 * better-sqlite3 interface, which a thin adapter over DatabaseSync provides. This keeps the
 * embedded database free of native addons (see docs/decisions/002-embedded-sqlite.md).
 */
export function createNodeSqliteDialect(path: string): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(path);
  // WAL lets readers (the search) run beside a writer (a seed, a checkout) without blocking;
  // busy_timeout makes a second process wait for the write lock instead of failing at once.
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA busy_timeout = 10000');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA cache_size = -16384');
  return { dialect: new SqliteDialect({ database: adapt(raw) }), raw };
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function adapt(db: DatabaseSync): SqliteDatabase {
  // Statements are reused: preparing costs more than running a short indexed query.
  // Whether a statement returns rows is asked of SQLite once, with the statement, not at every run.
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const prepare = (sql: string) => {
    let prepared = cache.get(sql);
    if (!prepared) {
      const stmt = db.prepare(sql);
      prepared = { stmt, reader: stmt.columns().length > 0 };
      if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
      cache.set(sql, prepared);
    }
    return prepared;
  };
  return {
    close: () => {
      cache.clear();
      if (db.isOpen) db.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = prepare(sql);
      return {
        reader,
        all: (params) => stmt.all(...params.map(toSqlite)),
        run: (params) => {
          const r = stmt.run(...params.map(toSqlite));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => stmt.iterate(...params.map(toSqlite)) as IterableIterator<unknown>,
      };
    },
  };
}
