/**
 * Prices of the demo inventory. The core is a log-linear model of natural white round diamonds fitted on
 * ggplot2's `diamonds` data (see calibrate.ts and price-coefficients.json); the store's odd grade scales are
 * mapped onto ggplot2's, and shape, lab-grown and fancy-color factors sit on top. The reasons for every
 * number below are in docs/inventory.md.
 */
import {
  DIAMOND_TYPES,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  SCALES,
  SHAPES,
  dollarsToCents,
} from '@everstone/contract';
import coefficients from './price-coefficients.json' with { type: 'json' };

type GgplotCut = keyof typeof coefficients.cut;
type GgplotColor = keyof typeof coefficients.color;
type GgplotClarity = keyof typeof coefficients.clarity;

/** A store grade priced as a ggplot2 grade, times a factor for what ggplot2's scale cannot express. */
interface GradeMapping<G> {
  as: G;
  factor: number;
}

export const CUT_MAPPING: Record<(typeof SCALES.cut)[number], GradeMapping<GgplotCut>> = {
  // The store lists Ideal beside Excellent, so Excellent takes ggplot2's second tier to keep Ideal above it.
  Excellent: { as: 'Premium', factor: 1 },
  'Very Good': { as: 'Very Good', factor: 1 },
  Good: { as: 'Good', factor: 1 },
  Ideal: { as: 'Ideal', factor: 1 },
  // "8X" (eight excellent facets of make) is a branded super-ideal: sellers ask a few percent over Ideal.
  '8X': { as: 'Ideal', factor: 1.04 },
};

export const COLOR_MAPPING: Record<(typeof SCALES.color)[number], GradeMapping<GgplotColor>> = {
  D: { as: 'D', factor: 1 },
  E: { as: 'E', factor: 1 },
  F: { as: 'F', factor: 1 },
  G: { as: 'G', factor: 1 },
  H: { as: 'H', factor: 1 },
};

/**
 * I3 lies two steps below ggplot2's worst grade (I1 > I2 > I3). Each step at the bottom of the scale costs
 * at least what the data's last step does (SI2 → I1), so I3 is I1 discounted by that step twice.
 */
const I3_FACTOR = Math.exp(-2 * (coefficients.clarity.SI2 - coefficients.clarity.I1));

export const CLARITY_MAPPING: Record<(typeof SCALES.clarity)[number], GradeMapping<GgplotClarity>> = {
  I3: { as: 'I1', factor: I3_FACTOR },
  VVS1: { as: 'VVS1', factor: 1 },
  VVS2: { as: 'VVS2', factor: 1 },
  VS1: { as: 'VS1', factor: 1 },
  VS2: { as: 'VS2', factor: 1 },
  SI1: { as: 'SI1', factor: 1 },
};

/**
 * From 2008 asking prices to today's. CPI rose about 46% since 2008, but natural diamonds did not follow:
 * after the 2022 peak the RapNet 1 ct index fell 23% in 2024 alone. A 1 ct G VS1 excellent round asks
 * roughly $5,500–7,500 online today, about 10% above the model's 2008 figure.
 */
export const INFLATION = 1.1;

/** Price relative to a round of the same grades (natural and lab-grown white stones). */
export const SHAPE_FACTORS: Record<(typeof SHAPES)[number], number> = {
  Round: 1,
  Oval: 0.8,
  Pear: 0.76,
  Cushion: 0.72,
  Radiant: 0.72,
  Marquise: 0.72,
  Heart: 0.72,
  Emerald: 0.7,
  Princess: 0.68,
  Asscher: 0.68,
};

/**
 * Lab-grown stones are priced per carat almost flat while natural prices per carat climb with size, so the
 * lab-to-natural ratio falls with carat: about 13% at 1 ct, 24% at 0.3 ct, 6% at 5 ct and beyond.
 */
export const LAB_GROWN = { ratioAtOneCarat: 0.13, caratElasticity: -0.5, min: 0.06, max: 0.25 } as const;

/** Fancy colors are priced against a natural G-color stone of the same shape, size and clarity. */
export const FANCY_BASE_COLOR: keyof typeof COLOR_MAPPING = 'G';

export const FANCY_COLOR_FACTORS: Record<(typeof FANCY_COLORS)[number], number> = {
  Champagne: 0.45,
  Gray: 0.6,
  Yellow: 1,
  Orange: 4,
  Green: 6,
  Purple: 6,
  Pink: 12,
  Blue: 15,
};

export const FANCY_INTENSITY_FACTORS: Record<(typeof FANCY_INTENSITIES)[number], number> = {
  'Fancy Light': 0.6,
  Fancy: 1,
  'Fancy Intense': 1.6,
  'Fancy Vivid': 2.6,
  'Fancy Deep': 1.4,
};

