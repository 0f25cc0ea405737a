import { describe, expect, it } from 'vitest';
import { parseDiamondSearch } from '@everstone/contract';
import {
  DEFAULT_STONE_LIST,
  boundsProblem,
  clearedStoneList,
  gradeEnds,
  gradeRangeOf,
  isStoneListFiltered,
  nextSort,
  readStoneList,
  stoneListParams,
  stoneListApiQuery,
  stoneListHref,
  type StoneListState,
} from './stone-query';

const read = (query: string) => readStoneList(new URLSearchParams(query));

describe('the inventory list in the address', () => {
  it('reads nothing as the stones for sale of every type, cheapest first, 25 a page', () => {
    expect(read('')).toEqual(DEFAULT_STONE_LIST);
    expect(stoneListHref(DEFAULT_STONE_LIST)).toBe('?');
    expect(stoneListApiQuery(DEFAULT_STONE_LIST)).toBe('page=1&per_page=25');
  });

  it('writes every filter in the storefront search’s own parameters, which its parser reads back', () => {
    const state: StoneListState = {
      ...DEFAULT_STONE_LIST,
      status: 'all',
      type: 1,
      shapes: [1, 4],
      carat: { min: 0.5, max: null },
      price: { min: null, max: 2500 },
      color: [2, 5],
      clarity: [1, 3],
      certificate: 'LG12',
      featured: true,
      sort: 'carat_desc',
      page: 3,
      per_page: 50,
    };
    const href = stoneListHref(state);
    expect(href).toBe('?status=all&active_tab=1&shapes=1,4&carat=0.5,20&price=0,2500&color=2,5&clarity=1,3&certificate=LG12&featured=1&sort=carat_desc&page=3&per_page=50');
    expect(read(href.slice(1))).toEqual(state);
    const parsed = parseDiamondSearch(new URLSearchParams(stoneListApiQuery(state)));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.value.ranges).toEqual({ carat: [0.5, 20], price: [0, 2500], color: [2, 5], clarity: [1, 3] });
      expect(parsed.value).toMatchObject({ activeTab: 1, shapes: [1, 4], certificate: 'LG12', featured: true, sort: 'carat_desc', page: 3, perPage: 50 });
    }
  });

  it('asks for fancy colors on the color tab only, and for the D–H color range everywhere else', () => {
    const colorTab = { ...DEFAULT_STONE_LIST, type: 3 as const, fancyColors: [2], color: [1, 3] as const };
    expect(stoneListHref(colorTab)).toBe('?active_tab=3&fancy_colors=2');
    expect(stoneListHref({ ...colorTab, type: 2 })).toBe('?active_tab=2&color=1,3');
    expect(read('active_tab=2&fancy_colors=2').fancyColors).toEqual([]);
  });

  it('leaves out what the search would refuse and keeps the rest', () => {
    const state = read('status=lost&active_tab=9&shapes=x&price=900,100&sort=bogus&per_page=30&certificate=AB1&featured=1');
    expect(state).toEqual({ ...DEFAULT_STONE_LIST, certificate: 'AB1', featured: true });
  });

  it('reads a range at the end of its scale as open on that side, and a whole grade scale as no filter', () => {
    expect(read('price=0,10000&carat=1,20&color=1,6').price).toEqual({ min: null, max: null });
    expect(read('carat=1,20').carat).toEqual({ min: 1, max: null });
    expect(read('color=1,6').color).toBeNull();
    expect(read('clarity=3,3').clarity).toBeNull();
  });

  it('says whether anything narrows the list, and clears it keeping the sort and page size', () => {
    expect(isStoneListFiltered(DEFAULT_STONE_LIST)).toBe(false);
    expect(isStoneListFiltered({ ...DEFAULT_STONE_LIST, status: 'hidden' })).toBe(true);
    expect(isStoneListFiltered({ ...DEFAULT_STONE_LIST, price: { min: 10, max: null } })).toBe(true);
    const busy = read('status=sold&shapes=2&sort=price_desc&per_page=100&page=4');
    expect(clearedStoneList(busy)).toEqual({ ...DEFAULT_STONE_LIST, sort: 'price_desc', per_page: 100 });
  });
});

describe('sorting by a column', () => {
  it('starts a new column low to high and turns the same one over', () => {
    expect(nextSort('price_asc', 'price')).toBe('price_desc');
    expect(nextSort('price_desc', 'price')).toBe('price_asc');
    expect(nextSort('price_desc', 'carat')).toBe('carat_asc');
  });
});

describe('grade ranges from two selects', () => {
  it('takes both ends in, either end open, and the ends chosen the wrong way round', () => {
    expect(gradeRangeOf('color', 2, 4)).toEqual([2, 5]);
    expect(gradeRangeOf('color', null, 2)).toEqual([1, 3]);
    expect(gradeRangeOf('clarity', 5, null)).toEqual([5, 7]);
    expect(gradeRangeOf('color', 4, 2)).toEqual([2, 5]);
    expect(gradeRangeOf('color', 1, 5)).toBeNull();
    expect(gradeRangeOf('color', null, null)).toBeNull();
    expect(gradeEnds([2, 5])).toEqual({ from: 2, to: 4 });
    expect(gradeEnds(null)).toEqual({ from: null, to: null });
  });
});

describe('typed-in bounds', () => {
  it('passes a range, either side open', () => {
    expect(boundsProblem('price', { min: 500, max: 2000 })).toBeNull();
    expect(boundsProblem('carat', { min: null, max: 2 })).toBeNull();
    expect(boundsProblem('carat', { min: 1, max: null })).toBeNull();
  });

  it('refuses a negative or unreadable number and a range upside down, and takes a maximum above the slider’s top', () => {
    expect(boundsProblem('price', { min: -1, max: null })).toBe('The price must be a number of 0 or more.');
    expect(boundsProblem('carat', { min: Number.NaN, max: null })).toBe('The carat weight must be a number of 0 or more.');
    expect(boundsProblem('price', { min: 3000, max: 2000 })).toBe('The minimum price is above the maximum.');
    expect(boundsProblem('price', { min: null, max: 15000 })).toBeNull();
    expect(boundsProblem('carat', { min: null, max: 25 })).toBeNull();
  });

  it('sends a maximum at the top just above it, so it narrows, and reads it back as typed; an open maximum stays open', () => {
    const at = { ...DEFAULT_STONE_LIST, price: { min: null, max: 10000 } };
    expect(stoneListParams(at).get('price')).toBe('0,10000.001');
    expect(readStoneList(stoneListParams(at)).price).toEqual({ min: null, max: 10000 });
    const above = { ...DEFAULT_STONE_LIST, price: { min: 500, max: 15000 } };
    expect(readStoneList(stoneListParams(above)).price).toEqual({ min: 500, max: 15000 });
    const open = { ...DEFAULT_STONE_LIST, price: { min: 500, max: null } };
    expect(stoneListParams(open).get('price')).toBe('500,10000');
    expect(readStoneList(stoneListParams(open)).price).toEqual({ min: 500, max: null });
  });
});
