import type { Kysely } from 'kysely';
import type { RingBuilderTables } from './tables.ts';

/** The ring builder's SQL: the starts counted per New York day (builder_starts). */
export function createRingBuilderRepository(db: Kysely<RingBuilderTables>) {
  return {
    /**
     * Writes the client's start of `day` only while the day has fewer than `perDay`, in the same statement, and once
     * (the table's key). True when a row was written.
     */
    async insertStartUnderCeiling(day: string, client: string, perDay: number): Promise<boolean> {
      const result = await db
        .insertInto('builder_starts')
        .columns(['day', 'client'])
        .expression(
          db
            .selectNoFrom((eb) => [eb.val(day).as('day'), eb.val(client).as('client')])
            .where((eb) => eb(eb.selectFrom('builder_starts').select((c) => c.fn.countAll().as('n')).where('day', '=', day), '<', perDay)),
        )
        .onConflict((oc) => oc.columns(['day', 'client']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async countStartsOn(day: string): Promise<number> {
      const { n } = await db.selectFrom('builder_starts').select((c) => c.fn.countAll<number>().as('n')).where('day', '=', day).executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The count of each day from `from` to `to`, both included, that has any start. */
    async startsPerDay(from: string, to: string): Promise<number[]> {
      const days = await db
        .selectFrom('builder_starts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .execute();
      return days.map((d) => Number(d.n));
    },
  };
}
