import type { Kysely } from 'kysely';
import type { NewsletterTables } from './tables.ts';

export function createNewsletterRepository(db: Kysely<NewsletterTables>) {
  async function findByToken(token: string): Promise<{ email: string; unsubscribed_at: string | null } | null> {
    const row = await db
      .selectFrom('newsletter_subscribers')
      .select(['email', 'unsubscribed_at'])
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    return row ?? null;
  }

  return {
    findByToken,

    /** How many addresses were ever on the list, and how many of them asked to stop. */
    async counts(): Promise<{ all: number; unsubscribed: number }> {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('unsubscribed_at').as('unsubscribed')])
        .executeTakeFirstOrThrow();
      return { all: Number(row.all), unsubscribed: Number(row.unsubscribed) };
    },

    /** The addresses that receive the newsletter, oldest first. */
    async listSubscribed(): Promise<{ email: string; created_at: string }[]> {
      return db.selectFrom('newsletter_subscribers').select(['email', 'created_at']).where('unsubscribed_at', 'is', null).orderBy('id').execute();
    },

    /** The new subscriber's id, or null when the address is already on the list. */
    async insert(email: string, createdAt: string, unsubscribeToken: string): Promise<number | null> {
      // ON CONFLICT DO NOTHING: two sign-ups racing for one address both succeed, one as new and one as repeat,
      // instead of the loser failing on the unique constraint (and, on PostgreSQL, aborting its transaction).
      const row = await db
        .insertInto('newsletter_subscribers')
        .values({ email, created_at: createdAt, unsubscribe_token: unsubscribeToken })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** An address that had unsubscribed signs up again: true when this call re-subscribed it. */
    async resubscribe(email: string): Promise<boolean> {
      const result = await db
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: null })
        .where('email', '=', email)
        .where('unsubscribed_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks the address unsubscribed (once: a repeat keeps the first time). False when no subscriber has the token. */
    async unsubscribe(token: string, at: string): Promise<boolean> {
      await db
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: at })
        .where('unsubscribe_token', '=', token)
        .where('unsubscribed_at', 'is', null)
        .execute();
      return (await findByToken(token)) !== null;
    },

    async setWelcomeMail(id: number, mailId: number): Promise<void> {
      await db.updateTable('newsletter_subscribers').set({ welcome_mail_id: mailId }).where('id', '=', id).execute();
    },
  };
}
