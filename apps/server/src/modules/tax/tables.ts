import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The tax module's table: ZIP codes' own rates, from the store's imported rate file. */
export const TAX_TABLES = ['tax_zip_rates'] as const satisfies readonly (keyof Database)[];
export type TaxTables = Pick<Database, (typeof TAX_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const taxTables = (tx: Tx | Kysely<Database>) => tablesOf<TaxTables>(tx);
