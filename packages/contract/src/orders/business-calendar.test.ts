import { describe, expect, it } from 'vitest';
import { addIsoDays, storeDayStart } from './business-calendar.ts';

describe('storeDayStart', () => {
  it('begins a New York day at its own midnight, in winter and in summer time', () => {
    expect(storeDayStart('2026-01-15')).toBe('2026-01-15T05:00:00.000Z');
    expect(storeDayStart('2026-07-04')).toBe('2026-07-04T04:00:00.000Z');
    // The days the clocks change: the midnight before the change keeps the old offset.
    expect(storeDayStart('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(storeDayStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('addIsoDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addIsoDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
