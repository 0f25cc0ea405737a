/**
 * What a piece of jewelry costs, itemized the way a jeweler prices it: the metal by its weight in grams, the
 * accent stones by their total carat weight and size, the craftsmanship (casting, finishing, setting each stone),
 * and a center stone where one comes with the piece. Every figure is integer cents. The reasons and sources for
 * each number are in docs/jewelry-pricing.md.
 */
import {
  DIAMOND_TYPES,
  SCALES,
  SHAPES,
  dollarsToCents,
  metalOf,
  ringInnerDiameterMm,
  type GemstoneId,
  type IncludedStone,
  type MetalId,
  type PieceDesign,
  type PriceBreakdown,
  type ProductFamily,
  type RingDesign,
} from '@everstone/contract';
import { priceCents as diamondPriceCents } from '../inventory/index.ts';

/**
 * The retail price of a gram of each metal as worked into a piece, as the catalog starts: the alloy's precious
 * content at spot, the casting loss and refining, and the store's margin on metal. Platinum is 95% pure and about
 * 60% denser than 14K gold, so the same ring weighs far more and costs about twice as much (docs/jewelry-pricing.md).
 * The prices in force are the metal_prices table's, which owners change in the back office; these are the figures
 * it starts with (migration 014) and the ones the model's tests price with.
 */
export const STARTING_METAL_PRICES: MetalPrices = {
  '14k-white': 7_000,
  '14k-yellow': 7_000,
  '14k-rose': 7_000,
  '18k-white': 9_400,
  '18k-yellow': 9_400,
  '18k-rose': 9_400,
  platinum: 14_000,
};

/** Cents a gram, by metal. */
export type MetalPrices = Record<MetalId, number>;

/** Platinum is harder to cast, set and polish: its craftsmanship costs this much more. */
export const PLATINUM_LABOR_FACTOR = 1.3;

/** Ring prices are quoted at this size (a size does not change the price a shopper pays; §1 free resizing). */
export const REFERENCE_RING_SIZE = '6';

/** How much of the band's rectangle each cross-section fills. */
const PROFILE_FILL: Record<RingDesign['profile'], number> = { comfort: 0.85, flat: 1, 'knife-edge': 0.7, domed: 0.8, tapered: 0.75 };

/** The finishing every piece of a family takes, before its stones are set (cents). */
export const BASE_LABOR_CENTS: Record<ProductFamily, number> = {
  setting: 25_000,
  preset: 25_000,
  band: 15_000,
  ring: 20_000,
  earrings: 12_000,
  necklace: 15_000,
  bracelet: 15_000,
};

/** Setting one accent stone, by how it is set (cents per stone). */
export const STONE_SETTING_CENTS = { pave: 900, 'shared-prong': 1_200, channel: 1_200, bezel: 1_800, eternity: 1_200, tennis: 600 } as const;

/** Extra work: a halo's assembly, vintage filigree, milgrain edges, a ceramic inlay (cents). */
export const DETAIL_LABOR_CENTS = { halo: 15_000, hiddenHalo: 12_000, vintage: 12_000, milgrain: 4_000, inlay: 18_000, threeStone: 10_000 } as const;

/**
 * Natural melee and small diamonds, dollars per carat by the size of each stone (G–H, VS–SI, well cut). Lab-grown
 * small stones sell at a fraction of it.
 */
const NATURAL_SMALL_DIAMOND_DOLLARS_PER_CARAT: readonly [maxCaratEach: number, dollars: number][] = [
  [0.02, 1_200],
  [0.08, 1_800],
  [0.2, 2_800],
  [0.5, 4_000],
  [Infinity, 5_500],
];
export const LAB_SMALL_DIAMOND_FACTOR = 0.25;

/** Coloured stones, dollars per carat (fine, eye-clean, heated where that is the trade's norm). */
export const GEMSTONE_DOLLARS_PER_CARAT: Record<Exclude<GemstoneId, 'diamond'>, number> = {
  sapphire: 900,
  ruby: 1_400,
  emerald: 1_100,
  'pink-sapphire': 700,
  aquamarine: 250,
  morganite: 150,
};

/** A round stone's carat weight from its diameter (the inverse of diameter ≈ 6.43 mm × ct^⅓). */
export function caratOfRoundMm(mm: number): number {
  return Math.round((mm / 6.43) ** 3 * 1000) / 1000;
}

export function smallStonesCents(caratTotal: number, count: number, gem: GemstoneId, origin: 'lab' | 'natural'): number {
  if (caratTotal <= 0 || count <= 0) return 0;
  if (gem !== 'diamond') return dollarsToCents(caratTotal * GEMSTONE_DOLLARS_PER_CARAT[gem]);
  const each = caratTotal / count;
  const dollarsPerCarat = NATURAL_SMALL_DIAMOND_DOLLARS_PER_CARAT.find(([max]) => each <= max)![1];
  const factor = origin === 'lab' ? LAB_SMALL_DIAMOND_FACTOR : 1;
  return dollarsToCents(caratTotal * dollarsPerCarat * factor);
}

