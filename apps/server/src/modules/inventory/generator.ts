/**
 * The demo inventory: a deterministic stream of plausible diamonds. The same seed always yields the same
 * stones, row by row, so a million of them never sit in memory and every machine seeds the same store.
 */
import { CERTIFICATE_COMPANIES, DIAMOND_TYPES, SHAPES, dollarsToCents } from '@everstone/contract';
import type { NewDiamond } from '../../db/schema.ts';
import { priceDollars, type PriceInput } from './price-model.ts';

// ---------------------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------------------

/** murmur3's finalizer: a cheap, well-mixing 32-bit hash for seeding and for the certificate scramble. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** An index drawn with the given relative weights. */
  pick(weights: readonly number[]): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
}

/** sfc32 (PractRand-clean, fast in 32-bit JS arithmetic), its state spread from the seed by mix32. */
export function createRng(seed: number): Rng {
  let a = mix32(seed ^ 0x9e3779b9);
  let b = mix32(a ^ 0x243f6a88);
  let c = mix32(b ^ 0xb7e15162);
  let d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still echo the seed; discarding a few is the usual remedy.
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    pick(weights) {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
    normal() {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Certificate numbers
// ---------------------------------------------------------------------------------------------------------

/** Nine-digit numbers without a leading zero: 100000000 … 999999999. */
const NINE_DIGITS = 900_000_000;

/**
 * A keyed bijection of [0, NINE_DIGITS): a 4-round Feistel network over 30 bits, cycle-walked back into the
 * domain. Distinct row indexes therefore get distinct numbers by construction, with no lookup or retry, and
 * the numbers look random rather than sequential.
 */
export function createScramble(seed: number): (index: number) => number {
  const keys = [1, 2, 3, 4].map((r) => mix32(seed * 4 + r));
  const encrypt = (x: number) => {
    let left = x >>> 15;
    let right = x & 0x7fff;
    for (const key of keys) {
      const f = mix32(right ^ key) & 0x7fff;
      [left, right] = [right, left ^ f];
    }
    return (left << 15) | right;
  };
  return (index) => {
    if (!(index >= 0 && index < NINE_DIGITS)) throw new RangeError(`Index ${index} outside the certificate space`);
    let y = encrypt(index);
    while (y >= NINE_DIGITS) y = encrypt(y);
    return y;
  };
}

const GIA = CERTIFICATE_COMPANIES.find((c) => c.dl_name === 'GIA')!.id;
const IGI = CERTIFICATE_COMPANIES.find((c) => c.dl_name === 'IGI')!.id;

/**
 * Each lab's own style: GIA ten digits, IGI nine digits with an 'LG' prefix on lab-grown reports. The nine
 * scrambled digits are unique per row, and the formats differ in length or prefix, so no two rows collide.
 */
function certificateNumber(companyId: number, type: number, scrambled: number, rng: Rng): string {
  const digits = String(100_000_000 + scrambled);
  if (companyId === GIA) return `${1 + Math.floor(rng.next() * 9)}${digits}`;
  return type === DIAMOND_TYPES.lab ? `LG${digits}` : digits;
}

// ---------------------------------------------------------------------------------------------------------
// What the stones look like
// ---------------------------------------------------------------------------------------------------------

type ShapeName = (typeof SHAPES)[number];

export interface ShapeProfile {
  /** Relative frequency among white stones and among fancy colors. */
  frequency: { white: number; color: number };
  /** Length ÷ width band of well-proportioned stones of this shape. */
  ratio: readonly [number, number];
  table: readonly [number, number];
  depth: readonly [number, number];
  /**
   * The jewelers' weight-estimation constant: carat ≈ length × width × depth(mm) × k. It ties the
   * measurements to the weight, so a 1 ct round comes out near 6.4 mm across.
   */
  k: number;
}

// Fancy colors favour radiants and cushions, whose facets concentrate color; white stones favour rounds.
export const SHAPE_PROFILES: Record<ShapeName, ShapeProfile> = {
  Round: { frequency: { white: 42, color: 15 }, ratio: [1, 1.01], table: [54, 60], depth: [59.5, 63], k: 0.0061 },
  Princess: { frequency: { white: 8, color: 5 }, ratio: [1, 1.05], table: [64, 76], depth: [66, 78], k: 0.0083 },
  Cushion: { frequency: { white: 8, color: 20 }, ratio: [1, 1.3], table: [58, 70], depth: [61, 72], k: 0.0081 },
  Oval: { frequency: { white: 12, color: 12 }, ratio: [1.3, 1.5], table: [53, 63], depth: [58, 66], k: 0.0062 },
  Emerald: { frequency: { white: 7, color: 6 }, ratio: [1.3, 1.6], table: [60, 70], depth: [60, 70], k: 0.0092 },
  Pear: { frequency: { white: 6, color: 10 }, ratio: [1.45, 1.75], table: [53, 64], depth: [57, 66], k: 0.00615 },
  Asscher: { frequency: { white: 3, color: 3 }, ratio: [1, 1.05], table: [60, 70], depth: [60, 72], k: 0.008 },
  Radiant: { frequency: { white: 7, color: 20 }, ratio: [1, 1.5], table: [61, 72], depth: [61, 72], k: 0.0081 },
  Marquise: { frequency: { white: 4, color: 3 }, ratio: [1.85, 2.2], table: [53, 63], depth: [57, 65], k: 0.00565 },
  Heart: { frequency: { white: 3, color: 6 }, ratio: [0.9, 1.1], table: [53, 63], depth: [56, 64], k: 0.0059 },
};

const profiles = SHAPES.map((name) => SHAPE_PROFILES[name]);
const shapeWeights = {
  white: profiles.map((p) => p.frequency.white),
  color: profiles.map((p) => p.frequency.color),
};

/**
 * Stones are cut to just clear the sizes buyers search for (0.50, 0.70, 0.90, 1.00 …), so weights bunch
 * right above each of them. Each anchor's weight is its share; a stone falls between its anchor and the next,
 * most of them close to the anchor. Lab-grown rough is cheap, so lab stones run larger.
 */
const CARAT_ANCHORS = [0.23, 0.3, 0.4, 0.5, 0.7, 0.9, 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 10] as const;
const CARAT_WEIGHTS: Record<'natural' | 'lab', number[]> = {
  natural: [4, 10, 8, 14, 14, 10, 16, 6, 8, 5, 1.8, 2, 0.8, 0.4],
  lab: [1, 3, 3, 8, 10, 8, 16, 7, 13, 13, 6, 7, 3, 2],
};

// Grade frequencies, in the order of the contract's scales.
const GRADE_WEIGHTS = {
  cut: { natural: [50, 20, 8, 16, 6], lab: [55, 12, 3, 22, 8], color: [35, 30, 15, 15, 5] },
  color: { natural: [10, 16, 22, 27, 25], lab: [22, 28, 25, 15, 10] },
  clarity: { natural: [2, 8, 12, 22, 28, 28], lab: [1, 18, 22, 28, 22, 9], color: [2, 8, 12, 22, 28, 28] },
  polish: [62, 27, 7, 2, 1.5, 0.5],
  symmetry: [58, 30, 8, 2, 0.5, 1.5],
  fluorescence: { natural: [55, 22, 13, 7, 3], lab: [85, 10, 3, 1.5, 0.5] },
  fancyColor: [34, 12, 6, 5, 5, 4, 24, 10],
  fancyIntensity: [22, 30, 24, 14, 10],
} as const;

/** 45% natural, 45% lab-grown, 10% fancy color. */
const TYPE_WEIGHTS = [45, 45, 10];
/** Share of stones graded by GIA, by type; the rest go to IGI, the usual lab for lab-grown stones. */
const GIA_SHARE: Record<number, number> = { 1: 0.85, 2: 0.15, 3: 0.8 };
/** Each optional attribute is missing on about 2% of stones, as in real supplier feeds. */
const MISSING = 0.02;
export const SUPERDEAL_SHARE = 0.05;
/** Featured deals are priced a little under the model. */
const SUPERDEAL_DISCOUNT = 0.9;
/** Asking prices scatter around the model (lognormal, sd 4%, clipped at ±10%). */
const PRICE_NOISE_SD = 0.04;

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function sampleCarat(rng: Rng, type: number): number {
  const weights = type === DIAMOND_TYPES.lab ? CARAT_WEIGHTS.lab : CARAT_WEIGHTS.natural;
  const i = rng.pick(weights);
  const low = CARAT_ANCHORS[i]!;
  const high = CARAT_ANCHORS[i + 1]!;
  // u³ piles most stones just above the anchor and thins out towards the next one.
  const carat = low + (high - low) * rng.next() ** 3;
  return Math.min(19.99, Math.max(low, round(carat, 2)));
}

/** A value in the band, bunched towards its middle (mean of two uniforms). */
function inBand(rng: Rng, [min, max]: readonly [number, number]): number {
  return min + ((max - min) * (rng.next() + rng.next())) / 2;
}

interface Geometry {
  length: number;
  width: number;
  ratio: number;
  table: number;
  depth: number;
}

/** Measurements consistent with the weight: solve carat = ratio · w² · (depth% · w) · k for the width. */
function sampleGeometry(rng: Rng, profile: ShapeProfile, carat: number): Geometry {
  const [minRatio, maxRatio] = profile.ratio;
  const depth = round(inBand(rng, profile.depth), 1);
  const table = round(inBand(rng, profile.table), 1);
  const target = rng.between(minRatio, maxRatio);
  const width = round(Math.cbrt(carat / (target * (depth / 100) * profile.k)), 2);
  let length = round(width * target, 2);
  // Rounding to 0.01 mm can push the stored ratio a hair outside the band; nudge the length back in.
  const ratioOf = (l: number) => round(l / width, 3);
  while (ratioOf(length) > maxRatio) length = round(length - 0.01, 2);
  while (ratioOf(length) < minRatio) length = round(length + 0.01, 2);
  return { length, width, ratio: ratioOf(length), table, depth };
}

const orNull = <T>(rng: Rng, value: T): T | null => (rng.next() < MISSING ? null : value);

function samplePrice(rng: Rng, input: PriceInput, superdeal: boolean): number {
  const noise = Math.exp(Math.max(-0.1, Math.min(0.1, PRICE_NOISE_SD * rng.normal())));
  return dollarsToCents(priceDollars(input, noise * (superdeal ? SUPERDEAL_DISCOUNT : 1)));
}

export interface GenerateOptions {
  count: number;
  seed: number;
}

type Kind = 'natural' | 'lab' | 'color';
const KINDS: Record<number, Kind> = { 1: 'natural', 2: 'lab', 3: 'color' };

/** One stone; every draw comes from `rng`, so the sequence of stones is fixed by the seed. */
function sampleDiamond(rng: Rng, certificateDigits: number): NewDiamond {
  const type = rng.pick(TYPE_WEIGHTS) + 1;
  const kind = KINDS[type]!;
  const white = kind !== 'color';
  // Fancy colors are natural stones: they follow the natural distributions where white and color share one.
  const mined = kind === 'lab' ? 'lab' : 'natural';
  const grade = (weights: readonly number[]) => rng.pick(weights) + 1;

  const shapeIndex = rng.pick(white ? shapeWeights.white : shapeWeights.color);
  const shapeId = shapeIndex + 1;
  const carat = sampleCarat(rng, type);
  const colorId = white ? grade(GRADE_WEIGHTS.color[mined]) : null;
  const fancyColorId = white ? null : grade(GRADE_WEIGHTS.fancyColor);
  const fancyIntensityId = white ? null : grade(GRADE_WEIGHTS.fancyIntensity);
  const clarityId = grade(GRADE_WEIGHTS.clarity[kind]);
  const cutId = grade(GRADE_WEIGHTS.cut[kind]);
  const polishId = orNull(rng, grade(GRADE_WEIGHTS.polish));
  const symmetryId = orNull(rng, grade(GRADE_WEIGHTS.symmetry));
  const fluorescenceId = orNull(rng, grade(GRADE_WEIGHTS.fluorescence[mined]));
  const geometry = sampleGeometry(rng, profiles[shapeIndex]!, carat);
  const measured = rng.next() >= MISSING;
  const companyId = rng.next() < GIA_SHARE[type]! ? GIA : IGI;
  const superdeal = rng.next() < SUPERDEAL_SHARE;
  const priceInput = { type, shapeId, carat, colorId, clarityId, cutId, fancyColorId, fancyIntensityId };
  return {
    certificate_number: certificateNumber(companyId, type, certificateDigits, rng),
    type,
    shape_id: shapeId,
    carat,
    color_id: colorId,
    fancy_color_id: fancyColorId,
    fancy_intensity_id: fancyIntensityId,
    clarity_id: clarityId,
    cut_id: cutId,
    polish_id: polishId,
    symmetry_id: symmetryId,
    fluorescence_id: fluorescenceId,
    certificate_company_id: companyId,
    measurement_l: measured ? geometry.length : null,
    measurement_w: measured ? geometry.width : null,
    ratio: measured ? geometry.ratio : null,
    table_pct: orNull(rng, geometry.table),
    depth_pct: orNull(rng, geometry.depth),
    price_cents: samplePrice(rng, priceInput, superdeal),
    is_superdeal: superdeal ? 1 : 0,
    status: 'available',
  };
}

/** Yields `count` stones; the same seed gives the same stones in the same order. */
export function* generateDiamonds({ count, seed }: GenerateOptions): Generator<NewDiamond> {
  if (!Number.isInteger(count) || count < 0 || count > NINE_DIGITS) {
    throw new RangeError(`count must be a whole number from 0 to ${NINE_DIGITS} (got ${count})`);
  }
  const rng = createRng(seed);
  const scramble = createScramble(seed);
  for (let i = 0; i < count; i++) yield sampleDiamond(rng, scramble(i));
}
