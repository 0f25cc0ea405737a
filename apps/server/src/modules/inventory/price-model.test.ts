import { describe, expect, it } from 'vitest';
import { DIAMOND_TYPES, FANCY_COLORS, FANCY_INTENSITIES, SCALES, SHAPES } from '@everstone/contract';
import { labGrownRatio, modelPriceDollars, PRICE_FLOORS, priceDollars, type PriceInput } from './price-model.ts';

const id = <T extends string>(scale: readonly T[], name: T) => scale.indexOf(name) + 1;

/** A natural round, 1 ct, G VS1 Excellent: the stone every jeweler can price from memory. */
const reference: PriceInput = {
  type: DIAMOND_TYPES.natural,
  shapeId: id(SHAPES, 'Round'),
  carat: 1,
  colorId: id(SCALES.color, 'G'),
  clarityId: id(SCALES.clarity, 'VS1'),
  cutId: id(SCALES.cut, 'Excellent'),
};

describe('price model', () => {
  it('prices a 1 ct G VS1 excellent natural round where the market asks ($5,000–8,000)', () => {
    const price = priceDollars(reference);
    expect(price).toBeGreaterThan(5000);
    expect(price).toBeLessThan(8000);
  });

  it('rises steeply with carat: a 2 ct stone costs well over twice a 1 ct one', () => {
    const one = priceDollars(reference);
    const two = priceDollars({ ...reference, carat: 2 });
    expect(two / one).toBeGreaterThan(3);
    let previous = 0;
    for (const carat of [0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5]) {
      const price = priceDollars({ ...reference, carat });
      expect(price).toBeGreaterThan(previous);
      previous = price;
    }
  });

  it('falls with every lower color and clarity grade', () => {
    const byColor = SCALES.color.map((_, i) => priceDollars({ ...reference, colorId: i + 1 }));
    for (let i = 1; i < byColor.length; i++) expect(byColor[i]).toBeLessThan(byColor[i - 1]!);
    // The store's clarity scale lists I3 first; by value the order is VVS1 > VVS2 > VS1 > VS2 > SI1 > I3.
    const byValue = (['VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'I3'] as const).map((c) =>
      priceDollars({ ...reference, clarityId: id(SCALES.clarity, c) }),
    );
    for (let i = 1; i < byValue.length; i++) expect(byValue[i]).toBeLessThan(byValue[i - 1]!);
  });

  it('puts Ideal and 8X above Excellent, and Good below Very Good', () => {
    const cut = (name: (typeof SCALES.cut)[number]) => priceDollars({ ...reference, cutId: id(SCALES.cut, name) });
    expect(cut('8X')).toBeGreaterThan(cut('Ideal'));
    expect(cut('Ideal')).toBeGreaterThan(cut('Excellent'));
    expect(cut('Excellent')).toBeGreaterThan(cut('Very Good'));
    expect(cut('Very Good')).toBeGreaterThan(cut('Good'));
  });

  it('prices fancy shapes below rounds', () => {
    const round = priceDollars(reference);
    for (const shape of SHAPES.filter((s) => s !== 'Round')) {
      expect(priceDollars({ ...reference, shapeId: id(SHAPES, shape) })).toBeLessThan(round);
    }
  });

  it('prices lab-grown stones at a fraction of natural, a smaller fraction for larger stones', () => {
    for (const carat of [0.5, 1, 2, 4]) {
      const natural = priceDollars({ ...reference, carat });
      const lab = priceDollars({ ...reference, carat, type: DIAMOND_TYPES.lab });
      expect(lab / natural).toBeCloseTo(labGrownRatio(carat), 2);
    }
    expect(labGrownRatio(0.5)).toBeGreaterThan(labGrownRatio(1));
    expect(labGrownRatio(1)).toBeGreaterThan(labGrownRatio(3));
    expect(labGrownRatio(100)).toBe(0.06);
  });

  it('prices blue and pink far above yellow, and vivid above light', () => {
    const fancy = (color: (typeof FANCY_COLORS)[number], intensity: (typeof FANCY_INTENSITIES)[number]) =>
      priceDollars({
        ...reference,
        type: DIAMOND_TYPES.color,
        colorId: null,
        fancyColorId: id(FANCY_COLORS, color),
        fancyIntensityId: id(FANCY_INTENSITIES, intensity),
      });
    expect(fancy('Pink', 'Fancy')).toBeGreaterThan(5 * fancy('Yellow', 'Fancy'));
    expect(fancy('Blue', 'Fancy')).toBeGreaterThan(fancy('Pink', 'Fancy'));
    expect(fancy('Yellow', 'Fancy Vivid')).toBeGreaterThan(fancy('Yellow', 'Fancy Light'));
  });

  it('refuses impossible input instead of inventing a price', () => {
    expect(() => priceDollars({ ...reference, carat: 0 })).toThrow(RangeError);
    expect(() => priceDollars({ ...reference, colorId: 99 })).toThrow(/color/);
    expect(() => priceDollars({ ...reference, type: 9 })).toThrow(/type/);
    expect(() => priceDollars({ ...reference, type: DIAMOND_TYPES.color, colorId: null })).toThrow(/fancy/);
  });
});

describe('retail price floor', () => {
  /** Every grade combination of each type at the smallest weights the generator draws, where the floor bites. */
  function* smallStones(): Generator<PriceInput> {
    for (const carat of [0.23, 0.25, 0.3, 0.4, 0.5]) {
      for (let shapeId = 1; shapeId <= SHAPES.length; shapeId++) {
        for (let clarityId = 1; clarityId <= SCALES.clarity.length; clarityId++) {
          for (const cutId of [null, ...SCALES.cut.map((_, i) => i + 1)]) {
            for (let colorId = 1; colorId <= SCALES.color.length; colorId++) {
              yield { type: DIAMOND_TYPES.natural, shapeId, carat, colorId, clarityId, cutId };
              yield { type: DIAMOND_TYPES.lab, shapeId, carat, colorId, clarityId, cutId };
            }
            for (let fancyColorId = 1; fancyColorId <= FANCY_COLORS.length; fancyColorId++) {
              for (let fancyIntensityId = 1; fancyIntensityId <= FANCY_INTENSITIES.length; fancyIntensityId++) {
                yield { type: DIAMOND_TYPES.color, shapeId, carat, colorId: null, clarityId, cutId, fancyColorId, fancyIntensityId };
              }
            }
          }
        }
      }
    }
  }

  it('has a floor for every type, below which the calibrated model does reach', () => {
    for (const type of Object.values(DIAMOND_TYPES)) expect(PRICE_FLOORS[type]).toBeGreaterThan(0);
    const cheapest = { type: DIAMOND_TYPES.lab, shapeId: id(SHAPES, 'Princess'), carat: 0.23, colorId: id(SCALES.color, 'H'), clarityId: id(SCALES.clarity, 'I3'), cutId: id(SCALES.cut, 'Good') };
    expect(modelPriceDollars(cheapest)).toBeLessThan(PRICE_FLOORS[DIAMOND_TYPES.lab]!);
    expect(priceDollars(cheapest)).toBe(PRICE_FLOORS[DIAMOND_TYPES.lab]);
  });

  it('never prices a stone below its type floor, whatever the seller adjusts', () => {
    const below = [...smallStones()].filter((input) =>
      [1, 0.9 * Math.exp(-0.1), 1.1].some((adjustment) => priceDollars(input, adjustment) < PRICE_FLOORS[input.type]!),
    );
    expect(below).toEqual([]);
  });

  it('leaves every price above the floor exactly as the calibrated model makes it', () => {
    let above = 0;
    let floored = 0;
    const wrong: PriceInput[] = [];
    for (const input of smallStones()) {
      const model = modelPriceDollars(input);
      const floor = PRICE_FLOORS[input.type]!;
      if (model >= floor) above++;
      else floored++;
      if (priceDollars(input) !== Math.max(floor, model)) wrong.push(input);
      if (priceDollars(input, 0.9) !== Math.max(floor, Math.round(model * 0.9))) wrong.push(input);
    }
    expect(wrong).toEqual([]);
    // Both sides of the floor are exercised.
    expect(above).toBeGreaterThan(1000);
    expect(floored).toBeGreaterThan(100);
    expect(priceDollars(reference)).toBe(modelPriceDollars(reference));
  });
});
