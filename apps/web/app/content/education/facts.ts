import { STORE_TERMS, formatPrice } from '@everstone/contract/core';

/** Store promises the guides quote (SPEC §9), from the contract so the guides and the pages cannot disagree. */
export const FINANCING = STORE_TERMS.financing;

/** Luxe rings start at a 3-carat center stone. */
export const LUXE_MIN_CENTER_CARAT = 3;

/** One sentence for every place that mentions financing. */
export const FINANCING_TEXT = `Financing starts from ${formatPrice(FINANCING.fromMonthly)}/mo at ${FINANCING.apr}% APR, with no interest for ${FINANCING.interestFreeMonths} months on purchases of ${formatPrice(FINANCING.minimumPurchase)} or more.`;
