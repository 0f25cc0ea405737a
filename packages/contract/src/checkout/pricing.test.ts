import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_KINDS } from './line-kinds.ts';
import { dollarsToCents, formatCents } from '../money.ts';
import {
  MIN_STONE_PRICE_CENTS,
  diamondUnitPrice,
  priceLines,
  productUnitPrice,
  ringUnitPrice,
  type PricedLineInput,
} from './pricing.ts';

const diamond = (dollars: number, quantity = 1): PricedLineInput => ({ kind: 'diamond', quantity, ...diamondUnitPrice(dollarsToCents(dollars)) });

describe('priceLines', () => {
  it('adds the lines in whole cents, never in floating dollars', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; in cents it is.
    const pricing = priceLines([diamond(0.1), diamond(0.2)], null);
    expect(pricing.subtotalCents).toBe(30);
    expect(pricing.totalCents).toBe(30);
    expect(priceLines([diamond(1890.29), diamond(4250.01)], 'cod')).toMatchObject({ subtotalCents: 614_030, discountCents: 0, totalCents: 614_030 });
    expect(formatCents(614_030)).toBe('$6,140.30');
  });

  it('multiplies by the quantity (§3: the subtotal is the sum of price × quantity)', () => {
    const pricing = priceLines([diamond(100, 3)], null);
    expect(pricing.lines).toEqual([{ unitCents: 10_000, quantity: 3, totalCents: 30_000 }]);
    expect(pricing.subtotalCents).toBe(30_000);
  });

  it('takes the bank-wire discount off every unit when the method is a wire, and only then (§5: price − 5)', () => {
    const lines = [diamond(1000), diamond(2500.5)];
    const wire = priceLines(lines, 'pay-wire');
    expect(wire.lines.map((l) => l.totalCents)).toEqual([99_500, 249_550]);
    expect(wire).toMatchObject({ subtotalCents: 350_050, discountCents: 1_000, totalCents: 349_050 });
    for (const method of ['cod', 'pay-credit', 'pay-paypal', 'pay-synchrony', 'pay-affirm', 'pay-multiple', null]) {
      expect(priceLines(lines, method).totalCents, String(method)).toBe(350_050);
    }
  });

  it('never takes more off by wire than a line costs: a $1 stone is $0 by wire, not −$4', () => {
    const wire = priceLines([diamond(1), diamond(5), diamond(5.01), diamond(1000)], 'pay-wire');
    expect(wire.lines.map((l) => l.totalCents)).toEqual([0, 0, 1, 99_500]);
    expect(wire).toMatchObject({ subtotalCents: 101_101, discountCents: 1_600, totalCents: 99_501 });
    expect(priceLines([diamond(0)], 'pay-wire').totalCents).toBe(0);
  });

  it('takes a ring’s wire discount off its stone only, never off its setting', () => {
    const ring = (stoneCents: number, totalCents: number): PricedLineInput => ({ kind: 'ring', quantity: 1, ...ringUnitPrice({ stoneCents, totalCents }) });
    expect(priceLines([ring(100, 41_100)], 'pay-wire').totalCents).toBe(41_000);
    expect(priceLines([ring(100_000, 141_000)], 'pay-wire').totalCents).toBe(140_500);
  });

  it('holds the stone minimum at the wire discount, so the cheapest stone the store takes is never below $0 by wire', () => {
    expect(MIN_STONE_PRICE_CENTS).toBe(diamondUnitPrice(0).wireDiscountCents);
    expect(priceLines([{ kind: 'diamond', quantity: 1, ...diamondUnitPrice(MIN_STONE_PRICE_CENTS) }], 'pay-wire').totalCents).toBe(0);
  });

  it('never prices a line or a total below zero, whatever the lines and the method', () => {
    const unit = fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 100_000_000_00 }));
    const line = fc.record({
      kind: fc.constantFrom(...LINE_ITEM_KINDS),
      quantity: fc.integer({ min: 1, max: 10 }),
      unitCents: unit,
      wireDiscountCents: fc.oneof(fc.constant(500), fc.integer({ min: 0, max: 100_000 })),
    });
    const method = fc.constantFrom('pay-wire', 'cod', 'pay-paypal', null);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), method, (lines, m) => {
        const pricing = priceLines(lines, m);
        for (const [i, l] of pricing.lines.entries()) {
          expect(l.totalCents).toBeGreaterThanOrEqual(0);
          expect(l.totalCents).toBeLessThanOrEqual(lines[i]!.unitCents * lines[i]!.quantity);
        }
        expect(pricing.totalCents).toBeGreaterThanOrEqual(0);
        expect(pricing.discountCents).toBeGreaterThanOrEqual(0);
        expect(pricing.discountCents).toBeLessThanOrEqual(pricing.subtotalCents);
      }),
    );
    // The catalog's own unit prices, stone, piece and ring, at and around a wire discount's size.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 2_000 }), (a, b) => {
        const lines: PricedLineInput[] = [
          { kind: 'diamond', quantity: 1, ...diamondUnitPrice(a) },
          { kind: 'product', quantity: 2, ...productUnitPrice(b) },
          { kind: 'ring', quantity: 1, ...ringUnitPrice({ stoneCents: a, totalCents: a + b }) },
        ];
        const wire = priceLines(lines, 'pay-wire');
        expect(wire.lines.every((l) => l.totalCents >= 0)).toBe(true);
        // The ring's setting and the piece cost the same by wire as otherwise.
        expect(wire.lines[1]!.totalCents).toBe(2 * b);
        expect(wire.lines[2]!.totalCents).toBeGreaterThanOrEqual(b);
      }),
    );
  });

  it('measures the gifts on the list subtotal, whatever the method', () => {
    // $463 by wire pays $458, but the subtotal of $463 has passed the necklace's $460.
    expect(priceLines([diamond(463)], 'pay-wire').gifts[0]).toMatchObject({ gift: 'Diamond Necklace', qualifies: true });
  });

  it('refuses a unit price that is not whole cents, or a quantity below one', () => {
    expect(() => priceLines([{ kind: 'diamond', quantity: 1, unitCents: 10.5, wireDiscountCents: 500 }], null)).toThrow(RangeError);
    expect(() => priceLines([diamond(10, 0)], null)).toThrow(RangeError);
    expect(() => priceLines([{ kind: 'diamond', quantity: 1, unitCents: -100, wireDiscountCents: 500 }], null)).toThrow(RangeError);
    expect(() => priceLines([{ kind: 'diamond', quantity: 1, unitCents: 100, wireDiscountCents: -500 }], 'pay-wire')).toThrow(RangeError);
  });

  it('prices nothing as nothing', () => {
    expect(priceLines([], 'pay-wire')).toMatchObject({ lines: [], subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });
});
