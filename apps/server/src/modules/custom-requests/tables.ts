import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The custom ring requests and the pictures that come with them. */
export const CUSTOM_REQUEST_TABLES = ['custom_ring_requests', 'custom_ring_images'] as const satisfies readonly (keyof Database)[];
export type CustomRequestTables = Pick<Database, (typeof CUSTOM_REQUEST_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const customRequestTables = (tx: Tx | Kysely<Database>) => tablesOf<CustomRequestTables>(tx);
