import { sql, type Kysely } from 'kysely';
import type { InventoryTables } from './tables.ts';

/** A stone's hold as it is stored. */
export interface HoldRow {
  diamondId: number;
  userId: number;
  /** Digests of the client's address or /64, and of an IPv6 client's /56 and /48. */
  clientKey: string;
  client56: string | null;
  client48: string | null;
  expiresAt: string;
  createdAt: string;
}

/** The columns a hold keeps its client's ranges in, narrowest first. */
export type ClientColumn = 'client_key' | 'client_56' | 'client_48';

/** The store_meta row every hold write takes first: hold writes queue behind it, so the caps are counted exactly. */
export const HOLD_WRITER_KEY = 'stone_holds_writer';

const toHold = (r: { diamond_id: number; user_id: number; client_key: string; client_56: string | null; client_48: string | null; expires_at: string; created_at: string }): HoldRow => ({
  diamondId: Number(r.diamond_id),
  userId: Number(r.user_id),
  clientKey: r.client_key,
  client56: r.client_56,
  client48: r.client_48,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});

/**
 * The SQL of the ring builder's holds (stone_holds, stone_hold_log). A hold whose expires_at has passed is no hold:
 * every read compares with `at`, the caller's clock. `db` may be a transaction.
 */
export function createHoldRepository(db: Kysely<InventoryTables>) {
  return {
    /**
     * Queues this transaction behind every other hold write (a row lock on PostgreSQL; SQLite has one writer). Taken
     * first, before any read, so each statement after it sees what the previous hold committed.
     */
    async lockWriters(at: string): Promise<void> {
      await db
        .insertInto('store_meta')
        .values({ key: HOLD_WRITER_KEY, value: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
        .execute();
    },

    /** Holds that have run out, and log rows older than `logBefore`: deleted as writers pass, so no sweeper is needed. */
    async deleteStale(at: string, logBefore: string): Promise<void> {
      await db.deleteFrom('stone_holds').where('expires_at', '<=', at).execute();
      await db.deleteFrom('stone_hold_log').where('created_at', '<=', logBefore).execute();
    },

    /**
     * Locks the stone's row when it is available (true), so an order reserving it at the same moment either waits for
     * this hold or has already taken it; false when it is not on sale or does not exist.
     */
    async lockAvailableStone(diamondId: number): Promise<boolean> {
      const result = await db
        .updateTable('diamonds')
        .set({ status: sql`status` })
        .where('id', '=', diamondId)
        .where('status', '=', 'available')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async stoneExists(diamondId: number): Promise<boolean> {
      return (await db.selectFrom('diamonds').select('id').where('id', '=', diamondId).executeTakeFirst()) !== undefined;
    },

    /** The stone's hold if it is still running at `at`. */
    async activeHold(diamondId: number, at: string): Promise<HoldRow | null> {
      const row = await db.selectFrom('stone_holds').selectAll().where('diamond_id', '=', diamondId).where('expires_at', '>', at).executeTakeFirst();
      return row ? toHold(row) : null;
    },

    /** Running holds of these stones, by stone. */
    async activeHolds(diamondIds: readonly number[], at: string): Promise<Map<number, HoldRow>> {
      if (diamondIds.length === 0) return new Map();
      const rows = await db.selectFrom('stone_holds').selectAll().where('diamond_id', 'in', [...diamondIds]).where('expires_at', '>', at).execute();
      return new Map(rows.map((r) => [Number(r.diamond_id), toHold(r)]));
    },

    /** Running holds of an account, newest first. */
    async holdsOfUser(userId: number, at: string): Promise<HoldRow[]> {
      const rows = await db.selectFrom('stone_holds').selectAll().where('user_id', '=', userId).where('expires_at', '>', at).orderBy('created_at', 'desc').execute();
      return rows.map(toHold);
    },

    /** Running holds from one client's range (`column` holding its digest) by other accounts than `userId`. */
    async countByClient(column: ClientColumn, digest: string, exceptUserId: number, at: string): Promise<number> {
      const row = await db
        .selectFrom('stone_holds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', digest)
        .where('user_id', '<>', exceptUserId)
        .where('expires_at', '>', at)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** New holds of this stone by this account since `since`. */
    async countLogged(userId: number, diamondId: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('stone_hold_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('diamond_id', '=', diamondId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Writes the hold, taking the stone's row over only when its hold has run out or is this account's own: the
     * primary key on the stone decides between two writers, on either engine. True when written.
     */
    async upsert(hold: HoldRow, at: string): Promise<boolean> {
      const rows = await db
        .insertInto('stone_holds')
        .values({
          diamond_id: hold.diamondId,
          user_id: hold.userId,
          client_key: hold.clientKey,
          client_56: hold.client56,
          client_48: hold.client48,
          expires_at: hold.expiresAt,
          created_at: hold.createdAt,
        })
        .onConflict((oc) =>
          oc
            .column('diamond_id')
            .doUpdateSet({ user_id: hold.userId, client_key: hold.clientKey, client_56: hold.client56, client_48: hold.client48, expires_at: hold.expiresAt, created_at: hold.createdAt })
            .where((eb) => eb.or([eb('stone_holds.expires_at', '<=', at), eb('stone_holds.user_id', '=', hold.userId)])),
        )
        .returning('diamond_id')
        .execute();
      return rows.length === 1;
    },

    /** A renewal: the account's running hold on the stone lasts until `expiresAt`. */
    async extend(diamondId: number, userId: number, expiresAt: string): Promise<void> {
      await db.updateTable('stone_holds').set({ expires_at: expiresAt }).where('diamond_id', '=', diamondId).where('user_id', '=', userId).execute();
    },

    async log(diamondId: number, userId: number, at: string): Promise<void> {
      await db.insertInto('stone_hold_log').values({ diamond_id: diamondId, user_id: userId, created_at: at }).execute();
    },

    /** Lets the account's running hold on the stone go; false when it held none. */
    async deleteOwn(diamondId: number, userId: number, at: string): Promise<boolean> {
      const rows = await db
        .deleteFrom('stone_holds')
        .where('diamond_id', '=', diamondId)
        .where('user_id', '=', userId)
        .where('expires_at', '>', at)
        .returning('diamond_id')
        .execute();
      return rows.length > 0;
    },

    /** Deletes these holds of an account (the ones a new hold replaces). */
    async deleteOfUser(userId: number, diamondIds: readonly number[]): Promise<void> {
      if (diamondIds.length === 0) return;
      await db.deleteFrom('stone_holds').where('user_id', '=', userId).where('diamond_id', 'in', [...diamondIds]).execute();
    },
  };
}
