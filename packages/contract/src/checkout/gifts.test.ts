import { describe, expect, it } from 'vitest';
import { PROMOTIONS } from '../constants.ts';
import { dollarsToCents } from '../money.ts';
import {
  GIFT_RULE_TEXT,
  GIFT_TIERS,
  giftFor,
  giftMustReturn,
  giftNotice,
  giftOutcomeText,
  giftProgress,
  giftThresholdCents,
  outOfStockMessage,
  receivedMessage,
} from './gifts.ts';
import { diamondUnitPrice, priceLines } from './pricing.ts';

const none = { receivedWith: null, outOfStock: [] };

describe('the gift tiers (§9 "Cart and promotions")', () => {
  it('are the cart’s thresholds, in cents', () => {
    expect(GIFT_TIERS.map((t) => t.thresholdCents)).toEqual([dollarsToCents(PROMOTIONS.freeNecklaceThreshold), dollarsToCents(PROMOTIONS.freeBraceletThreshold)]);
    expect(GIFT_TIERS.map((t) => t.thresholdCents)).toEqual([46_000, 246_000]);
  });

  it('give one gift, the highest tier reached, exact to the cent', () => {
    expect(giftFor(0)).toBeNull();
    expect(giftFor(45_999)).toBeNull();
    expect(giftFor(46_000)).toBe('necklace');
    expect(giftFor(245_999)).toBe('necklace');
    expect(giftFor(246_000)).toBe('bracelet');
    expect(giftFor(10_000_000)).toBe('bracelet');
  });

  it('let the shopper take the earrings instead of the bracelet at tier 2, and only there', () => {
    expect(giftFor(246_000, 'earrings')).toBe('earrings');
    expect(giftFor(246_000, 'bracelet')).toBe('bracelet');
    expect(giftFor(245_999, 'earrings')).toBe('necklace');
    expect(giftFor(45_999, 'earrings')).toBeNull();
  });

  it('keep the home page’s and the terms’ promises: $1,000 earns at least a necklace, $2,500 the earrings', () => {
    expect(giftFor(dollarsToCents(1_000))).not.toBeNull();
    expect(giftFor(dollarsToCents(2_500), 'earrings')).toBe('earrings');
  });

  it('name each gift’s threshold', () => {
    expect(giftThresholdCents('necklace')).toBe(46_000);
    expect(giftThresholdCents('bracelet')).toBe(246_000);
    expect(giftThresholdCents('earrings')).toBe(246_000);
  });
});

describe('giftProgress (§4, §9)', () => {
  it('says how far the subtotal is from each tier, floored at zero, at the thresholds’ edges', () => {
    expect(giftProgress(0).map((g) => g.message)).toEqual(['You are $460.00 away from a free Diamond Necklace', 'You are $2,460.00 away from a free Diamond Bracelet']);
    expect(giftProgress(45_999)[0]).toMatchObject({ remainingCents: 1, qualifies: false, message: 'You are $0.01 away from a free Diamond Necklace' });
    const at = giftProgress(46_000);
    expect(at[0]).toMatchObject({ remainingCents: 0, qualifies: true, superseded: false, message: 'You qualify for a free Diamond Necklace!' });
    expect(at[1]).toMatchObject({ remainingCents: 200_000, qualifies: false, message: 'You are $2,000.00 away from a free Diamond Bracelet' });
    expect(giftProgress(245_999)[1]).toMatchObject({ remainingCents: 1, message: 'You are $0.01 away from a free Diamond Bracelet' });
  });

  it('never reads as two gifts: past tier 2 the necklace’s line says the bracelet takes its place', () => {
    for (const cents of [246_000, 1_000_000]) {
      const [necklace, bracelet] = giftProgress(cents);
      expect(bracelet).toMatchObject({ remainingCents: 0, qualifies: true, superseded: false, message: 'You qualify for a free Diamond Bracelet!' });
      expect(necklace).toMatchObject({ qualifies: true, superseded: true });
      expect(necklace!.message).toBe('One gift per order: the free Diamond Bracelet takes the place of the Diamond Necklace.');
      expect(giftProgress(cents).filter((g) => g.message.startsWith('You qualify')).length).toBe(1);
    }
  });

  it('is what priceLines answers, on the list subtotal whatever the method', () => {
    // $460.04 by wire pays $455.04, but the list subtotal has reached the necklace.
    const pricing = priceLines([{ kind: 'diamond', quantity: 1, ...diamondUnitPrice(46_004) }], 'pay-wire');
    expect(pricing.totalCents).toBe(45_504);
    expect(pricing.gifts).toEqual(giftProgress(46_004));
  });
});

describe('giftNotice: one gift per customer, and stock', () => {
  it('says nothing more than the progress when the gift is there to give', () => {
    expect(giftNotice(0, none)).toBeNull();
    expect(giftNotice(46_000, none)).toBeNull();
  });

  it('tells an account that has received its gift so, whatever the subtotal', () => {
    const received = { receivedWith: 'EV-2026-AAAAAA', outOfStock: [] };
    expect(giftNotice(0, received)).toBe(receivedMessage('EV-2026-AAAAAA'));
    expect(giftNotice(300_000, received)).toBe(
      'Your account has already received its free gift, with order EV-2026-AAAAAA: one gift per customer, so this order comes without one.',
    );
  });

  it('says the gift the subtotal reaches is out of stock, and only that one', () => {
    const noNecklace = { receivedWith: null, outOfStock: ['necklace' as const] };
    expect(giftNotice(45_999, noNecklace)).toBeNull();
    expect(giftNotice(46_000, noNecklace)).toBe(outOfStockMessage('necklace'));
    expect(giftNotice(246_000, noNecklace)).toBeNull();
    const noBracelet = { receivedWith: null, outOfStock: ['bracelet' as const] };
    expect(giftNotice(246_000, noBracelet)).toBe('The free Diamond Bracelet is out of stock. An order placed now comes without it, and your account keeps its right to a free gift.');
    expect(giftNotice(246_000, noBracelet, 'earrings')).toBeNull();
  });
});

describe('the gift after the order', () => {
  it('words each outcome for the order page and the emails', () => {
    expect(giftOutcomeText('given', 'earrings')).toBe('Your free gift, the Diamond Stud Earrings, comes with this order (one gift per customer).');
    expect(giftOutcomeText('out_of_stock', 'necklace')).toContain('out of stock');
    expect(giftOutcomeText('already_received', 'necklace')).toContain('already received');
  });

  it('must come back with a return that leaves what is kept below its threshold, exact to the cent', () => {
    expect(giftMustReturn('necklace', 46_000)).toBe(false);
    expect(giftMustReturn('necklace', 45_999)).toBe(true);
    expect(giftMustReturn('bracelet', 246_000)).toBe(false);
    expect(giftMustReturn('earrings', 245_999)).toBe(true);
  });

  it('states the store’s rule with the tiers the order uses', () => {
    expect(GIFT_RULE_TEXT[0]).toContain('$460.00');
    expect(GIFT_RULE_TEXT[0]).toContain('$2,460.00');
  });
});
