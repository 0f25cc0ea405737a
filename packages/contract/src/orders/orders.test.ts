import { describe, expect, it } from 'vitest';
import { MAX_HELD_STONES_PER_ACCOUNT, UNPAID_HOLD_HOURS } from '../constants.ts';
import { ORDER_NUMBER_PATTERN } from './order-steps.ts';
import { PAYMENT_METHOD_IDS, WIRE_HOLD_MS, orderSchema, refundedMessage, soldBeforeCaptureMessage, tooManyHeldMessage, unavailableMessage, unpaidHoldMs } from './orders.ts';

describe('unpaid holds', () => {
  it('gives every method placed unpaid a hold, the wire §9’s 24 hours, and PayPal none', () => {
    expect(WIRE_HOLD_MS).toBe(24 * 3_600_000);
    for (const method of PAYMENT_METHOD_IDS) {
      if (method === 'pay-paypal') expect(unpaidHoldMs(method)).toBeNull();
      else expect(unpaidHoldMs(method), method).toBe(UNPAID_HOLD_HOURS[method] * 3_600_000);
    }
  });

  it('refuses past the cap with what to do, naming the open orders', () => {
    const message = tooManyHeldMessage(3, 2, ['EV-2026-AAAAAA', 'EV-2026-BBBBBB']);
    expect(message).toBe(
      `Your open orders EV-2026-AAAAAA, EV-2026-BBBBBB already hold 3 awaiting payment, and we hold at most ${MAX_HELD_STONES_PER_ACCOUNT} diamonds or pieces from stock per account until they are paid. ` +
        'Please complete the payment of an open order, or contact us to cancel one, and then place this order again.',
    );
    expect(tooManyHeldMessage(0, 6, [])).toContain('this order has 6. Please order fewer at a time, pay with PayPal, or contact us');
  });
});

describe('what is no longer available', () => {
  it('names stones by certificate and pieces by name, in one sentence', () => {
    expect(unavailableMessage(['LG1'])).toBe('The diamond LG1 is no longer available. Please remove it from your cart and choose another.');
    expect(unavailableMessage([], ['Aria Engagement Ring'])).toBe('The Aria Engagement Ring is no longer available. Please remove it from your cart and choose another.');
    expect(unavailableMessage(['LG1', 'LG2'], ['Aria Engagement Ring'])).toBe(
      'The diamonds LG1, LG2 and the Aria Engagement Ring are no longer available. Please remove them from your cart and choose others.',
    );
  });
});

describe('what the wallet says when a line is lost', () => {
  it('keeps the diamond wording, and names pieces by name', () => {
    expect(soldBeforeCaptureMessage(['LG1'])).toBe(
      'The diamond LG1 was bought by another shopper while you were on PayPal’s page. Your PayPal payment was not taken; please choose another diamond.',
    );
    expect(soldBeforeCaptureMessage([], ['Aria Engagement Ring'])).toBe(
      'The Aria Engagement Ring was bought by another shopper while you were on PayPal’s page. Your PayPal payment was not taken; please choose another.',
    );
    expect(refundedMessage(['LG1'], '1200.00', ['Aria Engagement Ring'])).toMatch(/^The diamond LG1 and the Aria Engagement Ring were bought .* \$1,200\.00 in full.* Please choose another\.$/);
  });
});

describe('the order as the API answers it', () => {
  it('carries the public order number as §3’s order_id, never a count', () => {
    expect(orderSchema.shape.order_id.safeParse(57).success).toBe(false);
    expect(orderSchema.shape.order_id.safeParse('EV-2026-K7M3QX').success).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('ev-2026-k7m3qx')).toBe(true);
    for (const bad of ['57', 'EV-2026-K7M3Q', 'EV-2026-K7M3QI', 'EV-26-K7M3QX']) expect(ORDER_NUMBER_PATTERN.test(bad), bad).toBe(false);
  });
});
