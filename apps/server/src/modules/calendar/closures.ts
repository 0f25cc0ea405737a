import Holidays from 'date-holidays';
import { setStoreClosures, storeToday } from '@everstone/contract';

/**
 * The days the store neither makes nor ships, besides weekends: the United States' federal holidays and the days
 * observed in their place (on several of them the carriers do not all collect, and the post office none), from the
 * maintained `date-holidays` tables, and the store's own closures (STORE_CLOSED_DAYS: a Christmas Eve, a stock-take).
 * A made-to-order ring takes up to a few months, so this year and the next two are enough for any promise made now.
 */
export function storeClosedDays(now: Date, ownClosures: readonly string[], years = 3): string[] {
  const first = storeToday(now).getFullYear();
  const days = new Set<string>(ownClosures);
  for (let year = first; year < first + years; year++) {
    for (const day of federalHolidays(year)) days.add(day);
  }
  return [...days].sort();
}

/** A year's federal holidays never change: each is read from the tables once per process. */
const holidaysByYear = new Map<number, readonly string[]>();
let tables: Holidays | null = null;

function federalHolidays(year: number): readonly string[] {
  let days = holidaysByYear.get(year);
  if (!days) {
    tables ??= new Holidays('US');
    days = tables
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10));
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Sets the store's business calendar for this process: every ships-by and reply-by date counts these days off. */
export function applyStoreCalendar(now: Date, ownClosures: readonly string[]): string[] {
  const days = storeClosedDays(now, ownClosures);
  setStoreClosures(days);
  return days;
}
