import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * The back office (admin; docs/decisions/018-back-office.md).
 *
 * admin_sessions: a staff member's session in the browser, apart from the storefront's bearer tokens. Only the
 * SHA-256 of its cookie is kept. It ends `ADMIN_IDLE_MINUTES` after its last request (last_seen_at) or at
 * expires_at, whichever comes first; reauth_at is when the password was last entered in it.
 *
 * audit_log (audit): one row per change made by staff, written in the change's own transaction. The actor's email
 * and name are copied, so the entry reads the same after the person leaves. Triggers refuse every UPDATE and DELETE
 * on both engines: not even a bug in the store's own code can edit the record.
 *
 * contact_messages and custom_ring_requests get handled_at/handled_by (staff mark them answered), and
 * contact_replies keeps the replies staff email from the back office (contact).
 */
export function backOfficeMigration(engine: Engine): Migration {
  const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('reauth_at', 'varchar(30)')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_sessions_user_idx').on('admin_sessions').columns(['user_id']).execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', id)
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('action', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('from_address', 'varchar(200)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_type', 'subject_id', 'id']).execute();
      await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_email', 'id']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();

      for (const table of ['contact_messages', 'custom_ring_requests']) {
        await db.schema.alterTable(table).addColumn('handled_at', 'varchar(30)').execute();
        await db.schema.alterTable(table).addColumn('handled_by', 'varchar(254)').execute();
      }
      await db.schema
        .createTable('contact_replies')
        .addColumn('id', 'integer', id)
        .addColumn('message_id', 'integer', (c) => c.notNull().references('contact_messages.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('by_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_replies_message_idx').on('contact_replies').columns(['message_id']).execute();
      await db.schema.createIndex('contact_messages_email_idx').on('contact_messages').columns(['email']).execute();
      await db.schema.createIndex('custom_ring_requests_email_idx').on('custom_ring_requests').columns(['email']).execute();

      if (engine === 'sqlite') {
        await sql.raw(`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'the audit log cannot be changed'); end`).execute(db);
        await sql.raw(`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'the audit log cannot be changed'); end`).execute(db);
      } else {
        await sql
          .raw(`create function audit_log_refuse() returns trigger language plpgsql as $$ begin raise exception 'the audit log cannot be changed'; end $$`)
          .execute(db);
        await sql.raw(`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_refuse()`).execute(db);
        await sql.raw(`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_refuse()`).execute(db);
      }
    },
  };
}
