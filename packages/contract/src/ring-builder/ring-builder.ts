/**
 * The ring builder's words, without Zod (its pages use them on first load): whether a stone fits a setting's head,
 * a ring's itemized price and when it is made. The build as the URL carries it is ring-build.ts, the rules of
 * holding a stone holds.ts; the API's shapes are in ring-builder-schemas.ts. docs/decisions/015-ring-builder.md.
 */
import { formatCarat } from '../diamonds/display.ts';
import type { RingDesign, RingHead } from '../jewelry/design-schemas.ts';
import { LUXE_MIN_CENTER_CARAT, type ShapeName } from '../jewelry/products.ts';
import { ENGRAVING } from './ring-choices.ts';
import { article, listWords } from '../words.ts';

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

/** A ring line's description as the cart and the order name it: 'Aria Engagement Ring in 14K White Gold with a 1.01 Carat Round Lab Diamond, F VS1'. */
export function ringDescription(settingName: string, metalLabel: string, stoneDescription: string): string {
  return `${settingName} in ${metalLabel} with a ${stoneDescription}`.slice(0, 200);
}
