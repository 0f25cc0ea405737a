import { describe, expect, it } from 'vitest';
import { parseDiamondSearch } from './search.ts';

describe('parseDiamondSearch', () => {
  it('accepts repeated, bracket and comma list forms alike', () => {
    const forms = [
      new URLSearchParams('price=100&price=5000&shapes=1&shapes=3'),
      new URLSearchParams('price[]=100&price[]=5000&shapes[]=1&shapes[]=3'),
      new URLSearchParams('price[0]=100&price[1]=5000&shapes[0]=1&shapes[1]=3'),
      new URLSearchParams('price=100,5000&shapes=1,3'),
    ];
    for (const form of forms) {
      const r = parseDiamondSearch(form);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.value.ranges.price).toEqual([100, 5000]);
        expect(r.value.shapes).toEqual([1, 3]);
      }
    }
  });

  it('defaults to page 1 of 20, price low to high, all reports', () => {
    const r = parseDiamondSearch({});
    expect(r).toMatchObject({ ok: true, value: { page: 1, perPage: 20, sort: 'price_asc', report: 0, activeTab: null } });
  });

  it('reads parameters named like members of every object as plain, unknown parameters', () => {
    const parsed = parseDiamondSearch(new URLSearchParams('valueOf=&constructor=1&toString=a&__proto__=x&certificate=LG1'));
    expect(parsed.ok && parsed.value.certificate).toBe('LG1');
  });

  it('trims the certificate query', () => {
    const r = parseDiamondSearch({ certificate: '  LG123  ' });
    expect(r.ok && r.value.certificate).toBe('LG123');
  });

  it.each([
    ['sort', { sort: 'cheapest' }],
    ['price', { price: ['500', '100'] }],
    ['page', { page: 'two' }],
    ['per_page', { per_page: '101' }],
    ['shapes', { shapes: 'round,;drop' }],
    ['cut', { cut: ['0', '6'] }],
    ['carat', { carat: ['1'] }],
    ['active_tab', { active_tab: '4' }],
    ['selectedReport', { selectedReport: 'gia' }],
    ['featured', { featured: 'maybe' }],
  ])('names the bad parameter %s', (param, query) => {
    const r = parseDiamondSearch(query);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors)).toEqual([param]);
      expect(r.errors[param]?.[0]).toContain(param);
    }
  });
});
