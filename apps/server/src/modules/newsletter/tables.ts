import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The newsletter's table: its subscribers. */
export const NEWSLETTER_TABLES = ['newsletter_subscribers'] as const satisfies readonly (keyof Database)[];
export type NewsletterTables = Pick<Database, (typeof NEWSLETTER_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const newsletterTables = (tx: Tx | Kysely<Database>) => tablesOf<NewsletterTables>(tx);
