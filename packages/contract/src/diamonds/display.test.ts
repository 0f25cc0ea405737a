import { describe, expect, it } from 'vitest';
import { bankWirePrice, colorLabel, diamondTitle, formatCarat, formatRatio, optional, orNA, pricePerCarat } from './display.ts';
import { formatMoney } from '../money.ts';

describe('display rules', () => {
  it('shows carat to 2 decimals and 00 when missing', () => {
    expect(formatCarat(1)).toBe('1.00');
    expect(formatCarat(0.705)).toBe('0.70');
    expect(formatCarat(null)).toBe('00');
    expect(formatCarat(undefined)).toBe('00');
  });

  it('divides length by width to 2 decimals, N/A without a positive width', () => {
    expect(formatRatio(7.2, 5.1)).toBe('1.41');
    expect(formatRatio(6.4, 0)).toBe('N/A');
    expect(formatRatio(6.4, null)).toBe('N/A');
    expect(formatRatio(null, 6.4)).toBe('N/A');
  });

  it('takes 5 off for a bank wire, to the cent', () => {
    expect(bankWirePrice(1000)).toBe(995);
    expect(bankWirePrice(1234.56)).toBe(1229.56);
    expect(formatMoney(bankWirePrice(1000))).toBe('$995.00');
    // A stone priced under the discount costs nothing by wire, never less.
    expect(bankWirePrice(1)).toBe(0);
  });

  it('divides the price by the weight to whole dollars, and gives none without a positive weight', () => {
    expect(pricePerCarat(6180, 1.5)).toBe(4120);
    expect(pricePerCarat(150, 0.32)).toBe(469);
    expect(pricePerCarat(1234.56, 1)).toBe(1235);
    expect(pricePerCarat(900, 0)).toBeNull();
    expect(pricePerCarat(900, null)).toBeNull();
    expect(pricePerCarat(900, undefined)).toBeNull();
    expect(pricePerCarat(Number.NaN, 1)).toBeNull();
  });

  it('shows a dash for missing optional attributes and NA for others', () => {
    expect(optional(null)).toBe('-');
    expect(optional(57.5, '%')).toBe('57.5%');
    expect(orNA(null)).toBe('NA');
    expect(orNA('VS1')).toBe('VS1');
  });

  it('titles a stone by carat, shape and type and names fancy colors with their intensity', () => {
    expect(diamondTitle({ carat_weight: 1.5, shape: { id: 4, name: 'Oval', image: 'oval' }, type: 2 })).toBe('1.50 Carat Oval Lab Diamond');
    expect(colorLabel({ color: null, fancy_color: { id: 2, name: 'Pink', intensity: 'Fancy Vivid' } })).toBe('Fancy Vivid Pink');
    expect(colorLabel({ color: { id: 4, name: 'G' }, fancy_color: null })).toBe('G');
  });
});
