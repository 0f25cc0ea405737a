import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { GIFT_CHOICE_TEXT, outOfStockMessage, receivedMessage, type GiftChoice, type GiftStanding } from '@everstone/contract/core';
import { GiftChoicePanel } from './gift-choice';

const draw = (cents: number, standing: GiftStanding | null, choice: GiftChoice = 'bracelet') =>
  renderToStaticMarkup(<GiftChoicePanel subtotalCents={cents} standing={standing} choice={choice} onChoose={() => {}} />);
const none: GiftStanding = { receivedWith: null, outOfStock: [] };

describe('the checkout’s free gift', () => {
  it('shows nothing below the first tier, the necklace from it, and the choice from the second, the bracelet preselected', () => {
    expect(draw(45_999, none)).toBe('');
    const necklace = draw(46_000, none);
    expect(necklace).toContain('Diamond Necklace');
    expect(necklace).not.toContain('type="radio"');
    const choice = draw(246_000, none);
    expect(choice).toContain(GIFT_CHOICE_TEXT);
    expect(choice).toMatch(/checked="" value="bracelet"/);
    expect(choice).not.toMatch(/checked="" value="earrings"/);
    expect(draw(246_000, none, 'earrings')).toMatch(/checked="" value="earrings"/);
  });

  it('says so before payment when the chosen gift is out of stock, or the account has received its gift', () => {
    expect(draw(246_000, { receivedWith: null, outOfStock: ['earrings'] }, 'earrings')).toContain(outOfStockMessage('earrings'));
    expect(draw(246_000, { receivedWith: null, outOfStock: ['earrings'] }, 'bracelet')).not.toContain('out of stock');
    const received = draw(246_000, { receivedWith: 'EV-2026-AAAAAA', outOfStock: [] });
    expect(received).toContain(receivedMessage('EV-2026-AAAAAA'));
    expect(received).not.toContain('type="radio"');
  });
});
