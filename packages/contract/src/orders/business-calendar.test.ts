import { afterEach, describe, expect, it } from 'vitest';
import { addBusinessDays, addIsoDays, businessDaysBetween, isBusinessDay, setStoreClosures, storeClosures, storeDayStart } from './business-calendar.ts';

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

describe('addBusinessDays', () => {
  afterEach(() => setStoreClosures([]));
  const day = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

  it('skips weekends, and a start on a weekend counts from Monday', () => {
    expect(iso(addBusinessDays(day('2026-12-02'), 5))).toBe('2026-12-09');
    expect(iso(addBusinessDays(day('2026-12-05'), 5))).toBe('2026-12-11');
    expect(iso(addBusinessDays(day('2026-12-04'), 0))).toBe('2026-12-04');
  });

  it('skips the closed days too: across Christmas and New Year the date moves on by two', () => {
    expect(iso(addBusinessDays(day('2026-12-21'), 10))).toBe('2027-01-04');
    setStoreClosures(['2026-12-25', '2027-01-01']);
    expect(iso(addBusinessDays(day('2026-12-21'), 10))).toBe('2027-01-06');
    expect(isBusinessDay(day('2026-12-25'))).toBe(false);
    expect(isBusinessDay(day('2026-12-24'))).toBe(true);
    // A closed day on a weekend changes nothing.
    setStoreClosures(['2026-12-26']);
    expect(iso(addBusinessDays(day('2026-12-21'), 10))).toBe('2027-01-04');
  });

  it('keeps the closed days in order, once each, and refuses text that is not a day', () => {
    setStoreClosures(['2027-01-01', '2026-12-25', '2027-01-01']);
    expect(storeClosures()).toEqual(['2026-12-25', '2027-01-01']);
    expect(() => setStoreClosures(['12/25/2026'])).toThrow(/YYYY-MM-DD/);
    expect(() => setStoreClosures(['2026-13-45'])).toThrow(/YYYY-MM-DD/);
    expect(() => setStoreClosures(['2026-02-30'])).toThrow(/YYYY-MM-DD/);
    // A refused list leaves the last one in place.
    expect(storeClosures()).toEqual(['2026-12-25', '2027-01-01']);
  });

  it('refuses a count that is not a whole number of days', () => {
    expect(() => addBusinessDays(day('2026-12-02'), 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays(day('2026-12-02'), -1)).toThrow(RangeError);
  });
});

describe('businessDaysBetween', () => {
  afterEach(() => setStoreClosures([]));

  it('counts the business days after the first day up to the last, as addBusinessDays adds them', () => {
    expect(businessDaysBetween('2026-12-02', '2026-12-02')).toBe(0);
    expect(businessDaysBetween('2026-12-04', '2026-12-07')).toBe(1);
    expect(businessDaysBetween('2026-12-05', '2026-12-11')).toBe(5);
    expect(businessDaysBetween('2026-12-09', '2026-12-02')).toBe(0);
    setStoreClosures(['2026-12-25', '2027-01-01']);
    expect(businessDaysBetween('2026-12-21', '2027-01-06')).toBe(10);
  });
});
