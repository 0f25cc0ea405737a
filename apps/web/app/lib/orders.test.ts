import { describe, expect, it } from 'vitest';
import { orderIdFrom, paymentLabel } from './orders';

describe('orderIdFrom', () => {
  it('reads a positive whole number', () => {
    expect(orderIdFrom('1')).toBe(1);
    expect(orderIdFrom('4821')).toBe(4821);
  });

  it('refuses anything that cannot name an order', () => {
    for (const bad of [undefined, '', '0', '007', '-4', '12abc', 'abc', '1.5', ' 1', '99999999999999999']) {
      expect(orderIdFrom(bad), String(bad)).toBeNull();
    }
  });
});

describe('paymentLabel', () => {
  it('names the payment, except that an order cancelled unpaid says nothing was charged', () => {
    expect(paymentLabel({ order_status: 'pending', payment_status: 'pending' })).toBe('Payment pending');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'pending' })).toBe('Not charged');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'refunded' })).toBe('Refunded');
    expect(paymentLabel({ order_status: 'cancelled', payment_status: 'expired' })).toBe('Hold expired');
  });
});