/** A diamond that comes with the piece (a preset's certified center, a stud), by what prices it. */
export type CenterStone = Pick<IncludedStone, 'shape' | 'carat' | 'color' | 'clarity' | 'cut' | 'origin'>;

/** A stone that comes with the piece, priced as the loose-diamond inventory prices its stones. */
export function centerStoneCents(stone: CenterStone): number {
  const shapeId = SHAPES.indexOf(stone.shape) + 1;
  const colorId = (SCALES.color as readonly string[]).indexOf(stone.color) + 1;
  const clarityId = (SCALES.clarity as readonly string[]).indexOf(stone.clarity) + 1;
  const cutId = (SCALES.cut as readonly string[]).indexOf(stone.cut) + 1;
  if (shapeId < 1 || colorId < 1 || clarityId < 1 || cutId < 1) throw new RangeError(`Cannot price a ${stone.shape} of ${stone.color} ${stone.clarity} ${stone.cut}`);
  return diamondPriceCents({ type: stone.origin === 'lab' ? DIAMOND_TYPES.lab : DIAMOND_TYPES.natural, shapeId, carat: stone.carat, colorId, clarityId, cutId });
}

/** The volume of metal in a piece, mm³ (rings at the reference size). */
export function metalVolumeMm3(design: PieceDesign): number {
  switch (design.form) {
    case 'ring': {
      const inner = ringInnerDiameterMm(REFERENCE_RING_SIZE)!;
      const t = design.bandThicknessMm;
      let v = Math.PI * (inner + t) * design.bandWidthMm * t * PROFILE_FILL[design.profile];
      const head = design.head;
      if (head) {
        const w = head.shownWidthMm;
        v += head.prongs === 0 ? Math.PI * (w + 1) * 1.0 * (0.6 * w) : head.prongs * 0.64 * (0.6 * w + 3) + Math.PI * w * 0.8;
        if (head.halo === 'halo') v += Math.PI * (w + 2.4) * 1.2;
        if (head.halo === 'hidden') v += Math.PI * w * 1.0;
        if (head.sideCenters === 2) v += 2 * (4 * 0.64 * (0.36 * w + 2) + Math.PI * 0.6 * w * 0.8);
        if (head.vintage) v *= 1.15;
      }
      return v;
    }
    case 'earrings': {
      const stone = design.stone?.widthMm ?? 0;
      if (design.style === 'hoops') {
        const d = design.hoopDiameterMm ?? 15;
        return 2 * (Math.PI * d * 2.0 * 1.6 * 0.85 + 15);
      }
      const head = design.prongs === 0 ? Math.PI * (stone + 1) * 0.6 * stone : design.prongs * 0.64 * (0.6 * stone + 3) + Math.PI * stone * 0.8;
      const drop = design.style === 'drops' ? 35 : 0;
      return 2 * (head + 45 + drop); // each earring: head, post and a friction back
    }
    case 'necklace': {
      if (design.style === 'tennis-necklace') return design.stones * 1.05 * design.stoneMm ** 2 + 40;
      const chain = design.lengthIn * 6.5; // a fine cable chain, about 6.5 mm³ an inch
      const w = design.pendant?.widthMm ?? design.stoneMm;
      const motif = design.motif === 'bar' ? 45 : design.motif === 'cluster' ? 30 + design.stones * 3 : design.motif === 'halo' ? 40 : 25;
      return chain + motif + Math.PI * w * 0.8 + 12;
    }
    case 'bracelet': {
      if (design.style === 'tennis-bracelet') return design.stones * 1.05 * design.stoneMm ** 2 + 40;
      return Math.PI * 60 * design.widthMm * 1.4 * 0.9;
    }
  }
}

/** Grams of `metal` in the piece, to a hundredth. */
export function metalGrams(design: PieceDesign, metal: MetalId): number {
  return Math.round(((metalVolumeMm3(design) * metalOf(metal).density) / 1000) * 100) / 100;
}

/** The accent stones of a piece: how many and their total carat weight. */
export function accentStones(design: PieceDesign): { count: number; caratTotal: number; gem: GemstoneId; setting: keyof typeof STONE_SETTING_CENTS } | null {
  switch (design.form) {
    case 'ring': {
      const a = design.accents;
      return a ? { count: a.count, caratTotal: a.caratTotal, gem: a.gem, setting: a.setting } : null;
    }
    case 'earrings':
      return design.style === 'hoops' && design.hoopStones > 0
        ? { count: design.hoopStones * 2, caratTotal: caratOfRoundMm(1.5) * design.hoopStones * 2, gem: 'diamond', setting: 'shared-prong' }
        : null;
    case 'necklace':
    case 'bracelet':
      return design.stones > 0
        ? {
            count: design.stones,
            caratTotal: Math.round(caratOfRoundMm(design.stoneMm) * design.stones * 100) / 100,
            gem: 'diamond',
            setting: design.style === 'tennis-necklace' || design.style === 'tennis-bracelet' ? 'tennis' : 'pave',
          }
        : null;
  }
}

