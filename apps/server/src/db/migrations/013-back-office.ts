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
 * diamonds.status may be `hidden`: a stone staff took off the search without selling it (inventory).
 *
 * builder_starts (ring-builder): one row per New York day and client (a digest of the address as the rate limits
 * count it) that opened the ring builder, for the back office's conversion figure.
 *
 * contact_messages and custom_ring_requests get handled_at/handled_by (staff mark them answered), and
 * contact_replies keeps the replies staff email from the back office (contact).
 */
/** The diamonds' statuses before and after the back office's `hidden` (a stone staff took off sale). */
const OLD_STATUS_CHECK = "status in ('available', 'reserved', 'sold')";
const NEW_STATUS_CHECK = "status in ('available', 'reserved', 'sold', 'hidden')";

/**
 * Widens the diamonds' status CHECK to allow `hidden`. PostgreSQL replaces the constraint. SQLite cannot alter a
 * constraint, and rebuilding a table of a million stones with its triggers and indexes would take minutes: a wider
 * CHECK leaves every stored row valid and the file's format unchanged, so the table's definition is edited in place
 * as SQLite documents for such changes (PRAGMA writable_schema, then a new schema_version), inside the migration's
 * transaction, with the connection's defensive mode off only meanwhile. The edit must find the old text exactly,
 * or the migration fails and nothing changes.
 */
async function allowHiddenStones(db: Kysely<any>, engine: Engine, setDefensive?: (on: boolean) => void): Promise<void> {
  if (engine === 'postgres') {
    await sql.raw(`alter table diamonds drop constraint diamonds_status_check, add constraint diamonds_status_check check (${NEW_STATUS_CHECK})`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = 'diamonds'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  if (definition.includes(NEW_STATUS_CHECK)) return;
  if (!definition.includes(OLD_STATUS_CHECK)) throw new Error('The diamonds table has no status CHECK of the expected form; refusing to edit it.');
  if (!setDefensive) throw new Error('Widening the diamonds status CHECK on SQLite needs the connection (createDb).');
  const version = Number((await sql<{ schema_version: number }>`pragma schema_version`.execute(db)).rows[0]!.schema_version);
  setDefensive(false);
  try {
    await sql`pragma writable_schema = on`.execute(db);
    await sql`update sqlite_schema set sql = ${definition.replace(OLD_STATUS_CHECK, NEW_STATUS_CHECK)} where type = 'table' and name = 'diamonds'`.execute(db);
    await sql.raw(`pragma schema_version = ${version + 1}`).execute(db);
    await sql`pragma writable_schema = off`.execute(db);
  } finally {
    setDefensive(true);
  }
  const check = await sql<{ quick_check: string }>`pragma quick_check(diamonds)`.execute(db);
  if (check.rows[0]?.quick_check !== 'ok') throw new Error(`The diamonds table failed its check after the status CHECK was widened: ${JSON.stringify(check.rows)}`);
}

export function backOfficeMigration(engine: Engine, setDefensive?: (on: boolean) => void): Migration {
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

      await allowHiddenStones(db, engine, setDefensive);

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

      // The numbers' days and months read orders by when they were placed.
      await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at']).execute();

      await db.schema
        .createTable('builder_starts')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('client', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('builder_starts_pk', ['day', 'client'])
        .execute();

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
