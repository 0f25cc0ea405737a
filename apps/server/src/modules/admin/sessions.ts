import { ADMIN_IDLE_MINUTES, ADMIN_REAUTH_MINUTES, ADMIN_SESSION_HOURS, SECOND_FACTOR_SIGN_IN_MINUTES, type AdminSessionStage } from '@everstone/contract';
import type { Handle } from '../../db/tables.ts';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import { createAdminRepository, type AdminSessionRow } from './repository.ts';
import { adminTables } from './tables.ts';

export type { AdminSessionRow } from './repository.ts';

const IDLE_MS = ADMIN_IDLE_MINUTES * 60_000;
const LIFETIME_MS = ADMIN_SESSION_HOURS * 3_600_000;
const REAUTH_MS = ADMIN_REAUTH_MINUTES * 60_000;
/** A sign-in half done (the second factor awaited or to be set up) lasts this long, idle or not. */
const HALF_DONE_MS = SECOND_FACTOR_SIGN_IN_MINUTES * 60_000;
/** A session's last request is written at most this often: a busy page does not write on every call. */
const TOUCH_EVERY_MS = 30_000;

const normalize = (row: AdminSessionRow): AdminSessionRow => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) });

/** When a session ends if nothing more is asked, and when its password counts until. */
export function sessionTimes(row: AdminSessionRow) {
  const idle = Math.min(Date.parse(row.last_seen_at) + IDLE_MS, Date.parse(row.expires_at));
  return {
    idle_expires_at: new Date(idle).toISOString(),
    expires_at: row.expires_at,
    reauth_until: row.reauth_at ? new Date(Date.parse(row.reauth_at) + REAUTH_MS).toISOString() : null,
  };
}

/**
 * The back office's sessions (admin_sessions): a cookie's token, of which only the SHA-256 is kept, for one staff
 * member, ended by ADMIN_IDLE_MINUTES without a request or ADMIN_SESSION_HOURS in all.
 */
export function createAdminSessions(deps: { db: Handle; now: () => Date }) {
  const { now } = deps;
  const repo = createAdminRepository(adminTables(deps.db));
  return {
    /**
     * A new session. `stage` 'full' opens the back office; a sign-in that still owes its second factor is a session of
     * another stage, which opens only the steps that finish signing in and ends after SECOND_FACTOR_SIGN_IN_MINUTES.
     * The password was just entered in a full session, so sensitive actions are open in it at once.
     */
    async create(userId: number, ip: string, stage: AdminSessionStage = 'full'): Promise<{ token: string; session: AdminSessionRow }> {
      const { token, hash } = createOpaqueToken();
      const at = now();
      const full = stage === 'full';
      // Sessions that ended are deleted as their owner signs in again; a sweep is not needed for so few rows.
      await repo.deleteEndedOf(userId, at.toISOString());
      const row = await repo.insertSession({
        user_id: userId,
        token_hash: hash,
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        expires_at: new Date(at.getTime() + (full ? LIFETIME_MS : HALF_DONE_MS)).toISOString(),
        reauth_at: full ? at.toISOString() : null,
        ip: ip.slice(0, 64),
        stage,
      });
      return { token, session: normalize(row) };
    },

    /**
     * The live session of a cookie's token, its last request moved to now; 'ended' for a session that ran out (it is
     * deleted), null for a token the store never gave or already forgot.
     */
    async resolve(token: string): Promise<AdminSessionRow | 'ended' | null> {
      const row = await repo.findByTokenHash(hashToken(token));
      if (!row) return null;
      const session = normalize(row);
      const at = now();
      if (at.getTime() >= Date.parse(sessionTimes(session).idle_expires_at)) {
        await repo.deleteSession(session.id);
        return 'ended';
      }
      if (at.getTime() - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) {
        session.last_seen_at = at.toISOString();
        await repo.touch(session.id, session.last_seen_at);
      }
      return session;
    },

    /** The password was entered again: sensitive actions are allowed for ADMIN_REAUTH_MINUTES. */
    async confirmed(session: AdminSessionRow): Promise<AdminSessionRow> {
      const at = now().toISOString();
      await repo.confirm(session.id, at);
      return { ...session, reauth_at: at, last_seen_at: at };
    },

    recentlyConfirmed(session: AdminSessionRow): boolean {
      return session.stage === 'full' && session.reauth_at !== null && now().getTime() < Date.parse(session.reauth_at) + REAUTH_MS;
    },

    async end(sessionId: number): Promise<void> {
      await repo.deleteSession(sessionId);
    },

    /** Signs a person out of the back office everywhere (a role changed or was taken away); `trx` may be the change's. */
    async endAllOf(userId: number, trx?: Handle): Promise<void> {
      await (trx ? createAdminRepository(adminTables(trx)) : repo).deleteAllOf(userId);
    },
  };
}

export type AdminSessions = ReturnType<typeof createAdminSessions>;
