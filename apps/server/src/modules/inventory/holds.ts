import { HOLD, HOLD_MESSAGES, STORE_TIME_ZONE, holdEndText, type StoneHold } from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { ClientScope } from '../../plugins/rate-limit.ts';
import { MAX_STONE_ID } from './repository.ts';
import { createHoldRepository, type HoldRow } from './hold-repository.ts';
import { inventoryTables, type InventoryTables } from './tables.ts';

const DAY_MS = 86_400_000;

/** '3:45 PM Eastern Time': when a hold ends, as a message written on the server says it. */
export function holdEndsAt(expiresAt: string): string {
  return `${holdEndText(expiresAt, STORE_TIME_ZONE).replace(/\s/g, ' ')} Eastern Time`;
}

export interface HoldServiceDeps {
  db: { db: Handle; engine: Engine };
  now: () => Date;
  /** How long a hold lasts (BUILDER_HOLD_MINUTES; HOLD.minutes by default). */
  minutes?: number;
}

/** A stone's running hold as the one asking sees it: until when, and whether it is theirs (never whose it is). */
function asSeenBy(hold: HoldRow, askerUserId: number | null): StoneHold {
  return { diamond_id: hold.diamondId, expires_at: hold.expiresAt, mine: askerUserId !== null && hold.userId === askerUserId };
}

/**
 * The ring builder's holds on a stone (docs/decisions/015-ring-builder.md, "Holding a stone"): a signed-in shopper
 * keeps a stone from everyone else's orders for a short time while deciding. The rules are HOLD's: one stone per
 * account (a new hold lets the old one go), a few per client address, a few holds of the same stone per account and
 * day; holding a stone one already holds renews it. A hold that has run out is simply no hold: every check compares
 * its time with the clock, so nothing has to sweep. Reserving a stone for an order respects holds (the inventory's
 * `reserve`), and the holder's own order takes the hold over.
 */
