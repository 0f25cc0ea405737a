import { describe, expect, it } from 'vitest';
import { Box3, Vector3 } from 'three';
import type { RingDesign } from '@everstone/contract/core';
import { SAMPLE_DESIGNS } from '../samples';
import { accentLayout, bandSection, bandSpec, headLayout, ringLayout, stoneHeights, stoneSpec, type StoneSpec } from './layout';
import { bandGeometry, gemGeometry } from './meshes';

const ring = (over: Partial<RingDesign> = {}): RingDesign => ({
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

const solitaire = (over: Partial<NonNullable<RingDesign['head']>> = {}) =>
  ring({
    head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6.5, vintage: false, ...over },
    center: { gem: 'diamond', shape: 'Round', lengthMm: 6.5, widthMm: 6.5, depthMm: 4 },
  });

function size(box: Box3) {
  return box.getSize(new Vector3());
}

describe('band', () => {
  it('is as wide and thick as the design says, round a size 7 finger', () => {
    for (const [width, thickness] of [
      [2, 1.6],
      [6, 2.2],
    ] as const) {
      const band = bandSpec(ring({ bandWidthMm: width, bandThicknessMm: thickness, profile: 'flat' }));
      const g = bandGeometry(band);
      g.computeBoundingBox();
      const s = size(g.boundingBox!);
      expect(s.z).toBeCloseTo(width, 1);
      expect(s.x).toBeCloseTo(2 * (band.innerRadius + thickness), 1);
      expect(band.innerRadius * 2).toBeCloseTo(17.3, 1);
    }
  });

  it('gives each profile its own cross-section', () => {
    const crest = (profile: RingDesign['profile']) => {
      const b = bandSpec(ring({ profile, bandThicknessMm: 2 }));
      const section = bandSection(b, b.width);
      const edge = section.filter(([, z]) => Math.abs(Math.abs(z) - b.width / 2) < 0.15).map(([r]) => r);
      return { top: Math.max(...section.map(([r]) => r)) - b.innerRadius, edge: Math.max(...edge) - b.innerRadius };
    };
    // A flat band is as thick at its edge as in its middle; a knife edge is much thinner at the edge.
    expect(crest('flat').edge).toBeGreaterThan(crest('flat').top * 0.85);
    expect(crest('knife-edge').edge).toBeLessThan(crest('knife-edge').top * 0.6);
    expect(crest('domed').edge).toBeLessThan(crest('domed').top * 0.7);
  });

  it('tapers toward the head', () => {
    const b = bandSpec(ring({ profile: 'tapered', bandWidthMm: 3.2 }));
    const g = bandGeometry(b);
    const pos = g.getAttribute('position');
    let topWidth = 0;
    let bottomWidth = 0;
    for (let i = 0; i < pos.count; i++) {
      const y = pos.getY(i);
      const z = Math.abs(pos.getZ(i)) * 2;
      if (y > b.innerRadius) topWidth = Math.max(topWidth, z);
      if (y < -b.innerRadius) bottomWidth = Math.max(bottomWidth, z);
    }
    expect(bottomWidth).toBeCloseTo(3.2, 1);
    expect(topWidth).toBeLessThan(bottomWidth * 0.7);
  });
});

describe('stones', () => {
  const cases: StoneSpec[] = [
    { gem: 'diamond', shape: 'Round', length: 6.5, width: 6.5, depth: 4 },
    { gem: 'diamond', shape: 'Oval', length: 9, width: 6.5, depth: 4 },
    { gem: 'diamond', shape: 'Emerald', length: 8, width: 5.5, depth: 3.6 },
    { gem: 'diamond', shape: 'Pear', length: 9, width: 6, depth: 3.7 },
    { gem: 'diamond', shape: 'Marquise', length: 10, width: 5, depth: 3.1 },
  ];
  it.each(cases)('a $shape is cut to its length, width and depth in mm', (stone) => {
    const g = gemGeometry(stone);
    g.computeBoundingBox();
    const s = size(g.boundingBox!);
    expect(s.x).toBeCloseTo(stone.width, 1);
    expect(s.z).toBeCloseTo(stone.length, 1);
    expect(s.y).toBeCloseTo(stone.depth, 1);
  });

  it('has facets facing outward (refraction needs the right side of every face)', () => {
    for (const stone of cases) {
      const g = gemGeometry(stone);
      const pos = g.getAttribute('position');
      const normal = g.getAttribute('normal');
      g.computeBoundingBox();
      const center = g.boundingBox!.getCenter(new Vector3());
      let outward = 0;
      for (let i = 0; i < pos.count; i += 3) {
        const c = new Vector3();
        for (let k = 0; k < 3; k++) c.add(new Vector3(pos.getX(i + k), pos.getY(i + k), pos.getZ(i + k)));
        c.divideScalar(3).sub(center);
        const n = new Vector3(normal.getX(i), normal.getY(i), normal.getZ(i));
        if (n.dot(c) > 0) outward++;
      }
      expect(outward / (pos.count / 3)).toBeGreaterThan(0.95);
    }
  });

  it('takes its proportions from the depth: a deeper stone has a deeper pavilion', () => {
    const shallow = stoneHeights({ gem: 'diamond', shape: 'Round', length: 6.5, width: 6.5, depth: 3.6 });
    const deep = stoneHeights({ gem: 'diamond', shape: 'Round', length: 6.5, width: 6.5, depth: 4.4 });
    expect(deep.pavilion).toBeGreaterThan(shallow.pavilion);
    expect(shallow.crown + shallow.girdle + shallow.pavilion).toBeCloseTo(3.6, 5);
  });

  it('keeps an impossible depth within what a stone of its width could be', () => {
    expect(stoneSpec({ gem: 'diamond', shape: 'Round', lengthMm: 6, widthMm: 6, depthMm: 40 }).depth).toBeLessThanOrEqual(6 * 0.95);
  });
});

describe('heads', () => {
  it('has as many prongs as the design, and none on a bezel', () => {
    expect(ringLayout(solitaire({ prongs: 4 })).heads[0]!.prongs).toHaveLength(4);
    expect(ringLayout(solitaire({ prongs: 6 })).heads[0]!.prongs).toHaveLength(6);
    const bezel = ringLayout(solitaire({ prongs: 0 })).heads[0]!;
    expect(bezel.prongs).toHaveLength(0);
    expect(bezel.bezel).not.toBeNull();
  });

  it('sets the stone above the band, its culet clear of the crest', () => {
    const layout = ringLayout(solitaire());
    const head = layout.heads[0]!;
    const h = stoneHeights(head.stone);
    expect(head.girdleY - h.girdle / 2 - h.pavilion).toBeGreaterThan(layout.band.outerRadius);
    expect(head.stone.width).toBe(6.5);
  });

  it('rings a halo round the stone, and puts two side stones beside it for a three-stone ring', () => {
    const halo = ringLayout(solitaire({ halo: 'halo' })).heads[0]!;
    expect(halo.halo.length).toBeGreaterThanOrEqual(14);
    for (const s of halo.halo) expect(Math.hypot(s.position[0], s.position[2])).toBeGreaterThan(6.5 / 2);
    const three = ringLayout(solitaire({ sideCenters: 2 }));
    expect(three.heads).toHaveLength(3);
    expect(three.heads[0]!.turn).toBeCloseTo(-three.heads[1]!.turn, 5);
    expect(three.heads[0]!.stone.width).toBeCloseTo(6.5 * 0.64, 5);
  });

  it('grows prongs with the stone', () => {
    const band = bandSpec(ring());
    const small = headLayout(band, { gem: 'diamond', shape: 'Round', length: 4, width: 4, depth: 2.5 }, { prongs: 4, halo: 'none', haloGem: 'diamond' });
    const large = headLayout(band, { gem: 'diamond', shape: 'Round', length: 9, width: 9, depth: 5.5 }, { prongs: 4, halo: 'none', haloGem: 'diamond' });
    expect(large.prongs[0]!.radius).toBeGreaterThan(small.prongs[0]!.radius);
  });
});

describe('accents', () => {
  it('places every accent stone, sized from its share of the carat weight', () => {
    const band = bandSpec(ring({ bandWidthMm: 2.5, profile: 'flat' }));
    const eternity = accentLayout(band, { setting: 'eternity', count: 24, caratTotal: 1, coverage: 1, gem: 'diamond' }, null);
    expect(eternity.stones).toHaveLength(24);
    // 1/24 ct is about 2.2 mm, held within the band's width.
    expect(eternity.stones[0]!.diameter).toBeGreaterThan(2);
    expect(eternity.stones[0]!.diameter).toBeLessThanOrEqual(2.5 * 0.9);
    // All the way round: stones below the finger as well as above it.
    expect(eternity.stones.some((s) => s.position[1] < -band.innerRadius)).toBe(true);
    const half = accentLayout(band, { setting: 'pave', count: 12, caratTotal: 0.12, coverage: 0.5, gem: 'diamond' }, null);
    expect(half.stones.every((s) => s.position[1] > -1)).toBe(true);
  });

  it('builds a channel for channel-set stones and beads for pavé', () => {
    const band = bandSpec(ring({ bandWidthMm: 2.6, profile: 'flat' }));
    expect(accentLayout(band, { setting: 'channel', count: 14, caratTotal: 0.28, coverage: 0.4, gem: 'diamond' }, 3).channel).not.toBeNull();
    expect(accentLayout(band, { setting: 'pave', count: 14, caratTotal: 0.14, coverage: 0.4, gem: 'diamond' }, 3).beads.length).toBeGreaterThan(0);
  });

  it('lays out every sample design without a NaN', () => {
    for (const sample of SAMPLE_DESIGNS) {
      if (sample.design.form !== 'ring') continue;
      const layout = ringLayout(sample.design);
      const bad: string[] = [];
      const walk = (v: unknown, path: string) => {
        if (typeof v === 'number' && !Number.isFinite(v)) bad.push(path);
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      };
      walk(layout, sample.title);
      expect(bad).toEqual([]);
    }
  });
});
