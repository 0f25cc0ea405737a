import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The back office's table: its sessions. */
export const ADMIN_TABLES = ['admin_sessions'] as const satisfies readonly (keyof Database)[];
export type AdminTables = Pick<Database, (typeof ADMIN_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const adminTables = (tx: Tx | Kysely<Database>) => tablesOf<AdminTables>(tx);
