/**
 * A sample of the catalog's designs, one or more of every kind the pictures draw: the seven engagement styles in
 * different shapes, the bands, gemstone rings, earrings, necklaces and bracelets. The tests draw each of them, and
 * the store's seed uses designs like these.
 */
import type { CenterStoneLook, GemstoneId, MetalId, PieceDesign, RingAccents, RingDesign, RingHead, ShapeName } from '@everstone/contract/core';

export interface SampleDesign {
  title: string;
  design: PieceDesign;
  metal: MetalId;
}

const head = (over: Partial<RingHead> = {}): RingHead => ({
  prongs: 4,
  halo: 'none',
  sideCenters: 0,
  shapes: ['Round'],
  minWidthMm: 5,
  maxWidthMm: 9,
  shownWidthMm: 6.5,
  vintage: false,
  ...over,
});

const ring = (over: Partial<RingDesign> = {}): RingDesign => ({
  form: 'ring',
  bandWidthMm: 1.8,
  bandThicknessMm: 1.6,
  profile: 'comfort',
  milgrain: false,
  head: null,
  accents: null,
  center: null,
  inlay: null,
  ...over,
});

const stone = (shape: ShapeName, lengthMm: number, widthMm: number, gem: GemstoneId = 'diamond'): CenterStoneLook => ({
  gem,
  shape,
  lengthMm,
  widthMm,
  depthMm: Math.round(widthMm * 0.62 * 100) / 100,
});

const accents = (over: Partial<RingAccents> = {}): RingAccents => ({ setting: 'pave', count: 24, caratTotal: 0.24, coverage: 0.5, gem: 'diamond', ...over });

