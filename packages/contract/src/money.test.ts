import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_AMOUNT,
  centsToDollars,
  centsToPrice,
  dollarsToCents,
  formatAmount,
  formatAxisCents,
  formatCents,
  formatCentsRange,
  formatMoney,
  formatPrice,
  formatTagPrice,
  priceToCents,
} from './money.ts';

const NOT_CENTS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 12.5, 0.1 + 0.2, Number.MAX_SAFE_INTEGER + 1];
const NOT_TEXT = ['', '   ', 'abc', 'NaN', '$5.00', '-5.00', '+5.00', '1e3', '5.', '.50', '5.005', '1.234', '42,50', '1,2345.00', ',100', '1,,000', '99999999999999999999.00'];

describe('the wire form (§3: 2-decimal text)', () => {
  it('writes integer cents as 2-decimal text', () => {
    expect(centsToPrice(0)).toBe('0.00');
    expect(centsToPrice(5)).toBe('0.05');
    expect(centsToPrice(29)).toBe('0.29');
    expect(centsToPrice(500_000)).toBe('5000.00');
    expect(centsToPrice(50_994_000)).toBe('509940.00');
    expect(centsToPrice(100_000_000)).toBe('1000000.00');
    expect(centsToPrice(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses a fraction of a cent and a negative amount instead of rounding them onto the wire', () => {
    for (const cents of [...NOT_CENTS, -1, -500]) expect(() => centsToPrice(cents), String(cents)).toThrow(RangeError);
  });

  it('reads 2-decimal text, a typed amount or a number as integer cents, without float arithmetic', () => {
    expect(priceToCents('5000.00')).toBe(500_000);
    expect(priceToCents('0.29')).toBe(29);
    expect(priceToCents('19.9')).toBe(1_990);
    expect(priceToCents('1890')).toBe(189_000);
    expect(priceToCents('0')).toBe(0);
    expect(priceToCents(' 4,250.00 ')).toBe(425_000);
    expect(priceToCents('1,000,000.00')).toBe(100_000_000);
    expect(priceToCents('509940.00')).toBe(50_994_000);
    expect(priceToCents(1890.5)).toBe(189_050);
    // Where Math.round(Number(text) * 100) answers …902.
    expect(priceToCents('90071992547409.01')).toBe(9_007_199_254_740_901);
  });

  it('reads nothing from text that is not an amount: empty, signs, exponents, a third decimal, stray commas', () => {
    for (const text of NOT_TEXT) expect(priceToCents(text), JSON.stringify(text)).toBeNull();
    for (const n of [Number.NaN, -5, 0.1 + 0.2, 1e21]) expect(priceToCents(n), String(n)).toBeNull();
  });

  it('reads back every amount it writes', () => {
    fc.assert(fc.property(fc.maxSafeNat(), (cents) => priceToCents(centsToPrice(cents)) === cents));
  });
});

describe('dollars (§3: a diamond record’s price)', () => {
  it('turns dollars into cents exactly for every amount with two decimals, and back', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(dollarsToCents(cents / 100)).toBe(cents);
      expect(centsToDollars(cents)).toBe(cents / 100);
    }
    expect(dollarsToCents(509_940)).toBe(50_994_000);
    expect(dollarsToCents(-5)).toBe(-500);
    // A float cannot carry a third decimal faithfully: it is rounded to the nearest cent.
    expect(dollarsToCents(1234.567)).toBe(123_457);
  });

  it('refuses a number that is not an amount', () => {
    for (const dollars of [Number.NaN, Number.POSITIVE_INFINITY, 1e300]) expect(() => dollarsToCents(dollars), String(dollars)).toThrow(RangeError);
    for (const cents of NOT_CENTS) expect(() => centsToDollars(cents), String(cents)).toThrow(RangeError);
  });
});

describe('display forms', () => {
  it('shows cents as dollars with cents, grouped in thousands', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(614_030)).toBe('$6,140.30');
    expect(formatCents(50_994_000)).toBe('$509,940.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('shows a deduction with the minus sign the store prints, and never a negative zero', () => {
    expect(formatCents(-500)).toBe('−$5.00');
    expect(formatCents(-123_450)).toBe('−$1,234.50');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatTagPrice(-6_000)).toBe('−$60');
  });

  it('shows a tag price in whole dollars unless it has cents', () => {
    expect(formatTagPrice(0)).toBe('$0');
    expect(formatTagPrice(115_000)).toBe('$1,150');
    expect(formatTagPrice(115_050)).toBe('$1,150.50');
    expect(formatTagPrice(50_994_000)).toBe('$509,940');
    expect(formatTagPrice(100_000_000)).toBe('$1,000,000');
  });

  it('shows dollars the way it shows their cents', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(995)).toBe('$995.00');
    // A sum of floats is shown to the cent it stands for.
    expect(formatMoney(1234.56 + 100.1)).toBe('$1,334.66');
    expect(formatPrice(4250)).toBe('$4,250');
    expect(formatPrice(4250.5)).toBe('$4,250.50');
    expect(formatPrice(509_940)).toBe('$509,940');
  });

  it('shows §3’s text with a dollar sign, and a dash for text that is not an amount', () => {
    expect(formatAmount('1890.50')).toBe('$1,890.50');
    expect(formatAmount('0.29')).toBe('$0.29');
    expect(formatAmount('0.00')).toBe('$0.00');
    expect(formatAmount('12500')).toBe('$12,500.00');
    expect(formatAmount('509940.00')).toBe('$509,940.00');
    expect(formatAmount('1000000.00')).toBe('$1,000,000.00');
    for (const text of NOT_TEXT) expect(formatAmount(text), JSON.stringify(text)).toBe(NO_AMOUNT);
  });

  it('shows a range of prices, or the one price when its ends meet', () => {
    expect(formatCentsRange(115_000, 115_000)).toBe('$1,150.00');
    expect(formatCentsRange(115_000, 498_000)).toBe('$1,150.00 – $4,980.00');
  });

  it('shortens an axis label to a phone’s width, promoting where rounding reaches the next unit', () => {
    expect(formatAxisCents(0)).toBe('$0');
    expect(formatAxisCents(750_00)).toBe('$750');
    expect(formatAxisCents(999_99)).toBe('$1k');
    expect(formatAxisCents(12_500_00)).toBe('$12.5k');
    expect(formatAxisCents(509_940_00)).toBe('$509.9k');
    expect(formatAxisCents(999_990_00)).toBe('$1M');
    expect(formatAxisCents(1_200_000_00)).toBe('$1.2M');
  });

  it('never shows NaN: a number that is not whole cents is refused', () => {
    for (const cents of NOT_CENTS) {
      for (const form of [formatCents, formatTagPrice, formatAxisCents, (c: number) => formatCentsRange(c, c)]) {
        expect(() => form(cents), String(cents)).toThrow(RangeError);
      }
    }
    for (const dollars of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatMoney(dollars)).toThrow(RangeError);
      expect(() => formatPrice(dollars)).toThrow(RangeError);
    }
  });
});
