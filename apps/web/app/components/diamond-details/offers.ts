/**
 * What the detail page promises next to the price (SPEC §9). The contract holds the constants that the
 * server and other pages share; these are only ever shown on this page.
 */
export const DETAIL_OFFERS = {
  /** §9: 'financing from $23/mo at 0% APR'. */
  financingFrom: 23,
  /** §9: no interest for 12 months on purchases of $199 or more. */
  noInterestMonths: 12,
  noInterestMinimum: 199,
  /** §9: free insured shipping, 30 day returns, lifetime warranty. */
  returnDays: 30,
  /** §9: $100 off orders of $2,000 and above for verified groups. */
  verifiedGroupDiscount: 100,
  verifiedGroupMinimum: 2000,
  /** §9 legal terms: a bank-wire order holds the diamond for up to 24 hours. */
  bankWireHoldHours: 24,
} as const;

/** §4, §9: how long 'Processing...' shows before the stone is added, and how long the duplicate note stays. */
export const ADD_TO_CART_DELAY_MS = 500;
export const DUPLICATE_MESSAGE_MS = 5000;
export const DUPLICATE_MESSAGE = 'This diamond is already in your cart.';

/** §8: the detail page's empty state. */
export const NO_DIAMOND_MESSAGE = 'No diamond data available';