export const SAMPLE_DESIGNS: SampleDesign[] = [
  // The seven engagement styles.
  {
    title: 'Classic Solitaire, 6.5 mm round',
    metal: 'platinum',
    design: ring({ head: head({ prongs: 6 }), center: stone('Round', 6.5, 6.5) }),
  },
  {
    title: 'Halo Engagement Ring, cushion',
    metal: '14k-white',
    design: ring({ bandWidthMm: 2, head: head({ halo: 'halo', shapes: ['Cushion'], shownWidthMm: 6 }), accents: accents({ count: 20, caratTotal: 0.2 }), center: stone('Cushion', 6.6, 6) }),
  },
  {
    title: 'Vintage Milgrain Halo, oval',
    metal: '18k-yellow',
    design: ring({ bandWidthMm: 2.2, milgrain: true, head: head({ halo: 'halo', vintage: true, shapes: ['Oval'] }), center: stone('Oval', 9, 6.5) }),
  },
  {
    title: 'Channel Side-Stone Ring, princess',
    metal: '14k-white',
    design: ring({ bandWidthMm: 2.6, profile: 'flat', head: head({ shapes: ['Princess'] }), accents: accents({ setting: 'channel', count: 14, caratTotal: 0.28, coverage: 0.4 }), center: stone('Princess', 5.5, 5.5) }),
  },
  {
    title: 'Three-Stone Ring, emerald cut',
    metal: 'platinum',
    design: ring({ bandWidthMm: 2.2, head: head({ sideCenters: 2, shapes: ['Emerald'] }), center: stone('Emerald', 8, 5.5) }),
  },
  {
    title: 'Petite Pavé Ring, pear',
    metal: '14k-rose',
    design: ring({ bandWidthMm: 1.9, head: head({ shapes: ['Pear'] }), accents: accents({ count: 28, caratTotal: 0.18, coverage: 0.5 }), center: stone('Pear', 9, 6) }),
  },
  {
    title: 'Hidden Halo Ring, radiant',
    metal: '18k-white',
    design: ring({ bandWidthMm: 2, head: head({ halo: 'hidden', shapes: ['Radiant'] }), accents: accents({ count: 18, caratTotal: 0.15 }), center: stone('Radiant', 8, 6.4) }),
  },
  {
    title: 'Bezel Solitaire, marquise',
    metal: '14k-yellow',
    design: ring({ bandWidthMm: 2, profile: 'domed', head: head({ prongs: 0, shapes: ['Marquise'] }), center: stone('Marquise', 10, 5) }),
  },
  {
    title: 'Solitaire Setting, 9 mm display stone',
    metal: '14k-white',
    design: ring({ profile: 'knife-edge', head: head({ shapes: ['Asscher'], shownWidthMm: 7.5 }), center: null }),
  },
  {
    title: 'Heart Solitaire, 4 prongs',
    metal: '18k-rose',
    design: ring({ head: head({ shapes: ['Heart'] }), center: stone('Heart', 7, 7.2) }),
  },
  // Bands.
  { title: 'Comfort Fit Band, 2 mm', metal: '14k-yellow', design: ring({ bandWidthMm: 2, bandThicknessMm: 1.5 }) },
  { title: "Men's Flat Band, 8 mm", metal: 'platinum', design: ring({ bandWidthMm: 8, bandThicknessMm: 2.2, profile: 'flat' }) },
  { title: 'Knife-Edge Band, 3 mm', metal: '18k-rose', design: ring({ bandWidthMm: 3, bandThicknessMm: 1.8, profile: 'knife-edge' }) },
  { title: 'Tapered Band', metal: '14k-white', design: ring({ bandWidthMm: 3.2, bandThicknessMm: 1.6, profile: 'tapered' }) },
  { title: 'Domed Milgrain Band, 4 mm', metal: '18k-yellow', design: ring({ bandWidthMm: 4, bandThicknessMm: 1.8, profile: 'domed', milgrain: true }) },
  {
    title: 'Pavé Diamond Band',
    metal: '14k-white',
    design: ring({ bandWidthMm: 2.4, accents: accents({ count: 22, caratTotal: 0.33, coverage: 0.5 }) }),
  },
  {
    title: 'Shared-Prong Anniversary Ring',
    metal: 'platinum',
    design: ring({ bandWidthMm: 2.8, profile: 'flat', accents: accents({ setting: 'shared-prong', count: 11, caratTotal: 0.5, coverage: 0.5 }) }),
  },
  {
    title: 'Diamond Eternity Ring',
    metal: '18k-white',
    design: ring({ bandWidthMm: 2.5, profile: 'flat', accents: accents({ setting: 'eternity', count: 24, caratTotal: 1, coverage: 1 }) }),
  },
  {
    title: 'Bezel-Set Diamond Band',
    metal: '14k-yellow',
    design: ring({ bandWidthMm: 2.6, accents: accents({ setting: 'bezel', count: 7, caratTotal: 0.21, coverage: 0.3 }) }),
  },
  { title: 'Black Ceramic Inlay Band, 6 mm', metal: '14k-yellow', design: ring({ bandWidthMm: 6, bandThicknessMm: 2, profile: 'flat', inlay: 'black' }) },
  { title: 'White Ceramic Inlay Band, 5 mm', metal: '14k-rose', design: ring({ bandWidthMm: 5, bandThicknessMm: 1.8, profile: 'flat', inlay: 'white' }) },
  // Gemstone rings.
  {
    title: 'Sapphire Halo Ring',
    metal: '14k-white',
    design: ring({ head: head({ halo: 'halo', shapes: ['Oval'] }), accents: accents({ count: 16, caratTotal: 0.12 }), center: stone('Oval', 8, 6, 'sapphire') }),
  },
  {
    title: 'Ruby Three-Stone Ring',
    metal: '18k-yellow',
    design: ring({ head: head({ sideCenters: 2 }), center: stone('Round', 6, 6, 'ruby') }),
  },
  {
    title: 'Emerald-Cut Emerald Ring',
    metal: '18k-yellow',
    design: ring({ bandWidthMm: 2.2, head: head({ shapes: ['Emerald'] }), center: stone('Emerald', 9, 7, 'emerald') }),
  },
  // Earrings.
  { title: 'Diamond Stud Earrings, 5 mm', metal: '14k-white', design: { form: 'earrings', style: 'studs', stone: stone('Round', 5, 5), hoopDiameterMm: null, hoopStones: 0, prongs: 4 } },
  { title: 'Bezel Stud Earrings, 7 mm', metal: '14k-yellow', design: { form: 'earrings', style: 'studs', stone: stone('Round', 7, 7), hoopDiameterMm: null, hoopStones: 0, prongs: 0 } },
  { title: 'Diamond Hoop Earrings', metal: '14k-white', design: { form: 'earrings', style: 'hoops', stone: stone('Round', 1.5, 1.5), hoopDiameterMm: 22, hoopStones: 18, prongs: 4 } },
  { title: 'Gold Hoop Earrings', metal: '14k-yellow', design: { form: 'earrings', style: 'hoops', stone: null, hoopDiameterMm: 30, hoopStones: 0, prongs: 0 } },
  { title: 'Pear Drop Earrings', metal: '18k-rose', design: { form: 'earrings', style: 'drops', stone: stone('Pear', 9, 6), hoopDiameterMm: null, hoopStones: 0, prongs: 4 } },
  // Necklaces.
  { title: 'Diamond Tennis Necklace', metal: '14k-white', design: { form: 'necklace', style: 'tennis-necklace', lengthIn: 16, stones: 120, stoneMm: 2.6, pendant: null, motif: null } },
  { title: 'Solitaire Pendant', metal: '14k-yellow', design: { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: 0, pendant: stone('Round', 6.5, 6.5), motif: 'solitaire' } },
  { title: 'Bouquet Cluster Pendant', metal: '18k-rose', design: { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 7, stoneMm: 2.6, pendant: stone('Round', 3.2, 3.2), motif: 'cluster' } },
  { title: 'Diamond Bar Pendant', metal: '14k-yellow', design: { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 7, stoneMm: 1.8, pendant: null, motif: 'bar' } },
  { title: 'Sapphire Halo Pendant', metal: '14k-white', design: { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 14, stoneMm: 1.2, pendant: stone('Pear', 8, 5.5, 'sapphire'), motif: 'halo' } },
  // Bracelets.
  { title: 'Diamond Tennis Bracelet', metal: '14k-white', design: { form: 'bracelet', style: 'tennis-bracelet', lengthIn: 7, stones: 52, stoneMm: 3, widthMm: 3, inlay: null } },
  { title: 'Gold Bangle', metal: '18k-yellow', design: { form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 0, stoneMm: 0, widthMm: 4, inlay: null } },
  { title: 'Black Ceramic Bangle', metal: '14k-rose', design: { form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 0, stoneMm: 0, widthMm: 8, inlay: 'black' } },
  { title: 'Diamond Bangle', metal: 'platinum', design: { form: 'bracelet', style: 'bangle', lengthIn: 7, stones: 9, stoneMm: 2.2, widthMm: 3, inlay: null } },
];
