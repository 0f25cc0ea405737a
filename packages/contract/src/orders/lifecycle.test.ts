import { afterEach, describe, expect, it } from 'vitest';
import {
  allowedSteps,
  cleanTrackingNumber,
  delayDayProblem,
  isLate,
  nextProductionStage,
  orderShipsBy,
  storedTrackingNumber,
  timelineLabel,
  trackingNumberProblem,
  trackingUrl,
  type LifecycleFacts,
} from './lifecycle.ts';
import { setStoreClosures } from './business-calendar.ts';

const facts = (over: Partial<LifecycleFacts>): LifecycleFacts => ({
  order_status: 'confirmed',
  payment_status: 'paid',
  payment_mode: 'pay-credit',
  made_to_order: false,
  production_stage: null,
  delivered_at: null,
  ...over,
});

describe('tracking numbers', () => {
  it('accepts each carrier’s own formats, with the spaces a label prints', () => {
    expect(trackingNumberProblem('ups', '1Z999AA10123456784')).toBeNull();
    expect(trackingNumberProblem('ups', '1z 999 aa1 0123 4567 84')).toBeNull();
    expect(trackingNumberProblem('ups', '1Z5R89390357567127')).toBeNull();
    expect(trackingNumberProblem('fedex', '449044304137821')).toBeNull();
    expect(trackingNumberProblem('fedex', '986578788855')).toBeNull();
    expect(trackingNumberProblem('usps', '9400111899223818218407')).toBeNull();
    expect(trackingNumberProblem('usps', '9205590164917312751089')).toBeNull();
    expect(trackingNumberProblem('usps', '420100369400111899223818218407')).toBeNull();
    expect(trackingNumberProblem('usps', 'EA123456789US')).toBeNull();
  });

  it('refuses another carrier’s number, a wrong length and a check digit that does not match', () => {
    expect(trackingNumberProblem('ups', '1Z999AA10123456785')).toContain('check digit does not match');
    expect(trackingNumberProblem('ups', '9400111899223818218407')).toContain('starts with 1Z');
    expect(trackingNumberProblem('fedex', '1Z999AA10123456784')).toBe('A FedEx tracking number has 12, 15, 20 or 22 digits.');
    expect(trackingNumberProblem('fedex', '12345')).toBe('A FedEx tracking number has 12, 15, 20 or 22 digits.');
    expect(trackingNumberProblem('usps', '9400111899223818218408')).toContain('check digit does not match');
    expect(trackingNumberProblem('usps', '8400111899223818218407')).toContain('starting 91 to 95');
    expect(trackingNumberProblem('usps', '')).toBe('The tracking number is required.');
    expect(trackingNumberProblem('usps', 'x'.repeat(41))).toContain('at most');
  });

  it('keeps the number without the scanner’s routing prefix, and builds the carrier’s own page for it', () => {
    expect(cleanTrackingNumber(' 1z-999 ')).toBe('1Z999');
    expect(storedTrackingNumber('usps', '4201003694001118 99223818218407')).toBe('9400111899223818218407');
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('fedex', '449044304137821')).toBe('https://www.fedex.com/fedextrack/?trknbr=449044304137821');
    expect(trackingUrl('usps', 'EA123456789US')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=EA123456789US');
  });
});

