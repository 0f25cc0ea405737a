import { describe, expect, it } from 'vitest';
import { breakdownTotal, type MetalId, type RingDesign } from '@everstone/contract';
import { demoJewelry, settingDesign, SETTING_TEMPLATES } from './jewelry-data.ts';
import { priceInputOf } from './seed.ts';
import { STARTING_METAL_PRICES, metalGrams, priceProduct, repriceVariant, smallStonesCents, type PriceInput } from './price-model.ts';

const solitaire = SETTING_TEMPLATES.find((t) => t.name === 'Aria')!;
const halo = SETTING_TEMPLATES.find((t) => t.name === 'Luna Halo')!;

function price(design: RingDesign, metal: MetalId, extra: Partial<PriceInput> = {}) {
  return priceProduct({ family: 'setting', design, metal, origin: 'natural', centerStones: [], centerGem: null, offerPercent: 0, metalCentsPerGram: STARTING_METAL_PRICES[metal], ...extra });
}

describe('the price model', () => {
  it('prices platinum about twice 14K gold for the same ring, 18K between', () => {
    const design = settingDesign(solitaire, 'Round', 1);
    const gold14 = price(design, '14k-white').priceCents;
    const gold18 = price(design, '18k-white').priceCents;
    const platinum = price(design, 'platinum').priceCents;
    expect(platinum / gold14).toBeGreaterThan(1.7);
    expect(platinum / gold14).toBeLessThan(2.4);
    expect(gold18).toBeGreaterThan(gold14);
    expect(gold18).toBeLessThan(platinum);
  });

  it('weighs platinum heavier than gold: the metal line is grams × the metal price', () => {
    const design = settingDesign(solitaire, 'Round', 1);
    const g14 = metalGrams(design, '14k-white');
    const pt = metalGrams(design, 'platinum');
    expect(pt / g14).toBeCloseTo(21.4 / 12.6, 1);
    expect(price(design, 'platinum').breakdown.metalCents).toBe(Math.round(pt * STARTING_METAL_PRICES.platinum));
  });

  it('charges several hundred to a few thousand dollars more for a halo than a solitaire', () => {
    for (const origin of ['lab', 'natural'] as const) {
      const difference = price(settingDesign(halo, 'Round', 1), '14k-white', { origin }).priceCents - price(settingDesign(solitaire, 'Round', 1), '14k-white', { origin }).priceCents;
      expect(difference, origin).toBeGreaterThanOrEqual(300_00);
      expect(difference, origin).toBeLessThanOrEqual(3_000_00);
    }
  });

  it('scales tennis bracelets with their total carat weight, lab-grown a fraction of natural', () => {
    const bracelets = demoJewelry().find((p) => p.name === 'Diamond Tennis Bracelet')!;
    const of = (carat: number, origin: 'lab' | 'natural') => {
      const v = bracelets.variants.find((x) => x.metal === '14k-white' && x.caratTotal === carat && x.origin === origin)!;
      return priceProduct({ family: 'bracelet', design: v.design, metal: v.metal, origin, centerStones: [], centerGem: null, offerPercent: 0, metalCentsPerGram: STARTING_METAL_PRICES[v.metal] }).priceCents;
    };
    const natural = [2, 3, 5, 7].map((c) => of(c, 'natural'));
    const lab = [2, 3, 5, 7].map((c) => of(c, 'lab'));
    for (let i = 1; i < 4; i++) {
      expect(natural[i]!).toBeGreaterThan(natural[i - 1]!);
      expect(lab[i]!).toBeGreaterThan(lab[i - 1]!);
    }
    for (let i = 0; i < 4; i++) expect(lab[i]! / natural[i]!).toBeLessThan(0.6);
  });

  it('prices small lab-grown diamonds at a fraction of natural ones, and larger stones dearer per carat', () => {
    expect(smallStonesCents(1, 100, 'diamond', 'lab')).toBeLessThan(smallStonesCents(1, 100, 'diamond', 'natural') * 0.5);
    expect(smallStonesCents(1, 5, 'diamond', 'natural')).toBeGreaterThan(smallStonesCents(1, 100, 'diamond', 'natural'));
    expect(smallStonesCents(0, 0, 'diamond', 'natural')).toBe(0);
  });

  it('itemizes every catalog price so the items add up to it, in round ten dollars before an offer', () => {
    for (const product of demoJewelry()) {
      for (const v of product.variants) {
        const { breakdown, priceCents } = priceProduct(priceInputOf(product, v, STARTING_METAL_PRICES));
        expect(breakdownTotal(breakdown), v.sku).toBe(priceCents);
        expect((priceCents - breakdown.offerCents) % 1000, v.sku).toBe(0);
        for (const part of [breakdown.metalCents, breakdown.stonesCents, breakdown.centerCents, breakdown.laborCents]) expect(part, v.sku).toBeGreaterThanOrEqual(0);
        expect(breakdown.offerCents, v.sku).toBeLessThanOrEqual(0);
        if (v.centerStones.length > 0) expect(breakdown.centerCents, v.sku).toBeGreaterThan(0);
      }
    }
  });

  it('takes an offer off the whole price, to the dollar', () => {
    const design = settingDesign(solitaire, 'Round', 1);
    const full = price(design, '14k-white');
    const offered = price(design, '14k-white', { offerPercent: 20 });
    expect(offered.breakdown.offerCents).toBe(-Math.round((full.priceCents * 0.2) / 100) * 100);
    expect(offered.priceCents).toBe(full.priceCents + offered.breakdown.offerCents);
  });

  it('prices a stored variant again to the same figures when nothing changed, and moves only the metal with its price', () => {
    for (const product of demoJewelry()) {
      for (const v of product.variants) {
        const input = priceInputOf(product, v, STARTING_METAL_PRICES);
        const first = priceProduct(input);
        const stored = { family: product.family, design: v.design, metal: v.metal, origin: input.origin, stonesCents: first.breakdown.stonesCents, centerCents: first.breakdown.centerCents };
        expect(repriceVariant(stored, { metalCentsPerGram: input.metalCentsPerGram, offerPercent: product.offerPercent }), v.sku).toEqual(first);
        const dearer = repriceVariant(stored, { metalCentsPerGram: input.metalCentsPerGram * 2, offerPercent: product.offerPercent });
        expect(dearer.breakdown.metalCents, v.sku).toBe(Math.round(first.metalGrams * input.metalCentsPerGram * 2));
        expect(dearer.breakdown.stonesCents, v.sku).toBe(first.breakdown.stonesCents);
        expect(dearer.breakdown.centerCents, v.sku).toBe(first.breakdown.centerCents);
        expect(breakdownTotal(dearer.breakdown), v.sku).toBe(dearer.priceCents);
      }
    }
  });

  it('prices a new design of a stored variant as the model prices that design new', () => {
    const product = demoJewelry().find((p) => p.family === 'setting')!;
    const v = product.variants[0]!;
    if (v.design.form !== 'ring') throw new Error('a setting is a ring');
    const input = { family: product.family, design: v.design, metal: v.metal, origin: v.origin ?? 'natural', centerStones: [], centerGem: null, offerPercent: 10, metalCentsPerGram: 8_000 } as const;
    const first = priceProduct(input);
    const wider = { ...v.design, bandWidthMm: v.design.bandWidthMm + 1 };
    const stored = { family: product.family, design: v.design, metal: v.metal, origin: input.origin, stonesCents: first.breakdown.stonesCents, centerCents: 0 };
    expect(repriceVariant(stored, { design: wider, metalCentsPerGram: 8_000, offerPercent: 10 })).toEqual(priceProduct({ ...input, design: wider }));
  });
});
