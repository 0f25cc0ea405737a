import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestClock } from '../../test/clock.ts';
import { createBuilderStarts } from './index.ts';

describe.each(TEST_ENGINES)('the ring builder’s starts on %s', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const rows = async (day: string) => Number((await db.db.selectFrom('builder_starts').select((eb) => eb.fn.countAll().as('n')).where('day', '=', day).executeTakeFirstOrThrow()).n);

  it('count each client once a day, and stop at the day’s ceiling however many fresh addresses come, on every instance', async () => {
    // Noon in New York on June 2, 2031.
    const clock = createTestClock(new Date('2031-06-02T16:00:00Z'));
    const perDay = 5;
    const one = createBuilderStarts({ db: db.db, now: clock.now, perDay });
    const other = createBuilderStarts({ db: db.db, now: clock.now, perDay });

    // A shopper paging through step 2 is one start, on either instance.
    for (let i = 0; i < 3; i++) await one.record('198.51.100.1');
    await other.record('198.51.100.1');
    expect(await one.count('2031-06-01', '2031-06-30')).toEqual({ starts: 1, cappedDays: 0 });

    // A script with a fresh address each time: counted up to the ceiling, then not at all, by either instance.
    for (let i = 2; i <= 40; i++) await (i % 2 ? one : other).record(`203.0.113.${i}`);
    expect(await rows('2031-06-02')).toBe(perDay);
    // The page knows the day stopped counting: its starts are a floor.
    expect(await other.count('2031-06-01', '2031-06-30')).toEqual({ starts: perDay, cappedDays: 1 });

    // The next day counts afresh.
    clock.advance(24 * 3_600_000);
    await one.record('203.0.113.99');
    await other.record('203.0.113.98');
    expect(await rows('2031-06-03')).toBe(2);
    expect(await one.count('2031-06-01', '2031-06-30')).toEqual({ starts: perDay + 2, cappedDays: 1 });
  });
});
