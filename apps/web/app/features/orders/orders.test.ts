import { describe, expect, it } from 'vitest';
import { formatAmount, orderNumberFrom, orderPath, paymentLabel, placedOrderFrom } from './orders';

describe('orderNumberFrom', () => {
  it('reads an order number, in any case', () => {
    expect(orderNumberFrom('EV-2026-K7M3QX')).toBe('EV-2026-K7M3QX');
    expect(orderNumberFrom('ev-2026-k7m3qx')).toBe('EV-2026-K7M3QX');
  });

  it('refuses anything that cannot name an order, the old counters included', () => {
    for (const bad of [undefined, '', '1', '4821', 'abc', 'EV-2026-K7M3Q', 'EV-2026-K7M3QXX', 'EV-2026-K7M3QI', ' EV-2026-K7M3QX']) {
      expect(orderNumberFrom(bad), String(bad)).toBeNull();
    }
  });
});

describe('orderPath', () => {
  it('addresses an order by its number', () => {
    expect(orderPath('EV-2026-K7M3QX')).toBe('/orders/EV-2026-K7M3QX');
  });
});

describe('paymentLabel', () => {
  it('names the payment, except that an order cancelled unpaid says nothing was charged', () => {
    expect(paymentLabel({ order_status: 'pending', payment_status: 'pending' })).toBe('Payment pending');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'pending' })).toBe('Not charged');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'refunded' })).toBe('Refunded');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'expired' })).toBe('Hold expired');
    expect(paymentLabel({ order_status: 'pending', payment_status: 'under_review' })).toBe('Under review by PayPal');
  });
});

describe('formatAmount', () => {
  it('shows an order’s 2-decimal text as dollars with cents, by way of whole cents', () => {
    expect(formatAmount('1890.50')).toBe('$1,890.50');
    expect(formatAmount('0.29')).toBe('$0.29');
    expect(formatAmount('12500')).toBe('$12,500.00');
  });
});

describe('placedOrderFrom', () => {
  it('reads the order from navigation state and refuses anything else', () => {
    expect(placedOrderFrom({ order: { order_id: 'EV-2026-K7M3QX', order_number: 'EV-2026-K7M3QX', total_price: '1890.50', extra: 1 } })).toEqual({
      order_id: 'EV-2026-K7M3QX',
      order_number: 'EV-2026-K7M3QX',
      total_price: '1890.50',
    });
    expect(placedOrderFrom(null)).toBeNull();
    // The store's internal counter is never an order's id in the browser.
    expect(placedOrderFrom({ order: { order_id: 9, order_number: 'EV-2026-K7M3QX', total_price: '1890.50' } })).toBeNull();
  });
});
