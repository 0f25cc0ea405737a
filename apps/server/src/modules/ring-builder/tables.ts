import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The ring builder's table: who opened it, once a day, for the numbers' conversion. */
export const RING_BUILDER_TABLES = ['builder_starts'] as const satisfies readonly (keyof Database)[];
export type RingBuilderTables = Pick<Database, (typeof RING_BUILDER_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const ringBuilderTables = (tx: Tx | Kysely<Database>) => tablesOf<RingBuilderTables>(tx);
