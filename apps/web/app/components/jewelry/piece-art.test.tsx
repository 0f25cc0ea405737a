import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ACCENT_SETTINGS, BAND_PROFILES, GEMSTONES, METAL_COLORS, SHAPES, type MetalId, type PieceDesign, type RingDesign, type RingHead } from '@everstone/contract/core';
import { PieceArt } from './piece-art';
import { SAMPLE_DESIGNS } from './samples';

/**
 * What a listing can afford per picture (it shows 24): catalog designs stay under BUDGET (most under 12 KB); a ring
 * with every option at once (halo, side stones, vintage, milgrain, pavé) under STRESS_BUDGET.
 */
const BUDGET = 16_000;
const STRESS_BUDGET = 32_000;

const draw = (design: PieceDesign, metal: MetalId = '14k-white', title = 'A piece') => renderToStaticMarkup(<PieceArt design={design} metal={metal} title={title} />);

const ringOf = (over: Partial<RingDesign> = {}): RingDesign => ({
  form: 'ring',
  bandWidthMm: 2,
  bandThicknessMm: 1.6,
  profile: 'comfort',
  milgrain: false,
  head: null,
  accents: null,
  center: null,
  inlay: null,
  ...over,
});

const solitaire = (widthMm: number, over: Partial<RingDesign> = {}) =>
  ringOf({
    head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 4, maxWidthMm: 10, shownWidthMm: widthMm, vintage: false },
    center: { gem: 'diamond', shape: 'Round', lengthMm: widthMm, widthMm, depthMm: widthMm * 0.62 },
    ...over,
  });

/** How tall the band's outer surface is drawn at its sides: the band's width seen in the picture. */
function drawnBandWidth(svg: string): number {
  const m = /<path d="M(-?[\d.]+),(-?[\d.]+)A[^L"]+L(-?[\d.]+),(-?[\d.]+)A[^"]+" fill="url\(#[^"]*-mh\)"/.exec(svg);
  if (!m) throw new Error('no outer surface drawn');
  return Number(m[4]) - Number(m[2]);
}

/** The horizontal scale the centre stone's face-up drawing is placed at. */
function crownScale(svg: string): number {
  const m = /<use href="#[^"]*-f-round-100-diamond" transform="translate\([^)]*\) scale\(([\d.]+) /.exec(svg);
  if (!m) throw new Error('no centre stone drawn');
  return Number(m[1]);
}

