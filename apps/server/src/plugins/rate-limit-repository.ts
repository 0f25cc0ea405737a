import type { Kysely } from 'kysely';
import type { PlatformTables } from './tables.ts';

/** The rate limits' counters when no Redis is set (rate_limits): one row per key, the only place with its SQL. */
export function createRateLimitRepository(db: Kysely<PlatformTables>) {
  return {
    /**
     * Counts one hit on `key` in a single upsert, atomic on both engines however many instances hit it: a window that
     * ended by `nowIso` starts again at 1 and runs to `freshReset`. Answers the window's hits and end.
     */
    async hit(key: string, nowIso: string, freshReset: string): Promise<{ hits: number; resetAt: string }> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, reset_at: freshReset })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            // Both expressions read the row as it was: an ended window starts again at 1.
            hits: eb.case().when('rate_limits.reset_at', '<=', nowIso).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
            reset_at: eb.case().when('rate_limits.reset_at', '<=', nowIso).then(freshReset).else(eb.ref('rate_limits.reset_at')).end(),
          })),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: row.reset_at };
    },

    /** Drops the windows that ended by `nowIso`. */
    async deleteEnded(nowIso: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', nowIso).execute();
    },

    /** Takes one hit back, never below zero. */
    async forgive(key: string): Promise<void> {
      await db.updateTable('rate_limits').set((eb) => ({ hits: eb('hits', '-', 1) })).where('key', '=', key).where('hits', '>', 0).execute();
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}
