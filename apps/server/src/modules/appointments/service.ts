import type { z } from 'zod';
import {
  APPOINTMENT_KIND_LABELS,
  SHOWROOM_ADDRESS,
  type AppointmentKind,
  type AppointmentResponse,
  type AppointmentSlotsResponse,
  type appointmentRequestSchema,
} from '@everstone/contract';
import { HttpError, ValidationError, summarizeErrors } from '../../errors.ts';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { composeMail, fields, paragraph, type OutgoingMail, type MailQueue } from '../mail/index.ts';
import { createAppointmentRepository } from './repository.ts';
import { appointmentTables } from './tables.ts';
import { checkSlot, formatShowroomTime, slotsOfDay } from './schedule.ts';

export type AppointmentInput = z.output<typeof appointmentRequestSchema>;

export const SLOT_TAKEN_MESSAGE = 'That time was just booked. Please choose another.';

/** Every email about an appointment ends so: the address it goes to was typed on the booking form. */
export const APPOINTMENT_NOT_YOU =
  'If you did not book this appointment, someone else typed your address into our booking form: reply to this email and we will cancel it.';

/** 409: someone else booked the slot between the shopper seeing it free and pressing Book. */
export class SlotTakenError extends HttpError {
  constructor() {
    super(409, SLOT_TAKEN_MESSAGE);
  }
}

const showroomLine = `${SHOWROOM_ADDRESS.street}, ${SHOWROOM_ADDRESS.city}, ${SHOWROOM_ADDRESS.region} ${SHOWROOM_ADDRESS.zip}`;

function whatHappensNext(kind: AppointmentKind): string {
  return kind === 'virtual'
    ? 'A gemologist will email you a video link before your appointment. All you need is a phone or computer with a camera.'
    : `We look forward to welcoming you at our showroom: ${showroomLine}.`;
}

function appointmentMails(a: AppointmentInput, startsAt: Date, storeEmail: string): OutgoingMail[] {
  const when = formatShowroomTime(startsAt);
  const label = APPOINTMENT_KIND_LABELS[a.kind];
  const details = fields([
    ['Appointment', label],
    ['Date', when.date],
    ['Time', `${when.time} Eastern Time`],
  ]);
  return [
    // Anyone can type any address into the booking form: the confirmation carries only the store's words (the kind,
    // the day and the time, chosen from its calendar), never the name or the note, which stay in the store's copy.
    composeMail({
      to: a.email,
      replyTo: storeEmail,
      subject: `Your Everstone appointment on ${when.date} at ${when.time}`,
      greeting: 'Hello,',
      blocks: [
        paragraph(`Thank you for booking with Everstone. Your ${label.toLowerCase()} is confirmed.`),
        details,
        paragraph(whatHappensNext(a.kind)),
        paragraph('Need to change or cancel? Simply reply to this email and we will take care of it.'),
        paragraph(APPOINTMENT_NOT_YOU),
      ],
    }),
    composeMail({
      to: storeEmail,
      replyTo: a.email,
      subject: `New appointment: ${label} on ${when.date} at ${when.time}`,
      blocks: [
        paragraph('A shopper booked an appointment on the website.'),
        details,
        fields([
          ['Name', a.name],
          ['Email', a.email],
          ['Phone', a.phone],
          ['Note', a.note],
        ]),
      ],
    }),
  ];
}

export function createAppointmentService(deps: {
  db: Handle;
  engine: Engine;
  mail: MailQueue;
  storeEmail: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const tables = { db: appointmentTables(deps.db), engine: deps.engine };

  return {
    async bookAppointment(input: AppointmentInput): Promise<AppointmentResponse> {
      const startsAt = new Date(input.starts_at);
      const problems = checkSlot(startsAt, now());
      if (problems.length > 0) throw new ValidationError({ starts_at: problems }, summarizeErrors({ starts_at: problems }));

      const id = await writeTransaction(tables, async (trx) => {
        const booked = await createAppointmentRepository(trx).insert({
          kind: input.kind,
          // One spelling per instant, so 14:00-04:00 and 18:00Z meet at the unique constraint.
          startsAt: startsAt.toISOString(),
          name: input.name,
          email: input.email,
          phone: input.phone,
          note: input.note,
          createdAt: now().toISOString(),
        });
        if (booked === null) return null;
        await deps.mail.enqueue(trx, appointmentMails(input, startsAt, deps.storeEmail));
        return booked;
      });
      if (id === null) throw new SlotTakenError();
      deps.mail.flush();

      const when = formatShowroomTime(startsAt);
      return {
        message: `Your ${APPOINTMENT_KIND_LABELS[input.kind].toLowerCase()} is booked for ${when.date} at ${when.time} Eastern Time. A confirmation is on its way to your inbox.`,
        appointment: { id, kind: input.kind, starts_at: startsAt.toISOString() },
      };
    },

    async listSlots(date: string, kind: AppointmentKind): Promise<AppointmentSlotsResponse> {
      const starts = slotsOfDay(date);
      const taken = new Set(
        await createAppointmentRepository(tables.db).bookedStarts(
          kind,
          starts[0]!.toISOString(),
          starts[starts.length - 1]!.toISOString(),
        ),
      );
      const at = now();
      return {
        date,
        slots: starts.map((s) => {
          const iso = s.toISOString();
          return { starts_at: iso, available: !taken.has(iso) && checkSlot(s, at).length === 0 };
        }),
      };
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
