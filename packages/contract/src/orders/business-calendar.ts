/**
 * The store's business calendar: which day it is in the store's time zone, and the day something ready in so many
 * business days leaves the workshop. Weekends do not count, nor the days the store is closed: the federal holidays,
 * on which its carriers do not all collect, and its own closures. The diamond page, the jewelry pages, the cart, the
 * order page and the emails all say "Ships by …" from here, so they name the same day.
 *
 * The closed days are the store's, set once where it starts (the server reads them from its holiday source and its
 * configuration, `GET /api/calendar` says them, and the pages get them with the root's data), so every place that
 * counts business days counts the same ones.
 */

/** The store's own time zone: "today" is the store's day, whatever zone the server or the shopper runs in. */
export const STORE_TIME_ZONE = 'America/New_York';

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

/** The calendar day it is in the store's time zone at `now`, as a local midnight (only its date matters). */
export function storeToday(now: Date): Date {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!);
}

/** The store's calendar day at `now` as YYYY-MM-DD. */
export function storeDayOf(now: Date): string {
  return isoDayOf(storeToday(now));
}

/** A day as YYYY-MM-DD read as a local date (only its date matters). */
export function dayFromIso(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** Whether text is a day that exists, as YYYY-MM-DD ('2026-02-30' is not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

let closedDays: ReadonlySet<string> = new Set();
let closedKey = '';

/**
 * The days (YYYY-MM-DD, the store's calendar) the store is closed besides weekends. Setting the same days again
 * changes nothing, so a page may set them on every drawing.
 */
export function setStoreClosures(days: readonly string[]): void {
  const sorted = [...new Set(days)].sort();
  const bad = sorted.find((day) => !isCalendarDay(day));
  if (bad !== undefined) throw new RangeError(`A closed day must be a date as YYYY-MM-DD (got ${JSON.stringify(bad)})`);
  const key = sorted.join(',');
  if (key === closedKey) return;
  closedKey = key;
  closedDays = new Set(sorted);
}

/** The days the store is closed besides weekends, in order. */
export function storeClosures(): string[] {
  return [...closedDays];
}

/** A local date's calendar day as YYYY-MM-DD. */
export const isoDayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Whether the workshop works and the carriers collect on a day: not a weekend, not a closed day. */
export function isBusinessDay(day: Date): boolean {
  return day.getDay() !== 0 && day.getDay() !== 6 && !closedDays.has(isoDayOf(day));
}

/**
 * `today` plus `businessDays`, skipping weekends and the store's closed days. A start on a day off counts from the
 * next business day, so Saturday + 5 business days is Friday, and a week with Thanksgiving ends a day later.
 */
export function addBusinessDays(today: Date, businessDays: number): Date {
  if (!Number.isInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`businessDays must be a whole number of days, 0 or more (got ${businessDays})`);
  }
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  let left = businessDays;
  while (left > 0) {
    day.setDate(day.getDate() + 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** 'Friday, December 4' */
export function formatShipDate(date: Date): string {
  return longDay.format(date);
}

/** 'Ships by Friday, December 4': for something ready `businessDays` after an order placed at `now`. */
export function shipsByText(businessDays: number, now: Date = new Date()): string {
  return `Ships by ${formatShipDate(addBusinessDays(storeToday(now), businessDays))}`;
}

/** The instant a day (YYYY-MM-DD) begins in the store's time zone, as UTC ISO text: the store's days are New York's. */
export function storeDayStart(day: string): string {
  const offsetAt = (instant: Date) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, timeZoneName: 'longOffset' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value; // "GMT-04:00"
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  };
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at noon may differ from the one at midnight on the days the clocks change: ask again at the guess.
  const guess = midnightUtc - offsetAt(new Date(`${day}T12:00:00Z`));
  return new Date(midnightUtc - offsetAt(new Date(guess))).toISOString();
}

/** The day `n` days after a day (YYYY-MM-DD), calendar days, as YYYY-MM-DD. */
export function addIsoDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The business days from one day to a later one (both YYYY-MM-DD, the store's calendar): the business days after
 * `from` up to and including `to`, so the same day is 0 and Friday to Monday is 1. A `to` before `from` is 0.
 */
export function businessDaysBetween(from: string, to: string): number {
  let days = 0;
  for (let day = addIsoDays(from, 1); day <= to; day = addIsoDays(day, 1)) if (isBusinessDay(dayFromIso(day))) days++;
  return days;
}
