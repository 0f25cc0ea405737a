import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The orders module's tables: orders, their lines (a ring's parts under one parent line), their timeline and parcels. */
export const ORDER_TABLES = ['orders', 'order_items', 'order_events', 'shipments', 'order_returns', 'order_return_lines', 'order_refunds', 'order_care_tickets'] as const satisfies readonly (keyof Database)[];
export type OrderTables = Pick<Database, (typeof ORDER_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const orderTables = (tx: Tx | Kysely<Database>) => tablesOf<OrderTables>(tx);
