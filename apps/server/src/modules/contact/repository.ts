import { sql, type Kysely, type Selectable } from 'kysely';
import type { RequestState } from '@everstone/contract';
import type { ContactMessageTable, ContactReplyTable } from '../../db/schema.ts';
import type { ContactTables } from './tables.ts';

export type ContactMessageRow = Selectable<ContactMessageTable>;
export type ContactReplyRow = Selectable<ContactReplyTable>;

export interface NewContactMessage {
  name: string | null;
  email: string;
  phone: string | null;
  topic: string;
  question: string | null;
  createdAt: string;
}

export function createContactRepository(db: Kysely<ContactTables>) {
  return {
    async insert(m: NewContactMessage): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({ name: m.name, email: m.email, phone: m.phone, topic: m.topic, question: m.question, created_at: m.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async findMessage(id: number): Promise<ContactMessageRow | undefined> {
      return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The replies to these messages, oldest first. */
    async repliesTo(messageIds: readonly number[]): Promise<ContactReplyRow[]> {
      if (messageIds.length === 0) return [];
      return db.selectFrom('contact_replies').selectAll().where('message_id', 'in', messageIds).orderBy('id').execute();
    },

    /** Open ones oldest first (the longest waiting on top); handled ones newest first; and how many match. */
    async pageMessages(state: RequestState, page: number, perPage: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
      let q = db.selectFrom('contact_messages');
      if (state === 'open') q = q.where('handled_at', 'is', null);
      if (state === 'handled') q = q.where('handled_at', 'is not', null);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('id', state === 'open' ? 'asc' : 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { rows, total: Number(total) };
    },

    async countOpen(): Promise<number> {
      const { n } = await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The messages sent from one address in any letter case, newest first, at most `limit`. */
    async messagesFrom(email: string, limit: number): Promise<ContactMessageRow[]> {
      return db.selectFrom('contact_messages').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).orderBy('id', 'desc').limit(limit).execute();
    },

    async insertReply(reply: { messageId: number; body: string; byEmail: string; at: string }): Promise<void> {
      await db.insertInto('contact_replies').values({ message_id: reply.messageId, body: reply.body, by_email: reply.byEmail, at: reply.at }).execute();
    },

    /** Who handled the message and when; both null opens it again. */
    async setHandled(id: number, handled: { at: string; by: string } | null): Promise<void> {
      await db
        .updateTable('contact_messages')
        .set({ handled_at: handled?.at ?? null, handled_by: handled?.by ?? null })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
