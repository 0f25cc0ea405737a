import { addBusinessDays, formatShipDate, shipsByText as shipsByTextIn, storeToday, STORE_TIME_ZONE } from '@everstone/contract/core';

/** Orders leave the workshop this many business days after they are placed (weekends do not count). */
export const SHIPPING_BUSINESS_DAYS = 5;

// The business calendar is the contract's, shared with the jewelry pages, the cart and the order page.
export { formatShipDate, storeToday, STORE_TIME_ZONE };

/** The day a loose diamond ordered on `today` ships: `businessDays` later, skipping Saturdays and Sundays. */
export function shipDate(today: Date, businessDays: number = SHIPPING_BUSINESS_DAYS): Date {
  return addBusinessDays(today, businessDays);
}

/** The detail page's line: 'Ships by Friday, December 4', for an order placed at `now`. */
export function shipsByText(now: Date = new Date()): string {
  return shipsByTextIn(SHIPPING_BUSINESS_DAYS, now);
}
