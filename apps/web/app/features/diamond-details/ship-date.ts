import { addBusinessDays, format } from 'date-fns';

/** Orders leave the workshop this many business days after they are placed (weekends do not count). */
export const SHIPPING_BUSINESS_DAYS = 5;

/**
 * The store's own time zone: 'today' is the store's day, so the server's HTML and the shopper's browser
 * name the same ship date whatever zone either of them runs in.
 */
export const STORE_TIME_ZONE = 'America/New_York';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The calendar day it is in the store's time zone at `now`, as a local midnight (only its date matters). */
export function storeToday(now: Date): Date {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!);
}

/**
 * The day an order placed on `today` ships: `businessDays` later, skipping Saturdays and Sundays.
 * An order placed on a weekend starts counting from Monday (Saturday + 5 business days is Friday).
 */
export function shipDate(today: Date, businessDays: number = SHIPPING_BUSINESS_DAYS): Date {
  if (!Number.isInteger(businessDays) || businessDays < 0) {
    throw new RangeError(`businessDays must be a whole number of days, 0 or more (got ${businessDays})`);
  }
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return addBusinessDays(day, businessDays);
}

/** 'Friday, December 4' */
export function formatShipDate(date: Date): string {
  return format(date, 'EEEE, MMMM d');
}

/** The detail page's line: 'Ships by Friday, December 4', for an order placed at `now`. */
export function shipsByText(now: Date = new Date()): string {
  return `Ships by ${formatShipDate(shipDate(storeToday(now)))}`;
}