export function createHoldService({ db: given, now, minutes = HOLD.minutes }: HoldServiceDeps) {
  const db: ModuleDb<InventoryTables> = { db: inventoryTables(given.db), engine: given.engine };
  const reader = createHoldRepository(db.db);

  return {
    /** How long a hold lasts, in minutes. */
    minutes,

    /**
     * Holds `diamondId` for `userId` from the client `client` (the ranges the rate limits count it under: an IPv4
     * address; an IPv6 /64, /56 and /48), or renews the account's running hold on it. One write transaction: the caps
     * are counted and the hold written with no other hold write between them, and the stone's row is locked so an
     * order placed at the same moment cannot slip past.
     */
    async hold(userId: number, diamondId: number, client: readonly ClientScope[]): Promise<{ hold: StoneHold; renewed: boolean }> {
      if (diamondId > MAX_STONE_ID) throw new NotFoundError(`No diamond with id ${diamondId} exists.`);
      const [own, net56, net48] = client;
      const keys = { clientKey: own!.digest, client56: net56?.digest ?? null, client48: net48?.digest ?? null };
      return writeTransaction(db, async (trx) => {
        const holds = createHoldRepository(trx);
        const t = now();
        const at = t.toISOString();
        const expiresAt = new Date(t.getTime() + minutes * 60_000).toISOString();
        await holds.lockWriters(at);
        await holds.deleteStale(at, new Date(t.getTime() - DAY_MS).toISOString());

        if (!(await holds.lockAvailableStone(diamondId))) {
          if (!(await holds.stoneExists(diamondId))) throw new NotFoundError(`No diamond with id ${diamondId} exists.`);
          throw new ConflictError(HOLD_MESSAGES.notAvailable);
        }
        const current = await holds.activeHold(diamondId, at);
        if (current && current.userId !== userId) throw new ConflictError(HOLD_MESSAGES.heldByOther(holdEndsAt(current.expiresAt)));
        if (current) {
          // Renewed (the checkout page holds the stone again): not a new hold, so the day's count is unchanged. But a
          // hold never runs past HOLD.longestSpans holds' time from when it was taken, however often it is renewed.
          const longest = Date.parse(current.createdAt) + HOLD.longestSpans * minutes * 60_000;
          const renewedTo = new Date(Math.min(t.getTime() + minutes * 60_000, longest)).toISOString();
          if (renewedTo <= current.expiresAt) return { hold: { diamond_id: diamondId, expires_at: current.expiresAt, mine: true }, renewed: true };
          await holds.extend(diamondId, userId, renewedTo);
          return { hold: { diamond_id: diamondId, expires_at: renewedTo, mine: true }, renewed: true };
        }

        if ((await holds.countLogged(userId, diamondId, new Date(t.getTime() - DAY_MS).toISOString())) >= HOLD.perStonePerDay) {
          throw new ConflictError(HOLD_MESSAGES.perStonePerDay);
        }
        // The account's own holds are let go below, so they do not count against its address. An IPv6 client is
        // counted in its /64, /56 and /48, each range with its multiple of the cap (CLIENT_PREFIXES).
        const ranges = ['client_key', 'client_56', 'client_48'] as const;
        for (const [i, scope] of client.entries()) {
          if ((await holds.countByClient(ranges[i]!, scope.digest, userId, at)) >= HOLD.perAddress * scope.times) {
            throw new ConflictError(i === 0 ? HOLD_MESSAGES.perAddress : HOLD_MESSAGES.perNetwork);
          }
        }
        const mine = await holds.holdsOfUser(userId, at);
        await holds.deleteOfUser(
          userId,
          mine.slice(HOLD.perAccount - 1).map((h) => h.diamondId),
        );

        const written = await holds.upsert({ diamondId, userId, ...keys, expiresAt, createdAt: at }, at);
        if (!written) {
          // Only reachable if a writer skipped the queue above; the stone's key still lets one hold win.
          const winner = await holds.activeHold(diamondId, at);
          throw new ConflictError(HOLD_MESSAGES.heldByOther(holdEndsAt(winner?.expiresAt ?? expiresAt)));
        }
        await holds.log(diamondId, userId, at);
        return { hold: { diamond_id: diamondId, expires_at: expiresAt, mine: true }, renewed: false };
      });
    },

    /** Lets the account's hold on the stone go; 404 when it holds none (never held, already let go, or run out). */
    async release(userId: number, diamondId: number): Promise<void> {
      if (diamondId > MAX_STONE_ID || !(await reader.deleteOwn(diamondId, userId, now().toISOString()))) {
        throw new NotFoundError(HOLD_MESSAGES.noHold);
      }
    },

    /** The stone's running hold as `askerUserId` (null: not signed in) sees it, or null when nobody holds it. */
    async holdOf(diamondId: number, askerUserId: number | null): Promise<StoneHold | null> {
      if (diamondId > MAX_STONE_ID) return null;
      const hold = await reader.activeHold(diamondId, now().toISOString());
      return hold ? asSeenBy(hold, askerUserId) : null;
    },

    /** The stone's running hold with the account holding it, for the back office; null when nobody holds it. */
    async holderOf(diamondId: number): Promise<{ userId: number; expiresAt: string; createdAt: string } | null> {
      if (diamondId > MAX_STONE_ID) return null;
      const hold = await reader.activeHold(diamondId, now().toISOString());
      return hold ? { userId: hold.userId, expiresAt: hold.expiresAt, createdAt: hold.createdAt } : null;
    },

    /** Running holds of these stones as `askerUserId` sees them, by stone (one query, for a page of stones). */
    async holdsOf(diamondIds: readonly number[], askerUserId: number | null = null): Promise<Map<number, StoneHold>> {
      const ids = [...new Set(diamondIds)].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_STONE_ID);
      const rows = await reader.activeHolds(ids, now().toISOString());
      return new Map([...rows].map(([id, hold]) => [id, asSeenBy(hold, askerUserId)]));
    },
  };
}

export type HoldService = ReturnType<typeof createHoldService>;
