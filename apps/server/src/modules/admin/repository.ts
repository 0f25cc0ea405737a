import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AdminSessionTable } from '../../db/schema.ts';
import type { AdminTables } from './tables.ts';

export type AdminSessionRow = Selectable<AdminSessionTable>;
export type NewAdminSession = Insertable<AdminSessionTable>;

/** The back office's SQL: its sessions (admin_sessions), found by the SHA-256 of their token. */
export function createAdminRepository(db: Kysely<AdminTables>) {
  return {
    /** Deletes a person's sessions that ran out by `at`. */
    async deleteEndedOf(userId: number, at: string): Promise<void> {
      await db.deleteFrom('admin_sessions').where('user_id', '=', userId).where('expires_at', '<=', at).execute();
    },

    async insertSession(session: NewAdminSession): Promise<AdminSessionRow> {
      return db.insertInto('admin_sessions').values(session).returningAll().executeTakeFirstOrThrow();
    },

    async findByTokenHash(tokenHash: string): Promise<AdminSessionRow | undefined> {
      return db.selectFrom('admin_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async touch(id: number, lastSeenAt: string): Promise<void> {
      await db.updateTable('admin_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
    },

    /** The password was entered again at `at`, which is also the session's last request. */
    async confirm(id: number, at: string): Promise<void> {
      await db.updateTable('admin_sessions').set({ reauth_at: at, last_seen_at: at }).where('id', '=', id).execute();
    },

    async deleteSession(id: number): Promise<void> {
      await db.deleteFrom('admin_sessions').where('id', '=', id).execute();
    },

    async deleteAllOf(userId: number): Promise<void> {
      await db.deleteFrom('admin_sessions').where('user_id', '=', userId).execute();
    },
  };
}
