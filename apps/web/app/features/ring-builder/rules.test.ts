import { describe, expect, it } from 'vitest';
import {
  EMPTY_BUILD,
  ENGRAVING,
  ENGRAVING_MESSAGES,
  RING_SIZE_MESSAGES,
  RING_SIZE_UNKNOWN,
  lineKey,
  readBuild,
  ringPriceItems,
  type BuilderRingResponse,
  type RingBuild,
} from '@everstone/contract/core';
import { cartLineKey, lineItemOf } from '../../domain/cart';
import { ringLine, settingDesign, stoneRecord } from '../../domain/cart-test-lines';
import {
  DEFAULT_SETTINGS_FILTERS,
  HAND_DEFAULT_SIZE,
  addProblem,
  designWithDiamond,
  fingerOf,
  holdCountdown,
  readSettingsFilters,
  ringApiPath,
  ringLineOf,
  ringPriceWith,
  settingsApiPath,
  settingsPagePath,
} from './rules';
import { settingPagePath, stepItems, stoneSummary, stonePagePath } from './steps';

const build = (change: Partial<RingBuild> = {}): RingBuild => ({ ...EMPTY_BUILD, ...change });

/** The server's ring for stone 12 in the Aria setting's variant 40: $1,000 stone, $1,500 setting of which $300 side stones. */
function ringResponse(change: Partial<BuilderRingResponse> = {}): BuilderRingResponse {
  return {
    diamond: stoneRecord(12),
    setting: { slug: 'aria-setting', name: 'Aria Engagement Ring', style: 'pave', collection: null, engravable: true, resizable: true, metals: ['14k-white', 'platinum'], origins: ['lab', 'natural'], discontinued: false },
    variant: {
      id: 40,
      sku: 'ARIA-40',
      metal: '14k-white',
      shape: 'Round',
      origin: 'lab',
      price_cents: 150_000,
      breakdown: { metal_cents: 60_000, stones_cents: 30_000, center_cents: 0, labor_cents: 60_000, offer_cents: 0 },
      metal_grams: 3.1,
      lead_days: 10,
      design: settingDesign,
    },
    price: { stone_cents: 100_000, setting_cents: 120_000, side_stones_cents: 30_000, engraving_cents: 0, total_cents: 250_000 },
    lead_days: 12,
    fit_problem: null,
    stone_problem: null,
    hold: null,
    alternatives: [],
    ...change,
  };
}

describe('what the steps show of a build', () => {
  it('names a stone by weight, shape, grades and price, and a setting by its name and metal', () => {
    expect(stoneSummary(stoneRecord(12, { price: 3450 }))).toBe('1.01 ct Round, F VS1 · $3,450');
    expect(stoneSummary(stoneRecord(12, { color: null, fancy_color: { id: 1, name: 'Yellow', intensity: 'Fancy Intense' } }))).toBe('1.01 ct Round, Fancy Intense Yellow VS1 · $1,000');
  });

  it('links every step with the whole build, highlights the page’s own and shows what was chosen in each', () => {
    const b = build({ diamond: 12, setting: 'aria-setting', metal: 'platinum', size: '6.5' });
    const items = stepItems(2, b, { stone: stoneRecord(12), setting: { slug: 'aria-setting', name: 'Aria Engagement Ring' } });
    expect(items.map((s) => s.current)).toEqual([false, true, false]);
    expect(items.map((s) => s.href)).toEqual([
      '/diamond?diamond=12&setting=aria-setting&metal=platinum&size=6.5',
      '/ring-builder/settings?diamond=12&setting=aria-setting&metal=platinum&size=6.5',
      '/ring-builder/complete?diamond=12&setting=aria-setting&metal=platinum&size=6.5',
    ]);
    expect(items[0]!.chosen).toEqual({ text: '1.01 ct Round, F VS1 · $1,000', href: '/diamond-details/12?setting=aria-setting&metal=platinum&size=6.5' });
    expect(items[1]!.chosen).toEqual({ text: 'Aria Engagement Ring in Platinum', href: '/jewelry/aria-setting?diamond=12&metal=platinum&size=6.5' });
    expect(items[2]!.chosen).toBeNull();
    expect(items.every((s) => s.needs === null)).toBe(true);
  });

  it('says what the last step needs first, and shows nothing chosen that the page does not know', () => {
    expect(stepItems(1, EMPTY_BUILD, { stone: null, setting: null })[2]!.needs).toBe('Choose a diamond and a setting first');
    expect(stepItems(1, build({ setting: 'aria-setting' }), { stone: null, setting: null })[2]!.needs).toBe('Choose a diamond first');
    // A record of another stone (the page's own, not the build's) is not the build's choice.
    const items = stepItems(1, build({ diamond: 12 }), { stone: stoneRecord(13), setting: null });
    expect(items[0]!.chosen).toBeNull();
    expect(items[2]!.needs).toBe('Choose a setting first');
  });

  it('links a setting’s page with its side stones as the page’s own option, and a stone’s page without itself in the build', () => {
    expect(settingPagePath('aria-setting', build({ diamond: 12, setting: 'aria-setting', metal: '14k-rose', accents: 'natural' }))).toBe(
      '/jewelry/aria-setting?diamond=12&metal=14k-rose&accents=natural&origin=natural',
    );
    expect(stonePagePath(12, build({ diamond: 12, setting: 'aria-setting' }))).toBe('/diamond-details/12?setting=aria-setting');
    expect(stonePagePath(12, EMPTY_BUILD)).toBe('/diamond-details/12');
  });
});

