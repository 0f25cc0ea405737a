import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { giftOutcomeText, type OrderGift, type OrderLine } from '@everstone/contract';
import { OrderGiftSection, splitGiftLines } from './order-lines';

const giftLine: OrderLine = {
  kind: 'product',
  description: 'Free gift: Diamond Necklace, 14K White Gold',
  quantity: 1,
  unit_price: '0.00',
  total: '0.00',
  diamondid: null,
  certificate_number: null,
  product: {
    variant_id: 9,
    sku: 'GF-NK-14W-025-L',
    slug: 'gift-diamond-necklace',
    name: 'Diamond Necklace',
    family: 'necklace',
    metal: '14k-white',
    shape: null,
    carat_total: 0.25,
    width_mm: null,
    origin: 'lab',
    ring_size: null,
    engraving: null,
    lead_days: 2,
    made_to_order: false,
    breakdown: { metal_cents: 30_000, stones_cents: 0, center_cents: 40_000, labor_cents: 20_000, offer_cents: 0 },
    engraving_cents: 0,
    design: { form: 'necklace', style: 'pendant', lengthIn: 18, stones: 0, stoneMm: 4.1, pendant: { gem: 'diamond', shape: 'Round', lengthMm: 4.1, widthMm: 4.1, depthMm: 2.5 }, motif: 'solitaire' },
    included_stone: null,
  },
  ring: null,
  gift: 'necklace',
  tax: '0.00',
  taxes: [],
};
const stoneLine: OrderLine = { kind: 'diamond', description: '1.01 Carat Round Natural Diamond', quantity: 1, unit_price: '1000.00', total: '1000.00', diamondid: 4, certificate_number: 'GIA4', product: null, ring: null, tax: '0.00', taxes: [], gift: null };
const given: OrderGift = { gift: 'necklace', name: 'Diamond Necklace', outcome: 'given', carried: true, message: giftOutcomeText('given', 'necklace') };

function draw(gift: OrderGift | null, lines: OrderLine[]): string {
  const Page = createRoutesStub([{ path: '/orders/x', Component: () => <OrderGiftSection gift={gift} lines={lines} /> }]);
  return renderToStaticMarkup(<Page initialEntries={['/orders/x']} />);
}

describe('the order’s free gift on the confirmation and the order page', () => {
  it('keeps the gift apart from the lines bought', () => {
    expect(splitGiftLines([stoneLine, giftLine])).toEqual({ bought: [stoneLine], gifts: [giftLine] });
  });

  it('shows the gift’s line at $0.00 with the contract’s words while the order carries it', () => {
    const html = draw(given, [giftLine]);
    expect(html).toContain('Your free gift');
    expect(html).toContain('Diamond Necklace');
    expect(html).toContain('$0.00');
    expect(html).toContain(giftOutcomeText('given', 'necklace'));
  });

  it('says why an order carries no gift, or that it went back, without a line', () => {
    const out = draw({ ...given, outcome: 'out_of_stock', carried: false, message: giftOutcomeText('out_of_stock', 'necklace') }, []);
    expect(out).toContain('out of stock');
    expect(out).not.toContain('$0.00');
    const back = draw({ ...given, carried: false, message: giftOutcomeText('given', 'necklace', 'cancelled') }, [giftLine]);
    expect(back).toContain('went back');
    expect(back).not.toContain('$0.00');
    expect(draw(null, [])).toBe('');
  });
});
