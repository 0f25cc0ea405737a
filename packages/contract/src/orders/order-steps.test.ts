import { describe, expect, it } from 'vitest';
import { UNPAID_HOLD_HOURS } from '../constants.ts';
import { PAYMENT_METHOD_IDS } from './orders.ts';
import { formatEasternTime, formatStoreDay, holdDuration, holdNoticeOf, holdSummaryOf, nextStepsOf, returnByDay, wireTransferDetails } from './order-steps.ts';

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
    ships_by: null,
    ships_by_changed: false,
    production_stage: null,
    shipments: [],
  } as const;

  it('a pending order gets its payment method’s steps, and the stones are said to be reserved', () => {
    const steps = nextStepsOf(order);
    expect(steps.wire).toBe(false);
    expect(steps.lead).toEqual([
      'You pay $1,890.50 when your order is delivered. A member of our team will call you at the phone number you gave us within one business day to confirm the delivery.',
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
    expect(nextStepsOf({ ...order, order_status: 'confirmed' }).lead).toEqual(['Your order is confirmed. You pay $1,890.50 when it is delivered; we will be in touch to arrange the delivery.']);
  });

  it('every unpaid method but PayPal names the exact end of its hold, and what happens then', () => {
    const deadline = '2026-07-17T15:42:00.000Z';
    for (const method of ['cod', 'pay-credit', 'pay-multiple', 'pay-affirm', 'pay-synchrony'] as const) {
      const steps = nextStepsOf({ ...order, payment_mode: method, hold_expires_at: deadline });
      const hold = steps.lead.at(-1)!;
      expect(hold, method).toContain(`We hold your diamonds for ${holdDuration(UNPAID_HOLD_HOURS[method])}, until 07/17/2026 at 11:42 AM Eastern Time`);
      expect(hold, method).toContain('If your order has not been confirmed by then, it is cancelled and the diamonds return to our collection.');
      expect(steps.lead.join(' '), method).not.toContain('reserved for you while your order is pending');
    }
    expect(nextStepsOf({ ...order, hold_expires_at: deadline }).lead[1]).toBe(
      'We hold your diamonds for 3 days, until 07/17/2026 at 11:42 AM Eastern Time, while we confirm the delivery with you; nobody else can buy them meanwhile. If your order has not been confirmed by then, it is cancelled and the diamonds return to our collection.',
    );
  });

  it('a hold that ran out on a method other than the wire says so without speaking of a transfer', () => {
    const lapsed = nextStepsOf({ ...order, payment_mode: 'pay-synchrony', order_status: 'cancelled', payment_status: 'expired', hold_expires_at: '2026-07-14T15:42:00.000Z' });
    expect(lapsed.title).toBe('Order cancelled');
    expect(lapsed.lead[0]).toBe(
      'We held the diamonds of order EV-2026-K7M3QX for 7 days, but the order was not confirmed in that time, so it has been cancelled and its diamonds have returned to our collection. Nothing is due.',
    );
    expect(lapsed.lead.join(' ')).not.toMatch(/wire|transfer/);
  });

  it('a PayPal payment under review says PayPal is reviewing it and the diamonds are held, never that it was received', () => {
    const steps = nextStepsOf({ ...order, payment_mode: 'pay-paypal', payment_status: 'under_review' });
    expect(steps.title).toBe('PayPal is reviewing your payment');
    expect(steps.lead[0]).toBe('PayPal is reviewing your payment of $1,890.50 before releasing it to us. Your diamonds are held for you meanwhile; nobody else can buy them.');
    expect(steps.lead.join(' ')).not.toContain('received');
    const denied = nextStepsOf({ ...order, payment_mode: 'pay-paypal', order_status: 'cancelled', payment_status: 'failed' });
    expect(denied.lead[0]).toContain('PayPal reviewed your payment for order EV-2026-K7M3QX and did not complete it, so nothing has been taken');
  });
});

