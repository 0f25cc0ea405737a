import { describe, expect, it } from 'vitest';
import { readBuild } from '@everstone/contract/core';
import { orderRing as orderRingFixture, ringLine } from './cart-test-lines';
import {
  anotherSettingPath,
  anotherStonePath,
  certificateText,
  editRingPath,
  ringPriceRows,
  ringSizeText,
  ringTitle,
  ringViewOfLine,
  ringViewOfOrder,
  settingText,
} from './ring-lines';

const orderRing = orderRingFixture();

describe('a ring’s words', () => {
  it('names a ring by its setting and metal, and its parts', () => {
    const view = ringViewOfLine(ringLine(1, 5));
    expect(ringTitle(view)).toBe('Aria Engagement Ring in 14K White Gold');
    expect(view.stone).toEqual({
      id: 1,
      title: '1.01 Carat Round Lab Diamond',
      grades: 'Color F · Clarity VS1 · Cut Excellent',
      certificateNumber: 'CERT1',
      lab: 'IGI',
    });
    expect(certificateText(view.stone)).toBe('IGI certificate CERT1');
    expect(settingText(view)).toBe('14K White Gold · Lab-grown side stones');
    const order = ringViewOfOrder(orderRing);
    expect(ringTitle(order)).toBe('Aria Engagement Ring in 18K Yellow Gold');
    expect(certificateText(order.stone)).toBe('Certificate LG41');
    expect(settingText(order)).toBe('18K Yellow Gold');
  });

  it('says a size not known yet as the promise it carries, in the cart and on the order', () => {
    expect(ringSizeText('unknown', 'cart')).toBe('Size to be confirmed — one free resize');
    expect(ringSizeText('unknown', 'order')).toBe('Size to be confirmed: we will contact you before we make it');
    expect(ringSizeText('6.5', 'order')).toBe('Size 6.5');
  });

  it('itemizes the price after the ring’s own parts, adding up to its total', () => {
    const engraved = ringViewOfLine(ringLine(1, 5, { engraving: 'A & B' }));
    const rows = ringPriceRows(engraved);
    expect(rows).toEqual([
      { label: 'Center stone: 1.01 Carat Round Lab Diamond', cents: 100_000 },
      { label: 'Setting: Aria Engagement Ring', cents: 120_000 },
      { label: 'Side stones of the setting', cents: 30_000 },
      { label: 'Engraving', cents: 6_000 },
    ]);
    expect(rows.reduce((sum, r) => sum + r.cents, 0)).toBe(engraved.price.totalCents);
    // An order's wire price in snake_case reads the same way; a setting without side stones has no such row.
    expect(ringPriceRows(ringViewOfOrder(orderRing)).map((r) => r.label)).toEqual([
      'Center stone: 1.01 Carat Round Lab Diamond, F VS1',
      'Setting: Aria Engagement Ring',
    ]);
  });

  it('links back to the builder with the very build, or without the part that is gone', () => {
    const view = ringViewOfLine(ringLine(1, 5, { engraving: 'A & B', ring_size: 'unknown' }));
    const edit = editRingPath(view);
    expect(edit).toBe('/ring-builder/complete?diamond=1&setting=aria-setting&metal=14k-white&accents=lab&size=unknown&engraving=A+%26+B');
    expect(readBuild(new URL(edit, 'https://store.test').searchParams)).toEqual({
      build: { diamond: 1, setting: 'aria-setting', metal: '14k-white', accents: 'lab', size: 'unknown', engraving: 'A & B', by: null },
      dropped: [],
    });
    expect(anotherStonePath(view)).toBe('/diamond?setting=aria-setting&metal=14k-white&accents=lab&size=unknown&engraving=A+%26+B');
    expect(anotherSettingPath(view)).toBe('/ring-builder/settings?diamond=1&metal=14k-white&accents=lab&size=unknown&engraving=A+%26+B');
  });
});
