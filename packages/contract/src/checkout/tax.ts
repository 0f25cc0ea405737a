/**
 * Sales tax, decided in one place: where an order ships decides what it pays (destination-based). A US address's ZIP
 * code names its state by its three-digit prefix (the address has no state field); a Canadian postal code names its
 * province by its first letter. The rates come from the store's default table (each state's rate with its average
 * local rate, each province's GST, HST or GST + PST/QST) or, once the store has loaded them, a ZIP code's own rates.
 *
 * Rates are integer millionths (8.875% = 88_750) and amounts integer cents: no float touches money. Each line's tax
 * is rounded half up to the cent, each tax on its own (docs/decisions/025-sales-tax.md). The sources and dates of the
 * default table are in docs/taxes.md. This file imports nothing at run time: the checkout's first page loads it.
 */
import type { DeliveryCountry } from '../accounts/accounts.ts';

/* ---------- Rates ---------- */

/** A rate's denominator: a rate of 88_750 millionths is 8.875%. */
export const RATE_SCALE = 1_000_000;

/** One jurisdiction's part of a tax: who levies it and at what rate, in millionths. */
export interface TaxRate {
  jurisdiction: string;
  rateMillionths: number;
}

/**
 * One tax charged on every line, rounded once per line: a US sales tax (its state, county, city and district parts
 * share one rounding, as the state's return adds them up), or one Canadian tax (GST, HST, QST, PST or RST each stand
 * alone). `rateMillionths` is what the line's tax is figured on; the parts split that tax among their jurisdictions.
 */
export interface TaxLevy {
  rateMillionths: number;
  parts: readonly TaxRate[];
}

/** '8.875%' for 88_750, '5%' for 50_000, '9.975%' for 99_750: as receipts print a rate. */
export function formatTaxRate(rateMillionths: number): string {
  if (!Number.isSafeInteger(rateMillionths) || rateMillionths < 0) throw new RangeError(`Not a rate in millionths: ${rateMillionths}`);
  const whole = Math.floor(rateMillionths / 10_000);
  const fraction = String(rateMillionths % 10_000).padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/* ---------- The United States: the default table ---------- */

/** The 50 states and the District of Columbia, by postal code. */
export const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
} as const;
export type UsStateCode = keyof typeof US_STATES;

/** Whether `code` is one of US_STATES' codes (upper case). */
export function isUsStateCode(code: string): code is UsStateCode {
  return Object.hasOwn(US_STATES, code);
}

/** Where the default US rates come from (docs/taxes.md lists them with the Canadian ones). */
export const US_RATES_SOURCE = {
  publisher: 'Tax Foundation',
  title: 'State and Local Sales Tax Rates, 2026',
  asOf: '2026-01-01',
  url: 'https://taxfoundation.org/data/all/state/sales-tax-rates/',
} as const;

/** A state's row of the default table. */
export interface UsStateRate {
  code: UsStateCode;
  name: string;
  /** The statewide rate, millionths (California's, Utah's and Virginia's include their mandatory statewide local add-ons). */
  stateMillionths: number;
  /** The population-weighted average of the state's local rates, millionths: the default table's estimate of a ZIP code's local taxes. */
  averageLocalMillionths: number;
}

// [state, average local] in millionths, from US_RATES_SOURCE's workbook (rates as of January 1, 2026). New Jersey's
// published average is slightly negative (Salem County's half rate); the table charges the statewide 6.625%.
const US_RATE_FIGURES: Record<UsStateCode, readonly [number, number]> = {
  AL: [40_000, 54_570], AK: [0, 18_211], AZ: [56_000, 29_194], AR: [65_000, 29_626], CA: [72_500, 17_370],
  CO: [29_000, 49_941], CT: [63_500, 0], DE: [0, 0], DC: [60_000, 0], FL: [60_000, 9_787], GA: [40_000, 34_912],
  HI: [40_000, 5_000], ID: [60_000, 266], IL: [62_500, 27_145], IN: [70_000, 0], IA: [60_000, 9_427],
  KS: [65_000, 21_897], KY: [60_000, 0], LA: [50_000, 51_134], ME: [55_000, 0], MD: [60_000, 0], MA: [62_500, 0],
  MI: [60_000, 0], MN: [68_750, 12_600], MS: [70_000, 618], MO: [42_250, 42_164], MT: [0, 0], NE: [55_000, 14_820],
  NV: [68_500, 13_855], NH: [0, 0], NJ: [66_250, 0], NM: [48_750, 27_920], NY: [40_000, 45_416], NC: [47_500, 22_461],
  ND: [50_000, 20_913], OH: [57_500, 15_449], OK: [45_000, 45_592], OR: [0, 0], PA: [60_000, 3_408], RI: [70_000, 0],
  SC: [60_000, 14_863], SD: [42_000, 19_138], TN: [70_000, 26_097], TX: [62_500, 19_508], UT: [61_000, 13_169],
  VT: [60_000, 3_898], VA: [53_000, 4_715], WA: [65_000, 30_133], WV: [60_000, 5_872], WI: [50_000, 7_200],
  WY: [40_000, 15_598],
};

