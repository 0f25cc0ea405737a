/**
 * A piece of jewelry as the product page puts it in the cart, for the tests of the cart, its check and the checkout:
 * a made-to-order ring unless `overrides` say otherwise. Imported by tests only.
 */
import type { PieceDesign } from '@everstone/contract/core';
import type { ProductCartLine } from './cart';

export const ringDesign = {
  form: 'ring',
  bandWidthMm: 2,
  bandThicknessMm: 1.6,
  profile: 'comfort',
  milgrain: false,
  head: null,
  accents: null,
  center: null,
  inlay: null,
} satisfies PieceDesign;

export function piece(variantId: number, overrides: Partial<ProductCartLine> = {}): ProductCartLine {
  return {
    kind: 'product',
    variant_id: variantId,
    quantity: 1,
    ring_size: '6',
    engraving: null,
    slug: 'aria-band',
    name: 'Aria Band',
    family: 'band',
    sku: `AR-${variantId}`,
    metal: '14k-white',
    shape: null,
    carat_total: null,
    origin: null,
    variant_cents: 150_000,
    engraving_cents: 0,
    lead_days: 15,
    stock: null,
    engravable: true,
    resizable: true,
    design: ringDesign,
    ...overrides,
  };
}
