import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * One-click unsubscribe from the newsletter (RFC 8058): each subscriber gets a random token for the link in every
 * newsletter email, and unsubscribing is recorded rather than deleting the row (an address that asked to stop
 * must not be re-added by an old import). The outbox keeps extra headers (List-Unsubscribe) per message.
 */
export function newsletterUnsubscribeMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribe_token', 'varchar(64)').execute();
      await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', 'varchar(30)').execute();
      // Subscribers from before this migration get a token too, so their next email can carry the link.
      const random = engine === 'postgres' ? sql`md5(random()::text || clock_timestamp()::text || id::text)` : sql`lower(hex(randomblob(16)))`;
      await db.updateTable('newsletter_subscribers').set({ unsubscribe_token: random }).where('unsubscribe_token', 'is', null).execute();
      await db.schema.createIndex('newsletter_unsubscribe_token_idx').on('newsletter_subscribers').column('unsubscribe_token').unique().execute();

      // JSON object of extra header lines, e.g. {"List-Unsubscribe": "<https://…>"}; null for most messages.
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    },
  };
}
