/**
 * A piece's design, without Zod (the storefront draws pieces on first load): its forms, the choices of its parts and
 * the bounds of every measure. The bounds are written here once: the schema a design is checked against
 * (design-schemas.ts, used by the catalog import and the back office's desk) and the back office's design editor
 * (its fields' min, max and step, and their hints) read them from here. The design's types are inferred from its
 * schema (design-schemas.ts). docs/decisions/014-jewelry-catalog.md.
 */
import { RING_FAMILIES, type ProductFamily } from './products.ts';

/** How a piece is drawn: every ring family is drawn as a ring; earrings, necklaces and bracelets as themselves. */
export const DESIGN_FORMS = ['ring', 'earrings', 'necklace', 'bracelet'] as const;
export type DesignForm = (typeof DESIGN_FORMS)[number];

/** The form a product of `family` is drawn as. */
export function designFormOf(family: ProductFamily): DesignForm {
  return RING_FAMILIES.includes(family) ? 'ring' : (family as Exclude<ProductFamily, 'setting' | 'preset' | 'band' | 'ring'>);
}

/** Band cross-sections. */
export const BAND_PROFILES = ['comfort', 'flat', 'knife-edge', 'domed', 'tapered'] as const;
export type BandProfile = (typeof BAND_PROFILES)[number];

/** How small stones sit along a band. */
export const ACCENT_SETTINGS = ['pave', 'channel', 'shared-prong', 'bezel', 'eternity'] as const;
export type AccentSetting = (typeof ACCENT_SETTINGS)[number];

/** Prongs holding a stone, in the order the editor offers them; 0 is a bezel. */
export const PRONG_COUNTS = [4, 6, 0] as const;
/** A halo of small stones round the center: none, a visible halo, or hidden under the stone. */
export const HALO_KINDS = ['none', 'halo', 'hidden'] as const;
/** Side stones beside the center: none, or two (three-stone). */
export const SIDE_CENTER_COUNTS = [0, 2] as const;
/** A ceramic inlay (The Ceramic Series); a design without one has null. */
export const INLAYS = ['black', 'white'] as const;
export const EARRING_STYLES = ['studs', 'hoops', 'drops'] as const;
export const NECKLACE_STYLES = ['tennis-necklace', 'pendant'] as const;
export const BRACELET_STYLES = ['tennis-bracelet', 'bangle'] as const;
/** A pendant's motif (Elements, The Bouquet); a design without one has null. */
export const PENDANT_MOTIFS = ['solitaire', 'cluster', 'bar', 'halo'] as const;

/** A measure's bounds, both included, and the step the back office's editor moves it by; `whole` for a count. */
export interface DesignBound {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly whole?: true;
}

/** A stone's size as drawn on a piece (a coloured center, an earring's or a pendant's stone), each of its three measures, mm. */
const STONE_LOOK_MM: DesignBound = { min: 0.5, max: 30, step: 0.01 };
/** A head's stone widths (the stone it is shown with, and the window it holds), mm. */
const HEAD_WIDTH_MM: DesignBound = { min: 0.5, max: 25, step: 0.01 };
const STRAND_STONES: DesignBound = { min: 0, max: 500, step: 1, whole: true };
/** A strand's stone size, mm: 0 on a plain bangle. */
const STRAND_STONE_MM: DesignBound = { min: 0, max: 20, step: 0.1 };

/**
 * Every measure of a design, by form and part. Millimetres, inches and carats are real: a picture is to scale, and
 * a design outside these draws as nonsense or prices as nothing. Each range holds every piece of the demo catalog.
 */
export const DESIGN_BOUNDS = {
  ring: {
    bandWidthMm: { min: 0.5, max: 12, step: 0.1 },
    bandThicknessMm: { min: 0.5, max: 4, step: 0.1 },
  },
  head: {
    shownWidthMm: HEAD_WIDTH_MM,
    minWidthMm: HEAD_WIDTH_MM,
    maxWidthMm: HEAD_WIDTH_MM,
    /** §9: LUXE_MIN_CENTER_CARAT for a Luxe head. */
    minCenterCarat: { min: 0, max: 20, step: 0.01 },
  },
  accents: {
    count: { min: 0, max: 500, step: 1, whole: true },
    caratTotal: { min: 0, max: 50, step: 0.01 },
    /** How far round the band they go: 1 is all the way (eternity); 0 for side stones beside the head. */
    coverage: { min: 0, max: 1, step: 0.05 },
  },
  stoneLook: { lengthMm: STONE_LOOK_MM, widthMm: STONE_LOOK_MM, depthMm: STONE_LOOK_MM },
  earrings: {
    hoopDiameterMm: { min: 8, max: 60, step: 1 },
    hoopStones: { min: 0, max: 100, step: 1, whole: true },
  },
  necklace: {
    lengthIn: { min: 12, max: 40, step: 0.5 },
    stones: STRAND_STONES,
    stoneMm: STRAND_STONE_MM,
  },
  bracelet: {
    lengthIn: { min: 5, max: 12, step: 0.25 },
    stones: STRAND_STONES,
    stoneMm: STRAND_STONE_MM,
    /** A bangle's width, mm. */
    widthMm: { min: 1, max: 30, step: 0.1 },
  },
} as const satisfies Record<string, Record<string, DesignBound>>;

/** A bound in words, as a message or a field's hint ends: 'from 0.5 to 12', 'a whole number from 0 to 500'. */
export function boundText(bound: DesignBound): string {
  return `${bound.whole ? 'a whole number from' : 'from'} ${bound.min} to ${bound.max}`;
}

