import { describe, expect, it } from 'vitest';
import { safeNext, signInPath } from './admin-api';
import { changeLines, readAuditState } from './audit-log';
import { relativeTime } from './format';
import { DEFAULT_ORDER_LIST, orderListApiQuery, orderListParams, rangeText, readOrderList } from './order-query';

describe('safeNext', () => {
  it('keeps a page of the back office, with its query', () => {
    expect(safeNext('/admin/orders?status=pending&page=2')).toBe('/admin/orders?status=pending&page=2');
    expect(safeNext('/admin')).toBe('/admin');
  });

  it('sends anything else to the first screen', () => {
    for (const bad of [null, '', '/', '/profile', '/administrator', '//evil.example/admin', '/admin\\..\\x', 'https://evil.example/admin', '/admin/sign-in?next=/admin', '/admin\n']) {
      expect(safeNext(bad), String(bad)).toBe('/admin');
    }
  });

  it('makes the sign-in address carry where to come back to', () => {
    expect(signInPath('/admin')).toBe('/admin/sign-in');
    expect(signInPath('/admin/orders?q=ada', true)).toBe('/admin/sign-in?next=%2Fadmin%2Forders%3Fq%3Dada&ended=1');
  });
});

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

describe('the audit log', () => {
  it('reads its filters from the address', () => {
    expect(readAuditState(new URLSearchParams('action=order.payment&subject=EV-2026-ABCDEF&page=0'))).toEqual({
      action: 'order.payment',
      subject: 'EV-2026-ABCDEF',
      actor: '',
      page: 1,
      per_page: 25,
    });
    expect(readAuditState(new URLSearchParams('action=drop.tables')).action).toBe('');
  });

  it('shows each changed field as it was and as it became', () => {
    expect(
      changeLines({ before: { order_status: 'pending', payment_status: 'pending' }, after: { order_status: 'confirmed', payment_status: 'pending' } }),
    ).toEqual([{ field: 'order_status', from: 'pending', to: 'confirmed' }]);
    expect(changeLines({ before: null, after: { role: 'staff' } })).toEqual([{ field: 'role', from: '—', to: 'staff' }]);
    expect(changeLines({ before: { role: 'owner' }, after: null })).toEqual([{ field: 'role', from: 'owner', to: '—' }]);
  });

  it('shows the parts of an object that changed rather than the whole of it', () => {
    const design = { form: 'ring', bandWidthMm: 2, head: { prongs: 4, halo: 'none' }, accents: null };
    expect(
      changeLines({
        before: { sku: 'RG1-14W', design, price: '1200.00' },
        after: { sku: 'RG1-14W', design: { ...design, bandWidthMm: 2.6, head: { prongs: 6, halo: 'none' } }, price: '1310.00' },
      }),
    ).toEqual([
      { field: 'design.bandWidthMm', from: '2', to: '2.6' },
      { field: 'design.head.prongs', from: '4', to: '6' },
      { field: 'price', from: '1200.00', to: '1310.00' },
    ]);
    // An object that appears or goes is said whole.
    expect(changeLines({ before: { accents: null }, after: { accents: { count: 2 } } })).toEqual([{ field: 'accents', from: '—', to: '{"count":2}' }]);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-07-14T12:00:00Z');
  it('says how far off an instant is at a glance', () => {
    expect(relativeTime('2026-07-14T17:00:00Z', now)).toBe('in 5 h');
    expect(relativeTime('2026-07-14T12:40:00Z', now)).toBe('in 40 min');
    expect(relativeTime('2026-07-17T12:00:00Z', now)).toBe('in 3 days');
    expect(relativeTime('2026-07-14T10:00:00Z', now)).toBe('2 h ago');
    expect(relativeTime('2026-07-14T12:00:20Z', now)).toBe('now');
  });
});
