import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BUILDER_STARTS_PER_DAY, isoDay, storeToday } from '@everstone/contract';
import type { Handle } from '../../db/tables.ts';
import { createRingBuilderRepository } from './repository.ts';
import { ringBuilderTables } from './tables.ts';

/** Clients remembered per day in each instance, so a shopper paging through step 2 writes once. */
const SEEN_MAX = 50_000;

/**
 * Who opened the ring builder, per New York day (builder_starts): a client's first step-2 or setting-first call of
 * the day writes one row, deduplicated by the table's key across instances. The client is a digest of its address
 * (the rate limits' client key), never the address. The back office divides rings ordered by these starts.
 *
 * A day counts at most `perDay` starts (BUILDER_STARTS_PER_DAY), store-wide: the row is written only while the day
 * has fewer, in the same statement, so a flood of fresh addresses adds at most that many rows a day (instances
 * writing at the same instant may pass it by a few). Once an instance sees the day full it stops writing until the
 * next. The numbers page says which days reached the ceiling.
 */
export function createBuilderStarts(deps: { db: Handle; now: () => Date; log?: FastifyBaseLogger; perDay?: number }) {
  const perDay = deps.perDay ?? BUILDER_STARTS_PER_DAY;
  const repo = createRingBuilderRepository(ringBuilderTables(deps.db));
  let seenDay = '';
  let seen = new Set<string>();
  let full = false;

  async function write(day: string, client: string): Promise<void> {
    if (await repo.insertStartUnderCeiling(day, client, perDay)) return;
    // Nothing written: the client was counted already, or the day is full. Which, the count says (once a day).
    if ((await repo.countStartsOn(day)) >= perDay && day === seenDay) full = true;
  }

  return {
    /**
     * Counts the client's start today; never fails the request that asked (a lost count is only a statistic), so the
     * request need not wait for it. Resolves when the count is written (tests wait for it).
     */
    async record(clientKey: string): Promise<void> {
      const day = isoDay(storeToday(deps.now()));
      if (day !== seenDay) {
        seenDay = day;
        seen = new Set();
        full = false;
      }
      if (full) return;
      const client = createHash('sha256').update(clientKey).digest('hex').slice(0, 32);
      if (seen.has(client)) return;
      if (seen.size < SEEN_MAX) seen.add(client);
      await write(day, client).catch((err: unknown) => deps.log?.warn({ err }, 'a ring builder start was not counted'));
    },

    /**
     * Starts from the day `from` to the day `to`, both included (YYYY-MM-DD, New York), and how many of those days
     * reached the ceiling (their count is a floor).
     */
    async count(from: string, to: string): Promise<{ starts: number; cappedDays: number }> {
      const days = await repo.startsPerDay(from, to);
      return { starts: days.reduce((sum, n) => sum + n, 0), cappedDays: days.filter((n) => n >= perDay).length };
    },
  };
}

export type BuilderStarts = ReturnType<typeof createBuilderStarts>;
