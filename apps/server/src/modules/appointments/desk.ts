import { addIsoDays, APPOINTMENT_KIND_LABELS, storeDayStart, type AdminAppointment, type AppointmentKind } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError, ValidationError, summarizeErrors } from '../../errors.ts';
import { composeMail, fields, paragraph, type MailQueue } from '../mail/index.ts';
import { createAppointmentRepository, type AppointmentRow, type AppointmentRepository } from './repository.ts';
import { checkSlot, formatShowroomTime } from './schedule.ts';
import { APPOINTMENT_NOT_YOU, SlotTakenError } from './service.ts';
import { appointmentTables } from './tables.ts';

export type RecordAppointment = (trx: Handle, appointment: AdminAppointment, change: { before: Record<string, unknown>; after: Record<string, unknown> | null }) => Promise<void>;

const toAdmin = (r: AppointmentRow): AdminAppointment => ({
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
export function createAppointmentDesk(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; now: () => Date }) {
  const tables = { db: appointmentTables(deps.db), engine: deps.engine };
  const repo = createAppointmentRepository(tables.db);

  async function one(on: AppointmentRepository, id: number): Promise<AppointmentRow> {
    const row = await on.findBooked(id);
    if (!row) throw new NotFoundError('No booked appointment has that id.');
    return row;
  }

  return {
    /** The booked appointments from the start of `from` (a New York day) for `days` days, in time order. */
    async list(from: string, days: number): Promise<AdminAppointment[]> {
      return (await repo.listBooked(storeDayStart(from), storeDayStart(addIsoDays(from, days)))).map(toAdmin);
    },

    /** Moves an appointment to a free slot of the same kind; the shopper is emailed the new time. */
    async reschedule(id: number, startsAt: string, note: string | null, record: RecordAppointment): Promise<AdminAppointment> {
      const at = new Date(startsAt);
      const problems = checkSlot(at, deps.now());
      if (problems.length > 0) throw new ValidationError({ starts_at: problems }, summarizeErrors({ starts_at: problems }));
      try {
        const moved = await writeTransaction(tables, async (trx) => {
          const r = createAppointmentRepository(trx);
          const before = await one(r, id);
          await r.move(id, at.toISOString());
          const after = toAdmin(await one(r, id));
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
      const cancelled = await writeTransaction(tables, async (trx) => {
        const r = createAppointmentRepository(trx);
        const row = toAdmin(await one(r, id));
        await r.remove(id);
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
