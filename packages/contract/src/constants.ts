/**
 * Business constants of the client's specification (SPEC §9), defined once and imported everywhere.
 */

/** Diamond types as the search API numbers them (§7 active_tab). */
export const DIAMOND_TYPES = { natural: 1, lab: 2, color: 3 } as const;
export type DiamondTypeId = (typeof DIAMOND_TYPES)[keyof typeof DIAMOND_TYPES];
export const DIAMOND_TYPE_LABELS: Record<DiamondTypeId, string> = {
  1: 'Natural',
  2: 'Lab',
  3: 'Color',
};

/** Report filter (§7 selectedReport): all 0, gia 1, igi 2. */
export const REPORTS = { all: 0, gia: 1, igi: 2 } as const;
export type ReportId = (typeof REPORTS)[keyof typeof REPORTS];

/** Certificate companies (grading labs). Ids are stable database ids. */
export const CERTIFICATE_COMPANIES = [
  { id: 1, dl_name: 'GIA' },
  { id: 2, dl_name: 'IGI' },
] as const;

/**
 * Discrete grade scales of §9, in the client's order. A grade's id is its 1-based position.
 * A slider range [low, high] over a scale of n grades runs from 1 to n + 1 and selects the
 * grades g with low <= g < high (so cut 1–6 spans all five cut grades).
 */