/**
 * The least a stone of each type is listed for, in whole dollars. The fitted curve keeps falling towards the
 * smallest, most included stones (a 0.23 ct I3 lab-grown stone comes out near $17), but every stone here is
 * sold with a grading report: the lab's fee alone is $15–60 a stone, and retailers list no certified stone
 * near that. Sources and reasoning are in docs/inventory.md.
 */
export const PRICE_FLOORS: Record<number, number> = {
  [DIAMOND_TYPES.natural]: 250,
  [DIAMOND_TYPES.lab]: 150,
  [DIAMOND_TYPES.color]: 250,
};

export interface PriceInput {
  /** 1 natural, 2 lab-grown, 3 fancy color (natural). */
  type: number;
  shapeId: number;
  carat: number;
  /** D–H id; required for white stones, ignored for fancy colors. */
  colorId: number | null;
  clarityId: number;
  /** Null for an ungraded make, priced like Very Good. */
  cutId: number | null;
  fancyColorId?: number | null;
  fancyIntensityId?: number | null;
}

function byId<T extends string>(scale: readonly T[], id: number | null | undefined, what: string): T {
  const name = id == null ? undefined : scale[id - 1];
  if (name === undefined) throw new RangeError(`Unknown ${what} id ${String(id)}`);
  return name;
}

/** The fitted model: a natural white round of the given grades, in today's dollars (not rounded). */
function naturalRoundDollars(carat: number, color: GradeMapping<GgplotColor>, clarity: GradeMapping<GgplotClarity>, cut: GradeMapping<GgplotCut>): number {
  const logPrice =
    coefficients.intercept +
    coefficients.caratExponent * Math.log(carat) +
    coefficients.color[color.as] +
    coefficients.clarity[clarity.as] +
    coefficients.cut[cut.as];
  return Math.exp(logPrice) * coefficients.smearing * color.factor * clarity.factor * cut.factor * INFLATION;
}

export function labGrownRatio(carat: number): number {
  const ratio = LAB_GROWN.ratioAtOneCarat * carat ** LAB_GROWN.caratElasticity;
  return Math.min(LAB_GROWN.max, Math.max(LAB_GROWN.min, ratio));
}

/** The calibrated model's price of a stone in whole dollars (at least $1), before the retail floor. */
export function modelPriceDollars(input: PriceInput): number {
  const { type, carat } = input;
  if (!(carat > 0)) throw new RangeError(`Carat must be positive (got ${carat})`);
  const shape = byId(SHAPES, input.shapeId, 'shape');
  const clarity = CLARITY_MAPPING[byId(SCALES.clarity, input.clarityId, 'clarity')];
  const cut = CUT_MAPPING[input.cutId == null ? 'Very Good' : byId(SCALES.cut, input.cutId, 'cut')];

  let dollars: number;
  if (type === DIAMOND_TYPES.color) {
    const fancy = FANCY_COLOR_FACTORS[byId(FANCY_COLORS, input.fancyColorId, 'fancy color')];
    const intensity = FANCY_INTENSITY_FACTORS[byId(FANCY_INTENSITIES, input.fancyIntensityId, 'fancy intensity')];
    // Color, not brilliance, sells these: radiants and cushions are the norm, so no shape discount.
    dollars = naturalRoundDollars(carat, COLOR_MAPPING[FANCY_BASE_COLOR], clarity, cut) * fancy * intensity;
  } else if (type === DIAMOND_TYPES.natural || type === DIAMOND_TYPES.lab) {
    const color = COLOR_MAPPING[byId(SCALES.color, input.colorId, 'color')];
    dollars = naturalRoundDollars(carat, color, clarity, cut) * SHAPE_FACTORS[shape];
    if (type === DIAMOND_TYPES.lab) dollars *= labGrownRatio(carat);
  } else {
    throw new RangeError(`Unknown diamond type ${type}`);
  }
  return Math.max(1, Math.round(dollars));
}

/**
 * A stone's price in whole dollars: the model's price times `adjustment` (a seller's scatter around the model,
 * a deal's discount), never below the floor of its type. Applying the floor last means no adjustment can take a
 * stone under it, while a price above the floor is exactly what the model and the adjustment make it.
 */
export function priceDollars(input: PriceInput, adjustment = 1): number {
  const dollars = Math.max(1, Math.round(modelPriceDollars(input) * adjustment));
  return Math.max(PRICE_FLOORS[input.type]!, dollars);
}

export function priceCents(input: PriceInput): number {
  return dollarsToCents(priceDollars(input));
}
