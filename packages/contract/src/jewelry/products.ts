/**
 * The jewelry catalog's words, without Zod (pages use them on first load): families, styles, collections and the
 * shapes of a product as the API answers it. A piece's design is design.ts (its parts and bounds) and
 * design-schemas.ts (its schema and types); metals, ring sizes and engraving are ring-choices.ts; the schemas of the
 * requests are in product-schemas.ts.
 */
import { SHAPES } from '../constants.ts';
import { formatCarat } from '../diamonds/display.ts';
import { METAL_LABELS, type MetalHue, type MetalId } from '../ring-builder/ring-choices.ts';

export type ShapeName = (typeof SHAPES)[number];

/**
 * What a piece is. A setting is an engagement ring without its center stone (made to order, for the ring builder);
 * a preset is a finished engagement ring with its own certified center stone; a band is a wedding, anniversary or
 * eternity ring; a ring is any other ring (gemstone and fashion rings).
 */
export const PRODUCT_FAMILIES = ['setting', 'preset', 'band', 'ring', 'earrings', 'necklace', 'bracelet'] as const;
export type ProductFamily = (typeof PRODUCT_FAMILIES)[number];

/** Families worn on a finger: they take a ring size (the line's, not the variant's). */
export const RING_FAMILIES: readonly ProductFamily[] = ['setting', 'preset', 'band', 'ring'];

/** §2's seven engagement ring styles, in the engagement page's order. */
export const SETTING_STYLES = [
  { id: 'solitaire', label: 'Solitaire' },
  { id: 'halo', label: 'Halo' },
  { id: 'vintage', label: 'Vintage' },
  { id: 'side-stone', label: 'Side Stone' },
  { id: 'three-stone', label: 'Three Stone' },
  { id: 'pave', label: 'Pave' },
  { id: 'hidden-halo', label: 'Hidden Halo' },
] as const;
export type SettingStyle = (typeof SETTING_STYLES)[number]['id'];

/** What kind of piece within its family: the listing's "style" filter. */
export const PRODUCT_STYLES = [
  ...SETTING_STYLES,
  // Bands (the wedding page's METAL BRANDS, DIAMOND BRANDS, ANNIVERSARY RINGS, ETERNITY RINGS).
  { id: 'plain', label: 'Metal Band' },
  { id: 'diamond-band', label: 'Diamond Band' },
  { id: 'anniversary', label: 'Anniversary Ring' },
  { id: 'eternity', label: 'Eternity Ring' },
  // Other rings.
  { id: 'gemstone', label: 'Gemstone Ring' },
  { id: 'stacking', label: 'Stacking Ring' },
  // Earrings.
  { id: 'studs', label: 'Stud Earrings' },
  { id: 'hoops', label: 'Hoop Earrings' },
  { id: 'drops', label: 'Drop Earrings' },
  // Necklaces and bracelets.
  { id: 'tennis-necklace', label: 'Tennis Necklace' },
  { id: 'pendant', label: 'Pendant' },
  { id: 'tennis-bracelet', label: 'Tennis Bracelet' },
  { id: 'bangle', label: 'Bangle' },
] as const;
export type ProductStyle = (typeof PRODUCT_STYLES)[number]['id'];
export const PRODUCT_STYLE_LABELS = Object.fromEntries(PRODUCT_STYLES.map((s) => [s.id, s.label])) as Record<ProductStyle, string>;

/** §1's two collections and §3's Trending series. The Reserve's Luxe rings take a center stone of 3 ct or more (§9). */
export const COLLECTIONS = [
  { id: 'the-bond', label: 'The Bond', blurb: 'Rings for the promise itself: clean lines, made to be worn every day for a lifetime.' },
  { id: 'the-reserve', label: 'The Reserve', blurb: 'Our finest work: heavier metal, hand-set pavé and the Luxe rings, made for a center stone of three carats or more.' },
  { id: 'elements', label: 'Elements', blurb: 'Earth, water, air and fire, in gold and diamonds you can wear every day.' },
  { id: 'the-bouquet', label: 'The Bouquet', blurb: 'Clusters of diamonds gathered like flowers.' },
  { id: 'the-ceramic-series', label: 'The Ceramic Series', blurb: 'Black and white ceramic inlaid in gold, with diamonds.' },
] as const;
export type CollectionId = (typeof COLLECTIONS)[number]['id'];

