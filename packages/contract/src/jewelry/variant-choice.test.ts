import { describe, expect, it } from 'vitest';
import type { ProductDetail, Variant } from './product-schemas.ts';
import { chooseVariant, optionsFromSearch, variantSearch, withOption } from './variant-choice.ts';

let id = 0;
const variant = (metal: Variant['metal'], shape: Variant['shape'], price: number, available = true): Variant => ({
  id: ++id,
  sku: `S${id}`,
  metal,
  shape,
  carat_total: null,
  width_mm: null,
  origin: null,
  price_cents: price,
  breakdown: { metal_cents: price, stones_cents: 0, center_cents: 0, labor_cents: 0, offer_cents: 0 },
  metal_grams: 2,
  lead_days: 15,
  stock: null,
  available,
  design: { form: 'ring', bandWidthMm: 2, bandThicknessMm: 1.6, profile: 'comfort', milgrain: false, head: null, accents: null, center: null, inlay: null },
  included_stone: null,
});

const variants = [variant('14k-white', 'Round', 500), variant('14k-white', 'Oval', 520), variant('platinum', 'Round', 1000), variant('platinum', 'Oval', 1020, false)];
const product = {
  options: { metal: ['14k-white', 'platinum'], shape: ['Round', 'Oval'], carat_total: [], width_mm: [], origin: [] },
  variants,
  default_variant_id: variants[0]!.id,
} as unknown as ProductDetail;

describe('choosing a variant from the page’s address', () => {
  it('opens on the default variant when nothing is asked', () => {
    expect(chooseVariant(product, optionsFromSearch(new URLSearchParams(''), product)).id).toBe(variants[0]!.id);
  });

  it('finds the exact combination, even one that is sold out (the page says so)', () => {
    expect(chooseVariant(product, optionsFromSearch(new URLSearchParams('metal=platinum&shape=Oval'), product)).id).toBe(variants[3]!.id);
  });

  it('ignores options the product does not have', () => {
    const wanted = optionsFromSearch(new URLSearchParams('metal=18k-rose&shape=Heart&carat=2&origin=lab'), product);
    expect(wanted).toEqual({ metal: null, shape: null, carat: null, width: null, origin: null });
  });

  it('changes one option and keeps the others', () => {
    const platinumRound = withOption(product, variants[1]!, { metal: 'platinum' });
    expect(platinumRound.id).toBe(variants[3]!.id);
    expect(withOption(product, variants[2]!, { shape: 'Oval' }).id).toBe(variants[3]!.id);
  });

  it('names a variant in the address by the options the product has', () => {
    expect(variantSearch(product, variants[3]!)).toBe('?metal=platinum&shape=Oval');
  });
});
