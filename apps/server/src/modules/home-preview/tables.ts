import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** Home Preview's requests and the replicas each ships. */
export const HOME_PREVIEW_TABLES = ['home_preview_requests', 'home_preview_rings'] as const satisfies readonly (keyof Database)[];
export type HomePreviewTables = Pick<Database, (typeof HOME_PREVIEW_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const homePreviewTables = (tx: Tx | Kysely<Database>) => tablesOf<HomePreviewTables>(tx);
