import { describe, expect, it } from 'vitest';
import { formatShipDate, shipDate, shipsByText, storeToday } from './ship-date';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('shipDate', () => {
  it('adds five business days within one week', () => {
    // Monday → next Monday.
    expect(iso(shipDate(day('2026-11-23')))).toBe('2026-11-30');
  });

  it('skips the weekend in between', () => {
    // Wednesday + 5 business days: Thu, Fri, Mon, Tue, Wed.
    expect(iso(shipDate(day('2026-11-25')))).toBe('2026-12-02');
    // Friday → next Friday.
    expect(iso(shipDate(day('2026-11-27')))).toBe('2026-12-04');
  });

  it('counts from Monday when the order is placed on a weekend', () => {
    expect(iso(shipDate(day('2026-11-28')))).toBe('2026-12-04'); // Saturday
    expect(iso(shipDate(day('2026-11-29')))).toBe('2026-12-04'); // Sunday
  });

  it('never lands on a weekend', () => {
    for (let i = 0; i < 28; i++) {
      const shipped = shipDate(new Date(2026, 0, 1 + i));
      expect([0, 6]).not.toContain(shipped.getDay());
    }
  });

  it('crosses months and years', () => {
    expect(iso(shipDate(day('2026-12-30')))).toBe('2027-01-06');
    expect(iso(shipDate(day('2028-02-25')))).toBe('2028-03-03'); // leap February
  });

  it('ignores the time of day', () => {
    expect(iso(shipDate(new Date(2026, 10, 27, 23, 59)))).toBe('2026-12-04');
  });

  it('takes other lead times and rejects nonsense', () => {
    expect(iso(shipDate(day('2026-11-27'), 1))).toBe('2026-11-30');
    expect(iso(shipDate(day('2026-11-27'), 0))).toBe('2026-11-27');
    expect(() => shipDate(day('2026-11-27'), -1)).toThrow(RangeError);
    expect(() => shipDate(day('2026-11-27'), 1.5)).toThrow(RangeError);
  });
});

describe('storeToday', () => {
  it('is the calendar day in New York, not UTC', () => {
    // 03:00 UTC on Saturday is still Friday evening in New York.
    expect(iso(storeToday(new Date('2026-11-28T03:00:00Z')))).toBe('2026-11-27');
    expect(iso(storeToday(new Date('2026-11-28T15:00:00Z')))).toBe('2026-11-28');
  });
});

describe('the shown text', () => {
  it('names the weekday, month and day', () => {
    expect(formatShipDate(day('2026-12-04'))).toBe('Friday, December 4');
    expect(shipsByText(new Date('2026-11-27T15:00:00Z'))).toBe('Ships by Friday, December 4');
  });
});
