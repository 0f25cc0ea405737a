import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SCALES, parseDiamondSearch } from '@everstone/contract/core';
import {
  DEFAULT_SEARCH,
  buildOfSearch,
  hasAdvancedFilter,
  hasShapeOrCarat,
  presetForSetting,
  isReset,
  normalizeCertificate,
  rangeOf,
  readSearch,
  resetFilters,
  searchToQuery,
  toggleChecked,
  toggleShape,
  withRange,
  withTab,
  withoutSetting,
  type SearchState,
} from './search-state';

const read = (query: string) => readSearch(query);
const pageQuery = (state: SearchState) => searchToQuery(state, 'page');
const apiQuery = (state: SearchState) => searchToQuery(state, 'api');

const busy: SearchState = {
  ranges: { price: [500, 3000], carat: [1, 2.5], cut: [2, 4], polish: [1, 3], ratio: [1, 1.5] },
  shapes: [1, 4],
  fancyColors: [],
  certificate: 'LG61',
  featured: true,
  checkedDiamonds: [12, 40],
  showOnlyChecked: true,
  activeTab: 1,
  report: 2,
  sort: 'carat_desc',
  page: 1,
  perPage: 20,
  setting: null,
  carry: DEFAULT_SEARCH.carry,
};

describe('the URL of a search', () => {
  it('is empty for the default search of lab diamonds by price', () => {
    expect(pageQuery(DEFAULT_SEARCH)).toBe('');
    expect(read('').search).toEqual(DEFAULT_SEARCH);
    expect(DEFAULT_SEARCH.activeTab).toBe(2);
    expect(DEFAULT_SEARCH.sort).toBe(DEFAULT_SORT);
  });

  it('round-trips every part of the filter state', () => {
    const query = pageQuery(busy);
    expect(read(query)).toEqual({ search: busy, ignored: [] });
  });

  it('speaks the API’s own parameters, with readable comma lists', () => {
    const query = pageQuery(busy);
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
    const state = withRange(DEFAULT_SEARCH, 'price', [0, 10000]);
    expect(pageQuery(state)).toBe('');
    expect(pageQuery(withRange(DEFAULT_SEARCH, 'cut', [1, 6]))).toBe('');
  });

  it('gives equal URLs for equal states whatever the order of the changes', () => {
    const a = withRange(toggleShape(DEFAULT_SEARCH, 3), 'carat', [1, 3]);
    const b = toggleShape(withRange(DEFAULT_SEARCH, 'carat', [1, 3]), 3);
    expect(pageQuery(a)).toBe(pageQuery(b));
  });

  it('reads the other list forms the API accepts', () => {
    expect(read('price[]=100&price[]=900').search.ranges.price).toEqual([100, 900]);
    expect(read('shapes=2&shapes=5').search.shapes).toEqual([2, 5]);
    expect(read('price=100%2C900').search.ranges.price).toEqual([100, 900]);
  });

  it('ignores a bad parameter on its own and keeps the rest', () => {
    const { search: filters, ignored } = read('price=abc&sort=bogus&active_tab=9&shapes=1,x&cut=2,4&featured=maybe&carat=1,2');
    expect(ignored).toEqual(expect.arrayContaining(['price', 'sort', 'active_tab', 'shapes', 'featured']));
    expect(filters.ranges).toEqual({ cut: [2, 4], carat: [1, 2] });
    expect(filters.sort).toBe(DEFAULT_SORT);
    expect(filters.activeTab).toBe(2);
    expect(filters.shapes).toEqual([]);
    expect(filters.featured).toBe(false);
  });

  it('ignores ranges the sliders cannot hold', () => {
    // Inverted, off the scale, closer than the minimum gap, or a grade range with no grade in it.
    const { search: filters, ignored } = read('price=3000,500&carat=30,40&table=50,50.5&color=3,3&depth=10,95');
    expect(filters.ranges.price).toBeUndefined();
    expect(filters.ranges.carat).toBeUndefined();
    expect(filters.ranges.table).toBeUndefined();
    expect(filters.ranges.color).toBeUndefined();
    expect(ignored).toEqual(expect.arrayContaining(['price', 'carat', 'table', 'color']));
    // A range reaching past the scale is clamped to it, which here is the whole scale.
    expect(filters.ranges.depth).toBeUndefined();
  });

  it('ignores parameters the search does not know', () => {
    const { search: filters } = read('utm_source=mail&page=4&cut=1,3');
    expect(filters.ranges).toEqual({ cut: [1, 3] });
    expect(pageQuery(filters)).toBe('cut=1,3');
  });
});