describe('the steps an order may take', () => {
  const now = new Date('2026-12-02T15:00:00Z');

  it('sends a made-to-order order through the workshop and a stocked one to packing', () => {
    expect(allowedSteps(facts({ made_to_order: true }), now)).toEqual(['production', 'delay', 'refund']);
    expect(allowedSteps(facts({ made_to_order: true, order_status: 'in_production', production_stage: 'setting' }), now)).toEqual(['production', 'delay', 'refund']);
    expect(allowedSteps(facts({ made_to_order: true, order_status: 'ready_to_ship', production_stage: 'quality_check' }), now)).toEqual(['ship', 'delay', 'refund']);
    expect(allowedSteps(facts({}), now)).toEqual(['ready', 'ship', 'delay', 'refund']);
    expect(nextProductionStage(null)).toBe('bench');
    expect(nextProductionStage('polishing')).toBe('quality_check');
    expect(nextProductionStage('quality_check')).toBeNull();
  });

  it('lets nothing leave before its money is final, except cash on delivery agreed with the shopper', () => {
    expect(allowedSteps(facts({ payment_status: 'pending', payment_mode: 'pay-credit' }), now)).toEqual(['paid', 'ready', 'delay', 'cancel']);
    expect(allowedSteps(facts({ payment_status: 'pending', payment_mode: 'cod' }), now)).toEqual(['paid', 'ready', 'ship', 'delay', 'cancel']);
    expect(allowedSteps(facts({ order_status: 'pending', payment_status: 'pending', payment_mode: 'cod' }), now)).toEqual(['confirm', 'paid', 'cancel']);
    expect(allowedSteps(facts({ order_status: 'pending', payment_status: 'pending', payment_mode: 'pay-wire' }), now)).toEqual(['paid', 'cancel']);
    expect(allowedSteps(facts({ order_status: 'pending', payment_status: 'under_review', payment_mode: 'pay-paypal' }), now)).toEqual([]);
    // A PayPal order is placed paid: nobody confirms it, it is agreed.
    expect(allowedSteps(facts({ order_status: 'pending', payment_status: 'paid', payment_mode: 'pay-paypal' }), now)).toEqual(['ready', 'ship', 'delay', 'refund']);
    expect(allowedSteps(facts({ order_status: 'pending', payment_status: 'paid', payment_mode: 'pay-paypal', made_to_order: true }), now)).toEqual(['production', 'delay', 'refund']);
  });

  it('delivers what shipped, completes it only once its return window has closed, and cancels nothing that left', () => {
    expect(allowedSteps(facts({ order_status: 'shipped' }), now)).toEqual(['deliver']);
    expect(allowedSteps(facts({ order_status: 'shipped', payment_status: 'pending', payment_mode: 'cod' }), now)).toEqual(['paid', 'deliver']);
    expect(allowedSteps(facts({ order_status: 'delivered', delivered_at: '2026-11-02T15:00:01Z' }), now)).toEqual([]);
    expect(allowedSteps(facts({ order_status: 'delivered', delivered_at: '2026-11-02T15:00:00Z' }), now)).toEqual(['complete']);
    expect(allowedSteps(facts({ order_status: 'completed' }), now)).toEqual([]);
    expect(allowedSteps(facts({ order_status: 'cancelled', payment_status: 'refunded' }), now)).toEqual([]);
  });
});

describe('ships-by dates', () => {
  afterEach(() => setStoreClosures([]));

  it('counts from the store’s day of placing, the slowest line, weekends and closed days skipped', () => {
    setStoreClosures(['2026-12-25', '2027-01-01']);
    // Placed Monday Dec 21 (Eastern): a stone's 5 business days skip Christmas, a ring's 17 New Year's Day too.
    expect(orderShipsBy('2026-12-21T15:00:00Z', [{ kind: 'diamond', lead_days: null }])).toBe('2026-12-29');
    expect(orderShipsBy('2026-12-21T15:00:00Z', [{ kind: 'diamond', lead_days: null }, { kind: 'ring', lead_days: 17 }])).toBe('2027-01-15');
    // 2 am UTC on the 22nd is still the 21st in New York.
    expect(orderShipsBy('2026-12-22T02:00:00Z', [{ kind: 'product', lead_days: 2 }])).toBe('2026-12-23');
  });

  it('takes a new date only after today, within a year, on a business day', () => {
    setStoreClosures(['2026-12-25']);
    expect(delayDayProblem('2026-12-02', '2026-12-02')).toBe('The new ships-by date must be after today.');
    expect(delayDayProblem('2026-12-05', '2026-12-02')).toContain('choose a business day');
    expect(delayDayProblem('2026-12-25', '2026-12-02')).toContain('choose a business day');
    expect(delayDayProblem('2027-12-03', '2026-12-02')).toBe('The new ships-by date must be within a year.');
    expect(delayDayProblem('2026-02-30', '2026-01-02')).toContain('YYYY-MM-DD');
    expect(delayDayProblem('2026-12-07', '2026-12-02')).toBeNull();
  });

  it('calls an agreed order late the day after its ships-by date, until it ships', () => {
    expect(isLate({ ships_by: '2026-12-01', order_status: 'in_production', payment_status: 'paid' }, '2026-12-02')).toBe(true);
    expect(isLate({ ships_by: '2026-12-02', order_status: 'in_production', payment_status: 'paid' }, '2026-12-02')).toBe(false);
    expect(isLate({ ships_by: '2026-12-01', order_status: 'pending', payment_status: 'pending' }, '2026-12-02')).toBe(false);
    expect(isLate({ ships_by: '2026-12-01', order_status: 'pending', payment_status: 'paid' }, '2026-12-02')).toBe(true);
    expect(isLate({ ships_by: null, order_status: 'shipped', payment_status: 'paid' }, '2026-12-02')).toBe(false);
  });

  it('words each step of the timeline for the shopper', () => {
    expect(timelineLabel({ step: 'production', stage: 'bench', detail: null })).toBe('Your diamond went to our jeweler’s bench');
    expect(timelineLabel({ step: 'shipped', stage: null, detail: '1Z999AA10123456784' }, 'ups')).toBe('Shipped with UPS, insured');
    expect(timelineLabel({ step: 'delayed', stage: null, detail: '2026-12-18' })).toBe('New ships-by date: Friday, December 18, 2026');
  });
});
