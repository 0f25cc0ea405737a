/**
 * Fills the diamonds table with the generated demo inventory, fast enough for a million stones at first
 * start: rows go in as large multi-row statements (SQLite) or column arrays through `unnest` (PostgreSQL),
 * with the SQL written once per batch size so the database never re-plans it.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { NewDiamond } from '../../db/schema.ts';
import { handOver, type Handle } from '../../db/tables.ts';
import { inventoryTables, type InventoryTables } from './tables.ts';
import { NEW_DIAMOND_COLUMNS } from './stone-columns.ts';
import { generateDiamonds } from './generator.ts';
import { stoneChangeTriggers } from '../../db/migrations/012-stone-changes.ts';
import { bumpInventoryVersion } from './feed-repository.ts';

export interface SeedOptions {
  count: number;
  seed: number;
  /** Delete the stones already in the table first; without it a non-empty table is an error. */
  replace?: boolean;
  /** Called after each batch with the rows written so far. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Writes the seed's audit entry in its transaction. `npm run seed` passes one: on a live store it replaces every
   * stone and price at once. The first start's demo seed into an empty store has nothing to record.
   */
  record?: (trx: Handle, seeded: { count: number; seed: number; deleted: number }) => Promise<void>;
}

export interface SeedResult {
  count: number;
  seed: number;
  /** How many stones `replace` deleted first. */
  deleted: number;
}

/** The table already holds stones and the caller did not ask to replace them. */
export class InventoryNotEmptyError extends Error {
  readonly existing: number;
  constructor(existing: number) {
    super(`The diamonds table already holds ${existing.toLocaleString('en-US')} stones; pass replace to delete them first`);
    this.name = 'InventoryNotEmptyError';
    this.existing = existing;
  }
}

export const SEED_META_KEY = 'inventory_seed';

// Every column the generator fills, in the stones' one fixed order; the database assigns the ids.
const COLUMNS = NEW_DIAMOND_COLUMNS;

const PG_TYPES: Record<(typeof COLUMNS)[number], string> = {
  certificate_number: 'varchar',
  type: 'smallint',
  shape_id: 'integer',
  carat: 'float8',
  color_id: 'integer',
  fancy_color_id: 'integer',
  fancy_intensity_id: 'integer',
  clarity_id: 'integer',
  cut_id: 'integer',
  polish_id: 'integer',
  symmetry_id: 'integer',
  fluorescence_id: 'integer',
  certificate_company_id: 'integer',
  measurement_l: 'float8',
  measurement_w: 'float8',
  ratio: 'float8',
  table_pct: 'float8',
  depth_pct: 'float8',
  price_cents: 'bigint',
  is_superdeal: 'smallint',
  status: 'varchar',
};

/** SQLite binds at most 32,766 parameters per statement. */
const SQLITE_MAX_PARAMS = 32_766;
const SQLITE_BATCH = Math.floor(SQLITE_MAX_PARAMS / COLUMNS.length);
/** `unnest` binds one array per column, so a PostgreSQL batch is limited only by message size. */
const PG_BATCH = 5_000;

type Writer = (trx: Kysely<InventoryTables>, rows: NewDiamond[]) => Promise<void>;

const columnList = COLUMNS.join(', ');

function sqliteWriter(): Writer {
  const statements = new Map<number, string>();
  const statementFor = (rows: number) => {
    let text = statements.get(rows);
    if (!text) {
      const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
      text = `insert into diamonds (${columnList}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
      statements.set(rows, text);
    }
    return text;
  };
  return async (trx, rows) => {
    const params: unknown[] = [];
    for (const row of rows) for (const column of COLUMNS) params.push(row[column] ?? null);
    await trx.executeQuery(CompiledQuery.raw(statementFor(rows.length), params));
  };
}

function postgresWriter(): Writer {
  const arrays = COLUMNS.map((column, i) => `$${i + 1}::${PG_TYPES[column]}[]`).join(', ');
  const text = `insert into diamonds (${columnList}) select * from unnest(${arrays})`;
  return async (trx, rows) => {
    const params = COLUMNS.map((column) => rows.map((row) => row[column] ?? null));
    await trx.executeQuery(CompiledQuery.raw(text, params));
  };
}

async function countDiamonds(db: Kysely<InventoryTables>): Promise<number> {
  const { n } = await db
    .selectFrom('diamonds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function deleteAll(trx: Kysely<InventoryTables>): Promise<void> {
  try {
    await trx.deleteFrom('diamonds').execute();
  } catch (err) {
    // Orders and carts may point at stones; deleting those would rewrite history, so we stop instead.
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Could not delete the existing diamonds (are orders referring to them?): ${reason}`, { cause: err });
  }
}

