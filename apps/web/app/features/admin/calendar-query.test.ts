import { describe, expect, it } from 'vitest';
import { addDays, calendarHref, isDay, rangeDays, rangeText, readCalendar, stepCalendar, switchView, todayCalendar, weekOf } from './calendar-query';
import { chartSummary, labelEvery, moneyTicks } from './daily-chart';
import { percentText } from './numbers-page';

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

describe('the numbers’ chart', () => {
  it('puts round steps on the money axis, from zero to the best day or more', () => {
    expect(moneyTicks(0)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
    expect(moneyTicks(1_234_567)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    const ticks = moneyTicks(4_210_00);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(4_210_00);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('spaces the day labels by the room each bar has', () => {
    expect(labelEvery(9)).toBe(7);
    expect(labelEvery(30)).toBe(2);
    expect(labelEvery(60)).toBe(1);
    expect(labelEvery(1)).toBe(15);
  });

  it('says what the chart shows in a sentence', () => {
    const daily = [
      { day: '2026-11-24', orders: 0, revenue: '0.00' },
      { day: '2026-11-25', orders: 2, revenue: '4210.50' },
    ];
    expect(chartSummary(daily)).toBe('Revenue per day from Nov 24 to Nov 25: $4,210.50 from 2 orders in all; the best day was Nov 25 with $4,210.50.');
    expect(chartSummary(daily.slice(0, 1))).toBe('Revenue per day from Nov 24 to Nov 24: no orders on any day.');
  });

  it('gives a conversion as a percentage', () => {
    expect(percentText(0.125)).toBe('12.5%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0)).toBe('0%');
  });
});
