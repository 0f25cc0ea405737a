import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SCALES, parseDiamondSearch } from '@everstone/contract/core';
import {
  DEFAULT_FILTERS,
  filtersToApiQuery,
  filtersToQuery,
  hasAdvancedFilter,
  isReset,
  normalizeCertificate,
  rangeOf,
  readFilters,
  resetFilters,
  toggleChecked,
  toggleShape,
  withRange,
  withTab,
  type FilterState,
} from './search-state';

const read = (query: string) => readFilters(new URLSearchParams(query));

const busy: FilterState = {
  ranges: { price: [500, 3000], carat: [1, 2.5], cut: [2, 4], polish: [1, 3], ratio: [1, 1.5] },
  shapes: [1, 4],
  fancyColors: [],
  certificate: 'LG61',
  featured: true,
  checkedDiamonds: [12, 40],
  showOnlyChecked: true,
  tab: 1,
  report: 2,
  sort: 'carat_desc',
};

describe('the URL of a search', () => {
  it('is empty for the default search of lab diamonds by price', () => {
    expect(filtersToQuery(DEFAULT_FILTERS)).toBe('');
    expect(read('').filters).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS.tab).toBe(2);
    expect(DEFAULT_FILTERS.sort).toBe(DEFAULT_SORT);
  });

  it('round-trips every part of the filter state', () => {
    const query = filtersToQuery(busy);
    expect(read(query)).toEqual({ filters: busy, ignored: [] });
  });

  it('speaks the API’s own parameters, with readable comma lists', () => {
    const query = filtersToQuery(busy);
    expect(query).toContain('active_tab=1');
    expect(query).toContain('shapes=1,4');
    expect(query).toContain('price=500,3000');
    expect(query).toContain('cut=2,4');
    expect(query).toContain('certificate=LG61');
    expect(query).toContain('featured=1');
    expect(query).toContain('selectedReport=2');
    expect(query).toContain('sort=carat_desc');
    expect(query).toContain('checkedDiamonds=12,40');
    expect(query).toContain('showOnlyChecked=1');
    // Whatever the page writes, the API accepts.
    const parsed = parseDiamondSearch(new URLSearchParams(query));
    expect(parsed.ok).toBe(true);
  });

  it('leaves out a range that spans the whole scale', () => {
    const state = withRange(DEFAULT_FILTERS, 'price', [0, 10000]);
    expect(filtersToQuery(state)).toBe('');
    expect(filtersToQuery(withRange(DEFAULT_FILTERS, 'cut', [1, 6]))).toBe('');
  });

  it('gives equal URLs for equal states whatever the order of the changes', () => {
    const a = withRange(toggleShape(DEFAULT_FILTERS, 3), 'carat', [1, 3]);
    const b = toggleShape(withRange(DEFAULT_FILTERS, 'carat', [1, 3]), 3);
    expect(filtersToQuery(a)).toBe(filtersToQuery(b));
  });

  it('reads the other list forms the API accepts', () => {
    expect(read('price[]=100&price[]=900').filters.ranges.price).toEqual([100, 900]);
    expect(read('shapes=2&shapes=5').filters.shapes).toEqual([2, 5]);
    expect(read('price=100%2C900').filters.ranges.price).toEqual([100, 900]);
  });

  it('ignores a bad parameter on its own and keeps the rest', () => {
    const { filters, ignored } = read('price=abc&sort=bogus&active_tab=9&shapes=1,x&cut=2,4&featured=maybe&carat=1,2');
    expect(ignored).toEqual(expect.arrayContaining(['price', 'sort', 'active_tab', 'shapes', 'featured']));
    expect(filters.ranges).toEqual({ cut: [2, 4], carat: [1, 2] });
    expect(filters.sort).toBe(DEFAULT_SORT);
    expect(filters.tab).toBe(2);
    expect(filters.shapes).toEqual([]);
    expect(filters.featured).toBe(false);
  });

  it('ignores ranges the sliders cannot hold', () => {
    // Inverted, off the scale, closer than the minimum gap, or a grade range with no grade in it.
    const { filters, ignored } = read('price=3000,500&carat=30,40&table=50,50.5&color=3,3&depth=10,95');
    expect(filters.ranges.price).toBeUndefined();
    expect(filters.ranges.carat).toBeUndefined();
    expect(filters.ranges.table).toBeUndefined();
    expect(filters.ranges.color).toBeUndefined();
    expect(ignored).toEqual(expect.arrayContaining(['price', 'carat', 'table', 'color']));
    // A range reaching past the scale is clamped to it, which here is the whole scale.
    expect(filters.ranges.depth).toBeUndefined();
  });

  it('ignores parameters the search does not know', () => {
    const { filters } = read('utm_source=mail&page=4&cut=1,3');
    expect(filters.ranges).toEqual({ cut: [1, 3] });
    expect(filtersToQuery(filters)).toBe('cut=1,3');
  });
});

