import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The jewelry catalog's tables: products, their variants, the metal prices a gram that price them, and the catalog's version token. */
export const JEWELRY_TABLES = ['products', 'product_variants', 'metal_prices', 'product_meta'] as const satisfies readonly (keyof Database)[];
export type JewelryTables = Pick<Database, (typeof JEWELRY_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const jewelryTables = (tx: Tx | Kysely<Database>) => tablesOf<JewelryTables>(tx);
