import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The documents' table: links to an order's documents that open without signing in until they expire. */
export const DOCUMENT_TABLES = ['document_links'] as const satisfies readonly (keyof Database)[];
export type DocumentTables = Pick<Database, (typeof DOCUMENT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const documentTables = (tx: Tx | Kysely<Database>) => tablesOf<DocumentTables>(tx);
