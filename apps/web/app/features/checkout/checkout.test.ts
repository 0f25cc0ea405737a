import { describe, expect, it } from 'vitest';
import { addressRequestSchema, orderRequestSchema, quoteRequestSchema, unavailableMessage, unknownVariantsMessage, walletOrderRequestSchema, type Diamond } from '@everstone/contract';
import { ENGRAVING, RING_SIZE_MESSAGES } from '@everstone/contract/core';
import { quoteRequest } from './use-quote';
import { cartLineKey, priceCart, type CartLine } from '../../domain/cart';
import {
  EMPTY_FORM,
  addressPayload,
  firstBroken,
  linesRefusedBy,
  markedLinesBlocker,
  orderItems,
  orderPayload,
  parsePending,
  validateCheckout,
  walletPayload,
  type CheckoutForm,
} from './checkout';
import { piece, ringLine } from '../../domain/cart-test-lines';

const filled: CheckoutForm = {
  ...EMPTY_FORM,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '12 Analytical Row',
  apartment: 'Suite 3',
  city: 'New York',
  zip_code: '10036',
  phone: '212-555-0100',
};

describe('validateCheckout (§5)', () => {
  it('gives the exact messages of §5, the text fields checked after trimming', () => {
    const form = { ...EMPTY_FORM, first_name: '   ' };
    expect(validateCheckout(form, null, { guest: true })).toEqual({
      email: 'Email is required',
      first_name: 'first name is required',
      last_name: 'last name is required',
      address: 'address is required',
      city: 'city is required',
      zip_code: 'zip code is required',
      phone: 'phone is required',
      payment: 'Please select a payment method',
    });
  });

  it('checks the email against x@y.z for guests only', () => {
    expect(validateCheckout({ ...filled, email: 'ada@example' }, 'cod', { guest: true })).toEqual({ email: 'Email is invalid' });
    expect(validateCheckout({ ...filled, email: '' }, 'cod', { guest: false })).toEqual({});
    expect(validateCheckout(filled, 'cod', { guest: true })).toEqual({});
  });

  it('does not check apartment, country or the offers boxes', () => {
    expect(validateCheckout({ ...filled, apartment: '' }, 'pay-wire', { guest: true })).toEqual({});
  });

  it('names the first broken field in the page order', () => {
    expect(firstBroken({ payment: 'x', city: 'y', last_name: 'z' })).toBe('last_name');
    expect(firstBroken({})).toBeUndefined();
  });
});

describe('the pending-address data', () => {
  it('restores what a guest left, dropping what is malformed', () => {
    expect(parsePending({ form: filled, method: 'pay-wire' })).toEqual({ form: filled, method: 'pay-wire' });
    const odd = parsePending({ form: { first_name: 7, country: 'Mexico', smsOffers: 'yes' }, method: 'bitcoin' });
    expect(odd).toEqual({ form: { ...EMPTY_FORM }, method: null });
    expect(parsePending('nonsense')).toBeNull();
  });
});

