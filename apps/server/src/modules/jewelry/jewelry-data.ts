/**
 * The demo catalog: every piece the store sells, generated deterministically from a few design families, so the
 * same seed always gives the same products, variants, SKUs, stones and prices. Each design is drawn from its own
 * parameters (the contract's PieceDesign), and its price comes from the price model, never from a table of made-up
 * numbers.
 */
import {
  GIFTS,
  LUXE_MIN_CENTER_CARAT,
  type GiftId,
  METAL_IDS,
  type CollectionId,
  type EarringDesign,
  type GemstoneId,
  type Gender,
  type IncludedStone,
  type MetalId,
  type NecklaceDesign,
  type BraceletDesign,
  type PieceDesign,
  type ProductFamily,
  type ProductStyle,
  type RingDesign,
  type RingHead,
  type ShapeName,
  type CenterStoneLook,
} from '@everstone/contract';
import { SHAPE_PROFILES, createRng } from '../inventory/index.ts';
import { caratOfRoundMm, type CenterStone } from './price-model.ts';

export interface VariantDraft {
  sku: string;
  metal: MetalId;
  shape: ShapeName | null;
  caratTotal: number | null;
  /** A band's width, where the piece comes in several widths (else null). */
  widthMm: number | null;
  origin: 'lab' | 'natural' | null;
  design: PieceDesign;
  /** A preset's certified center stone (its own; one per variant). */
  included: IncludedStone | null;
  /** Diamonds that come with the piece and are priced as center stones (studs, solitaire pendants). */
  centerStones: CenterStone[];
  centerGem: { gem: Exclude<GemstoneId, 'diamond'>; carat: number } | null;
  leadDays: number;
  /** Units on the shelf for a stocked variant; null when made to order. */
  stock: number | null;
}

export interface ProductDraft {
  slug: string;
  family: ProductFamily;
  style: ProductStyle;
  name: string;
  description: string;
  collection: CollectionId | null;
  gender: Gender;
  gem: GemstoneId | null;
  engravable: boolean;
  resizable: boolean;
  offerPercent: number;
  popularity: number;
  /** Days since the piece was added (newest sorts first); the seed turns it into a date. */
  ageDays: number;
  variants: VariantDraft[];
}

/** Business days a piece takes to make, by what it is (docs/jewelry-pricing.md, "Lead times"). */
export const LEAD_DAYS = { setting: 15, preset: 3, band: 10, eternity: 20, ring: 15, jewelry: 12, stocked: 2 } as const;

const METAL_CODE: Record<MetalId, string> = {
  '14k-white': '14W',
  '14k-yellow': '14Y',
  '14k-rose': '14R',
  '18k-white': '18W',
  '18k-yellow': '18Y',
  '18k-rose': '18R',
  platinum: 'PT',
};
const SHAPE_CODE: Record<ShapeName, string> = {
  Round: 'RD',
  Princess: 'PR',
  Cushion: 'CU',
  Oval: 'OV',
  Emerald: 'EM',
  Pear: 'PS',
  Asscher: 'AS',
  Radiant: 'RA',
  Marquise: 'MQ',
  Heart: 'HS',
};

