import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createNewsletterRepository(db: Kysely<Database>) {
  return {
    /** The new subscriber's id, or null when the address is already on the list. */
    async insert(email: string, createdAt: string): Promise<number | null> {
      // ON CONFLICT DO NOTHING: two sign-ups racing for one address both succeed, one as new and one as repeat,
      // instead of the loser failing on the unique constraint (and, on PostgreSQL, aborting its transaction).
      const row = await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: createdAt })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    async setWelcomeMail(id: number, mailId: number): Promise<void> {
      await db.updateTable('newsletter_subscribers').set({ welcome_mail_id: mailId }).where('id', '=', id).execute();
    },
  };
}