describe('step 2’s address', () => {
  it('round-trips the build and its filters, leaving defaults out', () => {
    const b = build({ diamond: 12, metal: 'platinum' });
    const path = settingsPagePath(b, { style: 'halo', sort: 'price_asc', page: 3 });
    expect(path).toBe('/ring-builder/settings?diamond=12&metal=platinum&style=halo&sort=price_asc&page=3');
    const params = new URL(path, 'http://x').searchParams;
    expect(readBuild(params).build).toEqual(b);
    expect(readSettingsFilters(params)).toEqual({ style: 'halo', sort: 'price_asc', page: 3 });
    expect(settingsPagePath(b, DEFAULT_SETTINGS_FILTERS)).toBe('/ring-builder/settings?diamond=12&metal=platinum');
  });

  it('ignores a style that is not a setting’s, an unknown sort and a page out of range', () => {
    expect(readSettingsFilters(new URLSearchParams('style=studs&sort=newest&page=0'))).toEqual(DEFAULT_SETTINGS_FILTERS);
    expect(readSettingsFilters(new URLSearchParams('page=1.5'))).toEqual(DEFAULT_SETTINGS_FILTERS);
  });

  it('asks the API for the stone’s settings in the build’s metal', () => {
    expect(settingsApiPath(12, 'platinum', { style: 'halo', sort: 'best', page: 2 })).toBe('/api/builder/settings?diamond=12&style=halo&metal=platinum&page=2');
    expect(settingsApiPath(12, null, DEFAULT_SETTINGS_FILTERS)).toBe('/api/builder/settings?diamond=12');
  });
});

