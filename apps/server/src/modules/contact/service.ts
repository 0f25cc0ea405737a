import type { z } from 'zod';
import type { MessageResponse, contactRequestSchema } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { composeMail, fields, paragraph, quote, type OutgoingMail, type MailQueue } from '../mail/index.ts';
import { createContactRepository } from './repository.ts';
import { contactTables } from './tables.ts';

export type ContactInput = z.output<typeof contactRequestSchema>;

export const CONTACT_THANK_YOU = 'Thank you for reaching out. Our gemologists will reply within one business day.';

function contactMails(m: ContactInput, storeEmail: string): OutgoingMail[] {
  return [
    // Reply-to is the shopper, so the gemologist answers with one click.
    composeMail({
      to: storeEmail,
      replyTo: m.email,
      subject: `Contact form: ${m.topic}`,
      blocks: [
        paragraph('A shopper sent a message through the contact page.'),
        fields([
          ['Name', m.name],
          ['Email', m.email],
          ['Phone', m.phone],
          ['Topic', m.topic],
        ]),
        ...(m.question ? [quote(m.question)] : [paragraph('(No question was written.)')]),
      ],
    }),
    // Anyone can type any address into the form, so the acknowledgement carries nothing the sender wrote: no name,
    // no question. Otherwise the store would deliver a stranger's text, under its own name, to whoever they chose.
    composeMail({
      to: m.email,
      replyTo: storeEmail,
      subject: 'We received your message',
      greeting: 'Hello,',
      blocks: [
        paragraph(`${CONTACT_THANK_YOU}`),
        fields([['Topic', m.topic]]),
        paragraph(
          'If you did not write to us, someone else typed your address into our contact form: you can ignore this email, and we will not write again unless you reply.',
        ),
        paragraph('If you have anything to add, simply reply to this email.'),
      ],
    }),
  ];
}

export function createContactService(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const tables = { db: contactTables(deps.db), engine: deps.engine };
  return {
    async sendContactMessage(input: ContactInput): Promise<MessageResponse> {
      await writeTransaction(tables, async (trx) => {
        await createContactRepository(trx).insert({ ...input, createdAt: now().toISOString() });
        await deps.mail.enqueue(trx, contactMails(input, deps.storeEmail));
      });
      deps.mail.flush();
      return { message: CONTACT_THANK_YOU };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
