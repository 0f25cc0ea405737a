import { describe, expect, it } from 'vitest';
import { orderLineSchema, type OrderLine } from '@everstone/contract';
import { orderRing } from '../../domain/cart-test-lines';
import {
  includedStoneText,
  orderLinesHeading,
  orderNumberFrom,
  orderPath,
  orderRingSizeText,
  orderShipsByDay,
  orderShipsByText,
  orderSupplyText,
  paymentLabel,
  placedOrderFrom,
  quantityText,
  ringMethodSavingCents,
  timelineEntryText,
} from './orders';

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

const ringLine: OrderLine = {
  kind: 'product',
  description: 'Aria Band, 14K White Gold',
  quantity: 2,
  unit_price: '1560.00',
  total: '3120.00',
  diamondid: null,
  certificate_number: null,
  product: {
    variant_id: 7,
    sku: 'AR-7',
    slug: 'aria-band',
    name: 'Aria Band',
    family: 'band',
    metal: '14k-white',
    shape: null,
    carat_total: null,
    width_mm: 2,
    origin: null,
    ring_size: 'unknown',
    engraving: 'A & B',
    lead_days: 15,
    made_to_order: true,
    breakdown: { metal_cents: 100_000, stones_cents: 0, center_cents: 0, labor_cents: 50_000, offer_cents: 0 },
    engraving_cents: 6_000,
    design: { form: 'ring', bandWidthMm: 2, bandThicknessMm: 1.6, profile: 'comfort', milgrain: false, head: null, accents: null, center: null, inlay: null },
    included_stone: null,
  },
  ring: null,
  tax: '0.00',
  taxes: [],
  gift: null,
};
const stoneLine: OrderLine = { kind: 'diamond', description: '1.01 Carat Round Natural Diamond', quantity: 1, unit_price: '1000.00', total: '1000.00', diamondid: 4, certificate_number: 'GIA4', product: null, ring: null, tax: '0.00', taxes: [], gift: null };
/** A built ring as the API answers it: a stone in the Aria setting, size not known yet, engraved, ready in 12 business days. */
const builtRing: OrderLine = {
  kind: 'ring',
  description: 'Aria Engagement Ring in 14K White Gold with a 1.01 Carat Round Lab Diamond, F VS1',
  quantity: 1,
  unit_price: '2560.00',
  total: '2560.00',
  diamondid: 41,
  certificate_number: 'LG41',
  product: null,
  ring: orderRing({
    metal: '14k-white',
    origin: 'lab',
    ring_size: 'unknown',
    engraving: 'A & B',
    price: { stone_cents: 100_000, setting_cents: 120_000, side_stones_cents: 30_000, engraving_cents: 6_000, total_cents: 256_000 },
  }),
  tax: '0.00',
  taxes: [],
  gift: null,
};

