import type { Kysely, Selectable } from 'kysely';
import { addIsoDays, APPOINTMENT_KIND_LABELS, storeDayStart, type AdminAppointment, type AppointmentKind } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { AppointmentTable, Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError, ValidationError, summarizeErrors } from '../../errors.ts';
import { composeMail, fields, paragraph, type MailQueue } from '../mail/index.ts';
import { checkSlot, formatShowroomTime } from './schedule.ts';
import { APPOINTMENT_NOT_YOU, SlotTakenError } from './service.ts';

type Row = Selectable<AppointmentTable>;

export type RecordAppointment = (trx: Kysely<Database>, appointment: AdminAppointment, change: { before: Record<string, unknown>; after: Record<string, unknown> | null }) => Promise<void>;

const toAdmin = (r: Row): AdminAppointment => ({
  id: Number(r.id),
  kind: r.kind as AppointmentKind,
  starts_at: r.starts_at,
  name: r.name,
  email: r.email,
  phone: r.phone,
  note: r.note,
  created_at: r.created_at,
});

const when = (iso: string) => {
  const w = formatShowroomTime(new Date(iso));
  return `${w.date} at ${w.time} Eastern Time`;
};

/**
 * The appointments as staff keep them (back office): a day or a week of the calendar, and moving or cancelling one
 * with an email to the shopper. A cancelled appointment's row is deleted, so its slot can be booked again (one
 * booking per slot and kind is a constraint of the table); the audit entry keeps what it was.
 */
export function createAppointmentDesk(deps: { db: Kysely<Database>; engine: Engine; mail: MailQueue; storeEmail: string; now: () => Date }) {
  const { db } = deps;

  async function one(on: Kysely<Database>, id: number): Promise<Row> {
    const row = await on.selectFrom('appointments').selectAll().where('id', '=', id).where('status', '=', 'booked').executeTakeFirst();
    if (!row) throw new NotFoundError('No booked appointment has that id.');
    return row;
  }

  return {
    /** The booked appointments from the start of `from` (a New York day) for `days` days, in time order. */
    async list(from: string, days: number): Promise<AdminAppointment[]> {
      const rows = await db
        .selectFrom('appointments')
        .selectAll()
        .where('status', '=', 'booked')
        .where('starts_at', '>=', storeDayStart(from))
        .where('starts_at', '<', storeDayStart(addIsoDays(from, days)))
        .orderBy('starts_at')
        .orderBy('kind')
        .execute();
      return rows.map(toAdmin);
    },

    /** Moves an appointment to a free slot of the same kind; the shopper is emailed the new time. */
    async reschedule(id: number, startsAt: string, note: string | null, record: RecordAppointment): Promise<AdminAppointment> {
      const at = new Date(startsAt);
      const problems = checkSlot(at, deps.now());
      if (problems.length > 0) throw new ValidationError({ starts_at: problems }, summarizeErrors({ starts_at: problems }));
      try {
        const moved = await writeTransaction(deps, async (trx) => {
          const before = await one(trx, id);
          await trx.updateTable('appointments').set({ starts_at: at.toISOString() }).where('id', '=', id).execute();
          const after = toAdmin(await one(trx, id));
          const label = APPOINTMENT_KIND_LABELS[after.kind];
          // To the address typed on the booking form: the staff's note and the store's words, never the typed name.
          await deps.mail.enqueue(trx, [
            composeMail({
              to: after.email,
              replyTo: deps.storeEmail,
              subject: `Your Everstone appointment has moved to ${formatShowroomTime(at).date}`,
              greeting: 'Hello,',
              blocks: [
                paragraph(`Your ${label.toLowerCase()} has moved.`),
                fields([
                  ['Was', when(before.starts_at)],
                  ['Now', when(after.starts_at)],
                ]),
                ...(note ? [paragraph(note)] : []),
                paragraph('If the new time does not suit you, simply reply to this email and we will find another.'),
                paragraph(APPOINTMENT_NOT_YOU),
              ],
            }),
          ]);
          await record(trx, after, { before: { starts_at: before.starts_at }, after: { starts_at: after.starts_at } });
          return after;
        });
        deps.mail.flush();
        return moved;
      } catch (err) {
        if (isUniqueViolation(err)) throw new SlotTakenError();
        throw err;
      }
    },

    /** Cancels an appointment: the shopper is emailed, the slot is free again, the audit entry keeps the booking. */
    async cancel(id: number, note: string | null, record: RecordAppointment): Promise<AdminAppointment> {
      const cancelled = await writeTransaction(deps, async (trx) => {
        const row = toAdmin(await one(trx, id));
        await trx.deleteFrom('appointments').where('id', '=', id).execute();
        await deps.mail.enqueue(trx, [
          composeMail({
            to: row.email,
            replyTo: deps.storeEmail,
            subject: `Your Everstone appointment on ${formatShowroomTime(new Date(row.starts_at)).date} is cancelled`,
            greeting: 'Hello,',
            blocks: [
              paragraph(`We are sorry: your ${APPOINTMENT_KIND_LABELS[row.kind].toLowerCase()} on ${when(row.starts_at)} is cancelled.`),
              ...(note ? [paragraph(note)] : []),
              paragraph('To choose another time, reply to this email or book again on our website.'),
            ],
          }),
        ]);
        await record(trx, row, { before: { kind: row.kind, starts_at: row.starts_at, name: row.name, email: row.email, phone: row.phone }, after: null });
        return row;
      });
      deps.mail.flush();
      return cancelled;
    },
  };
}

export type AppointmentDesk = ReturnType<typeof createAppointmentDesk>;