describe('the API query', () => {
  it('is what the loader and the page both ask for, read from the same address', () => {
    const address = 'active_tab=3&fancy_colors=2&shapes=4&color=2,4&price=500,2000&checkedDiamonds=7';
    expect(apiQuery(read(address).search)).toBe('active_tab=3&shapes=4&fancy_colors=2&price=500,2000&per_page=20');
    expect(pageQuery(read(address).search)).toBe('active_tab=3&shapes=4&fancy_colors=2&price=500,2000&color=2,4&checkedDiamonds=7');
  });

  it('always names the tab and the page size', () => {
    expect(apiQuery(DEFAULT_SEARCH)).toBe('active_tab=2&per_page=20');
  });

  it('carries the compare checks only while the list shows checked stones alone', () => {
    const checked = toggleChecked(DEFAULT_SEARCH, 7);
    expect(apiQuery(checked)).toBe(apiQuery(DEFAULT_SEARCH));
    const only = { ...checked, showOnlyChecked: true };
    expect(apiQuery(only)).toContain('showOnlyChecked=1');
    expect(apiQuery(only)).toContain('checkedDiamonds=7');
  });

  it('sends fancy colors instead of the color range on the COLOR tab only', () => {
    const color: SearchState = { ...withRange(DEFAULT_SEARCH, 'color', [2, 4]), activeTab: 3, fancyColors: [2, 5] };
    expect(apiQuery(color)).toContain('fancy_colors=2,5');
    expect(apiQuery(color)).not.toContain('color=2,4');
    const lab = { ...color, activeTab: 2 as const };
    expect(apiQuery(lab)).not.toContain('fancy_colors');
    expect(apiQuery(lab)).toContain('color=2,4');
  });

  it('is accepted by the API’s parser for a busy search', () => {
    const q = apiQuery(busy);
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
    const state = toggleShape(toggleShape(DEFAULT_SEARCH, 1), 3);
    const natural = withTab(state, 1);
    expect(natural.activeTab).toBe(1);
    expect(natural.shapes).toEqual([]);
    // Choosing the tab already shown changes nothing.
    expect(withTab(state, 2)).toBe(state);
  });

  it('toggles shapes and compare checks', () => {
    const one = toggleShape(DEFAULT_SEARCH, 4);
    expect(one.shapes).toEqual([4]);
    expect(toggleShape(one, 4).shapes).toEqual([]);
    expect(toggleChecked(toggleChecked(DEFAULT_SEARCH, 9), 9).checkedDiamonds).toEqual([]);
  });

  it('reset restores ranges, shapes and checks, and keeps tab, certificate, report and featured (§4)', () => {
    const reset = resetFilters(busy);
    expect(reset.ranges).toEqual({});
    expect(reset.shapes).toEqual([]);
    expect(reset.checkedDiamonds).toEqual([]);
    expect(reset.showOnlyChecked).toBe(false);
    expect(reset.activeTab).toBe(busy.activeTab);
    expect(reset.certificate).toBe(busy.certificate);
    expect(reset.report).toBe(busy.report);
    expect(reset.featured).toBe(busy.featured);
    expect(reset.sort).toBe(busy.sort);
    expect(isReset(reset)).toBe(true);
    expect(isReset(busy)).toBe(false);
  });

  it('keeps a narrowed range and drops one dragged back to the full scale', () => {
    const narrowed = withRange(DEFAULT_SEARCH, 'clarity', [2, 5]);
    expect(rangeOf(narrowed, 'clarity')).toEqual([2, 5]);
    expect(withRange(narrowed, 'clarity', [1, SCALES.clarity.length + 1]).ranges).toEqual({});
    expect(rangeOf(DEFAULT_SEARCH, 'price')).toEqual([0, 10000]);
    expect(rangeOf(DEFAULT_SEARCH, 'cut')).toEqual([1, 6]);
    expect(rangeOf(DEFAULT_SEARCH, 'clarity')).toEqual([1, 7]);
  });

  it('knows when an advanced slider is narrowed', () => {
    expect(hasAdvancedFilter(DEFAULT_SEARCH)).toBe(false);
    expect(hasAdvancedFilter(withRange(DEFAULT_SEARCH, 'price', [100, 900]))).toBe(false);
    expect(hasAdvancedFilter(withRange(DEFAULT_SEARCH, 'depth', [55, 65]))).toBe(true);
  });

  it('trims the certificate query and keeps it one value', () => {
    expect(normalizeCertificate('  LG612 ')).toBe('LG612');
    expect(normalizeCertificate('LG6,12')).toBe('LG612');
    expect(normalizeCertificate('   ')).toBe('');
    expect(normalizeCertificate('x'.repeat(80))).toHaveLength(64);
  });
});

