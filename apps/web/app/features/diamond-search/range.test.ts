import { describe, expect, it } from 'vitest';
import { RANGES } from '@everstone/contract/core';
import {
  boundText,
  commitBound,
  formatBound,
  gradeSummary,
  gradeText,
  keepGap,
  parseTyped,
  roundToStep,
  selectedGrades,
} from './range';

describe('the minimum gap between the handles (§5)', () => {
  it('pushes the other handle away when the moved one comes too close', () => {
    expect(keepGap('price', [950, 1000], 0)).toEqual([950, 1050]);
    expect(keepGap('price', [950, 1000], 1)).toEqual([900, 1000]);
    expect(keepGap('carat', [1.5, 2], 0)).toEqual([1.5, 2.5]);
    expect(keepGap('ratio', [1.2, 1.25], 1)).toEqual([1.15, 1.25]);
    expect(keepGap('table', [60, 60], 0)).toEqual([60, 61]);
  });

  it('never leaves the scale to keep the gap', () => {
    expect(keepGap('price', [9980, 10000], 0)).toEqual([9900, 10000]);
    expect(keepGap('price', [0, 40], 1)).toEqual([0, 100]);
    expect(keepGap('carat', [19.5, 20], 0)).toEqual([19, 20]);
    expect(keepGap('ratio', [0.9, 0.95], 1)).toEqual([0.9, 1]);
    expect(keepGap('depth', [90, 90], 0)).toEqual([89, 90]);
  });

  it('leaves a range with enough room as it is', () => {
    expect(keepGap('price', [500, 600], 0)).toEqual([500, 600]);
    expect(keepGap('table', [55, 56], 1)).toEqual([55, 56]);
  });
});

describe('a typed bound', () => {
  it('reads dollars, carats and percentages as typed', () => {
    expect(parseTyped('$1,500')).toBe(1500);
    expect(parseTyped('1.5 ct')).toBe(1.5);
    expect(parseTyped('58%')).toBe(58);
    expect(parseTyped('.75')).toBe(0.75);
    expect(parseTyped('abc')).toBeNaN();
    expect(parseTyped('')).toBeNaN();
  });

  it('is rounded to the step', () => {
    expect(roundToStep('price', 1234.6)).toBe(1235);
    expect(roundToStep('carat', 1.234)).toBe(1.23);
    expect(roundToStep('ratio', 1.23456)).toBe(1.235);
    expect(roundToStep('table', 57.4)).toBe(57);
  });

  it('is clamped to the scale', () => {
    expect(commitBound('price', [0, 10000], 1, 25000)).toEqual([0, 10000]);
    expect(commitBound('price', [0, 10000], 0, -50)).toEqual([0, 10000]);
    expect(commitBound('ratio', [0.9, 2.75], 0, 0.2)).toEqual([0.9, 2.75]);
    expect(commitBound('depth', [40, 90], 1, 120)).toEqual([40, 90]);
  });

  it('keeps the minimum gap from the other handle, moving only itself', () => {
    expect(commitBound('price', [0, 2000], 0, 1990)).toEqual([1900, 2000]);
    expect(commitBound('price', [500, 10000], 1, 520)).toEqual([500, 600]);
    expect(commitBound('carat', [1, 3], 0, 2.8)).toEqual([2, 3]);
    expect(commitBound('carat', [1, 3], 1, 0.5)).toEqual([1, 2]);
    expect(commitBound('ratio', [1.2, 2], 1, 1.25)).toEqual([1.2, 1.3]);
    expect(commitBound('table', [50, 70], 0, 75)).toEqual([69, 70]);
  });

  it('that is not a number changes nothing', () => {
    expect(commitBound('price', [100, 900], 0, Number.NaN)).toEqual([100, 900]);
  });

  it('is shown as its box writes it', () => {
    expect(formatBound('price', 1500)).toBe('1500');
    expect(formatBound('carat', 1)).toBe('1.00');
    expect(formatBound('ratio', 0.9)).toBe('0.9');
    expect(formatBound('ratio', 1.2346)).toBe('1.235');
    expect(formatBound('table', 58)).toBe('58');
  });
});

describe('what a screen reader hears', () => {
  it('says a handle at the top of price or carat is open-ended', () => {
    expect(boundText('price', 500, 0)).toBe('$500');
    expect(boundText('price', RANGES.price.max, 1)).toBe('$10,000 or more');
    expect(boundText('carat', RANGES.carat.max, 1)).toBe('20.00 carat or more');
    expect(boundText('carat', 1.5, 1)).toBe('1.50 carat');
    expect(boundText('table', 60, 1)).toBe('60%');
  });

  it('names the first and last grade a discrete range selects', () => {
    // Cut 2–4 is Very Good and Good (docs/decisions/004-search-ranges.md).
    expect(selectedGrades('cut', [2, 4])).toEqual(['Very Good', 'Good']);
    expect(gradeText('cut', 2, 0)).toBe('Very Good');
    expect(gradeText('cut', 4, 1)).toBe('Good');
    expect(gradeText('cut', 6, 1)).toBe('8X');
    expect(gradeText('clarity', 1, 0)).toBe('I3');
  });

  it('sums a discrete range up in words', () => {
    expect(gradeSummary('cut', [1, 6])).toBe('All');
    expect(gradeSummary('color', [2, 3])).toBe('E');
    expect(gradeSummary('clarity', [2, 5])).toBe('VVS1 to VS1');
  });
});
