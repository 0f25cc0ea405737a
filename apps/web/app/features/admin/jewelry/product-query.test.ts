import { describe, expect, it } from 'vitest';
import { variantDetailText } from './product-links';
import {
  DEFAULT_PRODUCT_LIST,
  clearedProductList,
  isProductListFiltered,
  productListApiQuery,
  productListHref,
  productListParams,
  readProductList,
  type ProductListState,
} from './product-query';

const read = (query: string) => readProductList(new URLSearchParams(query));

describe('the catalog list in the address', () => {
  it('reads nothing as every product by name, 25 a page, and asks the API for it in full', () => {
    expect(read('')).toEqual(DEFAULT_PRODUCT_LIST);
    expect(productListHref(DEFAULT_PRODUCT_LIST)).toBe('?');
    expect(productListApiQuery(DEFAULT_PRODUCT_LIST)).toBe('sort=name&dir=asc&page=1&per_page=25');
    expect(isProductListFiltered(DEFAULT_PRODUCT_LIST)).toBe(false);
  });

  it('writes what differs from the defaults and reads it back', () => {
    const state: ProductListState = { q: 'RG001', family: 'ring', state: 'unpublished', sort: 'price', dir: 'desc', page: 3, per_page: 50 };
    expect(productListParams(state).toString()).toBe('q=RG001&family=ring&state=unpublished&sort=price&dir=desc&page=3&per_page=50');
    expect(read(productListParams(state).toString())).toEqual(state);
    expect(isProductListFiltered(state)).toBe(true);
    expect(clearedProductList(state)).toEqual({ ...DEFAULT_PRODUCT_LIST, sort: 'price', dir: 'desc', per_page: 50 });
  });

  it('leaves out what the contract refuses rather than failing the page', () => {
    expect(read('family=tiara&state=hidden&sort=colour&dir=up&page=0&per_page=7&q=ring')).toEqual({ ...DEFAULT_PRODUCT_LIST, q: 'ring' });
  });
});

describe('a variant in words', () => {
  it('says what tells it apart', () => {
    expect(variantDetailText({ shape: 'Oval', carat_total: 1, width_mm: null, origin: 'lab' })).toBe('Oval · 1.00 ct tw · Lab-grown');
    expect(variantDetailText({ shape: null, carat_total: null, width_mm: 6, origin: null })).toBe('6 mm wide');
  });
});
