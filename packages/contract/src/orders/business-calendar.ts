/**
 * The store's business calendar: which day it is in the store's time zone, and the day something ready in so many
 * business days leaves the workshop (weekends do not count). The diamond page, the jewelry pages, the cart and the
 * order page all say "Ships by …" from here, so they name the same day.
 */

/** The store's own time zone: "today" is the store's day, whatever zone the server or the shopper runs in. */
export const STORE_TIME_ZONE = 'America/New_York';

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

/** The calendar day it is in the store's time zone at `now`, as a local midnight (only its date matters). */
export function storeToday(now: Date): Date {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!);
}

/**
 * `today` plus `businessDays`, skipping Saturdays and Sundays. A start on a weekend counts from Monday, so
 * Saturday + 5 business days is Friday.
 */
export function addBusinessDays(today: Date, businessDays: number): Date {
  if (!Number.isInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`businessDays must be a whole number of days, 0 or more (got ${businessDays})`);
  }
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const weekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;
  let left = businessDays;
  while (left > 0) {
    day.setDate(day.getDate() + 1);
    if (!weekend(day)) left--;
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
