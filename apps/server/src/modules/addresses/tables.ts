import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The addresses module's table: the shoppers' saved addresses. */
export const ADDRESS_TABLES = ['addresses'] as const satisfies readonly (keyof Database)[];
export type AddressTables = Pick<Database, (typeof ADDRESS_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const addressTables = (tx: Tx | Kysely<Database>) => tablesOf<AddressTables>(tx);
