import type { AdminContactMessage, RequestState } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import { composeMail, paragraph, type MailQueue } from '../mail/index.ts';
import { createContactRepository, type ContactMessageRow, type ContactRepository } from './repository.ts';
import { contactTables } from './tables.ts';

/** Writes the audit entry of a change in the change's own transaction. */
export type RecordContact = (trx: Handle, message: AdminContactMessage, change: { before: Record<string, unknown> | null; after: Record<string, unknown> }) => Promise<void>;

/**
 * The contact messages as staff work them (back office): listed open or handled, answered by email from the page
 * (the reply is kept with the message), marked handled. Only the store's team calls these. A reply goes to the
 * address typed on the form, which nobody verified, so it quotes nothing the sender wrote.
 */
export function createContactDesk(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; now: () => Date }) {
  const tables = { db: contactTables(deps.db), engine: deps.engine };
  const repo = createContactRepository(tables.db);

  async function withReplies(rows: ContactMessageRow[], on: ContactRepository = repo): Promise<AdminContactMessage[]> {
    const replies = await on.repliesTo(rows.map((r) => Number(r.id)));
    const byMessage = Map.groupBy(replies, (r) => Number(r.message_id));
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      email: r.email,
      phone: r.phone,
      topic: r.topic,
      question: r.question,
      created_at: r.created_at,
      handled_at: r.handled_at,
      handled_by: r.handled_by,
      replies: (byMessage.get(Number(r.id)) ?? []).map((x) => ({ at: x.at, by: x.by_email, body: x.body })),
    }));
  }

  async function one(on: ContactRepository, id: number): Promise<AdminContactMessage> {
    const row = await on.findMessage(id);
    if (!row) throw new NotFoundError('No contact message has that id.');
    return (await withReplies([row], on))[0]!;
  }

  return {
    /** Open ones oldest first (the longest waiting on top); handled ones newest first. */
    async list(state: RequestState, page: number, perPage: number): Promise<{ messages: AdminContactMessage[]; total: number }> {
      const { rows, total } = await repo.pageMessages(state, page, perPage);
      return { messages: await withReplies(rows), total };
    },

    async openCount(): Promise<number> {
      return repo.countOpen();
    },

    /** Every message from one address, newest first (a customer's page). */
    async byEmail(email: string): Promise<AdminContactMessage[]> {
      return withReplies(await repo.messagesFrom(email, 100));
    },

    /** Emails the reply to the message's own address, keeps it, and marks the message handled, in one transaction. */
    async reply(id: number, body: string, by: { email: string; name: string }, record: RecordContact): Promise<AdminContactMessage> {
      const at = deps.now().toISOString();
      const done = await writeTransaction(tables, async (trx) => {
        const r = createContactRepository(trx);
        const before = await one(r, id);
        await r.insertReply({ messageId: id, body, byEmail: by.email, at });
        await r.setHandled(id, { at: before.handled_at ?? at, by: before.handled_by ?? by.email });
        const after = await one(r, id);
        // The address is whatever was typed on the contact form, never verified: the reply carries the staff's words
        // and the store's own (the topic is from the store's list), never the sender's name or question, so the form
        // cannot make the store deliver a stranger's text to whoever they chose. Staff see the question here.
        const sent = new Date(before.created_at).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });
        await deps.mail.enqueue(trx, [
          composeMail({
            to: before.email,
            replyTo: deps.storeEmail,
            subject: `Re: your message to Everstone about ${before.topic}`,
            greeting: 'Hello,',
            blocks: [
              ...body.split(/\n{2,}/).map((p) => paragraph(p)),
              paragraph(`${by.name}, Everstone`),
              paragraph(`This answers the message about ${before.topic} sent to us through our contact page on ${sent}.`),
              paragraph('If you did not write to us, someone else typed your address into our contact form: you can ignore this email.'),
            ],
          }),
        ]);
        await record(trx, after, { before: null, after: { reply: body.slice(0, 500) } });
        return after;
      });
      deps.mail.flush();
      return done;
    },

    async setHandled(id: number, handled: boolean, by: { email: string }, record: RecordContact): Promise<AdminContactMessage> {
      return writeTransaction(tables, async (trx) => {
        const r = createContactRepository(trx);
        const before = await one(r, id);
        if ((before.handled_at !== null) === handled) return before;
        await r.setHandled(id, handled ? { at: deps.now().toISOString(), by: by.email } : null);
        const after = await one(r, id);
        await record(trx, after, { before: { handled: !handled }, after: { handled } });
        return after;
      });
    },
  };
}

export type ContactDesk = ReturnType<typeof createContactDesk>;
