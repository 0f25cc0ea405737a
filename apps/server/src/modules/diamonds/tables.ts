import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The diamond catalog's tables: the grading scales and labs a stone is described with. (It reads the inventory's stones as its read model: DIAMOND_READS.) */
export const GRADING_TABLES = ['shapes', 'colors', 'clarities', 'cuts', 'polishes', 'symmetries', 'fluorescences', 'fancy_colors', 'fancy_intensities', 'certificate_companies'] as const satisfies readonly (keyof Database)[];
export type GradingTables = Pick<Database, (typeof GRADING_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const gradingTables = (tx: Tx | Kysely<Database>) => tablesOf<GradingTables>(tx);

/**
 * The inventory's table the diamond search reads as its read model, and never writes: the search needs its own
 * queries over every stone (indexes named per query, its counts), which a service call per stone cannot give
 * (decision 013, "catalog/ reads the inventory's table"). The only table one module reads of another's.
 */
export const DIAMOND_READS = ['diamonds'] as const satisfies readonly (keyof Database)[];
export type DiamondReadModel = GradingTables & Pick<Database, (typeof DIAMOND_READS)[number]>;
/** A handle opened as the catalog's tables and the stones it reads. */
export const diamondReadModel = (tx: Tx | Kysely<Database>) => tablesOf<DiamondReadModel>(tx);