/** The inventory's seeded generator, with the two draws the catalog makes: the same catalog on every machine. */
function rng(seed: number) {
  const r = createRng(seed);
  return {
    int: (min: number, max: number) => Math.floor(r.between(min, max + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(r.next() * items.length)]!,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A well-cut stone's length, width and depth in mm from its shape and weight (carat ≈ L × W × D × k). */
export function stoneSize(shape: ShapeName, carat: number): { lengthMm: number; widthMm: number; depthMm: number } {
  const profile = SHAPE_PROFILES[shape];
  const ratio = (profile.ratio[0] + profile.ratio[1]) / 2;
  const depthShare = ((profile.depth[0] + profile.depth[1]) / 2) / 100;
  const width = (carat / (ratio * depthShare * profile.k)) ** (1 / 3);
  return { lengthMm: round2(width * ratio), widthMm: round2(width), depthMm: round2(width * depthShare) };
}

function look(gem: GemstoneId, shape: ShapeName, carat: number): CenterStoneLook {
  return { gem, shape, ...stoneSize(shape, carat) };
}

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---------------------------------------------------------------------------------------------------------------
// Engagement ring settings: seven styles, each in several designs; a variant per metal and head shape.

interface SettingTemplate {
  name: string;
  style: 'solitaire' | 'halo' | 'vintage' | 'side-stone' | 'three-stone' | 'pave' | 'hidden-halo';
  collection: CollectionId | null;
  bandWidthMm: number;
  bandThicknessMm: number;
  profile: RingDesign['profile'];
  prongs: RingHead['prongs'];
  halo: RingHead['halo'];
  sideCenters: 0 | 2;
  vintage: boolean;
  milgrain: boolean;
  accents: RingDesign['accents'];
  shapes: ShapeName[];
  luxe: boolean;
}

const ROUND_ISH: ShapeName[] = ['Round', 'Oval', 'Cushion', 'Pear'];
const ANGULAR: ShapeName[] = ['Princess', 'Emerald', 'Radiant', 'Asscher'];
const ALL_SHAPES: ShapeName[] = ['Round', 'Oval', 'Cushion', 'Pear', 'Princess', 'Emerald', 'Radiant', 'Marquise'];

const pave = (count: number, caratTotal: number, coverage = 0.5): RingDesign['accents'] => ({ setting: 'pave', count, caratTotal, coverage, gem: 'diamond' });

export const SETTING_TEMPLATES: SettingTemplate[] = [
  // Solitaire
  { name: 'Aria', style: 'solitaire', collection: 'the-bond', bandWidthMm: 1.8, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ALL_SHAPES, luxe: false },
  { name: 'Vela', style: 'solitaire', collection: 'the-bond', bandWidthMm: 2.2, bandThicknessMm: 1.7, profile: 'comfort', prongs: 6, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ['Round', 'Oval', 'Cushion'], luxe: false },
  { name: 'Linea', style: 'solitaire', collection: null, bandWidthMm: 1.6, bandThicknessMm: 1.5, profile: 'tapered', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ROUND_ISH, luxe: false },
  { name: 'Orbit Bezel', style: 'solitaire', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.6, profile: 'flat', prongs: 0, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ['Round', 'Oval', 'Emerald'], luxe: false },
  { name: 'Knife Edge', style: 'solitaire', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.8, profile: 'knife-edge', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ALL_SHAPES, luxe: false },
  { name: 'Reserve Luxe Solitaire', style: 'solitaire', collection: 'the-reserve', bandWidthMm: 2.4, bandThicknessMm: 1.9, profile: 'comfort', prongs: 6, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ['Round', 'Oval', 'Emerald', 'Cushion'], luxe: true },
  // Halo
  { name: 'Luna Halo', style: 'halo', collection: 'the-bond', bandWidthMm: 1.9, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'halo', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ROUND_ISH, luxe: false },
  { name: 'Soleil Halo', style: 'halo', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'halo', sideCenters: 0, vintage: false, milgrain: false, accents: pave(24, 0.2), shapes: ['Round', 'Oval', 'Cushion', 'Pear'], luxe: false },
  { name: 'Cushion Frame Halo', style: 'halo', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.7, profile: 'flat', prongs: 4, halo: 'halo', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ['Cushion', 'Radiant', 'Princess', 'Asscher'], luxe: false },
  { name: 'Reserve Luxe Halo', style: 'halo', collection: 'the-reserve', bandWidthMm: 2.3, bandThicknessMm: 1.8, profile: 'comfort', prongs: 4, halo: 'halo', sideCenters: 0, vintage: false, milgrain: false, accents: pave(30, 0.35), shapes: ['Round', 'Oval', 'Cushion'], luxe: true },
  // Vintage
  { name: 'Heirloom', style: 'vintage', collection: null, bandWidthMm: 2.2, bandThicknessMm: 1.7, profile: 'domed', prongs: 6, halo: 'none', sideCenters: 0, vintage: true, milgrain: true, accents: pave(16, 0.12), shapes: ['Round', 'Oval', 'Cushion'], luxe: false },
  { name: 'Deco Halo', style: 'vintage', collection: null, bandWidthMm: 2.2, bandThicknessMm: 1.7, profile: 'flat', prongs: 4, halo: 'halo', sideCenters: 0, vintage: true, milgrain: true, accents: pave(20, 0.16), shapes: ['Emerald', 'Asscher', 'Round'], luxe: false },
  { name: 'Filigree', style: 'vintage', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 0, vintage: true, milgrain: true, accents: null, shapes: ROUND_ISH, luxe: false },
  // Side stone
  { name: 'Channel Side Stone', style: 'side-stone', collection: null, bandWidthMm: 2.4, bandThicknessMm: 1.7, profile: 'flat', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: { setting: 'channel', count: 14, caratTotal: 0.25, coverage: 0.45, gem: 'diamond' }, shapes: ALL_SHAPES, luxe: false },
  { name: 'Tapered Baguette', style: 'side-stone', collection: 'the-bond', bandWidthMm: 2.2, bandThicknessMm: 1.7, profile: 'tapered', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: { setting: 'channel', count: 2, caratTotal: 0.2, coverage: 0.12, gem: 'diamond' }, shapes: ['Round', 'Oval', 'Emerald', 'Radiant'], luxe: false },
  { name: 'Shared Prong Side Stone', style: 'side-stone', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.7, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: { setting: 'shared-prong', count: 10, caratTotal: 0.3, coverage: 0.4, gem: 'diamond' }, shapes: ROUND_ISH, luxe: false },
  // Three stone
  { name: 'Trinity', style: 'three-stone', collection: 'the-bond', bandWidthMm: 2.0, bandThicknessMm: 1.7, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 2, vintage: false, milgrain: false, accents: { setting: 'shared-prong', count: 2, caratTotal: 0.5, coverage: 0.08, gem: 'diamond' }, shapes: ['Round', 'Oval', 'Cushion', 'Emerald'], luxe: false },
  { name: 'Past Present Future', style: 'three-stone', collection: null, bandWidthMm: 2.2, bandThicknessMm: 1.7, profile: 'flat', prongs: 4, halo: 'none', sideCenters: 2, vintage: false, milgrain: false, accents: { setting: 'shared-prong', count: 2, caratTotal: 0.7, coverage: 0.1, gem: 'diamond' }, shapes: ['Round', 'Princess', 'Radiant'], luxe: false },
  { name: 'Reserve Luxe Three Stone', style: 'three-stone', collection: 'the-reserve', bandWidthMm: 2.5, bandThicknessMm: 1.9, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 2, vintage: false, milgrain: false, accents: { setting: 'shared-prong', count: 2, caratTotal: 1.2, coverage: 0.12, gem: 'diamond' }, shapes: ['Emerald', 'Oval', 'Round'], luxe: true },
  // Pave
  { name: 'Petite Pavé', style: 'pave', collection: 'the-bond', bandWidthMm: 1.8, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: pave(22, 0.15), shapes: ALL_SHAPES, luxe: false },
  { name: 'Riviera Pavé', style: 'pave', collection: null, bandWidthMm: 2.1, bandThicknessMm: 1.7, profile: 'comfort', prongs: 6, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: pave(34, 0.3, 0.7), shapes: ['Round', 'Oval', 'Cushion', 'Pear'], luxe: false },
  { name: 'French Pavé', style: 'pave', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.7, profile: 'knife-edge', prongs: 4, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: pave(26, 0.22), shapes: ANGULAR, luxe: false },
  { name: 'Reserve Luxe Pavé', style: 'pave', collection: 'the-reserve', bandWidthMm: 2.4, bandThicknessMm: 1.8, profile: 'comfort', prongs: 6, halo: 'none', sideCenters: 0, vintage: false, milgrain: false, accents: pave(40, 0.5, 0.8), shapes: ['Round', 'Oval', 'Radiant'], luxe: true },
  // Hidden halo
  { name: 'Secret Halo', style: 'hidden-halo', collection: 'the-bond', bandWidthMm: 1.8, bandThicknessMm: 1.6, profile: 'comfort', prongs: 4, halo: 'hidden', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ROUND_ISH, luxe: false },
  { name: 'Hidden Halo Pavé', style: 'hidden-halo', collection: null, bandWidthMm: 2.0, bandThicknessMm: 1.7, profile: 'comfort', prongs: 4, halo: 'hidden', sideCenters: 0, vintage: false, milgrain: false, accents: pave(24, 0.18), shapes: ['Round', 'Oval', 'Cushion', 'Pear', 'Radiant'], luxe: false },
  { name: 'Cathedral Hidden Halo', style: 'hidden-halo', collection: null, bandWidthMm: 2.2, bandThicknessMm: 1.8, profile: 'tapered', prongs: 6, halo: 'hidden', sideCenters: 0, vintage: false, milgrain: false, accents: null, shapes: ['Round', 'Oval'], luxe: false },
];

/** Each hidden or visible halo carries its own small stones: about 16 + 1.5 per mm of the stone's width. */
function haloStones(widthMm: number, halo: RingHead['halo']): RingDesign['accents'] | null {
  if (halo === 'none') return null;
  const count = Math.round(12 + 1.6 * widthMm);
  const each = halo === 'halo' ? 0.012 : 0.006;
  return { setting: 'pave', count, caratTotal: round2(count * each), coverage: 0, gem: 'diamond' };
}

/** A setting's design for one head shape, shown with a stone of `shownCarat`. */
export function settingDesign(t: SettingTemplate, shape: ShapeName, shownCarat: number): RingDesign {
  const size = stoneSize(shape, shownCarat);
  const halo = haloStones(size.widthMm, t.halo);
  const accents = mergeAccents(t.accents, halo);
  const minCarat = t.luxe ? LUXE_MIN_CENTER_CARAT : 0.5;
  const maxCarat = t.luxe ? 8 : 4;
  return {
    form: 'ring',
    bandWidthMm: t.bandWidthMm,
    bandThicknessMm: t.bandThicknessMm,
    profile: t.profile,
    milgrain: t.milgrain,
    head: {
      prongs: t.prongs,
      halo: t.halo,
      sideCenters: t.sideCenters,
      shapes: [shape],
      minWidthMm: stoneSize(shape, minCarat).widthMm,
      maxWidthMm: stoneSize(shape, maxCarat).widthMm,
      shownWidthMm: size.widthMm,
      minCenterCarat: t.luxe ? LUXE_MIN_CENTER_CARAT : 0,
      vintage: t.vintage,
    },
    accents,
    center: null,
    inlay: null,
  };
}

function mergeAccents(a: RingDesign['accents'], b: RingDesign['accents'] | null): RingDesign['accents'] {
  if (!a) return b;
  if (!b) return a;
  return { ...a, count: a.count + b.count, caratTotal: round2(a.caratTotal + b.caratTotal) };
}

function settings(): ProductDraft[] {
  const r = rng(15);
  return SETTING_TEMPLATES.map((t, i) => {
    const shownCarat = t.luxe ? 3 : 1;
    const hasAccents = t.accents !== null || t.halo !== 'none';
    const origins: ('lab' | 'natural')[] = hasAccents ? ['lab', 'natural'] : ['natural'];
    const code = `ST${String(i + 1).padStart(3, '0')}`;
    const variants: VariantDraft[] = [];
    for (const metal of METAL_IDS) {
      for (const shape of t.shapes) {
        for (const origin of origins) {
          variants.push({
            sku: `${code}-${METAL_CODE[metal]}-${SHAPE_CODE[shape]}${hasAccents ? `-${origin === 'lab' ? 'L' : 'N'}` : ''}`,
            metal,
            shape,
            caratTotal: null,
            widthMm: null,
            origin: hasAccents ? origin : null,
            design: settingDesign(t, shape, shownCarat),
            included: null,
            centerStones: [],
            centerGem: null,
            leadDays: LEAD_DAYS.setting,
            stock: null,
          });
        }
      }
    }
    const styleLabel = STYLE_WORDS[t.style];
    const name = `${t.name} ${t.style === 'solitaire' || t.name.includes(styleLabel) ? '' : `${styleLabel} `}Engagement Ring`.replace(/\s+/g, ' ');
    return {
      slug: slugify(`${t.name}${t.name.toLowerCase().includes(STYLE_WORDS[t.style].toLowerCase()) ? '' : ` ${t.style}`} setting`),
      family: 'setting',
      style: t.style,
      name,
      description: settingDescription(t),
      collection: t.collection,
      gender: 'her',
      gem: 'diamond',
      engravable: true,
      resizable: true,
      offerPercent: 0,
      popularity: 1000 - i * 17 + r.int(0, 60),
      ageDays: r.int(5, 400),
      variants,
    } satisfies ProductDraft;
  });
}

const STYLE_WORDS: Record<SettingTemplate['style'], string> = {
  solitaire: 'Solitaire',
  halo: 'Halo',
  vintage: 'Vintage',
  'side-stone': 'Side Stone',
  'three-stone': 'Three Stone',
  pave: 'Pavé',
  'hidden-halo': 'Hidden Halo',
};

function settingDescription(t: SettingTemplate): string {
  const head = t.prongs === 0 ? 'a polished bezel that circles the stone' : `${t.prongs} claw prongs`;
  const parts = [`A ${t.bandWidthMm} mm ${t.profile === 'comfort' ? 'comfort-fit' : t.profile} band holds your center stone in ${head}`];
  if (t.halo === 'halo') parts.push('framed by a halo of hand-set diamonds');
  if (t.halo === 'hidden') parts.push('with a hidden halo of diamonds under the stone, seen from the side');
  if (t.sideCenters === 2) parts.push('between two matched side stones');
  if (t.accents?.setting === 'pave') parts.push('and pavé diamonds along the band');
  if (t.accents?.setting === 'channel') parts.push('and channel-set diamonds along the shoulders');
  if (t.vintage) parts.push('finished with milgrain and filigree in the manner of the 1920s');
  const luxe = t.luxe ? ` Made for a center stone of ${LUXE_MIN_CENTER_CARAT} carats or more.` : '';
  return `${parts.join(', ')}. The setting is made to order for the stone you choose.${luxe}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Preset rings: lab-grown, ready to ship, each variant with its own certified center stone.

const PRESET_CARATS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
const PRESET_COLORS = ['D', 'E', 'F', 'G'] as const;
const PRESET_CLARITIES = ['VVS1', 'VVS2', 'VS1', 'VS2'] as const;
/** The metals a preset is stocked in. */
const PRESET_METALS: MetalId[] = ['14k-white', '14k-yellow', '14k-rose', '18k-white', '18k-yellow', 'platinum'];

function presets(): ProductDraft[] {
  const r = rng(300);
  const drafts: ProductDraft[] = [];
  let serial = 0;
  // 25 settings × shapes × carats, until 312 presets.
  outer: for (let round = 0; round < 6; round++) {
    for (const [ti, t] of SETTING_TEMPLATES.entries()) {
      const shape = t.shapes[(round + ti) % t.shapes.length]!;
      const carats = t.luxe ? PRESET_CARATS.filter((c) => c >= LUXE_MIN_CENTER_CARAT) : PRESET_CARATS.filter((c) => c < LUXE_MIN_CENTER_CARAT);
      for (let k = 0; k < 2; k++) {
        const carat = carats[(round * 2 + k + ti) % carats.length]!;
        serial++;
        const color = r.pick(PRESET_COLORS);
        const clarity = r.pick(PRESET_CLARITIES);
        const cut = shape === 'Round' ? r.pick(['Ideal', 'Excellent', '8X'] as const) : r.pick(['Excellent', 'Very Good'] as const);
        const code = `PR${String(serial).padStart(3, '0')}`;
        const base = settingDesign(t, shape, carat);
        const variants: VariantDraft[] = PRESET_METALS.map((metal, mi) => {
          const exact = round2(carat + r.int(0, 6) / 100);
          const size = stoneSize(shape, exact);
          const included: IncludedStone = {
            certificate_number: `LG${String(600_000_000 + serial * 10 + mi)}`,
            lab: 'IGI',
            origin: 'lab',
            shape,
            carat: exact,
            color,
            clarity,
            cut,
            length_mm: size.lengthMm,
            width_mm: size.widthMm,
            depth_mm: size.depthMm,
          };
          return {
            sku: `${code}-${METAL_CODE[metal]}`,
            metal,
            shape,
            caratTotal: carat,
            widthMm: null,
            origin: 'lab',
            design: { ...base, center: { gem: 'diamond', shape, ...size } },
            included,
            centerStones: [included],
            centerGem: null,
            leadDays: LEAD_DAYS.preset,
            stock: 1,
          };
        });
        const styleWord = STYLE_WORDS[t.style];
        drafts.push({
          slug: slugify(`${t.name} ${shape} ${carat} carat lab diamond ring ${serial}`),
          family: 'preset',
          style: t.style,
          name: `${t.name} ${t.name.includes(styleWord) ? '' : `${styleWord} `}Ring with a ${carat.toFixed(2)} ct ${shape} Lab Diamond`.replace(/\s+/g, ' '),
          description: `A finished ${styleWord.toLowerCase()} engagement ring set with a certified ${carat.toFixed(2)} carat ${shape.toLowerCase()} lab-grown diamond (${color}, ${clarity}), ready to ship in your size. ${settingDescription(t)}`,
          collection: t.collection,
          gender: 'her',
          gem: 'diamond',
          engravable: true,
          resizable: true,
          offerPercent: serial % 11 === 0 ? 15 : 0,
          popularity: r.int(50, 900),
          ageDays: r.int(1, 300),
          variants,
        });
        if (drafts.length >= 312) break outer;
      }
    }
  }
  return drafts;
}

// ---------------------------------------------------------------------------------------------------------------
// Wedding bands, for her and for him.

function band(width: number, thickness: number, profile: RingDesign['profile'], extra: Partial<RingDesign> = {}): RingDesign {
  return { form: 'ring', bandWidthMm: width, bandThicknessMm: thickness, profile, milgrain: false, head: null, accents: null, center: null, inlay: null, ...extra };
}

interface BandSpec {
  name: string;
  style: 'plain' | 'diamond-band' | 'anniversary' | 'eternity';
  gender: Gender;
  collection: CollectionId | null;
  widths: number[];
  profile: RingDesign['profile'];
  milgrain?: boolean;
  inlay?: 'black' | 'white';
  /** For stone bands: the setting, coverage and the total carat weights offered (each a variant). */
  stones?: { setting: 'pave' | 'channel' | 'shared-prong' | 'eternity' | 'bezel'; coverage: number; carats: number[]; stoneMm: number; gem?: Exclude<GemstoneId, 'diamond'> };
  offerPercent?: number;
}

const BANDS: BandSpec[] = [
  // For her: plain
  { name: 'Classic Comfort Fit Band', style: 'plain', gender: 'her', collection: 'the-bond', widths: [2, 2.5, 3], profile: 'comfort' },
  { name: 'Petite Flat Band', style: 'plain', gender: 'her', collection: null, widths: [1.5, 2], profile: 'flat' },
  { name: 'Knife Edge Band', style: 'plain', gender: 'her', collection: null, widths: [2], profile: 'knife-edge' },
  { name: 'Milgrain Band', style: 'plain', gender: 'her', collection: null, widths: [2, 2.5], profile: 'domed', milgrain: true },
  // For her: diamond bands
  { name: 'Petite Pavé Band', style: 'diamond-band', gender: 'her', collection: 'the-bond', widths: [1.8], profile: 'comfort', stones: { setting: 'pave', coverage: 0.5, carats: [0.15, 0.25], stoneMm: 1.3 } },
  { name: 'Channel Set Band', style: 'diamond-band', gender: 'her', collection: null, widths: [2.5], profile: 'flat', stones: { setting: 'channel', coverage: 0.5, carats: [0.25, 0.5], stoneMm: 1.8 } },
  { name: 'Curved Pavé Band', style: 'diamond-band', gender: 'her', collection: null, widths: [1.8], profile: 'comfort', stones: { setting: 'pave', coverage: 0.35, carats: [0.12, 0.2], stoneMm: 1.2 }, offerPercent: 30 },
  { name: 'Bezel Station Band', style: 'diamond-band', gender: 'her', collection: null, widths: [1.6], profile: 'comfort', stones: { setting: 'bezel', coverage: 0.5, carats: [0.1, 0.2], stoneMm: 1.8 } },
  // Anniversary
  { name: 'Shared Prong Anniversary Ring', style: 'anniversary', gender: 'her', collection: null, widths: [2.2], profile: 'comfort', stones: { setting: 'shared-prong', coverage: 0.5, carats: [0.5, 1, 1.5], stoneMm: 2.4 } },
  { name: 'Channel Anniversary Ring', style: 'anniversary', gender: 'her', collection: null, widths: [2.6], profile: 'flat', stones: { setting: 'channel', coverage: 0.5, carats: [0.5, 1], stoneMm: 2.2 }, offerPercent: 15 },
  { name: 'Reserve Anniversary Ring', style: 'anniversary', gender: 'her', collection: 'the-reserve', widths: [3], profile: 'comfort', stones: { setting: 'shared-prong', coverage: 0.55, carats: [1.5, 2], stoneMm: 3.2 } },
  { name: 'Seven Stone Anniversary Ring', style: 'anniversary', gender: 'her', collection: 'the-bond', widths: [2.4], profile: 'comfort', stones: { setting: 'shared-prong', coverage: 0.3, carats: [0.5, 0.75, 1], stoneMm: 2.9 } },
  { name: 'Bezel Anniversary Ring', style: 'anniversary', gender: 'her', collection: null, widths: [2.2], profile: 'flat', stones: { setting: 'bezel', coverage: 0.4, carats: [0.35, 0.7], stoneMm: 2.2 }, offerPercent: 20 },
  { name: 'Petite Pavé Anniversary Ring', style: 'anniversary', gender: 'her', collection: null, widths: [1.9], profile: 'comfort', stones: { setting: 'pave', coverage: 0.5, carats: [0.25, 0.4], stoneMm: 1.6 } },
  { name: 'Sapphire Anniversary Ring', style: 'anniversary', gender: 'her', collection: 'elements', widths: [2.2], profile: 'comfort', stones: { setting: 'shared-prong', coverage: 0.45, carats: [0.6, 1], stoneMm: 2.4, gem: 'sapphire' } },
  { name: 'Channel Baguette Anniversary Ring', style: 'anniversary', gender: 'her', collection: null, widths: [2.8], profile: 'flat', stones: { setting: 'channel', coverage: 0.45, carats: [0.5, 1], stoneMm: 2 } },
  // Eternity: stones all the way round, so neither resized nor engraved.
  { name: 'Shared Prong Eternity Ring', style: 'eternity', gender: 'her', collection: null, widths: [2.2], profile: 'comfort', stones: { setting: 'eternity', coverage: 1, carats: [1, 2, 3], stoneMm: 2.4 } },
  { name: 'Petite Eternity Ring', style: 'eternity', gender: 'her', collection: 'the-bond', widths: [1.8], profile: 'comfort', stones: { setting: 'eternity', coverage: 1, carats: [0.5, 1], stoneMm: 1.7 } },
  { name: 'Channel Eternity Ring', style: 'eternity', gender: 'her', collection: null, widths: [2.8], profile: 'flat', stones: { setting: 'channel', coverage: 1, carats: [1, 2], stoneMm: 2.2 }, offerPercent: 10 },
  { name: 'Reserve Eternity Ring', style: 'eternity', gender: 'her', collection: 'the-reserve', widths: [3.2], profile: 'comfort', stones: { setting: 'eternity', coverage: 1, carats: [3, 5], stoneMm: 3.6 } },
  { name: 'Micro Pavé Eternity Ring', style: 'eternity', gender: 'her', collection: null, widths: [1.6], profile: 'comfort', stones: { setting: 'pave', coverage: 1, carats: [0.35, 0.5], stoneMm: 1.3 }, offerPercent: 30 },
  { name: 'Bezel Eternity Ring', style: 'eternity', gender: 'her', collection: 'elements', widths: [2.4], profile: 'comfort', stones: { setting: 'bezel', coverage: 1, carats: [1, 1.5], stoneMm: 2.5 } },
  { name: 'Sapphire Eternity Ring', style: 'eternity', gender: 'her', collection: null, widths: [2.4], profile: 'comfort', stones: { setting: 'eternity', coverage: 1, carats: [1.5, 2], stoneMm: 2.6, gem: 'sapphire' } },
  { name: 'Golden Eternity Ring', style: 'eternity', gender: 'her', collection: 'the-bond', widths: [2.6], profile: 'domed', stones: { setting: 'eternity', coverage: 1, carats: [1.5, 2.5], stoneMm: 2.8 } },
  // For him
  { name: 'Classic Comfort Fit Band', style: 'plain', gender: 'him', collection: 'the-bond', widths: [4, 5, 6, 7, 8], profile: 'comfort' },
  { name: 'Flat Satin Band', style: 'plain', gender: 'him', collection: null, widths: [5, 6, 8], profile: 'flat' },
  { name: 'Domed Band', style: 'plain', gender: 'him', collection: null, widths: [4, 6], profile: 'domed' },
  { name: 'Milgrain Edge Band', style: 'plain', gender: 'him', collection: null, widths: [5, 6], profile: 'flat', milgrain: true },
  { name: 'Black Ceramic Inlay Band', style: 'plain', gender: 'him', collection: 'the-ceramic-series', widths: [6, 8], profile: 'comfort', inlay: 'black' },
  { name: 'White Ceramic Inlay Band', style: 'plain', gender: 'her', collection: 'the-ceramic-series', widths: [4], profile: 'comfort', inlay: 'white' },
  { name: 'Channel Diamond Band', style: 'diamond-band', gender: 'him', collection: null, widths: [6], profile: 'flat', stones: { setting: 'channel', coverage: 0.3, carats: [0.25, 0.5], stoneMm: 2 } },
  { name: 'Bezel Set Diamond Band', style: 'diamond-band', gender: 'him', collection: null, widths: [6], profile: 'comfort', stones: { setting: 'bezel', coverage: 0.25, carats: [0.15, 0.3], stoneMm: 2 } },
  { name: 'Pavé Comfort Fit Band', style: 'diamond-band', gender: 'him', collection: 'the-reserve', widths: [7], profile: 'comfort', stones: { setting: 'pave', coverage: 0.5, carats: [0.5, 1], stoneMm: 1.5 } },
];

function bands(): ProductDraft[] {
  const r = rng(42);
  return BANDS.map((b, i) => {
    const code = `BD${String(i + 1).padStart(3, '0')}`;
    const variants: VariantDraft[] = [];
    const eternity = b.style === 'eternity';
    for (const metal of METAL_IDS) {
      for (const width of b.widths) {
        const thickness = round2(width >= 4 ? 1.8 + width * 0.05 : 1.5 + width * 0.05);
        if (!b.stones) {
          variants.push({
            sku: `${code}-${METAL_CODE[metal]}-${String(width * 10).padStart(2, '0')}`,
            metal,
            shape: null,
            caratTotal: null,
            widthMm: b.widths.length > 1 ? width : null,
            origin: null,
            design: band(width, thickness, b.profile, { milgrain: b.milgrain ?? false, inlay: b.inlay ?? null }),
            included: null,
            centerStones: [],
            centerGem: null,
            leadDays: LEAD_DAYS.band,
            stock: null,
          });
          continue;
        }
        const gem = b.stones.gem ?? 'diamond';
        for (const carat of b.stones.carats) {
          for (const origin of gem === 'diamond' ? (['lab', 'natural'] as const) : (['natural'] as const)) {
            const eachCarat = caratOfRoundMm(b.stones.stoneMm);
            const count = Math.max(2, Math.round(carat / eachCarat));
            variants.push({
              sku: `${code}-${METAL_CODE[metal]}${b.widths.length > 1 ? `-${String(width * 10).padStart(2, '0')}` : ''}-${String(Math.round(carat * 100)).padStart(3, '0')}-${origin === 'lab' ? 'L' : 'N'}`,
              metal,
              shape: null,
              caratTotal: carat,
              widthMm: b.widths.length > 1 ? width : null,
              origin: gem === 'diamond' ? origin : null,
              design: band(width, thickness, b.profile, {
                milgrain: b.milgrain ?? false,
                accents: { setting: b.stones.setting, count, caratTotal: carat, coverage: b.stones.coverage, gem },
              }),
              included: null,
              centerStones: [],
              centerGem: null,
              leadDays: eternity ? LEAD_DAYS.eternity : LEAD_DAYS.band,
              stock: null,
            });
          }
        }
      }
    }
    const forWhom = b.gender === 'him' ? 'Men’s' : 'Women’s';
    const widths = b.widths.length > 1 ? `${b.widths[0]}–${b.widths.at(-1)} mm` : `${b.widths[0]} mm`;
    return {
      slug: slugify(`${forWhom} ${b.name}`),
      family: 'band',
      style: b.style,
      name: b.gender === 'him' ? `Men’s ${b.name}` : b.name,
      description: bandDescription(b, widths),
      collection: b.collection,
      gender: b.gender,
      gem: b.stones ? (b.stones.gem ?? 'diamond') : null,
      engravable: !eternity,
      resizable: !eternity,
      offerPercent: b.offerPercent ?? 0,
      popularity: 800 - i * 13 + r.int(0, 120),
      ageDays: r.int(3, 500),
      variants,
    } satisfies ProductDraft;
  });
}

function bandDescription(b: BandSpec, widths: string): string {
  const fit = b.profile === 'comfort' ? 'comfort-fit' : b.profile;
  if (!b.stones) {
    const inlay = b.inlay ? ` inlaid with ${b.inlay} ceramic` : '';
    const milgrain = b.milgrain ? ', edged in milgrain' : '';
    return `A solid ${fit} band${inlay}${milgrain}, ${widths} wide, made to order in your size.`;
  }
  const where = b.stones.coverage >= 1 ? 'all the way round' : b.stones.coverage >= 0.5 ? 'across the top half' : 'across the top';
  const eternity = b.style === 'eternity' ? ' Stones run all the way round, so an eternity ring cannot be resized or engraved: choose the size with care.' : '';
  const stones = b.stones.gem ? `${b.stones.gem}s` : 'diamonds';
  const choice = b.stones.gem ? '' : ', in lab-grown or natural diamonds';
  return `A ${widths} ${fit} band with ${b.stones.setting === 'eternity' ? 'shared-prong' : b.stones.setting}-set ${stones} ${where}${choice}.${eternity}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Gemstone rings and fashion rings.

interface RingSpec {
  name: string;
  style: 'gemstone' | 'stacking';
  collection: CollectionId | null;
  gem: Exclude<GemstoneId, 'diamond'> | 'diamond';
  shape: ShapeName;
  carat: number;
  halo: RingHead['halo'];
  prongs: RingHead['prongs'];
  sideCenters: 0 | 2;
  accents: RingDesign['accents'];
  bandWidthMm: number;
  inlay?: 'black' | 'white';
}

const RINGS: RingSpec[] = [
  { name: 'Blue Sapphire Halo Ring', style: 'gemstone', collection: null, gem: 'sapphire', shape: 'Oval', carat: 1.5, halo: 'halo', prongs: 4, sideCenters: 0, accents: pave(16, 0.12), bandWidthMm: 1.9 },
  { name: 'Blue Sapphire Solitaire', style: 'gemstone', collection: null, gem: 'sapphire', shape: 'Round', carat: 1, halo: 'none', prongs: 4, sideCenters: 0, accents: null, bandWidthMm: 1.8 },
  { name: 'Sapphire and Diamond Three Stone Ring', style: 'gemstone', collection: null, gem: 'sapphire', shape: 'Cushion', carat: 1.2, halo: 'none', prongs: 4, sideCenters: 2, accents: { setting: 'shared-prong', count: 2, caratTotal: 0.4, coverage: 0.08, gem: 'diamond' }, bandWidthMm: 2 },
  { name: 'Ruby Halo Ring', style: 'gemstone', collection: null, gem: 'ruby', shape: 'Oval', carat: 1, halo: 'halo', prongs: 4, sideCenters: 0, accents: null, bandWidthMm: 1.9 },
  { name: 'Ruby Bezel Ring', style: 'gemstone', collection: 'elements', gem: 'ruby', shape: 'Round', carat: 0.75, halo: 'none', prongs: 0, sideCenters: 0, accents: null, bandWidthMm: 1.8 },
  { name: 'Emerald Cut Emerald Ring', style: 'gemstone', collection: null, gem: 'emerald', shape: 'Emerald', carat: 1.5, halo: 'none', prongs: 4, sideCenters: 2, accents: { setting: 'shared-prong', count: 2, caratTotal: 0.3, coverage: 0.08, gem: 'diamond' }, bandWidthMm: 2 },
  { name: 'Emerald Halo Ring', style: 'gemstone', collection: 'the-reserve', gem: 'emerald', shape: 'Oval', carat: 2, halo: 'halo', prongs: 4, sideCenters: 0, accents: pave(20, 0.2), bandWidthMm: 2.1 },
  { name: 'Pink Sapphire Pavé Ring', style: 'gemstone', collection: 'the-bouquet', gem: 'pink-sapphire', shape: 'Pear', carat: 1, halo: 'none', prongs: 4, sideCenters: 0, accents: pave(18, 0.14), bandWidthMm: 1.8 },
  { name: 'Aquamarine Cocktail Ring', style: 'gemstone', collection: 'elements', gem: 'aquamarine', shape: 'Emerald', carat: 3, halo: 'halo', prongs: 4, sideCenters: 0, accents: null, bandWidthMm: 2.2 },
  { name: 'Morganite Halo Ring', style: 'gemstone', collection: 'the-bouquet', gem: 'morganite', shape: 'Cushion', carat: 2, halo: 'halo', prongs: 4, sideCenters: 0, accents: null, bandWidthMm: 2 },
  { name: 'Bouquet Cluster Ring', style: 'stacking', collection: 'the-bouquet', gem: 'diamond', shape: 'Round', carat: 0.25, halo: 'halo', prongs: 4, sideCenters: 0, accents: null, bandWidthMm: 1.6 },
  { name: 'Elements Stacking Ring', style: 'stacking', collection: 'elements', gem: 'diamond', shape: 'Round', carat: 0.1, halo: 'none', prongs: 0, sideCenters: 0, accents: pave(9, 0.09, 0.25), bandWidthMm: 1.5 },
  { name: 'Ceramic Pavé Ring', style: 'stacking', collection: 'the-ceramic-series', gem: 'diamond', shape: 'Round', carat: 0.1, halo: 'none', prongs: 0, sideCenters: 0, accents: pave(12, 0.1, 0.3), bandWidthMm: 3, inlay: 'black' },
];

function rings(): ProductDraft[] {
  const r = rng(77);
  return RINGS.map((spec, i) => {
    const code = `RG${String(i + 1).padStart(3, '0')}`;
    const size = stoneSize(spec.shape, spec.carat);
    const design: RingDesign = {
      form: 'ring',
      bandWidthMm: spec.bandWidthMm,
      bandThicknessMm: 1.6,
      profile: 'comfort',
      milgrain: false,
      head: { prongs: spec.prongs, halo: spec.halo, sideCenters: spec.sideCenters, shapes: [spec.shape], minWidthMm: size.widthMm, maxWidthMm: size.widthMm, shownWidthMm: size.widthMm, vintage: false },
      accents: mergeAccents(spec.accents, haloStones(size.widthMm, spec.halo)),
      center: look(spec.gem, spec.shape, spec.carat),
      inlay: spec.inlay ?? null,
    };
    const origins: ('lab' | 'natural')[] = spec.gem === 'diamond' ? ['lab', 'natural'] : ['natural'];
    const variants: VariantDraft[] = [];
    for (const metal of METAL_IDS) {
      for (const origin of origins) {
        const diamondCenter: CenterStone | null =
          spec.gem === 'diamond' ? { shape: spec.shape, carat: spec.carat, color: 'G', clarity: 'VS2', cut: 'Very Good', origin } : null;
        variants.push({
          sku: `${code}-${METAL_CODE[metal]}${spec.gem === 'diamond' ? `-${origin === 'lab' ? 'L' : 'N'}` : ''}`,
          metal,
          shape: spec.shape,
          caratTotal: null,
          widthMm: null,
          origin: spec.gem === 'diamond' ? origin : null,
          design,
          included: null,
          centerStones: diamondCenter ? [diamondCenter] : [],
          centerGem: spec.gem === 'diamond' ? null : { gem: spec.gem, carat: spec.carat },
          leadDays: LEAD_DAYS.ring,
          stock: null,
        });
      }
    }
    return {
      slug: slugify(spec.name),
      family: 'ring',
      style: spec.style,
      name: spec.name,
      description:
        spec.gem === 'diamond'
          ? `A ${spec.bandWidthMm} mm ring of small diamonds to wear alone or stacked with a wedding band.`
          : `A ${spec.carat.toFixed(2)} carat ${spec.shape.toLowerCase()} ${spec.gem.replace('-', ' ')}, hand-selected for its colour${spec.halo === 'halo' ? ', framed by diamonds' : ''}, made to order in your size.`,
      collection: spec.collection,
      gender: 'her',
      gem: spec.gem,
      engravable: true,
      resizable: true,
      offerPercent: i % 5 === 0 ? 10 : 0,
      popularity: 500 - i * 11 + r.int(0, 80),
      ageDays: r.int(2, 300),
      variants,
    } satisfies ProductDraft;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Earrings, necklaces and bracelets: stocked in the two most wanted metals, made to order in the rest.

const STOCKED_METALS: MetalId[] = ['14k-white', '14k-yellow'];

interface JewelrySpec {
  name: string;
  family: 'earrings' | 'necklace' | 'bracelet';
  style: ProductStyle;
  collection: CollectionId | null;
  /** The design for a total carat weight (each carat weight offered is a variant). */
  design: (carat: number) => EarringDesign | NecklaceDesign | BraceletDesign;
  /** The diamonds that come with the piece at a total carat weight (studs, a solitaire pendant). */
  centers?: (carat: number, origin: 'lab' | 'natural') => CenterStone[];
  carats: number[];
  origins: ('lab' | 'natural')[];
  gem?: Exclude<GemstoneId, 'diamond'>;
  offerPercent?: number;
  description: string;
}

const studs = (shape: ShapeName, prongs: 0 | 4 | 6) => (carat: number): EarringDesign => ({
  form: 'earrings',
  style: 'studs',
  stone: look('diamond', shape, carat / 2),
  hoopDiameterMm: null,
  hoopStones: 0,
  prongs,
});
const pairOf = (shape: ShapeName) => (carat: number, origin: 'lab' | 'natural'): CenterStone[] => {
  const one: CenterStone = { shape, carat: round2(carat / 2), color: 'G', clarity: 'VS2', cut: 'Very Good', origin };
  return [one, one];
};
/** Stones of `mm` in a tennis piece of `lengthIn` inches, set edge to edge. */
const tennisStones = (lengthIn: number, mm: number) => Math.round((lengthIn * 25.4) / (mm + 0.25));
/** The stone size that gives a tennis piece of `lengthIn` a total carat weight of `carat`. */
function tennisMm(lengthIn: number, carat: number): number {
  // carat = n × (mm / 6.43)³ with n = length / (mm + 0.25): solve by bisection.
  let lo = 1;
  let hi = 6;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    const total = tennisStones(lengthIn, mid) * caratOfRoundMm(mid);
    if (total < carat) lo = mid;
    else hi = mid;
  }
  return round2((lo + hi) / 2);
}

const JEWELRY: JewelrySpec[] = [
  { name: 'Round Diamond Stud Earrings', family: 'earrings', style: 'studs', collection: null, design: studs('Round', 4), centers: pairOf('Round'), carats: [0.5, 1, 1.5, 2], origins: ['lab', 'natural'], offerPercent: 10, description: 'A matched pair of round brilliant diamonds in four-prong baskets, on posts with secure friction backs.' },
  { name: 'Six Prong Martini Studs', family: 'earrings', style: 'studs', collection: 'the-bond', design: studs('Round', 6), centers: pairOf('Round'), carats: [1, 2], origins: ['lab', 'natural'], description: 'Round diamonds held low in six-prong martini settings, which sit close to the ear.' },
  { name: 'Oval Diamond Studs', family: 'earrings', style: 'studs', collection: null, design: studs('Oval', 4), centers: pairOf('Oval'), carats: [1, 1.5], origins: ['lab'], description: 'A pair of matched oval diamonds, set north to south.' },
  { name: 'Princess Cut Bezel Studs', family: 'earrings', style: 'studs', collection: 'elements', design: studs('Princess', 0), centers: pairOf('Princess'), carats: [0.5, 1], origins: ['lab', 'natural'], description: 'Square princess-cut diamonds framed in a polished bezel.' },
  { name: 'Gold Huggie Hoops', family: 'earrings', style: 'hoops', collection: null, design: () => ({ form: 'earrings', style: 'hoops', stone: null, hoopDiameterMm: 12, hoopStones: 0, prongs: 0 }), carats: [0], origins: [], description: 'Small polished hoops that hug the lobe, with a hinged clasp.' },
  { name: 'Diamond Huggie Hoops', family: 'earrings', style: 'hoops', collection: 'the-bond', design: () => ({ form: 'earrings', style: 'hoops', stone: null, hoopDiameterMm: 13, hoopStones: 11, prongs: 0 }), carats: [0], origins: ['lab', 'natural'], description: 'Hoops set with a row of diamonds across the front.' },
  { name: 'Diamond Inside-Out Hoops', family: 'earrings', style: 'hoops', collection: 'the-reserve', design: () => ({ form: 'earrings', style: 'hoops', stone: null, hoopDiameterMm: 25, hoopStones: 24, prongs: 0 }), carats: [0], origins: ['lab', 'natural'], offerPercent: 20, description: 'Larger hoops with diamonds on the outside and inside, so they sparkle from every side.' },
  { name: 'Pear Diamond Drop Earrings', family: 'earrings', style: 'drops', collection: 'the-bouquet', design: (c) => ({ form: 'earrings', style: 'drops', stone: look('diamond', 'Pear', c / 2), hoopDiameterMm: null, hoopStones: 0, prongs: 4 }), centers: pairOf('Pear'), carats: [1, 2], origins: ['lab'], description: 'Pear-shaped diamonds hanging from a fine gold link.' },
  { name: 'Sapphire Drop Earrings', family: 'earrings', style: 'drops', collection: 'elements', gem: 'sapphire', design: () => ({ form: 'earrings', style: 'drops', stone: look('sapphire', 'Oval', 0.75), hoopDiameterMm: null, hoopStones: 0, prongs: 4 }), carats: [0], origins: [], description: 'Oval blue sapphires swinging from a short gold link.' },
  { name: 'Diamond Tennis Necklace', family: 'necklace', style: 'tennis-necklace', collection: null, design: (c) => ({ form: 'necklace', style: 'tennis-necklace', lengthIn: 16, stones: tennisStones(16, tennisMm(16, c)), stoneMm: tennisMm(16, c), pendant: null, motif: null }), carats: [5, 8, 10], origins: ['lab', 'natural'], description: 'A 16 inch line of matched round diamonds, each in its own four-prong link, with a double-locking box clasp.' },
  { name: 'Reserve Riviera Necklace', family: 'necklace', style: 'tennis-necklace', collection: 'the-reserve', design: (c) => ({ form: 'necklace', style: 'tennis-necklace', lengthIn: 17, stones: tennisStones(17, tennisMm(17, c)), stoneMm: tennisMm(17, c), pendant: null, motif: null }), carats: [15, 20], origins: ['lab', 'natural'], description: 'Our heaviest riviera: larger diamonds graded and matched by hand across 17 inches.' },
  { name: 'Solitaire Diamond Pendant', family: 'necklace', style: 'pendant', collection: 'the-bond', design: (c) => ({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: stoneSize('Round', c).widthMm, pendant: look('diamond', 'Round', c), motif: 'solitaire' }), centers: (c, origin) => [{ shape: 'Round', carat: c, color: 'G', clarity: 'VS2', cut: 'Very Good', origin }], carats: [0.5, 1, 1.5], origins: ['lab', 'natural'], description: 'One round diamond in a four-prong basket on an 18 inch cable chain, adjustable at 16.' },
  { name: 'Halo Diamond Pendant', family: 'necklace', style: 'pendant', collection: null, design: (c) => ({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 14, stoneMm: 1.2, pendant: look('diamond', 'Round', c), motif: 'halo' }), centers: (c, origin) => [{ shape: 'Round', carat: c, color: 'G', clarity: 'VS2', cut: 'Very Good', origin }], carats: [0.5, 1], origins: ['lab'], description: 'A round diamond framed by a halo of small diamonds, on an 18 inch chain.' },
  { name: 'Bouquet Cluster Pendant', family: 'necklace', style: 'pendant', collection: 'the-bouquet', design: () => ({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 7, stoneMm: 2.2, pendant: null, motif: 'cluster' }), carats: [0], origins: ['lab', 'natural'], description: 'Seven diamonds gathered like a small bouquet, on an 18 inch chain.' },
  { name: 'Elements Diamond Bar Necklace', family: 'necklace', style: 'pendant', collection: 'elements', design: () => ({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 5, stoneMm: 1.6, pendant: null, motif: 'bar' }), carats: [0], origins: ['lab', 'natural'], description: 'A slim gold bar set with five diamonds, on an 18 inch chain.' },
  { name: 'Ruby Solitaire Pendant', family: 'necklace', style: 'pendant', collection: null, gem: 'ruby', design: () => ({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: 6, pendant: look('ruby', 'Oval', 1), motif: 'solitaire' }), carats: [0], origins: [], description: 'An oval ruby in a four-prong basket on an 18 inch chain.' },
  { name: 'Diamond Tennis Bracelet', family: 'bracelet', style: 'tennis-bracelet', collection: null, design: (c) => ({ form: 'bracelet', style: 'tennis-bracelet', lengthIn: 7, stones: tennisStones(7, tennisMm(7, c)), stoneMm: tennisMm(7, c), widthMm: tennisMm(7, c) + 0.6, inlay: null }), carats: [2, 3, 5, 7], origins: ['lab', 'natural'], description: 'A 7 inch line of matched round diamonds in four-prong links, with a box clasp and a safety latch.' },
  { name: 'Petite Tennis Bracelet', family: 'bracelet', style: 'tennis-bracelet', collection: 'the-bond', design: (c) => ({ form: 'bracelet', style: 'tennis-bracelet', lengthIn: 6.5, stones: tennisStones(6.5, tennisMm(6.5, c)), stoneMm: tennisMm(6.5, c), widthMm: tennisMm(6.5, c) + 0.6, inlay: null }), carats: [1, 1.5], origins: ['lab', 'natural'], offerPercent: 15, description: 'A finer tennis bracelet for every day, 6.5 inches.' },
  { name: 'Polished Gold Bangle', family: 'bracelet', style: 'bangle', collection: 'elements', design: () => ({ form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 0, stoneMm: 0, widthMm: 3, inlay: null }), carats: [0], origins: [], description: 'A solid 3 mm bangle with a hidden hinge.' },
  { name: 'Ceramic Inlay Bangle', family: 'bracelet', style: 'bangle', collection: 'the-ceramic-series', design: () => ({ form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 0, stoneMm: 0, widthMm: 5, inlay: 'black' }), carats: [0], origins: [], description: 'A 5 mm gold bangle inlaid with polished black ceramic.' },
  { name: 'Diamond Pavé Bangle', family: 'bracelet', style: 'bangle', collection: 'the-reserve', design: () => ({ form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 40, stoneMm: 1.5, widthMm: 4, inlay: null }), carats: [0], origins: ['lab', 'natural'], description: 'A 4 mm bangle pavé-set with forty diamonds across the top.' },
];

function jewelry(): ProductDraft[] {
  const r = rng(9);
  return JEWELRY.map((spec, i) => {
    const code = `JW${String(i + 1).padStart(3, '0')}`;
    const variants: VariantDraft[] = [];
    const origins = spec.origins.length > 0 ? spec.origins : [null];
    for (const metal of METAL_IDS) {
      for (const carat of spec.carats) {
        for (const origin of origins) {
          const stocked = STOCKED_METALS.includes(metal) && origin !== 'natural';
          const design = spec.design(carat);
          variants.push({
            sku: `${code}-${METAL_CODE[metal]}${carat > 0 ? `-${String(Math.round(carat * 100)).padStart(3, '0')}` : ''}${origin ? `-${origin === 'lab' ? 'L' : 'N'}` : ''}`,
            metal,
            shape: null,
            caratTotal: carat > 0 ? carat : totalCaratOf(design),
            widthMm: null,
            origin,
            design,
            included: null,
            centerStones: spec.centers && origin ? spec.centers(carat, origin) : [],
            centerGem: spec.gem ? { gem: spec.gem, carat: 0.75 * (spec.family === 'earrings' ? 2 : 1) } : null,
            leadDays: stocked ? LEAD_DAYS.stocked : LEAD_DAYS.jewelry,
            stock: stocked ? 2 + r.int(0, 10) : null,
          });
        }
      }
    }
    return {
      slug: slugify(spec.name),
      family: spec.family,
      style: spec.style,
      name: spec.name,
      description: spec.description,
      collection: spec.collection,
      gender: 'her',
      gem: spec.gem ?? (spec.origins.length > 0 ? 'diamond' : null),
      engravable: spec.style === 'bangle' || spec.style === 'pendant',
      resizable: false,
      offerPercent: spec.offerPercent ?? 0,
      popularity: 700 - i * 9 + r.int(0, 150),
      ageDays: r.int(1, 400),
      variants,
    } satisfies ProductDraft;
  });
}

/** The total carat weight of a piece's small diamonds (null when it has none). */
function totalCaratOf(design: PieceDesign): number | null {
  if ((design.form === 'necklace' || design.form === 'bracelet') && design.stones > 0) return round2(design.stones * caratOfRoundMm(design.stoneMm));
  if (design.form === 'earrings' && design.hoopStones > 0) return round2(design.hoopStones * 2 * caratOfRoundMm(1.5));
  return null;
}

/**
 * §9's free gifts (the contract's GIFTS, by slug): one stocked variant each, in 14k white gold with lab-grown
 * diamonds, on sale like any piece. An order's gift takes a unit from the same shelf (docs/decisions/026-free-gifts.md).
 */
export function giftPieceDrafts(): ProductDraft[] {
  const piece = (gift: GiftId, code: string, style: ProductStyle, carat: number, design: PieceDesign, centerStones: CenterStone[], description: string, ageDays: number): ProductDraft => ({
    slug: GIFTS[gift].slug,
    family: gift,
    style,
    name: GIFTS[gift].name,
    description,
    collection: null,
    gender: 'her',
    gem: 'diamond',
    engravable: false,
    resizable: false,
    offerPercent: 0,
    popularity: 400,
    ageDays,
    variants: [
      {
        sku: `GF-${code}-14W-${String(Math.round(carat * 100)).padStart(3, '0')}-L`,
        metal: '14k-white',
        shape: null,
        caratTotal: carat,
        widthMm: null,
        origin: 'lab',
        design,
        included: null,
        centerStones,
        centerGem: null,
        leadDays: LEAD_DAYS.stocked,
        stock: 40,
      },
    ],
  });
  const pendant: NecklaceDesign = { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: stoneSize('Round', 0.25).widthMm, pendant: look('diamond', 'Round', 0.25), motif: 'solitaire' };
  const bracelet: BraceletDesign = { form: 'bracelet', style: 'tennis-bracelet', lengthIn: 7, stones: tennisStones(7, tennisMm(7, 1)), stoneMm: tennisMm(7, 1), widthMm: tennisMm(7, 1) + 0.6, inlay: null };
  return [
    piece('necklace', 'NK', 'pendant', 0.25, pendant, [{ shape: 'Round', carat: 0.25, color: 'G', clarity: 'VS2', cut: 'Very Good', origin: 'lab' }], 'A round lab-grown diamond in a four-prong basket on an 18 inch cable chain: our free gift from a $460 subtotal, and on sale on its own.', 30),
    piece('bracelet', 'BR', 'tennis-bracelet', 1, bracelet, [], 'A 7 inch line of matched round lab-grown diamonds, one carat in all, with a box clasp and a safety latch: our free gift from a $2,460 subtotal, and on sale on its own.', 30),
    piece('earrings', 'ER', 'studs', 0.5, studs('Round', 4)(0.5), pairOf('Round')(0.5, 'lab'), 'A matched pair of round lab-grown diamonds in four-prong baskets, half a carat in all: the free gift you may choose instead of the bracelet, and on sale on its own.', 30),
  ];
}

/** Every product of the demo catalog, in a fixed order (the gifts last, so every other piece keeps its id). */
export function demoJewelry(): ProductDraft[] {
  return [...settings(), ...presets(), ...bands(), ...rings(), ...jewelry(), ...giftPieceDrafts()];
}
