import { STORE_TERMS } from '@everstone/contract/core';

/** What the detail page promises next to the price (SPEC §9), named as this page uses them; financing is the contract's financingText. */
export const DETAIL_OFFERS = {
  returnDays: STORE_TERMS.returnDays,
  verifiedGroupDiscount: STORE_TERMS.verifiedGroups.discount,
  verifiedGroupMinimum: STORE_TERMS.verifiedGroups.minimumOrder,
  bankWireHoldHours: STORE_TERMS.wireHoldHours,
} as const;

/** §4, §9: how long 'Processing...' shows before the stone is added, and how long the duplicate note stays. */
export const ADD_TO_CART_DELAY_MS = 500;
export const DUPLICATE_MESSAGE_MS = 5000;
export const DUPLICATE_MESSAGE = 'This diamond is already in your cart.';
/** A stone set in a ring in the cart cannot also be bought loose (its ring is one line with it). */
export const IN_RING_MESSAGE = 'This diamond is already set in a ring in your cart. Remove the ring from your cart to buy the diamond loose.';

/** §8: the detail page's empty state. */
export const NO_DIAMOND_MESSAGE = 'No diamond data available';
