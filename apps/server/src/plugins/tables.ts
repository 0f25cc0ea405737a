import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { tablesOf, type Tx } from '../db/tables.ts';

/** The infrastructure's table: the rate limits' counters when no Redis is set (decision 007). */
export const PLATFORM_TABLES = ['rate_limits'] as const satisfies readonly (keyof Database)[];
export type PlatformTables = Pick<Database, (typeof PLATFORM_TABLES)[number]>;
/** A handle opened as the infrastructure's own table. */
export const platformTables = (tx: Tx | Kysely<Database>) => tablesOf<PlatformTables>(tx);
