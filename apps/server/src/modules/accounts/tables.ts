import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The accounts module's tables: shoppers' and staff's accounts, sign-in tokens, emailed links, and the staff's invitations, second factors and waiting changes. */
export const ACCOUNT_TABLES = ['users', 'auth_tokens', 'email_links', 'staff_invitations', 'staff_second_factors', 'staff_recovery_codes', 'staff_changes'] as const satisfies readonly (keyof Database)[];
export type AccountTables = Pick<Database, (typeof ACCOUNT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const accountTables = (tx: Tx | Kysely<Database>) => tablesOf<AccountTables>(tx);