describe('the API query', () => {
  it('always names the tab and the page size', () => {
    expect(filtersToApiQuery(DEFAULT_FILTERS)).toBe('active_tab=2&per_page=20');
  });

  it('carries the compare checks only while the list shows checked stones alone', () => {
    const checked = toggleChecked(DEFAULT_FILTERS, 7);
    expect(filtersToApiQuery(checked)).toBe(filtersToApiQuery(DEFAULT_FILTERS));
    const only = { ...checked, showOnlyChecked: true };
    expect(filtersToApiQuery(only)).toContain('showOnlyChecked=1');
    expect(filtersToApiQuery(only)).toContain('checkedDiamonds=7');
  });

  it('sends fancy colors instead of the color range on the COLOR tab only', () => {
    const color: FilterState = { ...withRange(DEFAULT_FILTERS, 'color', [2, 4]), tab: 3, fancyColors: [2, 5] };
    expect(filtersToApiQuery(color)).toContain('fancy_colors=2,5');
    expect(filtersToApiQuery(color)).not.toContain('color=2,4');
    const lab = { ...color, tab: 2 as const };
    expect(filtersToApiQuery(lab)).not.toContain('fancy_colors');
    expect(filtersToApiQuery(lab)).toContain('color=2,4');
  });

  it('is accepted by the API’s parser for a busy search', () => {
    const q = filtersToApiQuery(busy);
    const parsed = parseDiamondSearch(new URLSearchParams(q));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.value.activeTab).toBe(1);
      expect(parsed.value.ranges.price).toEqual([500, 3000]);
      expect(parsed.value.checkedDiamonds).toEqual([12, 40]);
    }
  });
});

describe('changes', () => {
  it('changing the tab clears the selected shapes (§4)', () => {
    const state = toggleShape(toggleShape(DEFAULT_FILTERS, 1), 3);
    const natural = withTab(state, 1);
    expect(natural.tab).toBe(1);
    expect(natural.shapes).toEqual([]);
    // Choosing the tab already shown changes nothing.
    expect(withTab(state, 2)).toBe(state);
  });

  it('toggles shapes and compare checks', () => {
    const one = toggleShape(DEFAULT_FILTERS, 4);
    expect(one.shapes).toEqual([4]);
    expect(toggleShape(one, 4).shapes).toEqual([]);
    expect(toggleChecked(toggleChecked(DEFAULT_FILTERS, 9), 9).checkedDiamonds).toEqual([]);
  });

  it('reset restores ranges, shapes and checks, and keeps tab, certificate, report and featured (§4)', () => {
    const reset = resetFilters(busy);
    expect(reset.ranges).toEqual({});
    expect(reset.shapes).toEqual([]);
    expect(reset.checkedDiamonds).toEqual([]);
    expect(reset.showOnlyChecked).toBe(false);
    expect(reset.tab).toBe(busy.tab);
    expect(reset.certificate).toBe(busy.certificate);
    expect(reset.report).toBe(busy.report);
    expect(reset.featured).toBe(busy.featured);
    expect(reset.sort).toBe(busy.sort);
    expect(isReset(reset)).toBe(true);
    expect(isReset(busy)).toBe(false);
  });

  it('keeps a narrowed range and drops one dragged back to the full scale', () => {
    const narrowed = withRange(DEFAULT_FILTERS, 'clarity', [2, 5]);
    expect(rangeOf(narrowed, 'clarity')).toEqual([2, 5]);
    expect(withRange(narrowed, 'clarity', [1, SCALES.clarity.length + 1]).ranges).toEqual({});
    expect(rangeOf(DEFAULT_FILTERS, 'price')).toEqual([0, 10000]);
    expect(rangeOf(DEFAULT_FILTERS, 'cut')).toEqual([1, 6]);
    expect(rangeOf(DEFAULT_FILTERS, 'clarity')).toEqual([1, 7]);
  });

  it('knows when an advanced slider is narrowed', () => {
    expect(hasAdvancedFilter(DEFAULT_FILTERS)).toBe(false);
    expect(hasAdvancedFilter(withRange(DEFAULT_FILTERS, 'price', [100, 900]))).toBe(false);
    expect(hasAdvancedFilter(withRange(DEFAULT_FILTERS, 'depth', [55, 65]))).toBe(true);
  });

  it('trims the certificate query and keeps it one value', () => {
    expect(normalizeCertificate('  LG612 ')).toBe('LG612');
    expect(normalizeCertificate('LG6,12')).toBe('LG612');
    expect(normalizeCertificate('   ')).toBe('');
    expect(normalizeCertificate('x'.repeat(80))).toHaveLength(64);
  });
});
