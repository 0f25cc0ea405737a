/**
 * The ring builder's words, without Zod (its pages use them on first load): whether a stone fits a setting's head,
 * the build as the URL carries it, a ring's itemized price, and the rules of holding a stone while the shopper
 * decides. The API's shapes are in ring-builder-schemas.ts. docs/decisions/015-ring-builder.md.
 */
import { formatCarat } from './display.ts';
import { ENGRAVING, LUXE_MIN_CENTER_CARAT, METAL_IDS, RING_SIZES, RING_SIZE_UNKNOWN, engravingProblem, type MetalId, type RingDesign, type RingHead, type ShapeName } from './products.ts';

// ---------------------------------------------------------------------------------------------------------------
// Compatibility: a head holds a list of shapes, a window of stone widths in mm, and (Luxe) a minimum weight.

/** What a head accepts, as the builder checks it: the design's head, with its Luxe minimum (0 for most). */
export interface HeadFit {
  shapes: readonly ShapeName[];
  minWidthMm: number;
  maxWidthMm: number;
  /** §9: a Luxe head takes a center stone of LUXE_MIN_CENTER_CARAT or more; 0 for every other head. */
  minCenterCarat: number;
}

/** A center stone as its certificate gives it: shape, weight, and its length and width in mm (null when not given). */
export interface StoneFitInput {
  shape: string;
  carat: number;
  lengthMm: number | null;
  widthMm: number | null;
}

/** A head's fit from its design (a design stored before heads carried a Luxe minimum reads as 0). */
export function headFitOf(head: RingHead): HeadFit {
  return { shapes: head.shapes, minWidthMm: head.minWidthMm, maxWidthMm: head.maxWidthMm, minCenterCarat: head.minCenterCarat ?? 0 };
}

const mm = (n: number) => `${n.toFixed(2)} mm`;

export const FIT_MESSAGES = {
  noMeasurements:
    "This diamond's certificate gives no measurements, so we cannot match a setting to it here. Please ask a gemologist, who will measure it for you.",
} as const;

/**
 * Why `stone` cannot be set in `head`, in the shopper's words; null when it fits. The width is the certificate's
 * width (the smaller of the two face measurements); a stone without measurements is never matched by guesswork.
 */
export function fitProblem(head: HeadFit, stone: StoneFitInput): string | null {
  if (!head.shapes.includes(stone.shape as ShapeName)) {
    return `This setting is made for ${listWords(head.shapes.map((s) => s.toLowerCase()))} center stones; this diamond is ${article(stone.shape)} ${stone.shape.toLowerCase()}.`;
  }
  if (head.minCenterCarat > 0 && stone.carat < head.minCenterCarat) {
    return `Luxe settings are made for a center stone of ${formatCarat(head.minCenterCarat)} carats or more; this diamond weighs ${formatCarat(stone.carat)} ct.`;
  }
  if (stone.widthMm === null || stone.lengthMm === null) return FIT_MESSAGES.noMeasurements;
  const width = Math.min(stone.widthMm, stone.lengthMm);
  if (width < head.minWidthMm || width > head.maxWidthMm) {
    return `This setting holds ${stone.shape.toLowerCase()} stones from ${mm(head.minWidthMm)} to ${mm(head.maxWidthMm)} wide; this diamond is ${mm(width)} wide.`;
  }
  return null;
}

/** A Luxe head (§9): made for a center stone of 3 ct or more. */
export function isLuxeHead(head: HeadFit): boolean {
  return head.minCenterCarat >= LUXE_MIN_CENTER_CARAT;
}

function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? 'an' : 'a';
}

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The build as the URL carries it: every step reads it, every link writes it, so a build survives reload, Back,
// a shared link and another device. The cart holds it only once it is added.

export type AccentOrigin = 'lab' | 'natural';

