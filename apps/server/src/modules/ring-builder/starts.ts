import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isoDay, storeToday } from '@everstone/contract';
import type { Database } from '../../db/schema.ts';

/** Clients remembered per day in each instance, so a shopper paging through step 2 writes once. */
const SEEN_MAX = 50_000;

/**
 * Who opened the ring builder, per New York day (builder_starts): a client's first step-2 or setting-first call of
 * the day writes one row, deduplicated by the table's key across instances. The client is a digest of its address
 * (the rate limits' client key), never the address. The back office divides rings ordered by these starts.
 */
export function createBuilderStarts(deps: { db: Kysely<Database>; now: () => Date; log?: FastifyBaseLogger }) {
  let seenDay = '';
  let seen = new Set<string>();
  return {
    /** Counts the client's start today; never fails the request that asked (a lost count is only a statistic). */
    record(clientKey: string): void {
      const day = isoDay(storeToday(deps.now()));
      if (day !== seenDay) {
        seenDay = day;
        seen = new Set();
      }
      const client = createHash('sha256').update(clientKey).digest('hex').slice(0, 32);
      if (seen.has(client)) return;
      if (seen.size < SEEN_MAX) seen.add(client);
      deps.db
        .insertInto('builder_starts')
        .values({ day, client })
        .onConflict((oc) => oc.columns(['day', 'client']).doNothing())
        .execute()
        .catch((err: unknown) => deps.log?.warn({ err }, 'a ring builder start was not counted'));
    },

    /** Starts from the day `from` to the day `to`, both included (YYYY-MM-DD, New York). */
    async count(from: string, to: string): Promise<number> {
      const row = await deps.db.selectFrom('builder_starts').select((eb) => eb.fn.countAll<number>().as('n')).where('day', '>=', from).where('day', '<=', to).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type BuilderStarts = ReturnType<typeof createBuilderStarts>;
