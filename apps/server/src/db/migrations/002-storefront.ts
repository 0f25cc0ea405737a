import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { APPOINTMENTS, CONTACT_TOPICS } from '@everstone/contract';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * The storefront's own records (contact messages, newsletter subscribers, appointments) and the mail outbox
 * their emails wait in until sent. Timestamps are ISO 8601 UTC text (`2025-06-01T18:00:00.000Z`): both engines
 * store and compare them the same way, and their text order is their time order.
 */
export function storefrontMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'integer', id)
        .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
        .addColumn('reply_to', 'varchar(320)')
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('claimed_at', 'varchar(30)')
        .addColumn('sent_at', 'varchar(30)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      // The dispatcher asks "what is due?" on every pass; sent rows, the vast majority, sort apart.
      await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

      await db.schema
        .createTable('newsletter_subscribers')
        .addColumn('id', 'integer', id)
        // Lower-cased by the service, so the unique constraint is case-insensitive on both engines.
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('welcome_mail_id', 'integer', (c) => c.references('mail_outbox.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(100)')
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(30)')
        .addColumn('topic', 'varchar(32)', (c) => c.notNull().check(sql`topic in (${quoted(CONTACT_TOPICS)})`))
        .addColumn('question', 'text')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('appointments')
        .addColumn('id', 'integer', id)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in (${quoted(APPOINTMENTS.kinds)})`))
        .addColumn('starts_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(30)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('booked'))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        // One shopper per slot and kind: the database, not a read-then-write check, settles a race for a slot.
        .addUniqueConstraint('appointments_slot_unique', ['starts_at', 'kind'])
        .execute();
    },
  };
}
