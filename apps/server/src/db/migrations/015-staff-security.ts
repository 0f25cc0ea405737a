import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * Who may enter the back office, and how (accounts; docs/decisions/018-back-office.md, docs/security.md).
 *
 * staff_invitations: a role offered to an email address. It grants nothing until the emailed link (a 256-bit token,
 * of which only the SHA-256 is kept) is used: using it sets a new password on the address's account (made then if
 * there is none), gives the role, and ends every token and session the account had. Before this, an invitation gave
 * the role at once to whatever account held the address — a stranger who had signed up with an address the owner
 * would later invite walked into the back office with their own password.
 *
 * staff_second_factors: a staff member's TOTP secret (RFC 6238). confirmed_at is null while the person is enrolling
 * (the secret shown, no code entered yet); last_step is the time step of the last code accepted, so a code is never
 * taken twice. staff_recovery_codes: one-time codes for a lost phone, kept as SHA-256 digests.
 *
 * admin_sessions.stage: 'full', or a sign-in half done — 'second_factor' (the password was right, the code is
 * awaited) or 'enroll' (the password was right and the person must set up a second factor first). Only a full
 * session opens the back office.
 *
 * staff_changes: an owner's demotion or removal that would leave the one who asked it as the only owner waits
 * (OWNER_CHANGE_DELAY_HOURS) for another owner to confirm it, or is cancelled by any owner meanwhile.
 *
 * audit_log gets an index by actor_id: the log is filtered by the account that acted, never by a name it chose.
 *
 * The data: an invitation of the old kind not yet taken up (an account made with the password '!invited' and given
 * the role at once) loses the role and its link; an owner invites the person again.
 */
export function staffSecurityMigration(engine: Engine): Migration {
  const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('staff_invitations')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('title', 'varchar(10)', (c) => c.notNull())
        .addColumn('role', 'varchar(10)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('invited_by_id', 'integer')
        .addColumn('invited_by', 'varchar(254)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('accepted_at', 'varchar(30)')
        .addColumn('revoked_at', 'varchar(30)')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('staff_invitations_email_idx').on('staff_invitations').columns(['email']).execute();

      await db.schema
        .createTable('staff_second_factors')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('confirmed_at', 'varchar(30)')
        .addColumn('last_step', 'integer')
        .execute();

      await db.schema
        .createTable('staff_recovery_codes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('staff_recovery_codes_user_idx').on('staff_recovery_codes').columns(['user_id']).execute();

      await db.schema.alterTable('admin_sessions').addColumn('stage', 'varchar(20)', (c) => c.notNull().defaultTo('full')).execute();

      await db.schema
        .createTable('staff_changes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_before', 'varchar(10)', (c) => c.notNull())
        .addColumn('role_after', 'varchar(10)', (c) => c.notNull())
        .addColumn('requested_by_id', 'integer', (c) => c.notNull())
        .addColumn('requested_by', 'varchar(254)', (c) => c.notNull())
        .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('effective_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('resolved_at', 'varchar(30)')
        .addColumn('outcome', 'varchar(20)')
        .addColumn('resolved_by', 'varchar(254)')
        .execute();
      await db.schema.createIndex('staff_changes_open_idx').on('staff_changes').columns(['resolved_at', 'effective_at']).execute();

      // The log is filtered by who acted, by their account's id (a name or an email can be taken by anyone).
      await db.schema.createIndex('audit_log_actor_id_idx').on('audit_log').columns(['actor_id', 'id']).execute();

      // The old invitations not yet taken up grant nothing any more.
      const at = new Date().toISOString();
      const pending = db.selectFrom('users').select('id').where('password_hash', '=', '!invited');
      await db.updateTable('password_resets').set({ used_at: at }).where('used_at', 'is', null).where('user_id', 'in', pending).execute();
      await db.updateTable('users').set({ role: 'customer', updated_at: at }).where('password_hash', '=', '!invited').where('role', 'in', ['staff', 'owner']).execute();
    },
  };
}