/** The default US table: every state and DC, with its statewide rate and its average local rate. */
export const US_STATE_RATES: readonly UsStateRate[] = (Object.keys(US_STATES) as UsStateCode[]).map((code) => ({
  code,
  name: US_STATES[code],
  stateMillionths: US_RATE_FIGURES[code][0],
  averageLocalMillionths: US_RATE_FIGURES[code][1],
}));

const US_RATE_BY_CODE = new Map(US_STATE_RATES.map((r) => [r.code, r]));

/** A state's row of the default table. */
export function usStateRate(code: UsStateCode): UsStateRate {
  return US_RATE_BY_CODE.get(code)!;
}

/** The states where the default table charges nothing: no state sales tax and no local one (Alaska has local taxes). */
export const US_STATES_WITHOUT_SALES_TAX: readonly UsStateCode[] = US_STATE_RATES.filter((r) => r.stateMillionths + r.averageLocalMillionths === 0).map((r) => r.code);

/* ---------- The United States: ZIP codes ---------- */

/** Where a US ZIP code is, for sales tax: a state (or DC), a military post office, or a territory, which is not a state. */
export type UsZipRegion =
  | { kind: 'state'; code: UsStateCode; name: string }
  | { kind: 'military'; name: string }
  | { kind: 'territory'; name: string };

const MILITARY = 'military addresses (APO, FPO, DPO)';
const TERRITORIES = {
  PR: 'Puerto Rico',
  VI: 'the U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'the Northern Mariana Islands',
  PW: 'Palau',
  FM: 'Micronesia',
  MH: 'the Marshall Islands',
} as const;
type PrefixOwner = UsStateCode | 'AA' | 'AE' | 'AP' | keyof typeof TERRITORIES;

/**
 * The Postal Service's three-digit ZIP prefixes, as [first, last, owner]. A prefix the Postal Service has not assigned
 * counts as the state whose block it sits in (213 is Maryland's); those between two states' blocks are refused
 * (000–004, 099, 269, 428–429, 529, 568, 578–579, 589, 659, 694–699, 715, 817–819, 839, 848–849, 866–869, 886–888,
 * 899). A few prefixes are another state's inside a block (201 Virginia's among DC's, 569 DC's, 733 and 885 Texas's).
 */
