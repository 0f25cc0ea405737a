import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The contact module's tables: the messages and the staff's replies. */
export const CONTACT_TABLES = ['contact_messages', 'contact_replies'] as const satisfies readonly (keyof Database)[];
export type ContactTables = Pick<Database, (typeof CONTACT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const contactTables = (tx: Tx | Kysely<Database>) => tablesOf<ContactTables>(tx);
