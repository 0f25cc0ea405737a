import { describe, expect, it } from 'vitest';
import { DESIGN_BOUNDS, orderProductSchema, type RingDesign } from '@everstone/contract';
import type { OrderItemRow } from '../../db/schema.ts';
import { productOf, ringOf } from './lines.ts';

const ordered: RingDesign = {
  form: 'ring',
  bandWidthMm: DESIGN_BOUNDS.ring.bandWidthMm.max + 3,
  bandThicknessMm: 1.7,
  profile: 'comfort',
  milgrain: false,
  head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 6.4, vintage: false },
  accents: null,
  center: null,
  inlay: null,
};
// As an order kept it before every part of a design was required: no accents, center or inlay at all.
const { accents: _accents, center: _center, inlay: _inlay, ...kept } = ordered;
const row = (kind: 'product' | 'ring', details: Record<string, unknown>) => ({ kind, details_json: JSON.stringify(details), ring_size: null, engraving: null, lead_days: 10 }) as unknown as OrderItemRow;

describe('an order’s lines as the order keeps them', () => {
  it('reads each piece’s design as it was ordered, wider than today’s bounds, with the parts it left out as none', () => {
    const product = productOf(row('product', { name: 'Band', design: kept }))!;
    expect(product.design).toEqual(ordered);
    expect(orderProductSchema.shape.design.parse(product.design)).toEqual(ordered);
    expect(ringOf(row('ring', { setting_name: 'Aria', ring_size: '6', design: kept }))!.design).toEqual(ordered);
  });
});
