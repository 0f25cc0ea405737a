import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGRAVING, PROMOTIONS, type Diamond } from '@everstone/contract/core';
import {
  MAX_PRODUCT_QUANTITY,
  addProductToCart,
  addToCart,
  cartLineKey,
  cartStore,
  changeQuantity,
  lineItemOf,
  maxQuantityOf,
  priceCart,
  removeFromCart,
  updateProductChoices,
  type CartLine,
} from './cart';
import { piece, stoneRecord } from './cart-test-lines';

/** A natural GIA stone at `price` dollars, the shared fixture's otherwise. */
function diamond(id: number, price: number): Diamond {
  return stoneRecord(id, { type: 1, certificate_company: { dl_name: 'GIA' }, price });
}
const line = (id: number, price: number, quantity = 1): CartLine => ({ ...diamond(id, price), kind: 'diamond', quantity });


/** A localStorage of our own: the store reads the key `cart` as the browser would. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the stored cart (§3, §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: fakeStorage(), addEventListener() {}, removeEventListener() {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads a line stored before lines had a kind as a loose diamond, and drops what cannot be a line', () => {
    window.localStorage.setItem('cart', JSON.stringify([{ ...diamond(1, 500), quantity: 2 }, { kind: 'variant', sku: 'X' }, { price: 3 }]));
    const [first, ...rest] = cartStore.get();
    expect(first).toMatchObject({ kind: 'diamond', diamondid: 1, certificate_number: 'CERT1', quantity: 2 });
    expect(rest).toEqual([]);
  });

  it('adds a stone once (§4), removes it by certificate number and never goes below one', () => {
    expect(addToCart(diamond(1, 500))).toBe('added');
    expect(addToCart(diamond(1, 500))).toBe('duplicate');
    expect(addToCart(diamond(2, 700))).toBe('added');
    changeQuantity('CERT1', -1);
    expect(cartStore.get().map((l) => [l.kind, cartLineKey(l), l.quantity])).toEqual([
      ['diamond', 'CERT1', 1],
      ['diamond', 'CERT2', 1],
    ]);
    removeFromCart('CERT1');
    expect(cartStore.get().map(cartLineKey)).toEqual(['CERT2']);
    expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([{ ...diamond(2, 700), kind: 'diamond', quantity: 1 }]);
  });
});

describe('pieces in the stored cart', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: fakeStorage(), addEventListener() {}, removeEventListener() {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const quantities = () => cartStore.get().map((l) => [cartLineKey(l), l.quantity]);

  it('adds a piece, and the same piece with the same choices to its line', () => {
    expect(addProductToCart(piece(7))).toBe('added');
    expect(addProductToCart(piece(7, { quantity: 2 }))).toBe('increased');
    expect(addProductToCart(piece(7, { ring_size: '7' }))).toBe('added');
    expect(addProductToCart(piece(7, { engraving: 'A&B', engraving_cents: ENGRAVING.priceCents }))).toBe('added');
    expect(quantities()).toEqual([
      ['product:7:6:', 3],
      ['product:7:7:', 1],
      ['product:7:6:A&B', 1],
    ]);
  });

  it('holds no more of a piece than its shelf, or ten made to order', () => {
    expect(maxQuantityOf(piece(7, { stock: 2 }))).toBe(2);
    expect(maxQuantityOf(piece(7, { stock: 40 }))).toBe(MAX_PRODUCT_QUANTITY);
    expect(maxQuantityOf(piece(7))).toBe(MAX_PRODUCT_QUANTITY);
    expect(addProductToCart(piece(7, { stock: 2, quantity: 5 }))).toBe('added');
    expect(addProductToCart(piece(7, { stock: 2 }))).toBe('at-limit');
    expect(quantities()).toEqual([['product:7:6:', 2]]);
    changeQuantity('product:7:6:', 1, maxQuantityOf(cartStore.get()[0]!));
    expect(quantities()).toEqual([['product:7:6:', 2]]);
    changeQuantity('product:7:6:', -1);
    expect(quantities()).toEqual([['product:7:6:', 1]]);
  });

  it('shares one shelf between the lines of one stocked piece in several sizes', () => {
    expect(addProductToCart(piece(7, { stock: 3, quantity: 2 }))).toBe('added');
    expect(addProductToCart(piece(7, { stock: 3, ring_size: '7', quantity: 5 }))).toBe('added');
    expect(quantities()).toEqual([
      ['product:7:6:', 2],
      ['product:7:7:', 1],
    ]);
    expect(addProductToCart(piece(7, { stock: 3, ring_size: '8' }))).toBe('at-limit');
    const lines = cartStore.get();
    expect(maxQuantityOf(lines[0]!, lines)).toBe(2);
    expect(maxQuantityOf(lines[1]!, lines)).toBe(1);
  });

  it('changes a ring’s size and engraving on its line, merging it with a line that already has them', () => {
    addProductToCart(piece(7, { quantity: 2 }));
    addProductToCart(piece(7, { ring_size: '7', quantity: 9 }));
    updateProductChoices('product:7:6:', { engraving: 'Ever', engraving_cents: ENGRAVING.priceCents });
    expect(quantities()).toEqual([
      ['product:7:6:Ever', 2],
      ['product:7:7:', 9],
    ]);
    expect(priceCart(cartStore.get().slice(0, 1), null).lines[0]).toMatchObject({ unitCents: 156_000, totalCents: 312_000 });
    updateProductChoices('product:7:6:Ever', { ring_size: '7', engraving: null, engraving_cents: 0 });
    // Two lines of one ring and size become one, never above what one line may hold.
    expect(quantities()).toEqual([['product:7:7:', MAX_PRODUCT_QUANTITY]]);
    updateProductChoices('product:7:7:', { ring_size: 'unknown' });
    expect(cartStore.get()[0]).toMatchObject({ ring_size: 'unknown', quantity: MAX_PRODUCT_QUANTITY });
    updateProductChoices('CERT1', { ring_size: '5' });
    expect(quantities()).toEqual([['product:7:unknown:', MAX_PRODUCT_QUANTITY]]);
  });

  it('reads a stored piece back, keeping at most ten, and drops one without its variant or picture', () => {
    const stored = piece(7, { quantity: 30, engraving: 'A&B', engraving_cents: 6_000 });
    const { design: _design, ...pictureless } = piece(8);
    window.localStorage.setItem('cart', JSON.stringify([stored, { ...piece(9), variant_id: '9' }, pictureless, { ...diamond(1, 500), kind: 'diamond', quantity: 1 }]));
    const lines = cartStore.get();
    expect(lines.map(cartLineKey)).toEqual(['product:7:6:A&B', 'CERT1']);
    expect(lines[0]).toEqual({ ...stored, quantity: MAX_PRODUCT_QUANTITY });
  });
});

describe('priceCart', () => {
  it('converts each record’s dollars to cents once and adds in cents', () => {
    const pricing = priceCart([line(1, 0.1), line(2, 0.2), line(3, 1890.29, 2)], null);
    expect(pricing.lines.map((l) => l.totalCents)).toEqual([10, 20, 378_058]);
    expect(pricing.subtotalCents).toBe(378_088);
    expect(pricing.totalCents).toBe(378_088);
  });

  it('takes the bank wire’s $5 off each stone only when the method is the wire', () => {
    const lines = [line(1, 502), line(2, 506), line(3, 511)];
    expect(priceCart(lines, 'pay-wire')).toMatchObject({ subtotalCents: 151_900, discountCents: 1_500, totalCents: 150_400 });
    expect(priceCart(lines, 'cod')).toMatchObject({ discountCents: 0, totalCents: 151_900 });
  });

  it('says how far the cart is from each free gift, in the cart’s words (§9)', () => {
    const { freeNecklaceThreshold: necklace, freeBraceletThreshold: bracelet } = PROMOTIONS;
    const [n, b] = priceCart([line(1, necklace - 120)], null).gifts;
    expect(n).toMatchObject({ qualifies: false, message: 'You are $120.00 away from a free Diamond Necklace' });
    expect(b!.message).toBe(`You are $${(bracelet - necklace + 120).toLocaleString('en-US')}.00 away from a free Diamond Bracelet`);
    expect(priceCart([line(1, necklace - 0.01)], null).gifts[0]!.message).toBe('You are $0.01 away from a free Diamond Necklace');
    expect(priceCart([line(1, bracelet + 500)], null).gifts.map((g) => g.message)).toEqual([
      'One gift per order: the free Diamond Bracelet takes the place of the Diamond Necklace.',
      'You qualify for a free Diamond Bracelet!',
    ]);
  });

  it('counts a record saved without a usable price as nothing until the store’s check brings one', () => {
    const broken = { ...line(1, 0), price: undefined } as unknown as CartLine;
    expect(priceCart([broken, line(2, 99.99)], null).subtotalCents).toBe(9_999);
    // An edited cart's price below nothing counts as nothing too (the one pricing function takes no negative price).
    const negative = [line(3, -4), piece(7, { variant_cents: -100 }), line(2, 99.99)];
    expect(priceCart(negative, 'pay-wire')).toMatchObject({ subtotalCents: 9_999, totalCents: 9_499 });
  });

  it('names each line as the order API does', () => {
    expect(lineItemOf(line(41, 10))).toEqual({ kind: 'diamond', diamond_id: 41, quantity: 1 });
    expect(lineItemOf(piece(7, { quantity: 2, ring_size: 'unknown', engraving: 'Ever' }))).toEqual({
      kind: 'product',
      variant_id: 7,
      quantity: 2,
      ring_size: 'unknown',
      engraving: 'Ever',
    });
  });

  it('prices a piece in cents with its engraving, the same whatever the method, toward the same gifts', () => {
    const engraved = piece(7, { quantity: 2, engraving: 'Ever', engraving_cents: ENGRAVING.priceCents });
    const plain = piece(8, { variant_cents: 45_000, engraving_cents: ENGRAVING.priceCents });
    const pricing = priceCart([engraved, plain, line(1, 502)], 'pay-wire');
    expect(pricing.lines.map((l) => [l.unitCents, l.totalCents])).toEqual([
      [156_000, 312_000],
      [45_000, 45_000],
      [50_200, 49_700],
    ]);
    expect(pricing).toMatchObject({ subtotalCents: 407_200, discountCents: 500, totalCents: 406_700 });
    expect(pricing.gifts.every((g) => g.qualifies)).toBe(true);
  });
});
