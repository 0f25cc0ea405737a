import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIST, orderListApiQuery, orderListParams, readOrderList } from './order-query';
import { rangeText } from '../kit/table';

describe('the orders list in the address', () => {
  it('reads what passes the contract and leaves out what does not', () => {
    const state = readOrderList(new URLSearchParams('q=ada&status=pending&method=bogus&per_page=7&page=3&sort=total&dir=asc&expiring=1&from=2026-07-01&to=July'));
    expect(state).toEqual({ ...DEFAULT_ORDER_LIST, q: 'ada', status: 'pending', page: 3, sort: 'total', dir: 'asc', expiring: true, from: '2026-07-01' });
  });

  it('writes only what differs from the defaults, and the API query in full', () => {
    expect(orderListParams(DEFAULT_ORDER_LIST).toString()).toBe('');
    const state = { ...DEFAULT_ORDER_LIST, payment_status: 'paid' as const, page: 2 };
    expect(orderListParams(state).toString()).toBe('payment_status=paid&page=2');
    expect(orderListApiQuery(state)).toBe('payment_status=paid&page=2&sort=created_at&dir=desc&per_page=25');
    expect(readOrderList(orderListParams({ ...state, q: 'EV-2026', sort: 'name', dir: 'asc' }))).toEqual({ ...state, q: 'EV-2026', sort: 'name', dir: 'asc' });
  });

  it('says which rows a page shows', () => {
    expect(rangeText(1, 25, 312)).toBe('1–25 of 312');
    expect(rangeText(13, 25, 312)).toBe('301–312 of 312');
    expect(rangeText(1, 25, 0)).toBe('0 of 0');
  });
});