/** Where the accent stones are placed: the translation of every use of an accent symbol. */
function accentPlaces(svg: string): [number, number][] {
  return [...svg.matchAll(/<use href="#[^"]*-a\d+" transform="matrix\([^ ]+ [^ ]+ [^ ]+ [^ ]+ (-?[\d.]+) (-?[\d.]+)\)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

function expectWellFormed(svg: string, title: string, budget = BUDGET) {
  expect(svg).not.toMatch(/NaN|undefined|Infinity|null/);
  expect(svg.length).toBeLessThan(budget);
  expect(svg).toMatch(/^<svg[^>]* viewBox="0 0 100 100"/);
  expect(svg).toContain('role="img"');
  const escaped = title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
  expect(svg).toContain(`aria-label="${escaped}"`);
  expect(svg).not.toMatch(/<script|<image|href="http/);
}

describe('PieceArt', () => {
  it('draws every sample as a small, well-formed picture with its label', () => {
    for (const sample of SAMPLE_DESIGNS) expectWellFormed(draw(sample.design, sample.metal, sample.title), sample.title);
  });

  it('covers every engagement style and every kind of piece in the samples', () => {
    const titles = SAMPLE_DESIGNS.map((s) => s.title.toLowerCase()).join('|');
    for (const word of ['solitaire', 'halo', 'vintage', 'side-stone', 'three-stone', 'pavé', 'hidden halo', 'eternity', 'ceramic', 'sapphire', 'ruby', 'emerald ring', 'stud', 'hoop', 'drop', 'tennis necklace', 'pendant', 'tennis bracelet', 'bangle'])
      expect(titles).toContain(word);
  });

  it('draws every ring option in every metal', () => {
    const metals = ['14k-white', '18k-yellow', '14k-rose', 'platinum'] as const;
    for (const [i, shape] of SHAPES.entries()) {
      for (const prongs of [0, 4, 6] as const) {
        for (const halo of ['none', 'halo', 'hidden'] as const) {
          const design = ringOf({
            profile: BAND_PROFILES[i % BAND_PROFILES.length]!,
            milgrain: i % 2 === 0,
            head: { prongs, halo, sideCenters: i % 3 === 0 ? 2 : 0, shapes: [shape], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6.5, vintage: i % 4 === 0 },
            accents: { setting: ACCENT_SETTINGS[i % ACCENT_SETTINGS.length]!, count: 16, caratTotal: 0.16, coverage: 0.5, gem: GEMSTONES[i % GEMSTONES.length]!.id },
            center: i % 2 ? { gem: GEMSTONES[(i + 1) % GEMSTONES.length]!.id, shape, lengthMm: 8, widthMm: 6, depthMm: 4 } : null,
            inlay: i % 5 === 0 ? 'black' : null,
          });
          expectWellFormed(draw(design, metals[i % metals.length]!, `${shape} ring`), `${shape} ring`, STRESS_BUDGET);
        }
      }
    }
    for (const profile of BAND_PROFILES) for (const inlay of ['black', 'white', null] as const) expectWellFormed(draw(ringOf({ profile, inlay, bandWidthMm: 6 })), 'A piece');
  });

  it('draws every earring, necklace and bracelet option', () => {
    const stone = { gem: 'diamond', shape: 'Pear', lengthMm: 8, widthMm: 5.5, depthMm: 3.4 } as const;
    const designs: PieceDesign[] = [];
    for (const style of ['studs', 'hoops', 'drops'] as const)
      for (const prongs of [0, 4, 6] as const)
        for (const s of [stone, null]) designs.push({ form: 'earrings', style, stone: s, hoopDiameterMm: style === 'hoops' ? 25 : null, hoopStones: s ? 20 : 0, prongs });
    for (const motif of ['solitaire', 'cluster', 'bar', 'halo', null] as const)
      for (const s of [stone, null]) designs.push({ form: 'necklace', style: 'pendant', lengthIn: 18, stones: 8, stoneMm: 2, pendant: s, motif });
    designs.push({ form: 'necklace', style: 'tennis-necklace', lengthIn: 17, stones: 140, stoneMm: 2.2, pendant: null, motif: null });
    for (const inlay of ['black', 'white', null] as const) designs.push({ form: 'bracelet', style: 'bangle', lengthIn: 7, stones: inlay ? 0 : 7, stoneMm: 2, widthMm: 5, inlay });
    designs.push({ form: 'bracelet', style: 'tennis-bracelet', lengthIn: 7, stones: 60, stoneMm: 2.5, widthMm: 2.5, inlay: null });
    for (const [i, design] of designs.entries()) expectWellFormed(draw(design, '18k-rose', `${design.form} ${i}`), `${design.form} ${i}`);
  });

  it('draws a wider band wider', () => {
    const narrow = drawnBandWidth(draw(ringOf({ bandWidthMm: 2 })));
    const wide = drawnBandWidth(draw(ringOf({ bandWidthMm: 6 })));
    expect(narrow).toBeGreaterThan(0);
    expect(wide).toBeCloseTo(narrow * 3, 1);
  });

  it('draws a larger stone larger', () => {
    expect(crownScale(draw(solitaire(9)))).toBeGreaterThan(crownScale(draw(solitaire(5))) * 1.7);
  });

  it('paints each metal in its own colours', () => {
    const fills = (['14k-white', '14k-yellow', '14k-rose'] as const).map((metal) => draw(ringOf(), metal));
    expect(fills[0]).toContain(METAL_COLORS.white.base);
    expect(fills[1]).toContain(METAL_COLORS.yellow.base);
    expect(fills[2]).toContain(METAL_COLORS.rose.base);
    expect(fills[1]).not.toContain(METAL_COLORS.white.base);
    expect(new Set(fills).size).toBe(3);
  });

  it('sets an eternity band with stones all the way round, a half band only over the top', () => {
    const accents = { setting: 'eternity', count: 24, caratTotal: 1, coverage: 1, gem: 'diamond' } as const;
    const eternity = accentPlaces(draw(ringOf({ accents })));
    const half = accentPlaces(draw(ringOf({ accents: { ...accents, setting: 'shared-prong', coverage: 0.5, count: 12 } })));
    expect(eternity).toHaveLength(24);
    // The ring's centre is where the stones' heights average out; an eternity band has stones below it, a half band none.
    const middle = (ps: [number, number][]) => (Math.min(...ps.map((p) => p[1])) + Math.max(...ps.map((p) => p[1]))) / 2;
    const m = middle(eternity);
    expect(eternity.filter((p) => p[1] > m).length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...half.map((p) => p[1]))).toBeLessThan(Math.max(...eternity.map((p) => p[1])) - 10);
  });

  it('draws a halo of small stones round the centre, and none without one', () => {
    const head: RingHead = { prongs: 4, halo: 'halo', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6.5, vintage: false };
    expect(accentPlaces(draw(ringOf({ head }))).length).toBeGreaterThanOrEqual(14);
    expect(accentPlaces(draw(ringOf({ head: { ...head, halo: 'none' } })))).toHaveLength(0);
  });

  it('gives three stones for a three-stone head', () => {
    const svg = draw(solitaire(6, { head: { prongs: 4, halo: 'none', sideCenters: 2, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6, vintage: false } }));
    expect(svg.match(/-f-round-100-diamond" transform=/g)).toHaveLength(3);
  });

  it('gives each picture on a page its own ids, and the same markup for the same props', () => {
    const design = SAMPLE_DESIGNS[0]!.design;
    const page = renderToStaticMarkup(
      <>
        <PieceArt design={design} metal="platinum" title="One" />
        <PieceArt design={design} metal="14k-yellow" title="Two" />
      </>,
    );
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][\w-]*$/);
    expect(draw(design)).toBe(draw(design));
  });

  it('is decorative when its caption already names the piece (an empty title)', () => {
    const svg = draw(SAMPLE_DESIGNS[0]!.design, '14k-white', '');
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).not.toContain('role="img"');
    expect(draw(SAMPLE_DESIGNS[0]!.design)).toContain('role="img"');
  });
});