export interface RingBuild {
  /** The center stone's id (the loose-diamond inventory). */
  diamond: number | null;
  /** The setting's product slug. */
  setting: string | null;
  metal: MetalId | null;
  /** The origin of the setting's own small stones (pavé, halo), where it has them; the stone's own origin by default. */
  accents: AccentOrigin | null;
  /** A US ring size, 'unknown', or null before one is chosen. */
  size: string | null;
  engraving: string;
  /** "I need it by": a calendar day, YYYY-MM-DD. */
  by: string | null;
}

export const EMPTY_BUILD: RingBuild = { diamond: null, setting: null, metal: null, accents: null, size: null, engraving: '', by: null };

/** The URL parameters of a build, in the order links write them. */
export const BUILD_PARAMS = ['diamond', 'setting', 'metal', 'accents', 'size', 'engraving', 'by'] as const;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The build a URL names. What cannot be read is left out rather than refused (a link typed by hand or cut short
 * still opens the builder), and `dropped` says which parameters were ignored.
 */
export function readBuild(params: URLSearchParams): { build: RingBuild; dropped: string[] } {
  const dropped: string[] = [];
  const get = (key: string) => {
    const v = params.get(key);
    return v === null || v.trim() === '' ? null : v.trim();
  };
  const build: RingBuild = { ...EMPTY_BUILD };
  const diamond = get('diamond');
  if (diamond !== null) {
    if (/^\d{1,9}$/.test(diamond) && Number(diamond) > 0) build.diamond = Number(diamond);
    else dropped.push('diamond');
  }
  const setting = get('setting');
  if (setting !== null) {
    if (SLUG.test(setting)) build.setting = setting;
    else dropped.push('setting');
  }
  const metal = get('metal');
  if (metal !== null) {
    if ((METAL_IDS as readonly string[]).includes(metal)) build.metal = metal as MetalId;
    else dropped.push('metal');
  }
  const accents = get('accents');
  if (accents !== null) {
    if (accents === 'lab' || accents === 'natural') build.accents = accents;
    else dropped.push('accents');
  }
  const size = get('size');
  if (size !== null) {
    if (size === RING_SIZE_UNKNOWN || RING_SIZES.includes(size)) build.size = size;
    else dropped.push('size');
  }
  const engraving = params.get('engraving');
  if (engraving !== null && engraving !== '') {
    if (engravingProblem(engraving) === null) build.engraving = engraving;
    else dropped.push('engraving');
  }
  const by = get('by');
  if (by !== null) {
    if (DAY.test(by) && !Number.isNaN(Date.parse(`${by}T12:00:00Z`))) build.by = by;
    else dropped.push('by');
  }
  return { build, dropped };
}

/** The URL parameters of `build` (only what is chosen), the inverse of `readBuild`. */
export function buildToParams(build: RingBuild): URLSearchParams {
  const params = new URLSearchParams();
  if (build.diamond !== null) params.set('diamond', String(build.diamond));
  if (build.setting !== null) params.set('setting', build.setting);
  if (build.metal !== null) params.set('metal', build.metal);
  if (build.accents !== null) params.set('accents', build.accents);
  if (build.size !== null) params.set('size', build.size);
  if (build.engraving !== '') params.set('engraving', build.engraving);
  if (build.by !== null) params.set('by', build.by);
  return params;
}

/** The builder's three steps, and where each lives: step 1 is the diamond search, 2 and 3 the builder's own pages. */
export const BUILDER_STEPS = [
  { n: 1, label: 'Choose a Diamond', path: '/diamond' },
  { n: 2, label: 'Choose a Setting', path: '/ring-builder/settings' },
  { n: 3, label: 'Complete Your Ring', path: '/ring-builder/complete' },
] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number]['n'];

/** The link to `step` carrying the whole build ('/ring-builder/complete?diamond=12&setting=aria-setting&metal=…'). */
export function builderPath(step: BuilderStep, build: RingBuild): string {
  const query = buildToParams(build).toString();
  const path = BUILDER_STEPS[step - 1]!.path;
  return query ? `${path}?${query}` : path;
}

