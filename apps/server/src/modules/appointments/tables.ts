import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tablesOf, type Tx } from '../../db/tables.ts';

/** The appointments module's table: the bookings. */
export const APPOINTMENT_TABLES = ['appointments'] as const satisfies readonly (keyof Database)[];
export type AppointmentTables = Pick<Database, (typeof APPOINTMENT_TABLES)[number]>;
/** A handle (the pool, or a transaction handed over) opened as this module's own tables. */
export const appointmentTables = (tx: Tx | Kysely<Database>) => tablesOf<AppointmentTables>(tx);
