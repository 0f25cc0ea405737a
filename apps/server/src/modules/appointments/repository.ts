import type { Kysely, Selectable } from 'kysely';
import type { AppointmentKind } from '@everstone/contract';
import type { AppointmentTable } from '../../db/schema.ts';
import type { AppointmentTables } from './tables.ts';

export type AppointmentRow = Selectable<AppointmentTable>;

export interface NewAppointment {
  kind: AppointmentKind;
  startsAt: string;
  name: string;
  email: string;
  phone: string;
  note: string | null;
  createdAt: string;
}

export function createAppointmentRepository(db: Kysely<AppointmentTables>) {
  return {
    /** The new appointment's id, or null when the slot is already booked for this kind. */
    async insert(a: NewAppointment): Promise<number | null> {
      // ON CONFLICT DO NOTHING rather than catching the violation: on PostgreSQL a failed statement would abort
      // the surrounding transaction, and a concurrent booker simply waits for the winner's commit.
      const row = await db
        .insertInto('appointments')
        .values({
          kind: a.kind,
          starts_at: a.startsAt,
          name: a.name,
          email: a.email,
          phone: a.phone,
          note: a.note,
          created_at: a.createdAt,
        })
        .onConflict((oc) => oc.columns(['starts_at', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** Start instants already booked for `kind` from `from` to `to` inclusive (ISO UTC text). */
    async bookedStarts(kind: AppointmentKind, from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('appointments')
        .select('starts_at')
        .where('kind', '=', kind)
        .where('status', '=', 'booked')
        .where('starts_at', '>=', from)
        .where('starts_at', '<=', to)
        .execute();
      return rows.map((r) => r.starts_at);
    },

    /** A booked appointment (a cancelled one is no longer there). */
    async findBooked(id: number): Promise<AppointmentRow | undefined> {
      return db.selectFrom('appointments').selectAll().where('id', '=', id).where('status', '=', 'booked').executeTakeFirst();
    },

    /** The booked appointments starting from `from` (inclusive) to `to` (exclusive), in time order, then by kind. */
    async listBooked(from: string, to: string): Promise<AppointmentRow[]> {
      return db
        .selectFrom('appointments')
        .selectAll()
        .where('status', '=', 'booked')
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .orderBy('starts_at')
        .orderBy('kind')
        .execute();
    },

    /** Moves an appointment; a slot already booked for its kind fails on the table's unique constraint. */
    async move(id: number, startsAt: string): Promise<void> {
      await db.updateTable('appointments').set({ starts_at: startsAt }).where('id', '=', id).execute();
    },

    /** Deletes the row, so its slot can be booked again. */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('appointments').where('id', '=', id).execute();
    },
  };
}

export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
