import type { Kysely } from 'kysely';
import type { AppointmentKind } from '@everstone/contract';
import type { Database } from '../../db/schema.ts';

export interface NewAppointment {
  kind: AppointmentKind;
  startsAt: string;
  name: string;
  email: string;
  phone: string;
  note: string | null;
  createdAt: string;
}

export function createAppointmentRepository(db: Kysely<Database>) {
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
  };
}