/** Whether the build has what step 3 needs: a stone and a setting. */
export function buildIsComplete(build: RingBuild): build is RingBuild & { diamond: number; setting: string } {
  return build.diamond !== null && build.setting !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// A ring's price: the center stone, the setting in its metal, the setting's side stones, the engraving. Whole cents,
// and the items always add up to the total.

export interface RingPriceParts {
  /** The center stone at its inventory price. */
  stoneCents: number;
  /** The setting's metal and the work of making and setting it (less any offer on the setting). */
  settingCents: number;
  /** The setting's own small stones (pavé, halo, side stones), 0 when it has none. */
  sideStonesCents: number;
  /** ENGRAVING.priceCents when engraved, else 0. */
  engravingCents: number;
}

export interface RingPrice extends RingPriceParts {
  totalCents: number;
}

/**
 * The ring's itemized price from its parts: the setting variant's price split into its side stones and the rest,
 * so setting + side stones is exactly the variant's price and the total is exactly their sum with stone and engraving.
 */
export function ringPrice(input: { stoneCents: number; settingVariantCents: number; settingStonesCents: number; engraved: boolean }): RingPrice {
  for (const [name, v] of Object.entries(input)) {
    if (typeof v === 'number' && (!Number.isInteger(v) || v < 0)) throw new RangeError(`${name} must be whole cents, 0 or more (got ${v})`);
  }
  const sideStonesCents = Math.min(input.settingStonesCents, input.settingVariantCents);
  const parts: RingPriceParts = {
    stoneCents: input.stoneCents,
    settingCents: input.settingVariantCents - sideStonesCents,
    sideStonesCents,
    engravingCents: input.engraved ? ENGRAVING.priceCents : 0,
  };
  return { ...parts, totalCents: parts.stoneCents + parts.settingCents + parts.sideStonesCents + parts.engravingCents };
}

/** A ring's price as the API carries it (snake_case, cents): GET /api/builder/ring and an order's ring. */
export interface RingPriceOnWire {
  stone_cents: number;
  setting_cents: number;
  side_stones_cents: number;
  engraving_cents: number;
  total_cents: number;
}

export function ringPriceToWire(p: RingPrice): RingPriceOnWire {
  return { stone_cents: p.stoneCents, setting_cents: p.settingCents, side_stones_cents: p.sideStonesCents, engraving_cents: p.engravingCents, total_cents: p.totalCents };
}

export function ringPriceFromWire(w: RingPriceOnWire): RingPrice {
  return { stoneCents: w.stone_cents, settingCents: w.setting_cents, sideStonesCents: w.side_stones_cents, engravingCents: w.engraving_cents, totalCents: w.total_cents };
}

/** The lines of a ring's price as the builder, the cart and the order show them. */
export function ringPriceItems(price: RingPrice, names: { stone: string; setting: string }): { label: string; cents: number }[] {
  const items = [
    { label: `Center stone: ${names.stone}`, cents: price.stoneCents },
    { label: `Setting: ${names.setting}`, cents: price.settingCents },
  ];
  if (price.sideStonesCents > 0) items.push({ label: 'Side stones of the setting', cents: price.sideStonesCents });
  if (price.engravingCents > 0) items.push({ label: 'Engraving', cents: price.engravingCents });
  return items;
}

// ---------------------------------------------------------------------------------------------------------------
// The ring as made: the setting's design holding the chosen stone, and when it leaves the workshop.

/** A center stone's size as its certificate gives it: length and width in mm, depth as a share of the width (%). */
export interface CertificateSize {
  shape: ShapeName;
  lengthMm: number;
  widthMm: number;
  /** Total depth %, of the width; null when the certificate leaves it out (a well-cut 62% is drawn then). */
  depthPct: number | null;
}

/** The setting's design with the stone in its head at the certificate's length, width and depth: what every picture of the ring draws. */
export function ringDesignWithStone(setting: RingDesign, stone: CertificateSize): RingDesign {
  const width = Math.min(stone.lengthMm, stone.widthMm);
  const length = Math.max(stone.lengthMm, stone.widthMm);
  const depthMm = Math.round(width * ((stone.depthPct ?? 62) / 100) * 100) / 100;
  return {
    ...setting,
    head: setting.head ? { ...setting.head, shapes: [stone.shape], shownWidthMm: width } : null,
    center: { gem: 'diamond', shape: stone.shape, lengthMm: stone.shape === 'Round' ? width : length, widthMm: width, depthMm },
  };
}

/**
 * Business days from the order to a built ring leaving the workshop: the setting's own lead time, or the stone's
 * way to the bench if that is longer, and then RING_SETTING_DAYS to set the stone, polish and inspect the ring.
 */
export const STONE_TO_BENCH_DAYS = 5;
export const RING_SETTING_DAYS = 2;
export function ringLeadDays(settingLeadDays: number): number {
  return Math.max(settingLeadDays, STONE_TO_BENCH_DAYS) + RING_SETTING_DAYS;
}

// ---------------------------------------------------------------------------------------------------------------
// Proposal date: "I need it by".

/** Whether a ring that ships on `shipsBy` (a local calendar day) is ready by the shopper's date `by` (YYYY-MM-DD). */
export function meetsDate(shipsBy: Date, by: string): { meets: boolean; message: string } {
  const [y, m, d] = by.split('-').map(Number) as [number, number, number];
  const need = new Date(y, m - 1, d);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
  // Shipping is free and overnight within the US (§9's insured delivery): it arrives the next business day.
  const arrives = new Date(shipsBy.getFullYear(), shipsBy.getMonth(), shipsBy.getDate() + (shipsBy.getDay() === 5 ? 3 : 1));
  if (arrives <= need) return { meets: true, message: `Arrives by ${day.format(arrives)}, in time for ${day.format(need)}.` };
  return {
    meets: false,
    message: `This ring would arrive ${day.format(arrives)}, after ${day.format(need)}. A ready-to-ship preset ring, or a call with us to rush it, may still make your date.`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Holding a stone while the shopper decides.

/**
 * A signed-in shopper on step 3 may hold the center stone for HOLD.minutes (the server's BUILDER_HOLD_MINUTES may
 * change it): nobody else can order it meanwhile, and others see it on hold and when it frees. So that holds cannot
 * take stones off the search, an account holds one stone at a time (a new hold lets the old one go), an address
 * (IP) holds at most `perAddress` at once, and one account may hold the same stone at most `perStonePerDay` times
 * in a day. Renewing a running hold (the checkout page does) keeps it going, but never past `longestSpans` holds'
 * time from when it was taken, so no script can keep a stone off sale by renewing it. Placing an order turns the
 * hold into the order's reservation.
 */
export const HOLD = {
  minutes: 15,
  perAccount: 1,
  perAddress: 3,
  perStonePerDay: 2,
  /** Renewing (the checkout page does) keeps a hold going at most this many holds' time from when it was taken. */
  longestSpans: 2,
} as const;

export const HOLD_MESSAGES = {
  signIn: 'Please sign in to hold this diamond while you decide.',
  heldByOther: (until: string) => `Another shopper is holding this diamond until ${until}. It can be ordered again after that if they do not buy it.`,
  notAvailable: 'This diamond is no longer available, so it cannot be held.',
  perAddress: `At most ${HOLD.perAddress} diamonds can be held at once from one connection. Please let one go, or wait for a hold to end.`,
  perStonePerDay: `You have held this diamond ${HOLD.perStonePerDay} times today, which is as often as one diamond can be held by one shopper in a day. You can still order it while it is available.`,
  noHold: 'You are not holding this diamond.',
} as const;

/** '3:45 PM': when a hold ends, in the reader's time zone (`zone` on the server, e.g. an email). */
export function holdEndText(expiresAt: string, zone?: string): string {
  return new Date(expiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone });
}

/** A ring line's description as the cart and the order name it: 'Aria Engagement Ring in 14K White Gold with a 1.01 Carat Round Lab Diamond, F VS1'. */
export function ringDescription(settingName: string, metalLabel: string, stoneDescription: string): string {
  return `${settingName} in ${metalLabel} with a ${stoneDescription}`.slice(0, 200);
}