describe('step 3’s ring', () => {
  it('is asked of the API with its parts and choices, never with the engraving (the page prices it)', () => {
    expect(ringApiPath({ ...build({ metal: 'platinum', accents: 'natural', engraving: 'J & K', size: '7' }), diamond: 12, setting: 'aria-setting' })).toBe(
      '/api/builder/ring?diamond=12&setting=aria-setting&metal=platinum&accents=natural&engraved=0',
    );
  });

  it('adds the engraving to the server’s price, the items still summing to the total in cents', () => {
    const wire = ringResponse().price;
    const plain = ringPriceWith(wire, false);
    expect(plain).toEqual({ stoneCents: 100_000, settingCents: 120_000, sideStonesCents: 30_000, engravingCents: 0, totalCents: 250_000 });
    const engraved = ringPriceWith(wire, true);
    expect(engraved.totalCents).toBe(250_000 + ENGRAVING.priceCents);
    const items = ringPriceItems(engraved, { stone: 'stone', setting: 'setting' });
    expect(items.map((i) => i.label)).toEqual(['Center stone: stone', 'Setting: setting', 'Side stones of the setting', 'Engraving']);
    expect(items.reduce((sum, i) => sum + i.cents, 0)).toBe(engraved.totalCents);
  });

  it('becomes one ring line of the cart, as the cart and the order API read it', () => {
    const line = ringLineOf(ringResponse(), { size: '6.5', engraving: '  J & K ' });
    expect(line).toEqual(ringLine(12, 40, { ring_size: '6.5', engraving: 'J & K', lead_days: 12 }));
    expect(lineItemOf(line)).toEqual({ kind: 'ring', diamond_id: 12, variant_id: 40, quantity: 1, ring_size: '6.5', engraving: 'J & K' });
    expect(cartLineKey(line)).toBe(lineKey({ kind: 'ring', diamond_id: 12, variant_id: 40, quantity: 1, ring_size: '6.5', engraving: null }));
    expect(ringLineOf(ringResponse(), { size: RING_SIZE_UNKNOWN, engraving: '   ' })).toMatchObject({ ring_size: 'unknown', engraving: null, price: { totalCents: 250_000 } });
  });

  it('cannot go in the cart while the server says it cannot be made, then while the shopper has something to choose', () => {
    const ok = { size: '6', engraving: '' };
    expect(addProblem(ringResponse(), ok)).toBeNull();
    expect(addProblem(ringResponse({ stone_problem: 'This diamond has been sold.', fit_problem: 'too big' }), ok)).toBe('This diamond has been sold.');
    expect(addProblem(ringResponse({ setting: { ...ringResponse().setting, discontinued: true } }), ok)).toMatch(/no longer made/);
    expect(addProblem(ringResponse({ fit_problem: 'This setting holds round stones from 5.00 mm to 8.00 mm wide.' }), ok)).toMatch(/^This setting holds/);
    expect(addProblem(ringResponse(), { size: '', engraving: '' })).toBe(RING_SIZE_MESSAGES.required);
    expect(addProblem(ringResponse({ setting: { ...ringResponse().setting, resizable: false } }), { size: RING_SIZE_UNKNOWN, engraving: '' })).toBe(RING_SIZE_MESSAGES.notResizable);
    expect(addProblem(ringResponse(), { size: '6', engraving: 'x'.repeat(17) })).toBe(ENGRAVING_MESSAGES.tooLong);
    expect(addProblem(ringResponse(), { size: '6', engraving: 'Love <3' })).toBe(ENGRAVING_MESSAGES.characters);
    expect(addProblem(ringResponse({ setting: { ...ringResponse().setting, engravable: false } }), { size: '6', engraving: 'J' })).toBe(ENGRAVING_MESSAGES.notAllowed);
  });

  it('draws the hand at the chosen size’s finger, or size 6 (said so) while none is chosen', () => {
    expect(fingerOf('7')).toEqual({ size: '7', mm: 17.3, assumed: false });
    expect(fingerOf('3')).toEqual({ size: '3', mm: 14.05, assumed: false });
    expect(fingerOf(null)).toEqual({ size: HAND_DEFAULT_SIZE, mm: 16.49, assumed: true });
    expect(fingerOf(RING_SIZE_UNKNOWN)).toMatchObject({ size: '6', assumed: true });
  });

  it('draws a setting holding a stone at its certificate’s size, and the setting alone when the stone has no measurements', () => {
    const oval = stoneRecord(12, { shape: { id: 4, name: 'Oval', image: 'oval' }, measurement_l: 9.1, measurement_w: 6.2, depth: 60 });
    const held = designWithDiamond({ ...settingDesign, center: null }, oval);
    expect(held.form === 'ring' && held.center).toEqual({ gem: 'diamond', shape: 'Oval', lengthMm: 9.1, widthMm: 6.2, depthMm: 3.72 });
    expect(held.form === 'ring' && held.head?.shownWidthMm).toBe(6.2);
    const bare = { ...settingDesign, center: null };
    expect(designWithDiamond(bare, stoneRecord(12, { measurement_l: null, measurement_w: null }))).toBe(bare);
  });
});

describe('a hold’s countdown', () => {
  it('counts down in minutes and seconds to the time it ends, and ends at zero', () => {
    const end = '2026-11-25T15:45:00Z';
    const at = Date.parse(end) - (12 * 60 + 30) * 1000;
    expect(holdCountdown(end, at)).toMatchObject({ left: '12:30', ended: false, secondsLeft: 750 });
    expect(holdCountdown(end, at).until).toMatch(/^\d{1,2}:45 [AP]M$/);
    expect(holdCountdown(end, Date.parse(end) - 400)).toMatchObject({ left: '0:01', ended: false });
    expect(holdCountdown(end, Date.parse(end) + 5000)).toMatchObject({ left: '0:00', ended: true });
  });
});