const ZIP_PREFIXES: readonly (readonly [number, number, PrefixOwner])[] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'],
  [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [90, 98, 'AE'], [100, 149, 'NY'],
  [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'],
  [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'],
  [340, 340, 'AA'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'],
  [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'],
  [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 714, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'],
  [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'],
  [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'],
  [962, 966, 'AP'], [967, 968, 'HI'], [969, 969, 'GU'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

/** ZIP codes whose prefix is another place's: American Samoa's inside Hawaii's 967, the Pacific islands inside Guam's 969. */
const ZIP_EXCEPTIONS: Readonly<Record<string, keyof typeof TERRITORIES>> = {
  '96799': 'AS',
  '96939': 'PW', '96940': 'PW',
  '96941': 'FM', '96942': 'FM', '96943': 'FM', '96944': 'FM',
  '96950': 'MP', '96951': 'MP', '96952': 'MP',
  '96960': 'MH', '96970': 'MH',
};

/** The messages a shopper sees for a postal code the rules cannot place. */
export const TAX_POSTAL_MESSAGES = {
  usZip: 'Enter a 5-digit ZIP code',
  canadianPostal: 'Enter a postal code such as K1A 0B1',
  unknownZip: (zip: string) => `Check the ZIP code: no US ZIP code begins with ${zip.slice(0, 3)}`,
} as const;

/** A postal code placed for tax, in its normal form ('10036', 'K1A 0B1'), or the message to show when it cannot be. */
export type Located<T> = { ok: true; postal: string; region: T } | { ok: false; message: string };

/** A ZIP code's five digits ('10036' of '10036-1234'), or null when it is not a ZIP or ZIP+4 code. */
export function usZip5(zip: string): string | null {
  return /^(\d{5})(?:-\d{4})?$/.exec(zip.trim())?.[1] ?? null;
}

/**
 * A US ZIP code's region by its three-digit prefix: '10036' and '10036-1234' are New York. The prefix decides for
 * the default table; a ZIP code that straddles a state line (06390, Fishers Island NY, has a Connecticut prefix) is
 * taxed in its own state once a ZIP-level row naming that state is loaded.
 */
export function locateUsZip(zip: string): Located<UsZipRegion> {
  const zip5 = usZip5(zip);
  if (!zip5) return { ok: false, message: TAX_POSTAL_MESSAGES.usZip };
  const exception = ZIP_EXCEPTIONS[zip5];
  const prefix = Number(zip5.slice(0, 3));
  const owner = exception ?? ZIP_PREFIXES.find(([first, last]) => prefix >= first && prefix <= last)?.[2];
  if (!owner) return { ok: false, message: TAX_POSTAL_MESSAGES.unknownZip(zip5) };
  if (owner === 'AA' || owner === 'AE' || owner === 'AP') return { ok: true, postal: zip5, region: { kind: 'military', name: MILITARY } };
  if (Object.hasOwn(TERRITORIES, owner)) return { ok: true, postal: zip5, region: { kind: 'territory', name: TERRITORIES[owner as keyof typeof TERRITORIES] } };
  const code = owner as UsStateCode;
  return { ok: true, postal: zip5, region: { kind: 'state', code, name: US_STATES[code] } };
}

/* ---------- Canada ---------- */

/** The provinces and territories, by their postal abbreviation. */
export const CANADA_REGIONS = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
} as const;
export type CanadaRegionCode = keyof typeof CANADA_REGIONS;

/** Where the Canadian rates come from: the CRA for GST/HST (Nova Scotia's HST is 14% from April 1, 2025), each province for its own tax. */
export const CANADA_RATES_SOURCE = {
  publisher: 'Canada Revenue Agency; Revenu Québec; the provinces of British Columbia, Manitoba and Saskatchewan',
  title: 'GST/HST rates by province (Charge and collect the tax – Which rate to charge)',
  asOf: '2026-01-01',
  url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate/calculator.html',
} as const;

/** A province's or territory's row of the default table: the taxes it charges, each rounded on its own. */
export interface CanadaRegionRate {
  code: CanadaRegionCode;
  name: string;
  taxes: readonly TaxRate[];
}

const GST: TaxRate = { jurisdiction: 'GST', rateMillionths: 50_000 };
const hst = (rateMillionths: number): TaxRate[] => [{ jurisdiction: 'HST', rateMillionths }];
const CANADA_TAXES: Record<CanadaRegionCode, readonly TaxRate[]> = {
  AB: [GST],
  BC: [GST, { jurisdiction: 'PST', rateMillionths: 70_000 }],
  MB: [GST, { jurisdiction: 'RST', rateMillionths: 70_000 }],
  NB: hst(150_000),
  NL: hst(150_000),
  NS: hst(140_000),
  NT: [GST],
  NU: [GST],
  ON: hst(130_000),
  PE: hst(150_000),
  QC: [GST, { jurisdiction: 'QST', rateMillionths: 99_750 }],
  SK: [GST, { jurisdiction: 'PST', rateMillionths: 60_000 }],
  YT: [GST],
};

/** The default Canadian table: every province and territory with its taxes. */
export const CANADA_RATES: readonly CanadaRegionRate[] = (Object.keys(CANADA_REGIONS) as CanadaRegionCode[]).map((code) => ({
  code,
  name: CANADA_REGIONS[code],
  taxes: CANADA_TAXES[code],
}));

/** A Canadian postal code's first letter → its province ('X' is the Northwest Territories or Nunavut, by the first three characters). */
const POSTAL_LETTERS: Readonly<Record<string, CanadaRegionCode>> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', X: 'NT', Y: 'YT',
};
/** The forward sortation areas of Nunavut; the rest of X is the Northwest Territories. */
const NUNAVUT_AREAS = ['X0A', 'X0B', 'X0C'];

/**
 * A Canadian postal code's province or territory: 'M5V 3L9' is Ontario. The form is A1A 1A1, in either case, with
 * the space (or a hyphen) optional; D, F, I, O, Q and U never appear, and W and Z never come first.
 */
export function locateCanadianPostalCode(postal: string): Located<{ code: CanadaRegionCode; name: string }> {
  const match = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/.exec(postal.trim().toUpperCase());
  if (!match) return { ok: false, message: TAX_POSTAL_MESSAGES.canadianPostal };
  const area = match[1]!;
  const code = NUNAVUT_AREAS.includes(area) ? 'NU' : POSTAL_LETTERS[area[0]!]!;
  return { ok: true, postal: `${area} ${match[2]}`, region: { code, name: CANADA_REGIONS[code] } };
}

/* ---------- Where the store collects (TAX_NEXUS) ---------- */

/** Where the store collects tax: these US states (and DC), and Canada or not. */
export interface TaxNexus {
  states: readonly UsStateCode[];
  canada: boolean;
}

/** Every state whose default rate is not zero (Alaska's local taxes included), and Canada. */
export const DEFAULT_TAX_NEXUS: TaxNexus = {
  states: US_STATE_RATES.filter((r) => !US_STATES_WITHOUT_SALES_TAX.includes(r.code)).map((r) => r.code),
  canada: true,
};

/** What TAX_NEXUS takes, for its error and the docs. */
export const TAX_NEXUS_FORMAT =
  "state codes (NY, CA, TX, DC …), US (every state with a sales tax) and CANADA, separated by commas, or 'none'; unset: US,CANADA";

/**
 * TAX_NEXUS as written ('NY,NJ,CANADA', 'US', 'none'); empty or unset is DEFAULT_TAX_NEXUS. CA is California: Canada
 * is spelled out, so a Californian nexus is never read as Canada. When it is not one, the error names the entries that are not.
 */
export function parseTaxNexus(text: string | undefined): { ok: true; nexus: TaxNexus } | { ok: false; message: string } {
  const entries = (text ?? '').split(',').map((e) => e.trim().toUpperCase()).filter(Boolean);
  if (entries.length === 0) return { ok: true, nexus: DEFAULT_TAX_NEXUS };
  if (entries.includes('NONE')) {
    return entries.length === 1 ? { ok: true, nexus: { states: [], canada: false } } : { ok: false, message: `must be ${TAX_NEXUS_FORMAT}: 'none' stands alone` };
  }
  const bad = entries.filter((e) => e !== 'US' && e !== 'CANADA' && !isUsStateCode(e));
  if (bad.length > 0) return { ok: false, message: `must be ${TAX_NEXUS_FORMAT}; not one: ${bad.join(', ')}` };
  const states = new Set<UsStateCode>(entries.includes('US') ? DEFAULT_TAX_NEXUS.states : []);
  for (const e of entries) if (isUsStateCode(e)) states.add(e);
  return { ok: true, nexus: { states: US_STATE_RATES.map((r) => r.code).filter((c) => states.has(c)), canada: entries.includes('CANADA') } };
}

/* ---------- A destination's rates ---------- */

/** Where an order ships, as the checkout's address gives it: its country and its ZIP or postal code. */
export interface TaxDestination {
  country: DeliveryCountry;
  postal: string;
}

/**
 * A ZIP code's own rates, as the store's imported ZIP-level file gives them (the server looks the row up by ZIP). It
 * names its state, which wins over the ZIP prefix's: a ZIP code on a state line is taxed where the file says.
 */
export interface ZipTaxRate {
  zip: string;
  state: UsStateCode;
  /** The file's tax region ('NEW YORK CITY'), named on the line's county, city and district parts. */
  region: string;
  combinedMillionths: number;
  stateMillionths: number;
  countyMillionths: number;
  cityMillionths: number;
  specialMillionths: number;
}

/** Why nothing is collected: outside TAX_NEXUS, a state with no sales tax, or a military or territory address. */
export type NoTaxReason = 'outside-nexus' | 'no-sales-tax' | 'not-a-state';

/** What a destination is charged: its levies and where they come from, or why nothing is collected. */
export type DestinationTaxes =
  | { ok: true; collected: true; place: string; source: 'zip' | 'default'; levies: readonly TaxLevy[] }
  | { ok: true; collected: false; place: string; why: NoTaxReason; message: string }
  | { ok: false; message: string };

export interface TaxOptions {
  nexus: TaxNexus;
  /** The destination ZIP code's imported row, when the store has one (US only). */
  zipRate?: ZipTaxRate | null;
}

const notCollected = (place: string, why: NoTaxReason): DestinationTaxes => ({ ok: true, collected: false, place, why, message: `No sales tax is collected for ${place}` });

function usLevy(state: UsStateCode, zipRate: ZipTaxRate | null | undefined): { source: 'zip' | 'default'; levy: TaxLevy } {
  const name = US_STATES[state];
  if (zipRate) {
    const parts = [
      { jurisdiction: `${name} state tax`, rateMillionths: zipRate.stateMillionths },
      { jurisdiction: `County tax, ${zipRate.region}`, rateMillionths: zipRate.countyMillionths },
      { jurisdiction: `City tax, ${zipRate.region}`, rateMillionths: zipRate.cityMillionths },
      { jurisdiction: `Special district tax, ${zipRate.region}`, rateMillionths: zipRate.specialMillionths },
    ];
    const charged = parts.filter((p) => p.rateMillionths > 0);
    // A combined rate within the file's rounding of parts that are all zero still needs a jurisdiction to carry it.
    const named = charged.length > 0 ? charged : [{ jurisdiction: `${name} sales tax`, rateMillionths: zipRate.combinedMillionths }];
    return { source: 'zip', levy: { rateMillionths: zipRate.combinedMillionths, parts: named } };
  }
  const rate = usStateRate(state);
  const parts = [
    { jurisdiction: `${name} state tax`, rateMillionths: rate.stateMillionths },
    { jurisdiction: `${name} local tax (state average)`, rateMillionths: rate.averageLocalMillionths },
  ];
  return { source: 'default', levy: { rateMillionths: rate.stateMillionths + rate.averageLocalMillionths, parts: parts.filter((p) => p.rateMillionths > 0) } };
}

/**
 * What `destination` is charged under `options`: its ZIP code's row when one is given for it (the row's state wins),
 * else the default table; nothing outside the nexus, in a state without a sales tax, or at a military or territory
 * address, with the sentence the checkout shows ('No sales tax is collected for Oregon').
 */
export function taxesFor(destination: TaxDestination, options: TaxOptions): DestinationTaxes {
  if (destination.country === 'Canada') {
    const located = locateCanadianPostalCode(destination.postal);
    if (!located.ok) return located;
    const { code, name } = located.region;
    if (!options.nexus.canada) return notCollected(name, 'outside-nexus');
    return { ok: true, collected: true, place: name, source: 'default', levies: CANADA_TAXES[code].map((t) => ({ rateMillionths: t.rateMillionths, parts: [t] })) };
  }
  const zip5 = usZip5(destination.postal);
  if (!zip5) return { ok: false, message: TAX_POSTAL_MESSAGES.usZip };
  // A ZIP code's own row names its state, and applies to that ZIP code only.
  const zipRate = options.zipRate?.zip === zip5 ? options.zipRate : null;
  let state: UsStateCode;
  if (zipRate) state = zipRate.state;
  else {
    const located = locateUsZip(zip5);
    if (!located.ok) return located;
    if (located.region.kind !== 'state') return notCollected(located.region.name, 'not-a-state');
    state = located.region.code;
  }
  const place = US_STATES[state];
  const { source, levy } = usLevy(state, zipRate);
  if (levy.rateMillionths === 0) return notCollected(place, 'no-sales-tax');
  if (!options.nexus.states.includes(state)) return notCollected(place, 'outside-nexus');
  return { ok: true, collected: true, place, source, levies: [levy] };
}

/* ---------- A quote: the tax of each line ---------- */

/** One jurisdiction's tax on a line: its name and rate, and the cents it takes. */
export interface TaxComponent {
  jurisdiction: string;
  rateMillionths: number;
  taxCents: number;
}

/** A line's tax: the sum of its components, each levy rounded half up to the cent. */
export interface LineTax {
  taxCents: number;
  components: TaxComponent[];
}

/** What an order pays in tax: each line's, in the order given, and the totals (by jurisdiction too, for a summary). */
export type TaxQuote =
  | {
      ok: true;
      collected: boolean;
      place: string;
      /** 'zip' or 'default' when collected; null otherwise. */
      source: 'zip' | 'default' | null;
      /** Why nothing is collected, and the sentence to show; null when tax is collected. */
      why: NoTaxReason | null;
      message: string | null;
      lines: LineTax[];
      totalCents: number;
      components: TaxComponent[];
    }
  | { ok: false; message: string };

/** What the checkout shows for tax before it has an address, as it does for shipping. */
export const TAX_PENDING = 'Enter shipping address';

/** A line's total must be whole cents, 0 or more: anything else is a bug in the caller, as in priceLines. */
function requireLineTotal(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`A line's total must be whole cents, 0 or more (got ${cents})`);
}

/** `amountCents` × `rateMillionths` / 1,000,000, rounded half up to the cent, exactly (in BigInt: a line may be millions of dollars). */
export function taxCentsOf(amountCents: number, rateMillionths: number): number {
  requireLineTotal(amountCents);
  if (!Number.isSafeInteger(rateMillionths) || rateMillionths < 0) throw new RangeError(`Not a rate in millionths: ${rateMillionths}`);
  return Number((BigInt(amountCents) * BigInt(rateMillionths) + BigInt(RATE_SCALE / 2)) / BigInt(RATE_SCALE));
}

/**
 * Splits `taxCents` among `parts` in proportion to their rates, in whole cents that add up to it: each part gets
 * the floor of its share, and the cents left go to the largest remainders (the first part on a tie).
 */
function split(taxCents: number, parts: readonly TaxRate[]): number[] {
  if (parts.length === 1) return [taxCents];
  const weight = BigInt(parts.reduce((sum, p) => sum + p.rateMillionths, 0));
  if (weight === 0n) return parts.map(() => 0);
  const exact = parts.map((p) => BigInt(taxCents) * BigInt(p.rateMillionths));
  const shares = exact.map((e) => Number(e / weight));
  let left = taxCents - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e % weight })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** One line's tax under `levies`: each levy rounded half up on the line's total, then split among its parts. */
export function lineTaxOf(totalCents: number, levies: readonly TaxLevy[]): LineTax {
  const components: TaxComponent[] = [];
  for (const levy of levies) {
    const cents = split(taxCentsOf(totalCents, levy.rateMillionths), levy.parts);
    levy.parts.forEach((p, i) => components.push({ jurisdiction: p.jurisdiction, rateMillionths: p.rateMillionths, taxCents: cents[i]! }));
  }
  return { taxCents: components.reduce((sum, c) => sum + c.taxCents, 0), components };
}

/** Lines' taxes by jurisdiction: each jurisdiction and rate once, its cents added up, in the order first seen. */
export function sumTaxComponents(components: readonly TaxComponent[]): TaxComponent[] {
  const totals = new Map<string, TaxComponent>();
  for (const component of components) {
    const key = `${component.jurisdiction}\u0000${component.rateMillionths}`;
    const sum = totals.get(key);
    if (sum) sum.taxCents += component.taxCents;
    else totals.set(key, { ...component });
  }
  return [...totals.values()];
}

/**
 * The one tax function: each line's tax (lines as priceLines gives them, `{ totalCents }`) at `destination` under
 * `options`, rounded per line; or the message to show when the ZIP or postal code cannot be placed.
 */
export function taxOf(destination: TaxDestination, lines: readonly { totalCents: number }[], options: TaxOptions): TaxQuote {
  const taxes = taxesFor(destination, options);
  if (!taxes.ok) return taxes;
  if (!taxes.collected) {
    for (const line of lines) requireLineTotal(line.totalCents);
    return {
      ok: true,
      collected: false,
      place: taxes.place,
      source: null,
      why: taxes.why,
      message: taxes.message,
      lines: lines.map(() => ({ taxCents: 0, components: [] })),
      totalCents: 0,
      components: [],
    };
  }
  const taxed = lines.map((line) => lineTaxOf(line.totalCents, taxes.levies));
  return {
    ok: true,
    collected: true,
    place: taxes.place,
    source: taxes.source,
    why: null,
    message: null,
    lines: taxed,
    totalCents: taxed.reduce((sum, l) => sum + l.taxCents, 0),
    components: sumTaxComponents(taxed.flatMap((l) => l.components)),
  };
}
