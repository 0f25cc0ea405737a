import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';
import { isBusy } from './errors.ts';
import type { Database } from './schema.ts';
import type { Handle, Tx } from './tables.ts';

/** The database stayed busy through every try: the caller answers 503, never 500. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('The database stayed busy', { cause });
    this.name = 'DatabaseBusyError';
  }
}

export interface WriteTransactionOptions {
  /** Tries in all when the database is busy (default 3). */
  attempts?: number;
}

/**
 * Runs `work` in a transaction meant to write, tried again when the database is busy.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read. A deferred transaction that read first
 * and then wants to write fails at once with SQLITE_BUSY when another connection (a second process on the same
 * file, the import CLI) wrote meanwhile, whatever busy_timeout says; an immediate one waits for the lock under
 * busy_timeout instead, and its reads see the state it will write over. Inside one process Kysely's SQLite
 * driver hands its single connection to one caller at a time, so transactions there simply queue.
 *
 * PostgreSQL: an ordinary READ COMMITTED transaction; `work` takes its row locks in a fixed order. A deadlock or
 * serialization failure rolls back and is tried again.
 */
export async function writeTransaction<T, H extends Kysely<any>>(
  d: { db: H; engine: Engine },
  work: (trx: H) => Promise<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      // The transaction is the same kind of handle as the one it began on (a module's own tables stay its own).
      if (d.engine === 'postgres') return await d.db.transaction().execute((trx) => work(trx as unknown as H));
      return await d.db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          const result = await work(conn as unknown as H);
          await sql`commit`.execute(conn);
          return result;
        } catch (err) {
          // After a failed BEGIN there is no transaction to roll back; that is fine.
          await sql`rollback`.execute(conn).catch(() => {});
          throw err;
        }
      });
    } catch (err) {
      if (!isBusy(err)) throw err;
      if (attempt >= attempts) throw new DatabaseBusyError(err);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/**
 * `writeTransaction` for a module that owns no table and orchestrates others' (the checkout): its work is handed a
 * `Tx`, which only the modules it calls open, each as its own tables, so the whole change commits or rolls back as
 * one while the orchestrator itself can read and write nothing.
 */
export function transact<T>(d: { db: Handle; engine: Engine }, work: (tx: Tx) => Promise<T>, options: WriteTransactionOptions = {}): Promise<T> {
  return writeTransaction({ db: d.db as unknown as Kysely<Database>, engine: d.engine }, (trx) => work(trx as unknown as Tx), options);
}
