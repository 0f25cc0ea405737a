import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The inventory's tables: the stones and their status, the change feed and version, the builder's holds, the jewelry's units on hand. */
export const INVENTORY_TABLES = ['diamonds', 'store_meta', 'stone_changes', 'stone_holds', 'stone_hold_log', 'variant_stock'] as const satisfies readonly (keyof Database)[];
export type InventoryTables = Pick<Database, (typeof INVENTORY_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const inventoryTables = (tx: Tx | Kysely<Database>) => tablesOf<InventoryTables>(tx);
