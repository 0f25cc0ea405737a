import { describe, expect, it } from 'vitest';
import { orderIdFrom } from './orders';

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
