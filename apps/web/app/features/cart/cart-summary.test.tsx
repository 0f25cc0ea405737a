import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { GIFT_CHOICE_HINT, outOfStockMessage, priceLines, receivedMessage, type GiftStanding } from '@everstone/contract/core';
import { CartSummary } from './cart-summary';

/** The summary of a cart whose list subtotal is `cents`, with the store's word on the gift. */
function draw(cents: number, giftStanding: GiftStanding | null): string {
  const pricing = priceLines([{ kind: 'diamond', quantity: 1, unitCents: cents, wireDiscountCents: 500 }], null);
  const Page = createRoutesStub([{ path: '/cart', Component: () => <CartSummary payable={[]} pricing={pricing} blocker={null} giftStanding={giftStanding} /> }]);
  return renderToStaticMarkup(<Page initialEntries={['/cart']} />);
}
const none: GiftStanding = { receivedWith: null, outOfStock: [] };

describe('the cart’s word on the free gift (§4, §9)', () => {
  it('shows §9’s progress messages, one gift at a time', () => {
    expect(draw(45_999, none)).toContain('You are $0.01 away from a free Diamond Necklace');
    const necklace = draw(46_000, none);
    expect(necklace).toContain('You qualify for a free Diamond Necklace!');
    expect(necklace).toContain('You are $2,000.00 away from a free Diamond Bracelet');
    const bracelet = draw(246_000, none);
    expect(bracelet).toContain('You qualify for a free Diamond Bracelet!');
    expect(bracelet).not.toContain('You qualify for a free Diamond Necklace!');
    expect(bracelet).toContain(GIFT_CHOICE_HINT);
    // The necklace's line is not drawn as a second gift won.
    expect(bracelet.match(/gift-progress__item--done/g)).toHaveLength(1);
  });

  it('tells a shopper who has received their gift so, instead of promising another', () => {
    const html = draw(300_000, { receivedWith: 'EV-2026-AAAAAA', outOfStock: [] });
    expect(html).toContain(receivedMessage('EV-2026-AAAAAA'));
    expect(html).not.toContain('You qualify');
    expect(html).not.toContain('role="progressbar"');
  });

  it('says before payment that the gift reached is out of stock', () => {
    expect(draw(50_000, { receivedWith: null, outOfStock: ['necklace'] })).toContain(outOfStockMessage('necklace'));
    expect(draw(40_000, { receivedWith: null, outOfStock: ['necklace'] })).not.toContain('out of stock');
  });
});
