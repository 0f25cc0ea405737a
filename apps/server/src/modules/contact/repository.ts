import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewContactMessage {
  name: string | null;
  email: string;
  phone: string | null;
  topic: string;
  question: string | null;
  createdAt: string;
}

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(m: NewContactMessage): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({ name: m.name, email: m.email, phone: m.phone, topic: m.topic, question: m.question, created_at: m.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  };
}