describe('the payloads (§3, §7)', () => {
  const stone = {
    diamondid: 41,
    certificate_number: 'LG123',
    type: 2,
    carat_weight: 1.21,
    price: 1890.5,
    kind: 'diamond',
    quantity: 1,
  } as Partial<Diamond> as CartLine;
  const other = { ...stone, diamondid: 42, certificate_number: 'LG124', price: 0.29, carat_weight: 0.3 } as CartLine;

  it('builds an address the contract accepts', () => {
    const body = addressPayload({ ...filled, emailOffers: true }, 5);
    expect(addressRequestSchema.parse(body)).toMatchObject({
      user_id: 5,
      country: 'United States',
      address: { street: '12 Analytical Row', apartment: 'Suite 3', city: 'New York', zip: '10036' },
      phone_number: '212-555-0100',
      is_get_offer: 1,
    });
  });

  it('builds an order the contract accepts, item details and address as JSON text', () => {
    const body = orderPayload(filled, 'pay-wire', { id: 5 }, [stone]);
    // A bank wire pays the bank-wire price: $5 less per stone.
    expect(body.total_price).toBe('1885.50');
    expect(JSON.parse(body.item_details as string)).toEqual({ '41': { type: 2, price: 1885.5, quantity: 1, weight: 1.21 } });
    expect(orderPayload(filled, 'cod', { id: 5 }, [stone]).total_price).toBe('1890.50');
    const parsed = orderRequestSchema.parse(body);
    expect(parsed).toMatchObject({ lines: [{ kind: 'diamond', diamond_id: 41, quantity: 1 }], itemsField: 'items_id', payment_mode: 'pay-wire', user_name: 'Ada Lovelace', total_price: 188550 });
    expect(parsed.address).toMatchObject({ street: '12 Analytical Row', zip: '10036', country: 'United States' });
  });

  it('sends the store’s quoted total, its tax included, once the quote is known, and the same lines the quote priced', () => {
    expect(orderPayload(filled, 'pay-wire', { id: 5 }, [stone], null, '2052.83').total_price).toBe('2052.83');
    expect(walletPayload(filled, { id: 5 }, [stone], null, '2063.95').amount).toBe('2063.95');
    const asked = quoteRequest([stone], priceCart([stone], 'pay-wire'), 'pay-wire', { zip: '10036', country: 'United States' });
    const sent = orderPayload(filled, 'pay-wire', { id: 5 }, [stone]);
    expect(asked).toMatchObject({ items_id: (sent as { items_id: number[] }).items_id, item_details: sent.item_details });
    expect(quoteRequestSchema.parse(asked)).toMatchObject({ itemsField: 'items_id', payment_mode: 'pay-wire', address: { zip: '10036', country: 'United States' } });
    expect(quoteRequest([stone], priceCart([stone], null), null, null).address).toBeNull();
  });

  it('sends §7’s items_id and item_details while every line is a loose diamond, never the lines too', () => {
    const items = orderItems([stone, other], priceCart([stone, other], 'cod'));
    expect(items).toEqual({
      items_id: [41, 42],
      item_details: JSON.stringify({ '41': { type: 2, price: 1890.5, quantity: 1, weight: 1.21 }, '42': { type: 2, price: 0.29, quantity: 1, weight: 0.3 } }),
    });
    expect('lines' in items).toBe(false);
  });

  it('totals in cents: no float dust in total_price or the wallet’s amount', () => {
    // 1890.50 + 0.29 in floating dollars is 1890.7900000000002.
    expect(orderPayload(filled, 'cod', { id: 5 }, [stone, other]).total_price).toBe('1890.79');
    const wallet = walletPayload(filled, { id: 5 }, [stone, other]);
    expect(wallet).toMatchObject({ amount: '1890.79', currency: 'USD', user_id: 5, items_id: [41, 42] });
    expect(walletOrderRequestSchema.parse(wallet)).toMatchObject({ amount: 189_079, itemsField: 'items_id' });
  });
});


describe('the payloads with pieces', () => {
  const stone = {
    diamondid: 41,
    certificate_number: 'LG123',
    type: 2,
    carat_weight: 1.21,
    price: 1890.5,
    kind: 'diamond',
    quantity: 1,
  } as Partial<Diamond> as CartLine;
  const ring = piece(7, { quantity: 2, engraving: 'A & B ♥', engraving_cents: ENGRAVING.priceCents });
  const studs = piece(12, { name: 'Lune Studs', family: 'earrings', ring_size: null, variant_cents: 99_999, stock: 3 });

  it('sends the contract’s lines, never items_id, once the cart holds a piece', () => {
    const body = orderPayload(filled, 'pay-wire', { id: 5 }, [stone, ring, studs]);
    expect(body).not.toHaveProperty('items_id');
    expect(body).not.toHaveProperty('item_details');
    expect(body.lines).toEqual([
      { kind: 'diamond', diamond_id: 41, quantity: 1 },
      { kind: 'product', variant_id: 7, quantity: 2, ring_size: '6', engraving: 'A & B ♥' },
      { kind: 'product', variant_id: 12, quantity: 1, ring_size: null, engraving: null },
    ]);
    // The wire takes $5 off the stone only; a piece costs the same however it is paid.
    expect(body.total_price).toBe('6005.49');
    expect(orderRequestSchema.parse(body)).toMatchObject({ itemsField: 'lines', total_price: 600_549, lines: body.lines });
  });

  it('sends the same lines to the wallet, with the amount PayPal will take', () => {
    const wallet = walletPayload(filled, { id: 5 }, [ring, studs]);
    expect(wallet).toMatchObject({ amount: '4119.99', currency: 'USD', user_id: 5 });
    expect(wallet).not.toHaveProperty('items_id');
    expect(walletOrderRequestSchema.parse(wallet)).toMatchObject({ amount: 411_999, itemsField: 'lines', lines: [{ variant_id: 7 }, { variant_id: 12 }] });
  });

  it('sends two sizes of one ring as two lines the contract accepts', () => {
    const body = orderPayload(filled, 'cod', { id: 5 }, [piece(7), piece(7, { ring_size: 'unknown' })]);
    expect(orderRequestSchema.parse(body).lines).toHaveLength(2);
  });
});