export interface PriceInput {
  family: ProductFamily;
  design: PieceDesign;
  metal: MetalId;
  /** Lab-grown or natural accent diamonds (a piece without that choice uses natural). */
  origin: 'lab' | 'natural';
  /** Diamonds that come with the piece: a preset's center, a pair of studs, a solitaire pendant. */
  centerStones: readonly CenterStone[];
  /** The center gemstone of a gemstone ring (priced by its carat weight), if any. */
  centerGem: { gem: Exclude<GemstoneId, 'diamond'>; carat: number } | null;
  offerPercent: number;
  /** The price of a gram of `metal` in force (metal_prices). */
  metalCentsPerGram: number;
}

/** Retail prices end in a round ten dollars: the rounding goes to craftsmanship, so the items still add up. */
const ROUND_TO_CENTS = 1_000;

/** A piece's price, itemized, and the grams of metal it is made of. */
export type Priced = { breakdown: PriceBreakdown; priceCents: number; metalGrams: number };

/** The accent stones' price a design sets (0 without accents). */
function accentCents(design: PieceDesign, origin: 'lab' | 'natural'): number {
  const accents = accentStones(design);
  return accents ? smallStonesCents(accents.caratTotal, accents.count, accents.gem, origin) : 0;
}

/** The piece's price, itemized; `breakdownTotal` of it is the price. */
export function priceProduct(input: PriceInput): Priced {
  const centerGemCents = input.centerGem ? dollarsToCents(input.centerGem.carat * GEMSTONE_DOLLARS_PER_CARAT[input.centerGem.gem]) : 0;
  const centerCents = input.centerStones.reduce((sum, stone) => sum + centerStoneCents(stone), 0);
  return assemble(input, centerGemCents, centerCents);
}

/** What a stored variant is priced from, as its row keeps it. */
export interface StoredPrice {
  family: ProductFamily;
  design: PieceDesign;
  metal: MetalId;
  origin: 'lab' | 'natural';
  stonesCents: number;
  centerCents: number;
}

/**
 * A stored variant priced again, for a new metal price, a new offer or a new design. Its certified center stones
 * keep the price they were given (the inventory's model prices a certificate, not the metal); a center gemstone's
 * share of its stones is what the stored figure holds beyond its old design's accents, so it carries over too.
 */
export function repriceVariant(stored: StoredPrice, change: { design?: PieceDesign; metalCentsPerGram: number; offerPercent: number }): Priced {
  const centerGemCents = Math.max(0, stored.stonesCents - accentCents(stored.design, stored.origin));
  return assemble(
    { family: stored.family, design: change.design ?? stored.design, metal: stored.metal, origin: stored.origin, offerPercent: change.offerPercent, metalCentsPerGram: change.metalCentsPerGram },
    centerGemCents,
    stored.centerCents,
  );
}

function assemble(input: Omit<PriceInput, 'centerStones' | 'centerGem'>, centerGemCents: number, centerCents: number): Priced {
  const { design, metal } = input;
  const grams = metalGrams(design, metal);
  const metalCents = Math.round(grams * input.metalCentsPerGram);

  const accents = accentStones(design);
  const stonesCents = accentCents(design, input.origin) + centerGemCents;

  let labor = BASE_LABOR_CENTS[input.family];
  if (accents) labor += accents.count * STONE_SETTING_CENTS[accents.setting];
  if (design.form === 'ring') {
    if (design.head?.halo === 'halo') labor += DETAIL_LABOR_CENTS.halo;
    if (design.head?.halo === 'hidden') labor += DETAIL_LABOR_CENTS.hiddenHalo;
    if (design.head?.vintage) labor += DETAIL_LABOR_CENTS.vintage;
    if (design.head?.sideCenters === 2) labor += DETAIL_LABOR_CENTS.threeStone;
    if (design.milgrain) labor += DETAIL_LABOR_CENTS.milgrain;
    if (design.inlay) labor += DETAIL_LABOR_CENTS.inlay;
  }
  if (design.form === 'bracelet' && design.inlay) labor += DETAIL_LABOR_CENTS.inlay;
  if (metal === 'platinum') labor = Math.round(labor * PLATINUM_LABOR_FACTOR);

  const raw = metalCents + stonesCents + centerCents + labor;
  const rounded = Math.ceil(raw / ROUND_TO_CENTS) * ROUND_TO_CENTS;
  const laborCents = labor + (rounded - raw);
  const offerCents = input.offerPercent > 0 ? -Math.round((rounded * input.offerPercent) / 100 / 100) * 100 : 0;
  const breakdown: PriceBreakdown = { metalCents, stonesCents, centerCents, laborCents, offerCents };
  return { breakdown, priceCents: rounded + offerCents, metalGrams: grams };
}