/** §9: Luxe rings start at a 3-carat center stone. */
export const LUXE_MIN_CENTER_CARAT = 3;

/** Who a piece is shown to first: bands for him and for her. */
export const GENDERS = ['her', 'him', 'unisex'] as const;
export type Gender = (typeof GENDERS)[number];

/** Stones other than diamonds (gemstone rings, pendants). */
export const GEMSTONES = [
  { id: 'diamond', label: 'Diamond', color: '#f4f7fb' },
  { id: 'sapphire', label: 'Blue Sapphire', color: '#1f4fa8' },
  { id: 'ruby', label: 'Ruby', color: '#a3122a' },
  { id: 'emerald', label: 'Emerald', color: '#0f7a4a' },
  { id: 'pink-sapphire', label: 'Pink Sapphire', color: '#e0709c' },
  { id: 'aquamarine', label: 'Aquamarine', color: '#7fc8d8' },
  { id: 'morganite', label: 'Morganite', color: '#e8b4a0' },
] as const;
export type GemstoneId = (typeof GEMSTONES)[number]['id'];

/** The colours a metal is drawn in: a highlight, the body and a shadow (pictures and the 3D view). */
export const METAL_COLORS: Record<MetalHue, { light: string; base: string; dark: string }> = {
  white: { light: '#ffffff', base: '#d9dde2', dark: '#8d949c' },
  platinum: { light: '#fbfcfd', base: '#d2d6db', dark: '#7f878f' },
  yellow: { light: '#fff3c4', base: '#e2bd63', dark: '#a27a26' },
  rose: { light: '#ffe1d6', base: '#e3a68f', dark: '#a4654f' },
};

/** A piece's price, itemized (integer cents): what the product page, the cart and the order show. */
export interface PriceBreakdown {
  metalCents: number;
  /** Accent stones (side stones, pavé, the stones of a tennis piece, a gemstone). */
  stonesCents: number;
  /** The center stone included in the piece (presets, solitaire studs and pendants), 0 when none. */
  centerCents: number;
  laborCents: number;
  /** What an offer takes off (a negative number), 0 when none. */
  offerCents: number;
}
export function breakdownTotal(b: PriceBreakdown): number {
  return b.metalCents + b.stonesCents + b.centerCents + b.laborCents + b.offerCents;
}

/** A certified center stone that comes with a preset (its own, not one of the loose-diamond inventory). */
export interface IncludedStone {
  certificate_number: string;
  lab: 'IGI' | 'GIA';
  origin: 'lab' | 'natural';
  shape: ShapeName;
  carat: number;
  color: string;
  clarity: string;
  cut: string;
  length_mm: number;
  width_mm: number;
  depth_mm: number;
}

/** How a variant is supplied: made to order after so many business days, or from stock. */
export type Supply = { kind: 'made-to-order'; leadDays: number } | { kind: 'stock'; quantity: number };

/** What tells one variant from another, in words: '14K White Gold · Oval center · 1.00 ct tw · Lab-grown diamonds'. */
export function variantLabel(
  v: { metal: MetalId; shape: ShapeName | null; carat_total: number | null; width_mm?: number | null; origin: 'lab' | 'natural' | null },
  family: ProductFamily,
): string {
  const parts: string[] = [METAL_LABELS[v.metal]];
  if (v.width_mm != null) parts.push(`${v.width_mm} mm wide`);
  if (v.shape) parts.push(family === 'setting' ? `for ${/^[AEIOU]/.test(v.shape) ? 'an' : 'a'} ${v.shape.toLowerCase()} center stone` : `${v.shape}`);
  if (v.carat_total !== null && family !== 'preset') parts.push(`${formatCarat(v.carat_total)} ct tw`);
  if (v.origin && family !== 'preset') parts.push(v.origin === 'lab' ? 'lab-grown diamonds' : 'natural diamonds');
  return parts.join(', ');
}
