import { describe, expect, it } from 'vitest';
import { DIAMOND_LOOKUP_MAX, type Diamond } from '@everstone/contract/core';
import { priceCart, type CartLine } from '../../lib/cart';
import {
  linesDiffer,
  lookupBatches,
  lookupIds,
  mergeLookups,
  payableLines,
  reconcileCart,
  unavailability,
} from './cart-check';

function diamond(id: number, overrides: Partial<Diamond> = {}): Diamond {
  return {
    diamondid: id,
    certificate_number: `CERT${id}`,
    type: 1,
    shape: { id: 1, name: 'Round', image: 'round' },
    carat_weight: 1.01,
    color: { id: 3, name: 'F' },
    fancy_color: null,
    clarity: { id: 4, name: 'VS1' },
    cut: { id: 1, full_name: 'Excellent' },
    certificate_company: { dl_name: 'GIA' },
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
const line = (id: number, overrides: Partial<CartLine> = {}): CartLine => ({ ...diamond(id), kind: 'diamond', quantity: 1, ...overrides });

describe('reconcileCart', () => {
  it('leaves an up-to-date cart as it is, with nothing to say', () => {
    const stored = [line(1), line(2)];
    const result = reconcileCart(stored, { data: [diamond(1), diamond(2)], missing: [] });
    expect(result.lines).toEqual(stored);
    expect(result.missing).toEqual([]);
    expect(result.notices).toEqual([]);
    expect(linesDiffer(stored, result.lines)).toBe(false);
  });

  it('updates a changed price and says so', () => {
    const stored = [line(1, { price: 1100 }), line(2)];
    const result = reconcileCart(stored, { data: [diamond(1, { price: 980.5 }), diamond(2)], missing: [] });
    expect(result.lines.map((l) => l.price)).toEqual([980.5, 1000]);
    expect(result.notices).toEqual([
      {
        kind: 'price-changed',
        certificateNumber: 'CERT1',
        message: 'The price of 1.01 Carat Round Natural Diamond changed from $1,100.00 to $980.50.',
      },
    ]);
    expect(linesDiffer(stored, result.lines)).toBe(true);
  });

  it('keeps the fresh record with the stored quantity', () => {
    const stored = [line(1, { clarity: { id: 5, name: 'VS2' } })];
    const result = reconcileCart(stored, { data: [diamond(1)], missing: [] });
    expect(result.lines[0]).toEqual({ ...diamond(1), kind: 'diamond', quantity: 1 });
    expect(result.notices).toEqual([]);
  });

  it('marks a sold or reserved stone and tells the shopper once', () => {
    const stored = [line(1), line(2), line(3, { status: 'sold' })];
    const result = reconcileCart(stored, {
      data: [diamond(1, { status: 'sold', price: 1 }), diamond(2, { status: 'reserved' }), diamond(3, { status: 'sold' })],
      missing: [],
    });
    expect(result.lines.map((l) => l.status)).toEqual(['sold', 'reserved', 'sold']);
    expect(result.missing).toEqual([]);
    // The stone already known to be sold is not announced again; a sold stone's new price is not news.
    expect(result.notices.map((n) => [n.kind, n.certificateNumber])).toEqual([
      ['unavailable', 'CERT1'],
      ['unavailable', 'CERT2'],
    ]);
    expect(result.notices[0]!.message).toBe('The 1.01 Carat Round Natural Diamond has been sold and is no longer available.');
    expect(result.notices[1]!.message).toMatch(/reserved by another shopper/);
  });

  it('marks an unknown id missing and keeps its line for the shopper to remove', () => {
    const stored = [line(1), line(99)];
    const result = reconcileCart(stored, { data: [diamond(1)], missing: [99] });
    expect(result.lines).toEqual(stored);
    expect(result.missing).toEqual(['CERT99']);
    expect(result.notices).toEqual([
      { kind: 'unavailable', certificateNumber: 'CERT99', message: 'The 1.01 Carat Round Natural Diamond is no longer in our inventory.' },
    ]);
  });

  it('treats a record with another certificate number, or a line without a usable id, as missing', () => {
    const stored = [line(1), line(2, { diamondid: Number.NaN })];
    const result = reconcileCart(stored, { data: [diamond(1, { certificate_number: 'OTHER' })], missing: [] });
    expect(result.missing).toEqual(['CERT1', 'CERT2']);
    expect(result.lines).toEqual(stored);
  });

  it('leaves lines the answer does not cover untouched', () => {
    const stored = [line(1, { price: 5 }), line(2, { price: 7 })];
    const result = reconcileCart(stored, { data: [diamond(1)], missing: [] });
    expect(result.lines[1]).toBe(stored[1]);
    expect(result.missing).toEqual([]);
    expect(result.notices).toHaveLength(1);
  });

  it('limits a loose diamond to one, saying why', () => {
    const result = reconcileCart([line(1, { quantity: 3 })], { data: [diamond(1)], missing: [] });
    expect(result.lines[0]!.quantity).toBe(1);
    expect(result.notices).toEqual([
      expect.objectContaining({ kind: 'quantity-limited', message: expect.stringMatching(/one of a kind/) }),
    ]);
  });
});

describe('lookups', () => {
  it('asks for each valid id once', () => {
    expect(lookupIds([line(3), line(1), line(3), line(2, { diamondid: -1 }), line(4, { diamondid: 1.5 })])).toEqual([3, 1]);
  });

  it(`splits the ids into requests of at most ${DIAMOND_LOOKUP_MAX}`, () => {
    const ids = Array.from({ length: DIAMOND_LOOKUP_MAX * 2 + 1 }, (_, i) => i + 1);
    const batches = lookupBatches(ids);
    expect(batches.map((b) => b.length)).toEqual([DIAMOND_LOOKUP_MAX, DIAMOND_LOOKUP_MAX, 1]);
    expect(batches.flat()).toEqual(ids);
    expect(lookupBatches([])).toEqual([]);
  });

  it('merges answers', () => {
    expect(mergeLookups([{ data: [diamond(1)], missing: [5] }, { data: [diamond(2)], missing: [] }])).toEqual({
      data: [diamond(1), diamond(2)],
      missing: [5],
    });
  });
});

describe('payableLines', () => {
  it('keeps the lines that can be bought, whose prices make the subtotal', () => {
    const lines = [line(1, { price: 100.5, quantity: 2 }), line(2, { price: 50, status: 'sold' }), line(3, { price: 75 }), line(4, { price: 20 })];
    const { payable, unavailableCount } = payableLines(lines, new Set(['CERT4']));
    expect(payable.map((l) => l.diamondid)).toEqual([1, 3]);
    expect(unavailableCount).toBe(2);
    expect(priceCart(payable, null).subtotalCents).toBe(27_600);
  });

  it('counts a record saved without a status as available', () => {
    const { status: _status, ...old } = line(1);
    expect(unavailability(old, new Set())).toBeNull();
  });
});
