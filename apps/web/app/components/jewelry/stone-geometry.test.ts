import { describe, expect, it } from 'vitest';
import { SHAPES } from '@everstone/contract/core';
import {
  RING_FINGER_MM,
  SHAPE_PROFILES,
  centroid,
  drawingRatio,
  drawingTable,
  faceUpSize,
  fingerCoverage,
  outlinePoints,
  profileDrawing,
  rayExit,
  shapeKey,
  stoneDrawing,
  type Point,
} from './stone-geometry';

const stone = (over: Partial<Parameters<typeof faceUpSize>[0]> = {}) => ({
  shape: { id: 4, name: 'Oval', image: 'oval' },
  carat_weight: 1.5,
  measurement_l: 9.8,
  measurement_w: 7,
  measurements: '9.80 x 7.00 x 4.34 mm',
  table_diamond: 58,
  depth: 62,
  ...over,
});

const bounds = (ps: readonly Point[]) => ({
  width: Math.max(...ps.map((p) => p[0])) - Math.min(...ps.map((p) => p[0])),
  height: Math.max(...ps.map((p) => p[1])) - Math.min(...ps.map((p) => p[1])),
});

/** Every polygon's points, parsed back from an SVG points attribute. */
const parsePoints = (points: string): Point[] => points.split(' ').map((xy) => xy.split(',').map(Number) as unknown as Point);

describe('shapeKey', () => {
  it('knows every shape of the store and falls back to round', () => {
    for (const name of SHAPES) expect(Object.keys(SHAPE_PROFILES)).toContain(shapeKey(name));
    expect(shapeKey('Oval')).toBe('oval');
    expect(shapeKey('Trillion')).toBe('round');
    expect(shapeKey(undefined)).toBe('round');
  });
});

describe('drawingRatio', () => {
  it('uses the measured length over width', () => {
    expect(drawingRatio(stone())).toBeCloseTo(1.4, 5);
  });
  it('reads the measurements text when the fields are missing', () => {
    expect(drawingRatio(stone({ measurement_l: null, measurement_w: null, measurements: '10.00 x 5.00 x 3.1 mm' }))).toBe(2);
  });
  it("falls back to the shape's typical ratio when the width is missing or zero", () => {
    expect(drawingRatio(stone({ measurement_w: null, measurements: null }))).toBe(SHAPE_PROFILES.oval.ratio);
    expect(drawingRatio(stone({ measurement_w: 0, measurements: null }))).toBe(SHAPE_PROFILES.oval.ratio);
    expect(drawingRatio(stone({ shape: { id: 9, name: 'Marquise', image: 'marquise' }, measurement_l: null, measurements: null }))).toBe(2);
  });
  it('keeps absurd records drawable', () => {
    expect(drawingRatio(stone({ measurement_l: 40, measurement_w: 2 }))).toBe(3);
  });
});

describe('faceUpSize', () => {
  it('is the measured length and width when the certificate gives them', () => {
    const size = faceUpSize(stone());
    expect(size).toMatchObject({ length: 9.8, width: 7, source: 'measured' });
    expect(size.ratio).toBeCloseTo(1.4, 5);
  });
  it('is estimated from the weight otherwise, near 6.4 mm for a 1 ct round', () => {
    const round = faceUpSize(
      stone({ shape: { id: 1, name: 'Round', image: 'round' }, carat_weight: 1, measurement_l: null, measurement_w: null, measurements: null, depth: null }),
    );
    expect(round.source).toBe('estimated');
    expect(round.width).toBeGreaterThan(6.2);
    expect(round.width).toBeLessThan(6.6);
    expect(round.length).toBe(round.width);
  });
  it('grows with the weight', () => {
    const small = faceUpSize(stone({ carat_weight: 1, measurement_l: null, measurements: null }));
    const big = faceUpSize(stone({ carat_weight: 2, measurement_l: null, measurements: null }));
    expect(big.width).toBeGreaterThan(small.width);
    expect(big.length / big.width).toBeCloseTo(SHAPE_PROFILES.oval.ratio, 1);
  });
});

describe('outlinePoints', () => {
  it.each(Object.keys(SHAPE_PROFILES) as (keyof typeof SHAPE_PROFILES)[])('draws %s 100 wide and 100 × ratio long', (shape) => {
    for (const ratio of [1, 1.5]) {
      const b = bounds(outlinePoints(shape, ratio));
      expect(b.width).toBeCloseTo(100, 0);
      expect(b.height).toBeCloseTo(100 * ratio, 0);
    }
  });

  it('draws a pear pointed at the top and round at the bottom', () => {
    const pear = outlinePoints('pear', 1.6);
    const c = centroid(pear);
    // The bulk of the stone sits in the lower half.
    expect(c[1]).toBeGreaterThan(0);
    const nearTop = pear.filter((p) => p[1] < -70);
    const nearBottom = pear.filter((p) => p[1] > 70);
    expect(bounds(nearTop).width).toBeLessThan(bounds(nearBottom).width);
  });

  it('draws a marquise with both ends pointed', () => {
    const marquise = outlinePoints('marquise', 2);
    // Within 3 % of each end the stone is less than a twentieth of its width across.
    const tips = marquise.filter((p) => Math.abs(p[1]) > 97);
    expect(tips.length).toBeGreaterThan(1);
    expect(Math.max(...tips.map((p) => Math.abs(p[0])))).toBeLessThan(5);
  });
});