describe('linesRefusedBy', () => {
  const ring = piece(7);
  const studs = piece(12, { name: 'Lune Studs', family: 'earrings', ring_size: null, stock: 1 });
  const lines: CartLine[] = [ring, studs];

  it('marks the piece a 409 names, with what to do', () => {
    const refused = linesRefusedBy(
      { status: 409, message: 'The diamond Lune Studs is no longer available. Please remove it from your cart and choose another.', errors: { lines: ['…'] } },
      lines,
    );
    expect([...refused]).toEqual([[cartLineKey(studs), 'Sold out, or fewer left than you ordered.']]);
  });

  it('marks each piece a 422 names with the store’s own words, and an unknown variant by its id', () => {
    const problem = `Aria Band: ${RING_SIZE_MESSAGES.required}`;
    expect([...linesRefusedBy({ status: 422, message: problem, errors: { lines: [problem] } }, lines)]).toEqual([[cartLineKey(ring), RING_SIZE_MESSAGES.required]]);
    const unknown = unknownVariantsMessage([12, 99]);
    expect([...linesRefusedBy({ status: 422, message: unknown, errors: { lines: [unknown] } }, lines)]).toEqual([[cartLineKey(studs), 'This piece is no longer available.']]);
  });

  it('marks nothing for other failures, or a refusal naming a stone', () => {
    expect(linesRefusedBy({ status: 500, message: 'Aria Band', errors: undefined }, lines).size).toBe(0);
    expect(linesRefusedBy({ status: 409, message: 'The diamond LG123 is no longer available.' }, lines).size).toBe(0);
  });
});

describe('the payloads with a built ring', () => {
  const ring = ringLine(41, 7, { engraving: 'A & B', ring_size: 'unknown' });

  it('sends the ring as one line of the contract, stone and setting together, at its itemized total', () => {
    expect(ring.price.totalCents).toBe(256_000);
    const body = orderPayload(filled, 'cod', { id: 5 }, [ring, piece(9)]);
    expect(body).not.toHaveProperty('items_id');
    expect(body.lines).toEqual([
      { kind: 'ring', diamond_id: 41, variant_id: 7, quantity: 1, ring_size: 'unknown', engraving: 'A & B' },
      { kind: 'product', variant_id: 9, quantity: 1, ring_size: '6', engraving: null },
    ]);
    expect(body.total_price).toBe('4060.00');
    expect(orderRequestSchema.parse(body)).toMatchObject({ itemsField: 'lines', total_price: 406_000 });
    // Its stone keeps the bank-wire price it has loose.
    expect(orderPayload(filled, 'pay-wire', { id: 5 }, [ring]).total_price).toBe('2555.00');
  });

  it('sends the same ring to the wallet', () => {
    const wallet = walletPayload(filled, { id: 5 }, [ring]);
    expect(walletOrderRequestSchema.parse(wallet)).toMatchObject({ amount: 256_000, itemsField: 'lines', lines: [{ kind: 'ring', diamond_id: 41, variant_id: 7 }] });
  });

  it('marks the ring a refusal names, by its setting or its stone', () => {
    const fit = 'Aria Engagement Ring with the diamond CERT41: This setting is made for oval center stones; this diamond is a round.';
    const size = `Aria Engagement Ring: ${RING_SIZE_MESSAGES.notResizable}`;
    expect([...linesRefusedBy({ status: 422, message: `${fit} ${size}`, errors: { lines: [fit, size] } }, [ring])]).toEqual([
      [cartLineKey(ring), `This setting is made for oval center stones; this diamond is a round. ${RING_SIZE_MESSAGES.notResizable}`],
    ]);
    // Another ring's stone in the same setting is not this ring.
    const other = 'Aria Engagement Ring with the diamond LG999: This setting is made for oval center stones; this diamond is a round.';
    expect(linesRefusedBy({ status: 422, message: other, errors: { lines: [other] } }, [ring]).size).toBe(0);
    expect([...linesRefusedBy({ status: 409, message: unavailableMessage(['CERT41']) }, [ring])]).toEqual([[cartLineKey(ring), 'Its diamond is no longer available.']]);
    expect([...linesRefusedBy({ status: 409, message: unavailableMessage(['LG1'], ['Aria Engagement Ring']) }, [ring])]).toEqual([
      [cartLineKey(ring), 'Its setting is no longer available in this metal and shape.'],
    ]);
    const unknown = unknownVariantsMessage([7]);
    expect([...linesRefusedBy({ status: 422, message: unknown, errors: { lines: [unknown] } }, [ring])]).toEqual([[cartLineKey(ring), 'Its setting is no longer available.']]);
    expect(linesRefusedBy({ status: 409, message: 'The diamond LG999 is no longer available.' }, [ring]).size).toBe(0);
  });

  it('says over the form what the marked lines are', () => {
    expect(markedLinesBlocker([])).toBeNull();
    expect(markedLinesBlocker([ring])).toEqual({ text: 'A ring in your order cannot be ordered as it was built.', action: 'Change or remove it in your cart' });
    expect(markedLinesBlocker([{ kind: 'diamond' }])).toEqual({ text: 'A diamond in your order is no longer available.', action: 'Remove it from your cart' });
    expect(markedLinesBlocker([ring, piece(9)])?.text).toBe('A piece in your order cannot be ordered as it is.');
  });
});
