import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The mail module's table: the outbox every message leaves through. */
export const MAIL_TABLES = ['mail_outbox'] as const satisfies readonly (keyof Database)[];
export type MailTables = Pick<Database, (typeof MAIL_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const mailTables = (tx: Tx | Kysely<Database>) => tablesOf<MailTables>(tx);
