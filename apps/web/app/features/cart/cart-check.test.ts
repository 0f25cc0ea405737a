import { describe, expect, it } from 'vitest';
import { DIAMOND_LOOKUP_MAX, RING_SIZE_MESSAGES, ringLeadDays, type Diamond, type VariantState } from '@everstone/contract/core';
import { priceCart, type CartLine, type DiamondCartLine, type ProductCartLine, type RingCartLine } from '../../domain/cart';
import {
  checkKeyOf,
  checkoutBlocker,
  keepStonesInRings,
  lineProblem,
  linesDiffer,
  linesNoun,
  lookupBatches,
  lookupIds,
  mergeLookups,
  payableLines,
  reconcileCart,
  ringUnavailability,
  ringUnavailabilityReason,
  unavailability,
  unavailabilityReason,
  unavailabilityTitle,
  variantLookupIds,
} from './cart-check';
import { piece, ringLine, stoneRecord } from '../../domain/cart-test-lines';

/** A natural GIA stone (the record the cart's check is given), the shared fixture's otherwise. */
function diamond(id: number, overrides: Partial<Diamond> = {}): Diamond {
  return stoneRecord(id, { type: 1, certificate_company: { dl_name: 'GIA' }, ...overrides });
}
const line = (id: number, overrides: Partial<DiamondCartLine> = {}): DiamondCartLine => ({ ...diamond(id), kind: 'diamond', quantity: 1, ...overrides });

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
    expect((result.lines as DiamondCartLine[]).map((l) => l.price)).toEqual([980.5, 1000]);
    expect(result.notices).toEqual([
      {
        kind: 'price-changed',
        key: 'CERT1',
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
    expect((result.lines as DiamondCartLine[]).map((l) => l.status)).toEqual(['sold', 'reserved', 'sold']);
    expect(result.missing).toEqual([]);
    // The stone already known to be sold is not announced again; a sold stone's new price is not news.
    expect(result.notices.map((n) => [n.kind, n.key])).toEqual([
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
      { kind: 'unavailable', key: 'CERT99', message: 'The 1.01 Carat Round Natural Diamond is no longer in our inventory.' },
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
    expect((payable as DiamondCartLine[]).map((l) => l.diamondid)).toEqual([1, 3]);
    expect(unavailableCount).toBe(2);
    expect(priceCart(payable, null).subtotalCents).toBe(27_600);
  });

  it('counts a record saved without a status as available', () => {
    const { status: _status, ...old } = line(1);
    expect(unavailability(old, new Set())).toBeNull();
  });
});


function variant(id: number, overrides: Partial<VariantState> = {}): VariantState {
  return { id, slug: 'aria-band', name: 'Aria Band', price_cents: 150_000, stock: null, available: true, discontinued: false, lead_days: 15, ...overrides };
}

const noDiamonds = { data: [], missing: [] };

describe('reconcileCart for pieces', () => {
  it('leaves an up-to-date piece as it is, with nothing to say', () => {
    const stored = [piece(7), piece(8, { stock: 4, quantity: 2 })];
    const result = reconcileCart(stored, noDiamonds, { data: [variant(7), variant(8, { stock: 4 })], missing: [] });
    expect(result.lines).toEqual(stored);
    expect(result.notices).toEqual([]);
    expect(result.missing).toEqual([]);
  });

  it('takes a new price, lead time and name, and says so in the price the line shows (engraving included)', () => {
    const stored = [piece(7, { engraving: 'A & B ♥', engraving_cents: 6_000 })];
    const result = reconcileCart(stored, noDiamonds, { data: [variant(7, { price_cents: 160_000, lead_days: 20, name: 'Aria Comfort Band' })], missing: [] });
    expect(result.lines[0]).toMatchObject({ variant_cents: 160_000, lead_days: 20, name: 'Aria Comfort Band', engraving: 'A & B ♥', quantity: 1 });
    expect(result.notices).toEqual([
      { kind: 'price-changed', key: 'variant:7', message: 'The price of Aria Comfort Band changed from $1,560.00 to $1,660.00.' },
    ]);
    expect(priceCart(result.lines, null).subtotalCents).toBe(166_000);
  });

  it('lowers a quantity above the shelf to what is on it, saying why', () => {
    const result = reconcileCart([piece(7, { stock: 5, quantity: 3 })], noDiamonds, { data: [variant(7, { stock: 2 })], missing: [] });
    expect(result.lines[0]).toMatchObject({ quantity: 2, stock: 2 });
    expect(result.notices).toEqual([
      { kind: 'quantity-limited', key: 'variant:7', message: 'Only 2 of the Aria Band are in stock, so its quantity was lowered to 2.' },
    ]);
  });

  it('marks a sold-out piece on the line itself and tells the shopper once', () => {
    const first = reconcileCart([piece(7, { stock: 3 })], noDiamonds, { data: [variant(7, { stock: 0, available: false, price_cents: 1 })], missing: [] });
    expect(first.lines[0]).toMatchObject({ stock: 0 });
    expect(first.notices).toEqual([{ kind: 'unavailable', key: 'variant:7', message: 'The Aria Band is sold out.' }]);
    expect(unavailability(first.lines[0] as ProductCartLine, new Set())).toBe('sold-out');
    const again = reconcileCart(first.lines, noDiamonds, { data: [variant(7, { stock: 0, available: false })], missing: [] });
    expect(again.notices).toEqual([]);
    // Back on the shelf: the line can be bought again.
    const restocked = reconcileCart(first.lines, noDiamonds, { data: [variant(7, { stock: 1 })], missing: [] });
    expect(unavailability(restocked.lines[0] as ProductCartLine, new Set())).toBeNull();
  });

  it('marks a withdrawn or unknown piece missing, keeping its line for the shopper to remove', () => {
    const stored = [piece(7), piece(8, { name: 'Lune Studs', family: 'earrings', ring_size: null })];
    const result = reconcileCart(stored, noDiamonds, { data: [variant(7, { discontinued: true, available: false })], missing: [8] });
    expect(result.lines).toEqual(stored);
    expect(result.missing).toEqual(['variant:7', 'variant:8']);
    expect(result.notices.map((n) => n.message)).toEqual(['The Aria Band is no longer available.', 'The Lune Studs is no longer available.']);
    const missing = new Set(result.missing);
    expect(stored.map((l) => unavailability(l, missing))).toEqual(['missing', 'missing']);
  });

  it('checks stones and pieces together, leaving what neither answer covers untouched', () => {
    const stored: CartLine[] = [line(1, { price: 900 }), piece(7), piece(9, { variant_cents: 1 })];
    const result = reconcileCart(stored, { data: [diamond(1)], missing: [] }, { data: [variant(7, { price_cents: 140_000 })], missing: [] });
    expect(result.lines[0]).toMatchObject({ kind: 'diamond', price: 1000 });
    expect(result.lines[1]).toMatchObject({ kind: 'product', variant_cents: 140_000 });
    expect(result.lines[2]).toBe(stored[2]);
    expect(result.notices.map((n) => n.key)).toEqual(['CERT1', 'variant:7']);
  });

  it('asks about each variant once, whatever its sizes and engravings, and stones apart', () => {
    const lines: CartLine[] = [piece(7), piece(7, { ring_size: '7' }), piece(9), line(3), piece(0)];
    expect(variantLookupIds(lines)).toEqual([7, 9]);
    expect(lookupIds(lines)).toEqual([3]);
    expect(checkKeyOf(lines[0]!)).toBe(checkKeyOf(lines[1]!));
    expect(checkKeyOf(lines[3]!)).toBe('CERT3');
  });

  it('counts a line whose variant id is unusable as missing', () => {
    const result = reconcileCart([piece(Number.NaN)], noDiamonds, { data: [], missing: [] });
    expect(result.missing).toEqual(['variant:NaN']);
  });
});

describe('marks and what blocks checkout', () => {
  it('names a piece’s mark and reason, and a stone’s as before', () => {
    expect(unavailabilityTitle('sold-out')).toBe('Sold out');
    expect(unavailabilityTitle('missing')).toBe('No longer available');
    expect(unavailabilityReason('missing', 'product')).toBe('This piece is no longer available.');
    expect(unavailabilityReason('sold')).toBe('This diamond has been sold.');
  });

  it('leaves sold-out and missing pieces out of what can be paid', () => {
    const lines: CartLine[] = [piece(7, { quantity: 2 }), piece(8, { stock: 0 }), piece(9), line(1, { price: 10 })];
    const { payable, unavailableCount } = payableLines(lines, new Set(['variant:9']));
    expect(payable.map(checkKeyOf)).toEqual(['variant:7', 'CERT1']);
    expect(unavailableCount).toBe(2);
    expect(priceCart(payable, null).subtotalCents).toBe(301_000);
  });

  it('says what to remove, or which ring still needs a size', () => {
    expect(checkoutBlocker([line(1, { status: 'sold' })], new Set())).toBe('Remove the diamond marked No longer available to check out.');
    expect(checkoutBlocker([piece(8, { stock: 0 })], new Set())).toBe('Remove the piece marked Sold out to check out.');
    expect(checkoutBlocker([line(1, { status: 'sold' }), piece(8, { stock: 0 }), piece(9)], new Set(['variant:9']))).toBe(
      'Remove the items marked No longer available or Sold out to check out.',
    );
    expect(checkoutBlocker([piece(7, { ring_size: null })], new Set())).toBe('Choose the ring size of your ring to check out.');
    expect(checkoutBlocker([piece(7), line(1)], new Set())).toBeNull();
    expect(linesNoun([piece(1), piece(2)])).toBe('pieces');
  });

  it('asks a ring for a size, and not earrings', () => {
    expect(lineProblem(piece(7, { ring_size: null }))).toBe(RING_SIZE_MESSAGES.required);
    expect(lineProblem(piece(7, { ring_size: 'unknown' }))).toBeNull();
    expect(lineProblem(piece(8, { family: 'earrings', ring_size: null }))).toBeNull();
  });
});

describe('reconcileCart for built rings', () => {
  const fresh = (overrides: Partial<Diamond> = {}) => stoneRecord(1, overrides);
  const setting = (overrides: Partial<VariantState> = {}) => variant(5, { slug: 'aria-setting', name: 'Aria Engagement Ring', lead_days: 10, stones_cents: 30_000, ...overrides });

  it('leaves an up-to-date ring as it is, with nothing to say', () => {
    const stored = [ringLine(1, 5)];
    const result = reconcileCart(stored, { data: [fresh()], missing: [] }, { data: [setting()], missing: [] });
    expect(result.lines).toEqual(stored);
    expect(result.notices).toEqual([]);
    expect(result.missing).toEqual([]);
  });

  it('renews both parts’ prices, split as the builder splits them, and names the ring when the total changes', () => {
    const stored = [ringLine(1, 5, { engraving: 'A & B' })];
    expect(stored[0]!.price.totalCents).toBe(256_000);
    const result = reconcileCart(stored, { data: [fresh({ price: 1100 })], missing: [] }, { data: [setting({ price_cents: 160_000, stones_cents: 32_000, lead_days: 20 })], missing: [] });
    const ring = result.lines[0] as RingCartLine;
    expect(ring.price).toEqual({ stoneCents: 110_000, settingCents: 128_000, sideStonesCents: 32_000, engravingCents: 6_000, totalCents: 276_000 });
    expect(ring.diamond.price).toBe(1100);
    // The ring leaves the workshop after the setting's own lead time and the setting of its stone.
    expect(ring.lead_days).toBe(ringLeadDays(20));
    expect(result.notices).toEqual([
      { kind: 'price-changed', key: 'ring:CERT1', message: 'The price of your Aria Engagement Ring changed from $2,560.00 to $2,760.00.' },
    ]);
    expect(priceCart(result.lines, null).subtotalCents).toBe(276_000);
  });

  it('keeps the side stones’ share it was given when the store does not send the setting’s', () => {
    const { stones_cents: _omitted, ...withoutStones } = setting({ price_cents: 140_000 });
    const result = reconcileCart([ringLine(1, 5)], { data: [fresh()], missing: [] }, { data: [withoutStones], missing: [] });
    expect((result.lines[0] as RingCartLine).price).toMatchObject({ stoneCents: 100_000, settingCents: 110_000, sideStonesCents: 30_000, totalCents: 240_000 });
  });

  it('renews the part that was answered and keeps the other’s price', () => {
    const result = reconcileCart([ringLine(1, 5)], { data: [fresh({ price: 900 })], missing: [] }, { data: [], missing: [] });
    expect((result.lines[0] as RingCartLine).price).toMatchObject({ stoneCents: 90_000, settingCents: 120_000, sideStonesCents: 30_000, totalCents: 240_000 });
    const untouched = ringLine(2, 6);
    expect(reconcileCart([untouched], noDiamonds, { data: [], missing: [] }).lines[0]).toBe(untouched);
  });

  it('marks the whole ring when its stone sells, names it by the ring, and offers another stone for the same setting', () => {
    const result = reconcileCart([ringLine(1, 5)], { data: [fresh({ status: 'sold', price: 1 })], missing: [] }, { data: [setting()], missing: [] });
    const ring = result.lines[0] as RingCartLine;
    expect(ring.diamond.status).toBe('sold');
    // A ring that cannot be bought keeps the price it was seen at.
    expect(ring.price.totalCents).toBe(250_000);
    expect(result.notices).toEqual([
      {
        kind: 'unavailable',
        key: 'ring:CERT1',
        message: 'The diamond in your Aria Engagement Ring has been sold, so the ring cannot be ordered as it is.',
        action: { to: '/diamond?setting=aria-setting&metal=14k-white&accents=lab&size=6', label: 'Choose another diamond for this setting' },
      },
    ]);
    const missing = new Set(result.missing);
    expect(unavailability(ring, missing)).toBe('sold');
    expect(ringUnavailability(ring, missing)).toEqual({ part: 'stone', reason: 'sold' });
    expect(ringUnavailabilityReason({ part: 'stone', reason: 'sold' })).toBe('The diamond in this ring has been sold.');
    expect(payableLines(result.lines, missing).payable).toEqual([]);
    expect(checkoutBlocker(result.lines, missing)).toBe('Remove the ring marked No longer available to check out.');
    // Told once: the stored status keeps it marked.
    expect(reconcileCart(result.lines, { data: [fresh({ status: 'sold' })], missing: [] }, { data: [setting()], missing: [] }).notices).toEqual([]);
  });

  it('says a stone reserved by another shopper, or gone from the store, is the ring’s', () => {
    const reserved = reconcileCart([ringLine(1, 5)], { data: [fresh({ status: 'reserved' })], missing: [] }, { data: [setting()], missing: [] });
    expect(reserved.notices[0]!.message).toBe('The diamond in your Aria Engagement Ring has been reserved by another shopper, so the ring cannot be ordered as it is.');
    const gone = reconcileCart([ringLine(1, 5)], { data: [], missing: [1] }, { data: [setting()], missing: [] });
    expect(gone.missing).toEqual(['ring:CERT1:stone']);
    expect(gone.notices[0]!.message).toBe('The diamond in your Aria Engagement Ring is no longer in our inventory.');
    expect(ringUnavailability(gone.lines[0] as RingCartLine, new Set(gone.missing))).toEqual({ part: 'stone', reason: 'missing' });
    // Another stone under the same id is not this ring's stone.
    const swapped = reconcileCart([ringLine(1, 5)], { data: [fresh({ certificate_number: 'OTHER' })], missing: [] }, { data: [setting()], missing: [] });
    expect(swapped.missing).toEqual(['ring:CERT1:stone']);
  });

  it('marks the ring when its setting is discontinued or unknown, offering another setting for the same stone', () => {
    for (const answer of [{ data: [setting({ discontinued: true, available: false })], missing: [] }, { data: [], missing: [5] }]) {
      const result = reconcileCart([ringLine(1, 5)], { data: [fresh()], missing: [] }, answer);
      expect(result.missing).toEqual(['ring:CERT1:setting']);
      expect(result.notices).toEqual([
        {
          kind: 'unavailable',
          key: 'ring:CERT1',
          message: 'The Aria Engagement Ring setting is no longer available in 14K White Gold, so your ring cannot be made as it is.',
          action: { to: '/ring-builder/settings?diamond=1&metal=14k-white&accents=lab&size=6', label: 'Choose another setting for this diamond' },
        },
      ]);
      const missing = new Set(result.missing);
      expect(unavailability(result.lines[0]!, missing)).toBe('missing');
      expect(ringUnavailability(result.lines[0] as RingCartLine, missing)).toEqual({ part: 'setting', reason: 'missing' });
    }
  });

  it('asks about a ring’s stone with the stones and its setting with the pieces', () => {
    const lines: CartLine[] = [ringLine(1, 5), line(3), piece(5), piece(9)];
    expect(lookupIds(lines)).toEqual([1, 3]);
    expect(variantLookupIds(lines)).toEqual([5, 9]);
    expect(checkKeyOf(lines[0]!)).toBe('ring:CERT1');
    expect(lineProblem(lines[0]!)).toBeNull();
    expect(lineProblem(ringLine(1, 5, { ring_size: '' }))).toBe(RING_SIZE_MESSAGES.required);
    expect(linesNoun([ringLine(1, 5)])).toBe('ring');
    expect(linesNoun([ringLine(1, 5), piece(5)])).toBe('items');
  });
});

describe('keepStonesInRings', () => {
  it('leaves a cart that holds each stone once as it is', () => {
    const lines: CartLine[] = [ringLine(1, 5), line(2), piece(5)];
    expect(keepStonesInRings(lines)).toEqual({ lines, notices: [] });
    expect(keepStonesInRings(lines).lines).toBe(lines);
  });

  it('keeps the ring and drops the same stone bought loose, saying so', () => {
    const ring = ringLine(1, 5);
    const result = keepStonesInRings([line(1), piece(7), ring]);
    expect(result.lines).toEqual([piece(7), ring]);
    expect(result.notices).toEqual([
      { kind: 'removed', key: 'CERT1', message: 'The 1.01 Carat Round Natural Diamond is set in your Aria Engagement Ring, so it is no longer in your cart as a loose diamond as well.' },
    ]);
  });

  it('keeps the ring added last when two hold the same stone', () => {
    const older = ringLine(1, 5, { ring_size: '7' });
    const newer = ringLine(1, 6);
    const result = keepStonesInRings([older, newer]);
    expect(result.lines).toEqual([newer]);
    expect(result.notices.map((n) => n.message)).toEqual([
      'Your cart held two rings with the same diamond (certificate CERT1): the Aria Engagement Ring added last is kept.',
    ]);
  });
});
