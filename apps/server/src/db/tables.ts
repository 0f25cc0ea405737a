import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

declare const handle: unique symbol;

/**
 * A database handle as one module hands it to another: the pool, or the transaction a change runs in, so that the
 * other module's rows are written in that same transaction (an order and its email, a step and its audit entry). It
 * opens no table by itself: the module that receives it opens it as its own tables (its `tables.ts`), so a query on
 * another module's table does not compile (docs/decisions/013-line-items-and-checkout.md, "One owner per table").
 */
export interface Tx {
  readonly [handle]: 'opened by the module that receives it, as its own tables';
}

/** A module's handle on its own tables. Handed to another module it is a `Tx`, which that module opens as its own. */
export type Tables<T> = Kysely<T> & Tx;

/** A table of the store's database, as the migrations make it. */
export type TableName = keyof Database;

/**
 * Opens a handle as the tables `T`. Only a module's `tables.ts` calls it, for the tables that module declares as its
 * own (the lint rule holds the first, the ownership test the second); the composition root and the migrations hold
 * the whole `Database`.
 */
export function tablesOf<T>(tx: Tx | Kysely<Database>): Tables<T> {
  return tx as unknown as Tables<T>;
}

/**
 * What a module's face takes while modules still hold the whole `Database`: a handed-over `Tx`, or such a handle.
 * Once every module holds only its own tables, faces take `Tx` alone.
 */
export type Handle = Tx | Kysely<Database>;

/**
 * Marks a module's own transaction as one it may hand to another module (Kysely's `transaction()` gives it without
 * the mark). It widens nothing: the handle still opens only the tables it had.
 */
export function handOver<T>(trx: Kysely<T>): Tables<T> {
  return trx as Tables<T>;
}
