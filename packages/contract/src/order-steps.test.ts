import { describe, expect, it } from 'vitest';
import { formatEasternTime, nextStepsOf, wireTransferDetails } from './order-steps.ts';

describe('formatEasternTime', () => {
  it('gives the store’s wall clock, as the confirmation email does', () => {
    // 15:42 UTC in July is 11:42 in New York (daylight time); in January 10:42 (standard time).
    expect(formatEasternTime('2026-07-14T15:42:00.000Z')).toBe('07/14/2026 at 11:42 AM Eastern Time');
    expect(formatEasternTime('2026-01-14T15:42:00.000Z')).toBe('01/14/2026 at 10:42 AM Eastern Time');
  });
});

describe('nextStepsOf', () => {
  const order = {
    order_number: 'EV-2026-K7M3QX',
    total_price: '1890.50',
    contact_number: '212-555-0100',
    hold_expires_at: null,
    order_status: 'pending',
    payment_status: 'pending',
    payment_mode: 'cod',
  } as const;

  it('a pending order gets its payment method’s steps, and the stones are said to be reserved', () => {
    const steps = nextStepsOf(order);
    expect(steps.wire).toBe(false);
    expect(steps.lead).toEqual([
      'You pay $1,890.50 when your order is delivered. A member of our team will call you at 212-555-0100 within one business day to confirm the delivery.',
      'Your diamonds are reserved for you while your order is pending; nobody else can buy them.',
    ]);
  });

  it('an unpaid wire order gets the instructions, its number as the reference and the deadline', () => {
    const steps = nextStepsOf({ ...order, payment_mode: 'pay-wire', hold_expires_at: '2026-07-14T15:42:00.000Z' });
    expect(steps.wire).toBe(true);
    expect(steps.lead[0]).toBe(
      'Please send $1,890.50 by bank wire transfer, quoting your order number EV-2026-K7M3QX as the reference. We hold your diamonds for 24 hours, until 07/14/2026 at 11:42 AM Eastern Time.',
    );
    expect(steps.after[0]).toMatch(/^If the transfer has not arrived by then/);
  });

  it('a paid order says the payment arrived; a lapsed wire hold says the stones went back', () => {
    expect(nextStepsOf({ ...order, payment_mode: 'pay-paypal', payment_status: 'paid' }).lead).toEqual(['Your PayPal payment of $1,890.50 has been received.']);
    const lapsed = nextStepsOf({ ...order, payment_mode: 'pay-wire', order_status: 'cancelled', payment_status: 'expired', hold_expires_at: '2026-07-14T15:42:00.000Z' });
    expect(lapsed.wire).toBe(false);
    expect(lapsed.title).toBe('Order cancelled');
    expect(lapsed.lead[0]).toContain('within 24 hours, so the order has been cancelled and its diamonds have returned to our collection');
  });

  it('a wire order the store cancelled is not said to have lapsed; a refunded one says so', () => {
    const wire = { ...order, payment_mode: 'pay-wire', hold_expires_at: '2026-07-14T15:42:00.000Z', order_status: 'cancelled' } as const;
    expect(nextStepsOf(wire).lead).toEqual([
      'Order EV-2026-K7M3QX has been cancelled and its diamonds have returned to our collection. Nothing is due.',
    ]);
    expect(nextStepsOf({ ...wire, payment_status: 'refunded' }).lead).toEqual([
      'Order EV-2026-K7M3QX has been cancelled and your payment of $1,890.50 has been refunded. Its diamonds have returned to our collection.',
    ]);
  });

  it('a confirmed order no longer calls its stones merely reserved', () => {
    expect(nextStepsOf({ ...order, order_status: 'confirmed' }).lead).toHaveLength(1);
  });
});

describe('wireTransferDetails', () => {
  const order = { order_number: 'EV-2026-K7M3QX', total_price: '1890.50' };

  it('gives the account, the order number as the reference and the amount, in the order both readers show', () => {
    const account = { beneficiary: 'Everstone LLC', bank: 'A Bank, New York, NY', routing_number: '123456780', account_number: '9876543210', swift: 'ABNKUS33' };
    expect(wireTransferDetails({ ...order, wire_transfer: account })).toEqual([
      ['Beneficiary', 'Everstone LLC'],
      ['Bank', 'A Bank, New York, NY'],
      ['Routing number (ABA)', '123456780'],
      ['Account number', '9876543210'],
      ['SWIFT', 'ABNKUS33'],
      ['Reference', 'EV-2026-K7M3QX'],
      ['Amount', '$1,890.50 USD'],
    ]);
  });

  it('gives nothing for an order that does not await a transfer (the answer carries no account)', () => {
    expect(wireTransferDetails({ ...order, wire_transfer: null })).toBeNull();
  });
});
