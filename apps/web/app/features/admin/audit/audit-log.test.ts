import { describe, expect, it } from 'vitest';
import { changeLines, readAuditState } from './audit-log';

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
