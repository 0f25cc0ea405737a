import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The audit module's table: the log, written once and never changed. */
export const AUDIT_TABLES = ['audit_log'] as const satisfies readonly (keyof Database)[];
export type AuditTables = Pick<Database, (typeof AUDIT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const auditTables = (tx: Tx | Kysely<Database>) => tablesOf<AuditTables>(tx);