interface IndexDefinition {
  name: string;
  sql: string;
}

/**
 * The diamonds' secondary indexes as the migrations created them, read back from the catalog so this code
 * follows whatever indexes the migrations define. Indexes that back a constraint (the primary key, the
 * unique certificate number) stay: they cannot be dropped on their own.
 */
async function secondaryIndexes(trx: Kysely<InventoryTables>, engine: Engine): Promise<IndexDefinition[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<IndexDefinition>`
      select name, sql from sqlite_master
      where type = 'index' and tbl_name = 'diamonds' and sql is not null`.execute(trx);
    return rows;
  }
  const { rows } = await sql<IndexDefinition>`
    select indexname as name, indexdef as sql from pg_indexes
    where schemaname = current_schema() and tablename = 'diamonds'
      and indexname not in (select conname from pg_constraint where conrelid = 'diamonds'::regclass)`.execute(trx);
  return rows;
}

/**
 * Runs `work` with SQLite's page cache enlarged: inserting a million rows touches the unique certificate
 * index all over, and a cache that holds it avoids spilling pages mid-transaction. The pragma is per
 * connection, so the previous size is put back.
 */
async function withLargeCache<T>(d: ModuleDb<InventoryTables>, work: () => Promise<T>): Promise<T> {
  if (d.engine !== 'sqlite') return work();
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(d.db);
  const previous = Number(rows[0]?.cache_size ?? -2000);
  await sql`pragma cache_size = -131072`.execute(d.db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${previous}`).execute(d.db);
  }
}

/**
 * Seeds `count` generated stones. The caller migrates first. Everything, the deletion that `replace` asks
 * for included, happens in one transaction: an interrupted seed leaves the table as it was, never half full
 * (a half-full table would also stop `npm start` from seeding again).
 */
export async function seedInventory(on: { db: Handle; engine: Engine }, options: SeedOptions): Promise<SeedResult> {
  const d: ModuleDb<InventoryTables> = { db: inventoryTables(on.db), engine: on.engine };
  const { count, seed, replace = false, onProgress, record } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number (got ${count})`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be a whole number (got ${seed})`);

  const existing = await countDiamonds(d.db);
  if (existing > 0 && !replace) throw new InventoryNotEmptyError(existing);

  const write = d.engine === 'sqlite' ? sqliteWriter() : postgresWriter();
  const batchSize = d.engine === 'sqlite' ? SQLITE_BATCH : PG_BATCH;

  await withLargeCache(d, () => d.db.transaction().execute(async (trx) => {
    // The change feed's triggers would log every stone twice (deleted, inserted): the seed logs one
    // "reread everything" instead, and puts the triggers back before it commits.
    const triggers = stoneChangeTriggers(d.engine);
    for (const statement of triggers.drop) await sql.raw(statement).execute(trx);
    if (existing > 0) await deleteAll(trx);
    // Building each index once over the finished table is about three times cheaper than keeping five
    // indexes up to date row by row. Inside the transaction, a failure brings the indexes back too.
    const indexes = await secondaryIndexes(trx, d.engine);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    let batch: NewDiamond[] = [];
    let done = 0;
    for (const row of generateDiamonds({ count, seed })) {
      batch.push(row);
      if (batch.length === batchSize) {
        await write(trx, batch);
        done += batch.length;
        batch = [];
        onProgress?.(done, count);
      }
    }
    if (batch.length > 0) {
      await write(trx, batch);
      done += batch.length;
      onProgress?.(done, count);
    }
    for (const index of indexes) await sql.raw(index.sql).execute(trx);
    for (const statement of triggers.create) await sql.raw(statement).execute(trx);
    await trx.insertInto('stone_changes').values({ diamond_id: null }).execute();
    await bumpInventoryVersion(trx);
    const value = JSON.stringify({ count, seed, at: new Date().toISOString() });
    await trx
      .insertInto('store_meta')
      .values({ key: SEED_META_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await record?.(handOver<InventoryTables>(trx), { count, seed, deleted: existing });
  }));
  return { count, seed, deleted: existing };
}
