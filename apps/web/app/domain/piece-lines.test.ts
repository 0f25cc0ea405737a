import { describe, expect, it } from 'vitest';
import { supplyText, variantPath } from './piece-lines';

describe('variantPath', () => {
  it('opens the product page on the chosen variant, with the page’s query keys', () => {
    expect(variantPath({ slug: 'aria-solitaire', metal: 'platinum', shape: 'Oval', carat_total: 1.5, origin: 'lab' })).toBe(
      '/jewelry/aria-solitaire?metal=platinum&shape=Oval&carat=1.5&origin=lab',
    );
    expect(variantPath({ slug: 'classic-band', metal: '14k-white', shape: null, carat_total: null, width_mm: 4, origin: null })).toBe(
      '/jewelry/classic-band?metal=14k-white&width=4',
    );
  });
});

describe('supplyText', () => {
  it('says made to order with its lead time, or in stock', () => {
    expect(supplyText({ stock: null, lead_days: 15 })).toBe('Made to order — ships in 15 business days');
    expect(supplyText({ stock: 3, lead_days: 2 })).toBe('In stock');
  });
});
