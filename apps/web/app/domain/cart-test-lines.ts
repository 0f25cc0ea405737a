/**
 * A piece of jewelry as the product page puts it in the cart, for the tests of the cart, its check and the checkout:
 * a made-to-order ring unless `overrides` say otherwise; and a ring as the ring builder puts it there. Imported by
 * tests only.
 */
import { ringPrice, type Diamond, type OrderRing, type PieceDesign } from '@everstone/contract/core';
import type { ProductCartLine, RingCartLine } from './cart';

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

/** A loose stone's record as the store answers it: a 1.01 ct round lab diamond at $1,000 unless `overrides` say otherwise. */
export function stoneRecord(id: number, overrides: Partial<Diamond> = {}): Diamond {
  return {
    diamondid: id,
    certificate_number: `CERT${id}`,
    type: 2,
    shape: { id: 1, name: 'Round', image: 'round' },
    carat_weight: 1.01,
    color: { id: 3, name: 'F' },
    fancy_color: null,
    clarity: { id: 4, name: 'VS1' },
    cut: { id: 1, full_name: 'Excellent' },
    certificate_company: { dl_name: 'IGI' },
    polish: 'Excellent',
    symmetry: 'Excellent',
    fluorescence: 'None',
    measurement_l: 6.4,
    measurement_w: 6.42,
    measurements: '6.40 x 6.42 x 3.95 mm',
    table_diamond: 57,
    depth: 61.5,
    price: 1000,
    is_superdeal: 0,
    status: 'available',
    ...overrides,
  };
}

/** A pavé setting with a round head, holding a 6.4 mm stone. */
export const settingDesign = {
  ...ringDesign,
  head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 8, shownWidthMm: 6.4, vintage: false },
  accents: { setting: 'pave', count: 24, caratTotal: 0.2, coverage: 0.5, gem: 'diamond' },
  center: { gem: 'diamond', shape: 'Round', lengthMm: 6.4, widthMm: 6.4, depthMm: 3.97 },
} satisfies PieceDesign;

/**
 * A ring from the builder: stone `diamondId` ($1,000) in the Aria setting's variant `variantId` in 14K white gold,
 * $1,500 of which $300 is its side stones, size 6, not engraved, unless `overrides` say otherwise.
 */
export function ringLine(diamondId: number, variantId: number, overrides: Partial<RingCartLine> = {}): RingCartLine {
  const engraving = overrides.engraving ?? null;
  return {
    kind: 'ring',
    quantity: 1,
    diamond: stoneRecord(diamondId),
    variant_id: variantId,
    setting_slug: 'aria-setting',
    setting_name: 'Aria Engagement Ring',
    sku: `ARIA-${variantId}`,
    metal: '14k-white',
    shape: 'Round',
    origin: 'lab',
    ring_size: '6',
    engraving,
    price: ringPrice({ stoneCents: 100_000, settingVariantCents: 150_000, settingStonesCents: 30_000, engraved: engraving !== null }),
    lead_days: 12,
    design: settingDesign,
    ...overrides,
  };
}

/** A built ring as an order keeps it: the Aria setting in 18K yellow gold holding a 1.01 ct round, size 6.5, unless `overrides` say otherwise. */
export function orderRing(overrides: Partial<OrderRing> = {}): OrderRing {
  return {
    diamond_id: 41,
    certificate_number: 'LG41',
    stone_description: '1.01 Carat Round Lab Diamond, F VS1',
    shape: 'Round',
    carat: 1.01,
    type: 2,
    length_mm: 6.4,
    width_mm: 6.42,
    depth_mm: 3.95,
    setting_variant_id: 7,
    setting_sku: 'ARIA-7',
    setting_slug: 'aria-setting',
    setting_name: 'Aria Engagement Ring',
    metal: '18k-yellow',
    origin: null,
    ring_size: '6.5',
    engraving: null,
    lead_days: 12,
    price: { stone_cents: 100_000, setting_cents: 150_000, side_stones_cents: 0, engraving_cents: 0, total_cents: 250_000 },
    design: { form: 'ring', bandWidthMm: 2, bandThicknessMm: 1.6, profile: 'comfort', milgrain: false, head: null, accents: null, center: null, inlay: null },
    ...overrides,
  };
}
