import { describe, expect, it } from 'vitest';
import { addDays, calendarHref, isDay, rangeDays, rangeText, readCalendar, stepCalendar, switchView, todayCalendar, weekOf } from './calendar-query';

const TODAY = '2026-11-25'; // a Wednesday

describe('the calendar in the address', () => {
  it('starts a week on its Monday, whatever day of it is asked for', () => {
    expect(weekOf('2026-11-25')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });

  it('reads a day or a week, and gives this week for anything it cannot read', () => {
    expect(readCalendar(new URLSearchParams(''), TODAY)).toEqual({ from: '2026-11-23', days: 7 });
    expect(readCalendar(new URLSearchParams('from=2026-12-03&days=1'), TODAY)).toEqual({ from: '2026-12-03', days: 1 });
    expect(readCalendar(new URLSearchParams('from=2026-12-03&days=7'), TODAY)).toEqual({ from: '2026-11-30', days: 7 });
    expect(readCalendar(new URLSearchParams('from=2026-02-30&days=1'), TODAY)).toEqual({ from: TODAY, days: 1 });
    expect(readCalendar(new URLSearchParams('from=soon&days=3'), TODAY)).toEqual({ from: '2026-11-23', days: 7 });
  });

  it('always writes both values, so a link shows the same days whenever it is opened', () => {
    expect(calendarHref({ from: '2026-11-23', days: 7 })).toBe('?from=2026-11-23&days=7');
    expect(readCalendar(new URLSearchParams(calendarHref({ from: '2026-12-01', days: 1 }).slice(1)), TODAY)).toEqual({ from: '2026-12-01', days: 1 });
  });

  it('steps by its own length, across months and the clock change', () => {
    expect(stepCalendar({ from: '2026-11-23', days: 7 }, 1)).toEqual({ from: '2026-11-30', days: 7 });
    expect(stepCalendar({ from: '2026-12-01', days: 1 }, -1)).toEqual({ from: '2026-11-30', days: 1 });
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(rangeDays({ from: '2026-12-28', days: 7 }).at(-1)).toBe('2027-01-03');
  });

  it('keeps to the same days when the view changes, and Today finds today', () => {
    expect(switchView({ from: '2026-11-23', days: 7 }, 1, TODAY)).toEqual({ from: TODAY, days: 1 });
    expect(switchView({ from: '2026-12-07', days: 7 }, 1, TODAY)).toEqual({ from: '2026-12-07', days: 1 });
    expect(switchView({ from: '2026-12-10', days: 1 }, 7, TODAY)).toEqual({ from: '2026-12-07', days: 7 });
    expect(todayCalendar(7, TODAY)).toEqual({ from: '2026-11-23', days: 7 });
    expect(todayCalendar(1, TODAY)).toEqual({ from: TODAY, days: 1 });
  });

  it('names its range', () => {
    expect(rangeText({ from: '2026-11-23', days: 7 })).toBe('Nov 23 – Nov 29, 2026');
    expect(rangeText({ from: '2026-12-28', days: 7 })).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(rangeText({ from: TODAY, days: 1 })).toBe('Wednesday, November 25, 2026');
    expect(isDay('2026-11-31')).toBe(false);
  });
});