describe('nextStepsOf after the sale', () => {
  const order = {
    order_number: 'EV-2026-K7M3QX',
    total_price: '1890.50',
    contact_number: '212-555-0100',
    hold_expires_at: null,
    order_status: 'in_production',
    payment_status: 'paid',
    payment_mode: 'pay-credit',
    ships_by: '2026-12-18',
    ships_by_changed: false,
    production_stage: 'bench',
    shipments: [],
  } as const;
  const parcel = { carrier_name: 'UPS', insured_value: '1890.50', signature_required: true, delivered_at: null };

  it('a piece in the workshop says where it stands and the day it is to ship, never that the payment arrived', () => {
    const steps = nextStepsOf(order);
    expect(steps.title).toBe('Being made in our workshop');
    expect(steps.lead).toEqual([
      'Your piece is being made in our workshop. Your diamond is at our jeweler’s bench; setting, polishing and a final quality check come next. It is on schedule to ship by Friday, December 18, 2026.',
    ]);
    expect(nextStepsOf({ ...order, production_stage: 'polishing' }).lead[0]).toContain('Your piece has been polished; only our final quality check comes next.');
  });

  it('a moved ships-by date is said to be the new one the shopper was emailed', () => {
    expect(nextStepsOf({ ...order, ships_by_changed: true }).lead[0]).toContain('It will now ship by Friday, December 18, 2026, the new date we emailed you.');
  });

  it('a payment still to come is said after where the order stands, as agreed with the shopper', () => {
    expect(nextStepsOf({ ...order, payment_mode: 'cod', payment_status: 'pending' }).lead[1]).toBe('You pay $1,890.50 when it is delivered.');
    expect(nextStepsOf({ ...order, payment_status: 'pending' }).lead[1]).toBe('We will take your card payment of $1,890.50 as agreed with you by phone.');
  });

  it('a packed order says it is ready to leave by its day and that the tracking number follows', () => {
    const steps = nextStepsOf({ ...order, order_status: 'ready_to_ship', production_stage: 'quality_check' });
    expect(steps.title).toBe('Ready to ship');
    expect(steps.lead).toEqual([
      'Your order has passed our final checks and is packed, ready to leave with our insured carrier. It ships by Friday, December 18, 2026. We will email you its tracking number the day it leaves.',
    ]);
  });

  it('a shipped order names its carrier, its insurance and the signature, and points to the tracking link', () => {
    const steps = nextStepsOf({ ...order, order_status: 'shipped', ships_by: null, shipments: [parcel] });
    expect(steps.title).toBe('On its way');
    expect(steps.lead).toEqual([
      'Your order is on its way with UPS, insured for $1,890.50. Follow it with the tracking link below. A signature is required on delivery, so please make sure someone can receive it.',
    ]);
    const unsigned = nextStepsOf({ ...order, order_status: 'shipped', payment_mode: 'cod', payment_status: 'pending', shipments: [{ ...parcel, signature_required: false }] });
    expect(unsigned.lead).toEqual(['Your order is on its way with UPS, insured for $1,890.50. Follow it with the tracking link below.', 'You pay $1,890.50 when it is delivered.']);
  });

  it('a delivered order gives the day of delivery and the last day of its return window, on the store’s calendar', () => {
    // Delivered on Friday, December 4, 2026 at 9:30 PM in New York (02:30 UTC the next day): thirty days later is Sunday, January 3.
    const steps = nextStepsOf({ ...order, order_status: 'delivered', ships_by: null, shipments: [{ ...parcel, delivered_at: '2026-12-05T02:30:00.000Z' }] });
    expect(steps.title).toBe('Delivered');
    expect(steps.lead).toEqual([
      'Your order was delivered on Friday, December 4, 2026. We hope you love it.',
      'If anything is not right, you may return it until Sunday, January 3, 2027, 30 days from delivery, and a ring’s first resize is free.',
    ]);
  });

  it('a completed order keeps its words and adds that the warranty stays', () => {
    const steps = nextStepsOf({ ...order, order_status: 'completed', ships_by: null });
    expect(steps.title).toBe('Order complete');
    expect(steps.lead[0]).toBe('This order is complete. Thank you for choosing Everstone.');
    expect(steps.lead[1]).toContain('lifetime warranty');
  });
});

describe('the store’s days', () => {
  it('names an instant’s day in New York, and a delivery’s last day for a return', () => {
    expect(formatStoreDay('2026-12-05T02:30:00.000Z')).toBe('Friday, December 4, 2026');
    expect(formatStoreDay('2026-12-05T05:30:00.000Z')).toBe('Saturday, December 5, 2026');
    expect(returnByDay('2026-12-04T15:00:00.000Z')).toBe('Sunday, January 3, 2027');
  });
});

describe('holds', () => {
  it('reads hours as a shopper would', () => {
    expect(holdDuration(24)).toBe('24 hours');
    expect(holdDuration(72)).toBe('3 days');
    expect(holdDuration(168)).toBe('7 days');
  });

  it('tells checkout how long each method holds the diamonds (the wire box says its own 24 hours; PayPal holds none)', () => {
    for (const method of PAYMENT_METHOD_IDS) {
      const notice = holdNoticeOf(method);
      if (method === 'pay-paypal' || method === 'pay-wire') expect(notice, method).toBeNull();
      else expect(notice, method).toContain(`held for you for ${holdDuration(UNPAID_HOLD_HOURS[method])}`);
    }
  });

  it('sums up a running hold for the Order History', () => {
    const held = { payment_mode: 'cod', order_status: 'pending', payment_status: 'pending', hold_expires_at: '2026-07-14T15:42:00.000Z' } as const;
    expect(holdSummaryOf(held)).toContain('We hold your diamonds until 07/14/2026 at 11:42 AM Eastern Time while your order is confirmed');
    expect(holdSummaryOf({ ...held, payment_mode: 'pay-wire' })).toContain('while your bank wire arrives');
    expect(holdSummaryOf({ ...held, order_status: 'confirmed' })).toBeNull();
    expect(holdSummaryOf({ ...held, payment_mode: 'pay-paypal', payment_status: 'under_review', hold_expires_at: null })).toContain('PayPal is reviewing your payment');
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