describe('the ring builder’s step 1', () => {
  const shapes = [
    { id: 1, name: 'Round', image: 'round' },
    { id: 2, name: 'Oval', image: 'oval' },
    { id: 3, name: 'Pear', image: 'pear' },
  ];
  const build = 'diamond=12&setting=aria-setting&metal=14k-rose&accents=lab&size=6.5&engraving=J+%26+K&by=2027-02-14';

  it('carries the whole build through its address, and sends only the setting to the API', () => {
    const { search } = read(`${build}&shapes=1&active_tab=1`);
    expect(search.setting).toBe('aria-setting');
    expect(buildOfSearch(search)).toEqual({ diamond: 12, setting: 'aria-setting', metal: '14k-rose', accents: 'lab', size: '6.5', engraving: 'J & K', by: '2027-02-14' });
    expect(pageQuery(search)).toBe(`${build.replace('J+%26+K', 'J%20%26%20K')}&active_tab=1&shapes=1`);
    expect(read(pageQuery(search)).search).toEqual(search);
    expect(apiQuery(search)).toBe('setting=aria-setting&active_tab=1&shapes=1&per_page=20');
  });

  it('keeps the setting through a reset and a change of tab, and drops it with its metal when removed', () => {
    const { search } = read(`${build}&shapes=1,2`);
    expect(resetFilters(search).setting).toBe('aria-setting');
    expect(withTab(search, 1).setting).toBe('aria-setting');
    const removed = withoutSetting(search);
    expect(buildOfSearch(removed)).toEqual({ diamond: 12, setting: null, metal: null, accents: null, size: '6.5', engraving: 'J & K', by: '2027-02-14' });
    expect(apiQuery(removed)).not.toContain('setting');
  });

  it('ignores a setting that is not a slug, keeping the rest of the search', () => {
    const { search, ignored } = read('setting=Not%20A%20Slug!&shapes=2');
    expect(search.setting).toBeNull();
    expect(search.shapes).toEqual([2]);
    expect(ignored).toContain('setting');
  });

  it('presets the shapes and carat weights a setting holds, the carat range at least the slider’s gap wide', () => {
    const { search } = read('setting=aria-setting');
    expect(hasShapeOrCarat(search)).toBe(false);
    const preset = presetForSetting(search, { shapes: [{ shape: 'Oval', min_width_mm: 5, max_width_mm: 7 }, { shape: 'Pear', min_width_mm: 5, max_width_mm: 7 }], carat: { min: 0.7, max: 1.34 } }, shapes);
    expect(preset.shapes).toEqual([2, 3]);
    expect(preset.ranges.carat).toEqual([0.7, 1.7]);
    expect(hasShapeOrCarat(preset)).toBe(true);
    const wide = presetForSetting(search, { shapes: [{ shape: 'Round', min_width_mm: 9, max_width_mm: 12 }], carat: { min: 3, max: 6.2 } }, shapes);
    expect(wide.ranges.carat).toEqual([3, 6.2]);
    expect(pageQuery(wide)).toBe('setting=aria-setting&shapes=1&carat=3,6.2');
  });
});
