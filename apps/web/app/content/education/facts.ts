/**
 * Store promises the guides quote (SPEC §9). The contract package does not define these yet; they live here,
 * once, so the guides and the education page cannot disagree.
 */
export const FINANCING = {
  /** "Financing from $23/mo at 0% APR." */
  fromMonthly: 23,
  apr: 0,
  /** "No interest for 12 months on purchases of $199 or more." */
  interestFreeMonths: 12,
  minimumPurchase: 199,
} as const;

/** Luxe rings start at a 3-carat center stone. */
export const LUXE_MIN_CENTER_CARAT = 3;

/** One sentence for every place that mentions financing. */
export const FINANCING_TEXT = `Financing starts from $${FINANCING.fromMonthly}/mo at ${FINANCING.apr}% APR, with no interest for ${FINANCING.interestFreeMonths} months on purchases of $${FINANCING.minimumPurchase} or more.`;
