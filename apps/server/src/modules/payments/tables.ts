import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The payments module's tables: wallet payments and the simulator's own records. */
export const PAYMENT_TABLES = ['wallet_payments', 'wallet_simulated_payments', 'wallet_simulated_refunds'] as const satisfies readonly (keyof Database)[];
export type PaymentTables = Pick<Database, (typeof PAYMENT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const paymentTables = (tx: Tx | Kysely<Database>) => tablesOf<PaymentTables>(tx);