describe('an order’s lines', () => {
  it('heads stones as before, and pieces or mixed orders in their own words', () => {
    expect(orderLinesHeading([stoneLine])).toBe('Your diamond');
    expect(orderLinesHeading([stoneLine, stoneLine])).toBe('Your diamonds (2)');
    expect(orderLinesHeading([ringLine])).toBe('Your piece');
    expect(orderLinesHeading([ringLine, stoneLine])).toBe('Your items (2)');
    expect(orderLinesHeading([builtRing])).toBe('Your ring');
    expect(orderLinesHeading([builtRing, builtRing])).toBe('Your rings (2)');
    expect(orderLinesHeading([builtRing, ringLine])).toBe('Your items (2)');
  });

  it('reads a line written before rings as having none, and a ring line whole', () => {
    const { ring: _none, ...older } = stoneLine;
    expect(orderLineSchema.parse(older).ring).toBeNull();
    expect(orderLineSchema.parse(builtRing)).toEqual(builtRing);
  });

  it('dates a ring’s ships-by from the day the order was placed, on the business calendar, while it is open', () => {
    // Placed on Friday, July 10 2026 (New York): 12 business days later is Tuesday, July 28.
    const placed = { created_at: '2026-07-10T15:00:00Z', order_status: 'confirmed' as const };
    expect(orderShipsByText(builtRing.ring!.lead_days, placed)).toBe('Ships by Tuesday, July 28');
    expect(orderShipsByText(12, { ...placed, order_status: 'cancelled' })).toBeNull();
    expect(orderShipsByText(12, { ...placed, order_status: 'completed' })).toBeNull();
    expect(orderShipsByText(12, { created_at: 'not a date' })).toBeNull();
  });

  it('names the order’s own ships-by day on a ring’s line once the answer carries it, moved or not, and none once it shipped', () => {
    const placed = { created_at: '2026-07-10T15:00:00Z', order_status: 'in_production' as const, ships_by: '2026-08-07' };
    expect(orderShipsByText(builtRing.ring!.lead_days, placed)).toBe('Ships by Friday, August 7, 2026');
    expect(orderShipsByText(12, { ...placed, ships_by: null })).toBe('Ships by Tuesday, July 28');
    for (const status of ['shipped', 'delivered', 'completed', 'cancelled'] as const) {
      expect(orderShipsByText(12, { ...placed, order_status: status, ships_by: null }), status).toBeNull();
    }
  });

  it('gives the order page’s heading the day it ships, and whether the store moved it', () => {
    expect(orderShipsByDay({ ships_by: '2026-12-18', ships_by_changed: false })).toEqual({ day: '2026-12-18', text: 'Friday, December 18, 2026', changed: false });
    expect(orderShipsByDay({ ships_by: '2026-12-18', ships_by_changed: true })?.changed).toBe(true);
    expect(orderShipsByDay({ ships_by: null, ships_by_changed: false })).toBeNull();
  });

  it('says what a bank wire took off a ring, and nothing otherwise', () => {
    expect(ringMethodSavingCents(builtRing, 256_000)).toBe(0);
    expect(ringMethodSavingCents({ total: '2555.00' }, 256_000)).toBe(500);
  });

  it('says the team will ask for a size not known yet', () => {
    expect(orderRingSizeText('unknown')).toBe('Ring size to be confirmed: our team will contact you for the size (one free resize).');
    expect(orderRingSizeText('6.5')).toBe('Size 6.5');
    expect(orderRingSizeText(null)).toBeNull();
  });

  it('says how a piece is supplied, its quantity, and a preset’s own stone', () => {
    expect(orderSupplyText(ringLine.product!)).toBe('Made to order, ships in 15 business days');
    expect(orderSupplyText({ made_to_order: false, lead_days: 2 })).toBe('From stock');
    expect(quantityText(ringLine)).toBe('2 × $1,560.00');
    expect(quantityText(stoneLine)).toBeNull();
    expect(
      includedStoneText({ certificate_number: 'LG555', lab: 'IGI', origin: 'lab', shape: 'Oval', carat: 1.5, color: 'F', clarity: 'VS1', cut: 'Excellent', length_mm: 9, width_mm: 6.5, depth_mm: 4 }),
    ).toBe('Center stone: 1.50 ct Oval lab-grown diamond, F VS1, IGI certificate LG555');
  });

  it('keeps the lines handed to the thank-you page', () => {
    const placed = placedOrderFrom({
      order: {
        order_id: 'EV-2026-K7M3QX',
        order_number: 'EV-2026-K7M3QX',
        total_price: '6680.00',
        created_at: '2026-07-10T15:00:00Z',
        ships_by: '2026-07-31',
        lines: [ringLine, stoneLine, builtRing],
      },
    });
    expect(placed?.lines).toEqual([ringLine, stoneLine, builtRing]);
    expect(placed?.created_at).toBe('2026-07-10T15:00:00Z');
    expect(placed?.ships_by).toBe('2026-07-31');
  });
});

describe('timelineEntryText', () => {
  const at = '2026-12-02T15:00:00Z';
  const parcel = {
    carrier: 'ups' as const,
    carrier_name: 'UPS',
    tracking_number: '1Z999AA10123456784',
    tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shipped_at: at,
    delivered_at: null,
    insured_value: '3083.00',
    signature_required: true,
  };

  it('sets a delay’s reason, in staff’s words, apart from the new day', () => {
    const delayed = { step: 'delayed' as const, at, stage: null, detail: '2027-01-05', label: 'New ships-by date: Tuesday, January 5, 2027: Our setter is matching the side stones: by hand' };
    expect(timelineEntryText(delayed, [])).toEqual({ title: 'New ships-by date: Tuesday, January 5, 2027', note: 'Our setter is matching the side stones: by hand' });
    expect(timelineEntryText({ ...delayed, label: 'New ships-by date: Tuesday, January 5, 2027' }, [])).toEqual({ title: 'New ships-by date: Tuesday, January 5, 2027', note: null });
  });

  it('keeps the store’s words whole, a shipment’s carrier and a workshop stage included', () => {
    const shipped = { step: 'shipped' as const, at, stage: null, detail: parcel.tracking_number, label: 'Shipped with UPS, insured' };
    expect(timelineEntryText(shipped, [parcel])).toEqual({ title: 'Shipped with UPS, insured', note: null });
    const bench = { step: 'production' as const, at, stage: 'bench' as const, detail: null, label: 'Your diamond went to our jeweler’s bench' };
    expect(timelineEntryText(bench, [])).toEqual({ title: 'Your diamond went to our jeweler’s bench', note: null });
  });
});