export const SCALES = {
  cut: ['Excellent', 'Very Good', 'Good', 'Ideal', '8X'],
  color: ['D', 'E', 'F', 'G', 'H'],
  clarity: ['I3', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1'],
  polish: ['Excellent', 'Very Good', 'Good', 'I', 'Fair', 'Poor'],
  symmetry: ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor', 'I'],
  fluorescence: ['None', 'Faint', 'Medium', 'Strong', 'Very Strong'],
} as const;
export type ScaleName = keyof typeof SCALES;
export const SCALE_NAMES = Object.keys(SCALES) as ScaleName[];

/** Short codes shown on certificates and in compact tables. */
export const GRADE_SHORT_NAMES: Record<string, string> = {
  Excellent: 'EX',
  'Very Good': 'VG',
  Good: 'G',
  Ideal: 'ID',
  Fair: 'F',
  Poor: 'P',
};

/** Continuous sliders of §9: bounds, step and the minimum gap between the two handles. */
export const RANGES = {
  price: { min: 0, max: 10000, step: 1, gap: 100 },
  carat: { min: 0, max: 20, step: 0.01, gap: 1 },
  ratio: { min: 0.9, max: 2.75, step: 0.001, gap: 0.1 },
  table: { min: 40, max: 90, step: 1, gap: 1 },
  depth: { min: 40, max: 90, step: 1, gap: 1 },
} as const;
export type ContinuousRangeName = keyof typeof RANGES;
export const CONTINUOUS_RANGE_NAMES = Object.keys(RANGES) as ContinuousRangeName[];

/** Fancy colors carried by color diamonds (type 3) instead of the D–H scale. */
export const FANCY_COLORS = ['Yellow', 'Pink', 'Blue', 'Green', 'Orange', 'Purple', 'Champagne', 'Gray'] as const;
export const FANCY_INTENSITIES = ['Fancy Light', 'Fancy', 'Fancy Intense', 'Fancy Vivid', 'Fancy Deep'] as const;

/** Shapes offered by the shape picker, in display order. Ids are stable database ids. */
export const SHAPES = [
  'Round',
  'Princess',
  'Cushion',
  'Oval',
  'Emerald',
  'Pear',
  'Asscher',
  'Radiant',
  'Marquise',
  'Heart',
] as const;

/** §3: the image name is the shape name lowercased with spaces turned to dashes. */
export function shapeImageName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

/** Search (§9). */
export const SEARCH = {
  pageSize: 20,
  maxPageSize: 100,
  debounceMs: 600,
} as const;

/** Sort orders (§9): five keys, each low to high or high to low; default Price low to high. */
export const SORT_KEYS = ['price', 'carat', 'color', 'clarity', 'cut'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORTS = [
  'price_asc',
  'price_desc',
  'carat_asc',
  'carat_desc',
  'color_asc',
  'color_desc',
  'clarity_asc',
  'clarity_desc',
  'cut_asc',
  'cut_desc',
] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'price_asc';

/** Inventory status of a stone: only available stones are listed by the search. */
export const DIAMOND_STATUSES = ['available', 'reserved', 'sold', 'hidden'] as const;
export type DiamondStatus = (typeof DIAMOND_STATUSES)[number];

/** Cart and promotions (§9). */
export const PROMOTIONS = {
  freeNecklaceThreshold: 460,
  freeBraceletThreshold: 2460,
  bankWireDiscount: 5,
} as const;

/** The store's promises and terms (§9), shared by the pages that state them and the server that keeps them. */
export const STORE_TERMS = {
  /** 'Financing from $23/mo at 0% APR'; no interest for 12 months on purchases of $199 or more. */
  financing: { fromMonthly: 23, apr: 0, interestFreeMonths: 12, minimumPurchase: 199 },
  /** Free insured shipping, 30 day returns (one return every six months), lifetime warranty. */
  returnDays: 30,
  /** A bank-wire order holds its stones for up to 24 hours while the transfer arrives. */
  wireHoldHours: 24,
  /** $100 off orders of $2,000 and above for verified military, nurses and first responders. */
  verifiedGroups: { discount: 100, minimumOrder: 2000 },
  /** Code GET50: $50 off orders above $1,000 at checkout. */
  get50: { code: 'GET50', discount: 50, minimumOrder: 1000 },
} as const;

/**
 * How long an order that is not paid yet holds its one-of-a-kind stones, in hours, by payment method. Until then
 * nobody else can buy them; at the end the order is cancelled and the stones go back on sale, unless the store's
 * team has recorded the payment or confirmed the order (`npm run orders -- paid|confirm`, docs/operations.md).
 * Each is the time the team and the shopper need for what that method asks of them, and no longer: a hold is
 * free to take, so a longer one only lets a script keep the best stones off the search for longer
 * (docs/decisions/011-unpaid-holds.md). PayPal is absent: its orders are placed paid.
 */
export const UNPAID_HOLD_HOURS = {
  /** §9: a bank-wire diamond is held up to 24 hours while the transfer arrives. */
  'pay-wire': STORE_TERMS.wireHoldHours,
  /**
   * The team calls within one business day to confirm the delivery. Three days span a weekend, so a Friday
   * evening order still gets its Monday call and a second try the next day.
   */
  cod: 72,
  /** The same call, on which the card payment is taken. */
  'pay-credit': 72,
  /** The same call, to agree how the total is split between the methods. */
  'pay-multiple': 72,
  /**
   * The application link goes out within one business day; Affirm decides in minutes, so the rest is the
   * shopper's time to apply, a working week in all.
   */
  'pay-affirm': 120,
  /** The same link, but a Synchrony credit application can wait days on the lender's manual review: a week. */
  'pay-synchrony': 168,
} as const;

/**
 * Stones one account may hold at once on orders that are neither paid nor confirmed by the team. A real shopper
 * buys a ring's center stone and a pair of studs (three) and may add one more; a script with free accounts wants
 * dozens. Beyond it an order is refused (409) until an open one is paid, confirmed or cancelled; PayPal orders,
 * paid when placed, do not count.
 */
export const MAX_HELD_STONES_PER_ACCOUNT = 4;

/**
 * A store-wide ceiling on what unpaid orders of accounts the store has no reason yet to trust may hold at once:
 * accounts whose email address is not verified, or that have no paid order. The cap per account bounds one account;
 * accounts are free, so only a bound on the total keeps a script with many of them (30 sign-ups an hour from one
 * address, 4 stones each, held up to a week) from holding a large part of the inventory. `units` counts what the cap
 * per account counts (stones, loose or in a ring, and units from stock; the server's UNPAID_HOLD_CEILING changes it).
 * Accounts whose address is not verified may fill only `unverifiedShare` of it, so that a script that cannot read
 * the mail of its accounts leaves the rest to shoppers who verify theirs. Past either, such an account's unpaid order
 * is refused (409, `ceilingReachedMessage`); PayPal orders, paid when placed, hold nothing unpaid and always pass.
 * docs/decisions/011-unpaid-holds.md.
 */
export const UNPAID_CEILING = {
  units: 1000,
  unverifiedShare: 0.5,
} as const;
