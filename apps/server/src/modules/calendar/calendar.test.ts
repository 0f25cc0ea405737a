import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addBusinessDays, setStoreClosures, storeCalendarSchema } from '@everstone/contract';
import { createTestDb, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { storeClosedDays } from './closures.ts';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('the store’s closed days', () => {
  it('are the federal holidays and the days observed for them, this year and the next two, with the store’s own', () => {
    const days = storeClosedDays(new Date('2026-12-02T15:00:00Z'), ['2026-12-24']);
    // Christmas, New Year, Thanksgiving, Independence Day and its Friday in 2026, Juneteenth's Friday in 2027.
    expect(days).toEqual(expect.arrayContaining(['2026-12-24', '2026-12-25', '2027-01-01', '2026-11-26', '2026-07-03', '2026-07-04', '2027-06-18', '2028-12-25']));
    expect(days.some((d) => d.startsWith('2029'))).toBe(false);
    expect(days).toEqual([...new Set(days)].sort());
    // Not the days merely marked by custom (Valentine's Day, Halloween).
    expect(days).not.toContain('2027-02-14');
    expect(days).not.toContain('2026-10-31');
  });

  it('start from the store’s year: late on New Year’s Eve in New York is still the old year', () => {
    const days = storeClosedDays(new Date('2027-01-01T03:00:00Z'), []);
    expect(days).toContain('2026-12-25');
    expect(days.some((d) => d.startsWith('2029'))).toBe(false);
  });
});

describe('GET /api/calendar and the dates the store counts', () => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    app = await createTestApp(db, { STORE_CLOSED_DAYS: '2026-12-24, 2026-12-31' }, { now: () => new Date('2026-12-02T15:00:00Z') });
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    setStoreClosures([]);
  });

  it('says the closed days, the store’s own among them, and may be cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/calendar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const calendar = storeCalendarSchema.parse(res.json());
    expect(calendar.time_zone).toBe('America/New_York');
    expect(calendar.closed_days).toEqual(expect.arrayContaining(['2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01']));
  });

  it('counts a ships-by date over the holidays on the same days', () => {
    // Ten business days from Monday, December 21: the 24th, 25th, 31st and 1st do not count.
    expect(iso(addBusinessDays(new Date(2026, 11, 21), 10))).toBe('2027-01-08');
  });
});
