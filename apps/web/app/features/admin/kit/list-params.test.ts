import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZES, adminOrderListQuerySchema, type OrderStatus } from '@everstone/contract';
import { listApiQuery, listParams, nextColumnSort, oneOf, pageSizeField, readList, type ListState, type PageSize } from './list-params';

/** A small list over the orders list's contract fields, its defaults written inline as a list would. */
const FIELDS = { ...adminOrderListQuerySchema.shape, per_page: pageSizeField };
const DEFAULTS = { q: '', status: '', expiring: false, sort: 'created_at', dir: 'desc', page: 1, per_page: ADMIN_PAGE_SIZES[0] } as const;
type State = ListState<typeof FIELDS, typeof DEFAULTS>;
const read = (query: string): State => readList(FIELDS, DEFAULTS, new URLSearchParams(query));

describe('a list read from its address', () => {
  it('reads what the contract takes, each field typed as the contract reads it', () => {
    expect(read('q= ada &status=pending&expiring=1&sort=total&dir=asc&page=3&per_page=50')).toEqual({
      q: 'ada',
      status: 'pending',
      expiring: true,
      sort: 'total',
      dir: 'asc',
      page: 3,
      per_page: 50,
    });
  });

  it('reads a value the contract refuses, or an empty one, as the default', () => {
    expect(read('status=bogus&expiring=maybe&sort=colour&dir=up&page=0&per_page=7')).toEqual(DEFAULTS);
    expect(read('q=&status=&page=&per_page=')).toEqual(DEFAULTS);
    // A page size the contract takes is one the page-size select offers.
    expect(read('per_page=100').per_page).toBe(100);
    expect(read('per_page=99').per_page).toBe(25);
  });

  it('reads only the fields the list has defaults for', () => {
    expect(read('method=card&from=2026-07-01')).toEqual(DEFAULTS);
  });

  it('types the state from the contract and the defaults', () => {
    const state = read('');
    const status: OrderStatus | '' = state.status;
    const size: PageSize = state.per_page;
    const on: boolean = state.expiring;
    // @ts-expect-error a status is a word, never a number
    const wrong: number = state.status;
    // @ts-expect-error the page size is one of the sizes offered, not any number
    const free: 30 = state.per_page;
    expect([status, size, on, wrong, free]).toEqual(['', 25, false, '', 25]);
    // @ts-expect-error a default without a rule to read it with
    readList({ q: FIELDS.q }, { q: '', colour: 'red' }, new URLSearchParams());
  });
});

describe('a list written to its address', () => {
  const state: State = { ...DEFAULTS, status: 'confirmed', page: 2 };

  it('leaves the defaults out', () => {
    expect(listParams(DEFAULTS, DEFAULTS).toString()).toBe('');
    expect(listParams(state, DEFAULTS).toString()).toBe('status=confirmed&page=2');
  });

  it('writes in the defaults’ order whatever the state’s, a flag as 1, and a sort whole', () => {
    const shuffled: State = { per_page: 100, page: 4, dir: 'asc', sort: 'created_at', expiring: true, status: 'pending', q: 'ada' };
    expect(listParams(shuffled, DEFAULTS).toString()).toBe('q=ada&status=pending&expiring=1&sort=created_at&dir=asc&page=4&per_page=100');
    expect(read(listParams(shuffled, DEFAULTS).toString())).toEqual(shuffled);
  });

  it('tells the API what it must hear even at the defaults', () => {
    expect(listApiQuery(state, DEFAULTS, ['sort', 'dir', 'page', 'per_page'])).toBe('status=confirmed&page=2&sort=created_at&dir=desc&per_page=25');
  });
});

describe('a click on a column’s header', () => {
  it('starts a new column its own way round and turns the same one over', () => {
    expect(nextColumnSort({ key: 'total', dir: 'desc' }, 'name', 'asc')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextColumnSort({ key: 'name', dir: 'asc' }, 'total', 'desc')).toEqual({ key: 'total', dir: 'desc' });
    expect(nextColumnSort({ key: 'total', dir: 'desc' }, 'total', 'desc')).toEqual({ key: 'total', dir: 'asc' });
    expect(nextColumnSort({ key: 'total', dir: 'asc' }, 'total', 'desc')).toEqual({ key: 'total', dir: 'desc' });
  });
});

describe('oneOf', () => {
  it('finds a value among the known ones, typed as they are', () => {
    const size: PageSize | undefined = oneOf(ADMIN_PAGE_SIZES, 50);
    expect(size).toBe(50);
    expect(oneOf(ADMIN_PAGE_SIZES, '50')).toBeUndefined();
    expect(oneOf(['open', 'handled'], null)).toBeUndefined();
  });
});
