import { describe, expect, it } from 'vitest';
import { DIAMOND_TYPES, RANGES, SCALES, SHAPES } from '@everstone/contract';
import { createScramble, generateDiamonds, SHAPE_PROFILES, SUPERDEAL_SHARE } from './generator.ts';
import { modelPriceDollars, PRICE_FLOORS } from './price-model.ts';

const stones = [...generateDiamonds({ count: 20_000, seed: 11 })];

describe('inventory generator', () => {
  it('yields the same stones for the same seed and different ones for another', () => {
    const again = [...generateDiamonds({ count: 50, seed: 11 })];
    expect(again).toEqual(stones.slice(0, 50));
    const other = [...generateDiamonds({ count: 50, seed: 12 })];
    expect(other[0]).not.toEqual(stones[0]);
  });

  it('mixes the three types and offers every shape in each', () => {
    const share = (type: number) => stones.filter((s) => s.type === type).length / stones.length;
    expect(share(DIAMOND_TYPES.natural)).toBeCloseTo(0.45, 1);
    expect(share(DIAMOND_TYPES.lab)).toBeCloseTo(0.45, 1);
    expect(share(DIAMOND_TYPES.color)).toBeCloseTo(0.1, 1);
    for (const type of Object.values(DIAMOND_TYPES)) {
      const shapes = new Set(stones.filter((s) => s.type === type).map((s) => s.shape_id));
      expect(shapes.size).toBe(SHAPES.length);
    }
  });

  it('grades white stones on the store scales and gives color stones a fancy color instead', () => {
    const scales = { color_id: SCALES.color, clarity_id: SCALES.clarity, cut_id: SCALES.cut, polish_id: SCALES.polish, symmetry_id: SCALES.symmetry, fluorescence_id: SCALES.fluorescence };
    for (const [column, scale] of Object.entries(scales)) {
      const seen = new Set(stones.map((s) => s[column as keyof typeof s]).filter((v) => v != null));
      // Every grade occurs, and nothing outside the scale does.
      expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual(scale.map((_, i) => i + 1));
    }
    for (const s of stones) {
      if (s.type === DIAMOND_TYPES.color) {
        expect(s.color_id).toBeNull();
        expect(s.fancy_color_id).toBeGreaterThan(0);
        expect(s.fancy_intensity_id).toBeGreaterThan(0);
      } else {
        expect(s.color_id).toBeGreaterThan(0);
        expect(s.fancy_color_id).toBeNull();
      }
    }
  });

  it('gives unique certificate numbers in each lab style', () => {
    const numbers = new Set(stones.map((s) => s.certificate_number));
    expect(numbers.size).toBe(stones.length);
    for (const s of stones) {
      if (s.certificate_company_id === 1) expect(s.certificate_number).toMatch(/^[1-9]\d{9}$/);
      else if (s.type === DIAMOND_TYPES.lab) expect(s.certificate_number).toMatch(/^LG[1-9]\d{8}$/);
      else expect(s.certificate_number).toMatch(/^[1-9]\d{8}$/);
    }
    const labs = (type: number, company: number) => stones.filter((s) => s.type === type && s.certificate_company_id === company).length;
    expect(labs(DIAMOND_TYPES.natural, 1)).toBeGreaterThan(labs(DIAMOND_TYPES.natural, 2));
    expect(labs(DIAMOND_TYPES.lab, 2)).toBeGreaterThan(labs(DIAMOND_TYPES.lab, 1));
  });

  it('scrambles indexes into distinct nine-digit numbers', () => {
    const scramble = createScramble(5);
    const out = new Set<number>();
    for (let i = 0; i < 100_000; i++) out.add(scramble(i));
    expect(out.size).toBe(100_000);
    for (const n of out) expect(n).toBeLessThan(900_000_000);
  });

  it('measures stones consistently with their shape and weight', () => {
    for (const s of stones) {
      const profile = SHAPE_PROFILES[SHAPES[s.shape_id - 1]!];
      if (s.ratio != null) {
        expect(s.ratio).toBeGreaterThanOrEqual(profile.ratio[0]);
        expect(s.ratio).toBeLessThanOrEqual(profile.ratio[1]);
        expect(s.ratio).toBeCloseTo(s.measurement_l! / s.measurement_w!, 2);
      }
      if (s.table_pct != null) expect(s.table_pct).toBeGreaterThanOrEqual(RANGES.table.min);
      if (s.depth_pct != null) expect(s.depth_pct).toBeLessThanOrEqual(RANGES.depth.max);
      expect(s.carat).toBeGreaterThan(0);
      expect(s.carat).toBeLessThan(RANGES.carat.max);
    }
    // A 1 ct round is about 6.4 mm across.
    const rounds = stones.filter((s) => s.shape_id === 1 && s.carat === 1 && s.measurement_w != null);
    expect(rounds.length).toBeGreaterThan(10);
    for (const s of rounds) {
      expect(s.measurement_w).toBeGreaterThan(6.1);
      expect(s.measurement_w).toBeLessThan(6.7);
    }
  });

  it('leaves a few optional attributes missing, marks about 5% as featured, and lists every stone', () => {
    const missing = stones.filter((s) => s.polish_id == null).length / stones.length;
    expect(missing).toBeGreaterThan(0.005);
    expect(missing).toBeLessThan(0.04);
    const featured = stones.filter((s) => s.is_superdeal === 1).length / stones.length;
    expect(featured).toBeCloseTo(SUPERDEAL_SHARE, 1);
    expect(new Set(stones.map((s) => s.status))).toEqual(new Set(['available']));
  });

  it('lists no stone of any type below its retail floor, and scatters the rest around the model', () => {
    for (const type of Object.values(DIAMOND_TYPES)) {
      const prices = stones.filter((s) => s.type === type).map((s) => s.price_cents / 100);
      const floor = PRICE_FLOORS[type]!;
      expect(Math.min(...prices)).toBeGreaterThanOrEqual(floor);
      // The sample does reach the floor: without it these stones would be cheaper still.
      expect(prices.filter((p) => p === floor).length).toBeGreaterThan(0);
    }
    // Above the floor a price is the model's, scattered by noise within ±10% and the featured-deal discount
    // of 10%, give or take a dollar of rounding.
    const outside = stones.filter((s) => {
      const price = s.price_cents / 100;
      if (price === PRICE_FLOORS[s.type]) return false;
      const model = modelPriceDollars({
        type: s.type,
        shapeId: s.shape_id,
        carat: s.carat,
        colorId: s.color_id ?? null,
        clarityId: s.clarity_id!,
        cutId: s.cut_id ?? null,
        fancyColorId: s.fancy_color_id,
        fancyIntensityId: s.fancy_intensity_id,
      });
      return price < Math.floor(model * 0.9 * Math.exp(-0.1)) - 1 || price > Math.ceil(model * Math.exp(0.1)) + 1;
    });
    expect(outside).toEqual([]);
  });
});
