import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMOTIONS, type Diamond } from '@everstone/contract/core';
import { addToCart, cartStore, changeQuantity, lineItemOf, priceCart, removeFromCart, type CartLine } from './cart';

function diamond(id: number, price: number): Diamond {
  return {
    diamondid: id,
    certificate_number: `CERT${id}`,
    type: 1,
    shape: { id: 1, name: 'Round', image: 'round' },
    carat_weight: 1.01,
    color: { id: 3, name: 'F' },
    fancy_color: null,
    clarity: { id: 4, name: 'VS1' },
    cut: { id: 1, full_name: 'Excellent' },
    certificate_company: { dl_name: 'GIA' },
    polish: 'Excellent',
    symmetry: 'Excellent',
    fluorescence: 'None',
    measurement_l: 6.4,
    measurement_w: 6.42,
    measurements: '6.40 x 6.42 x 3.95 mm',
    table_diamond: 57,
    depth: 61.5,
    price,
    is_superdeal: 0,
    status: 'available',
  };
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
    expect(cartStore.get().map((l) => [l.kind, l.certificate_number, l.quantity])).toEqual([
      ['diamond', 'CERT1', 1],
      ['diamond', 'CERT2', 1],
    ]);
    removeFromCart('CERT1');
    expect(cartStore.get().map((l) => l.certificate_number)).toEqual(['CERT2']);
    expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([{ ...diamond(2, 700), kind: 'diamond', quantity: 1 }]);
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
      'You qualify for a free Diamond Necklace!',
      'You qualify for a free Diamond Bracelet!',
    ]);
  });

  it('counts a record saved without a usable price as nothing until the store’s check brings one', () => {
    const broken = { ...line(1, 0), price: undefined } as unknown as CartLine;
    expect(priceCart([broken, line(2, 99.99)], null).subtotalCents).toBe(9_999);
  });

  it('names each line as the order API does', () => {
    expect(lineItemOf(line(41, 10))).toEqual({ kind: 'diamond', diamond_id: 41, quantity: 1 });
  });
});