describe('rayExit', () => {
  it('finds where a ray leaves a square', () => {
    const square: Point[] = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
    expect(rayExit(square, [0, 0], [1, 0])).toEqual([1, 0]);
    const corner = rayExit(square, [0, 0], [1, 1]);
    expect(corner[0]).toBeCloseTo(1);
    expect(corner[1]).toBeCloseTo(1);
  });
});

describe('stoneDrawing', () => {
  it('sizes the table from the table percentage', () => {
    const narrow = stoneDrawing('round', 1, 53);
    const wide = stoneDrawing('round', 1, 65);
    const width = (d: ReturnType<typeof stoneDrawing>) => bounds(d.glints).width;
    expect(width(narrow)).toBeCloseTo(53, 0);
    expect(width(wide)).toBeCloseTo(65, 0);
  });

  it("uses the shape's typical table when the record has none, within 40–90 %", () => {
    expect(drawingTable(null, 'round')).toBe(0.57);
    expect(drawingTable(120, 'round')).toBe(0.9);
    expect(stoneDrawing('emerald', 1.45, undefined).table).toBe(0.65);
  });

  it('draws a brilliant with a table, 8 stars, 8 kites and 16 upper-girdle facets', () => {
    const d = stoneDrawing('oval', 1.4, 58);
    expect(d.cut).toBe('brilliant');
    const count = (ring: string) => d.facets.filter((f) => f.ring === ring).length;
    expect([count('table'), count('star'), count('kite'), count('girdle')]).toEqual([1, 8, 8, 16]);
    expect(d.viewBox).toBe('-56 -76 112 152');
  });

  it('draws a step cut as concentric steps around the table', () => {
    const d = stoneDrawing('emerald', 1.45, 62);
    expect(d.cut).toBe('step');
    expect(d.facets.filter((f) => f.ring === 'step')).toHaveLength(8 * 3);
    expect(d.facets.filter((f) => f.ring === 'table')).toHaveLength(1);
  });

  it('keeps every facet inside the girdle', () => {
    for (const shape of Object.keys(SHAPE_PROFILES) as (keyof typeof SHAPE_PROFILES)[]) {
      const ratio = SHAPE_PROFILES[shape].ratio;
      const d = stoneDrawing(shape, ratio, null);
      for (const facet of d.facets) {
        for (const [x, y] of parsePoints(facet.points)) {
          expect(Math.abs(x)).toBeLessThanOrEqual(50.1);
          expect(Math.abs(y)).toBeLessThanOrEqual(50 * ratio + 0.1);
        }
      }
      expect(d.facets.every((f) => f.tone >= 0 && f.tone <= 1)).toBe(true);
    }
  });

  it('holds the stone with four prongs, and one more at each point', () => {
    expect(stoneDrawing('round', 1, 57).prongs).toHaveLength(4);
    expect(stoneDrawing('emerald', 1.45, 65).prongs).toHaveLength(4);
    const pear = stoneDrawing('pear', 1.6, 58).prongs;
    expect(pear).toHaveLength(5);
    // The extra prong sits on the pear's point, at the top.
    expect(pear[4]![1]).toBeLessThan(-75);
    expect(stoneDrawing('marquise', 2, 58).prongs).toHaveLength(6);
  });

  it('gives the same drawing every time (the server and the browser must agree)', () => {
    expect(stoneDrawing('heart', 1, 58)).toEqual(stoneDrawing('heart', 1, 58));
  });
});

describe('profileDrawing', () => {
  it('is as deep as the depth percentage, with the table on top', () => {
    const p = profileDrawing('round', 57, 62.4);
    expect(p.depth).toBeCloseTo(0.624);
    expect(p.outline.startsWith('M-28.5,0L28.5,0')).toBe(true);
    expect(p.outline).toContain('L0,62.4L');
    expect(p.crownHeight + p.girdleHeight).toBeLessThan(62.4 / 3);
  });
  it("uses the shape's typical depth when the record has none", () => {
    expect(profileDrawing('round', null, null).depth).toBeCloseTo(0.615);
  });
});

describe('fingerCoverage', () => {
  it('compares the width with a size 7 ring finger', () => {
    expect(RING_FINGER_MM).toBe(17.3);
    expect(fingerCoverage({ width: 8.65 })).toBeCloseTo(0.5);
  });
});
