import { describe, expect, it } from 'vitest';
import { lineItemSchema } from '../checkout/line-items.ts';
import { lineKey } from '../checkout/line-kinds.ts';
import type { RingDesign } from '../jewelry/design-schemas.ts';
import { ENGRAVING, RING_SIZE_MESSAGES } from './ring-choices.ts';
import { priceLines, ringUnitPrice } from '../checkout/pricing.ts';
import { BUILD_PARAMS, EMPTY_BUILD, builderPath, buildToParams, readBuild, type RingBuild } from './ring-build.ts';
import { FIT_MESSAGES, fitProblem, meetsDate, ringDesignWithStone, ringLeadDays, ringPrice, ringPriceItems, type HeadFit } from './ring-builder.ts';

const head: HeadFit = { shapes: ['Round', 'Oval'], minWidthMm: 5.1, maxWidthMm: 10.2, minCenterCarat: 0 };
const luxe: HeadFit = { ...head, minWidthMm: 9.3, maxWidthMm: 13.1, minCenterCarat: 3 };
const stone = { shape: 'Round', carat: 1.01, lengthMm: 6.45, widthMm: 6.41 };

describe('whether a stone fits a head', () => {
  it('fits a listed shape whose width is inside the window, edges included', () => {
    expect(fitProblem(head, stone)).toBeNull();
    expect(fitProblem(head, { ...stone, lengthMm: 5.1, widthMm: 5.1 })).toBeNull();
    expect(fitProblem(head, { ...stone, lengthMm: 10.2, widthMm: 10.2 })).toBeNull();
  });

  it('refuses a shape the head is not made for, naming both', () => {
    expect(fitProblem(head, { ...stone, shape: 'Emerald' })).toBe('This setting is made for round or oval center stones; this diamond is an emerald.');
    expect(fitProblem({ ...head, shapes: ['Round', 'Oval', 'Cushion'] }, { ...stone, shape: 'Pear' })).toBe(
      'This setting is made for round, oval or cushion center stones; this diamond is a pear.',
    );
  });

  it('measures the width: the smaller face measurement, just outside either edge refused', () => {
    expect(fitProblem(head, { ...stone, lengthMm: 5.09, widthMm: 5.2 })).toBe('This setting holds round stones from 5.10 mm to 10.20 mm wide; this diamond is 5.09 mm wide.');
    expect(fitProblem(head, { ...stone, lengthMm: 10.3, widthMm: 10.21 })).toMatch(/this diamond is 10\.21 mm wide\.$/);
    // An oval's width is its short side, whichever way the certificate writes it.
    expect(fitProblem(head, { shape: 'Oval', carat: 1.5, lengthMm: 5.8, widthMm: 9.1 })).toBeNull();
  });

  it('keeps Luxe heads for 3 ct and up (§9), even when the width would fit', () => {
    const big = { shape: 'Round', carat: 2.99, lengthMm: 9.4, widthMm: 9.35 };
    expect(fitProblem(luxe, big)).toBe('Luxe settings are made for a center stone of 3.00 carats or more; this diamond weighs 2.99 ct.');
    expect(fitProblem(luxe, { ...big, carat: 3 })).toBeNull();
  });

  it('never guesses a stone without measurements', () => {
    expect(fitProblem(head, { ...stone, widthMm: null })).toBe(FIT_MESSAGES.noMeasurements);
    expect(fitProblem(head, { ...stone, lengthMm: null })).toBe(FIT_MESSAGES.noMeasurements);
  });
});

describe('the build in the URL', () => {
  const full: RingBuild = { diamond: 1234, setting: 'aria-solitaire-setting', metal: '18k-rose', accents: 'lab', size: '6.5', engraving: 'A & B ♥', by: '2027-02-14' };

  it('round-trips every chosen part, and only those', () => {
    expect(readBuild(buildToParams(full))).toEqual({ build: full, dropped: [] });
    expect(buildToParams(EMPTY_BUILD).toString()).toBe('');
    expect([...buildToParams(full).keys()]).toEqual([...BUILD_PARAMS]);
  });

  it('leaves out what it cannot read, and says which', () => {
    const { build, dropped } = readBuild(new URLSearchParams('diamond=-3&setting=../etc&metal=gold&size=6.25&engraving=<b>&by=tomorrow&accents=glass'));
    expect(build).toEqual(EMPTY_BUILD);
    expect(dropped).toEqual(['diamond', 'setting', 'metal', 'accents', 'size', 'engraving', 'by']);
    expect(readBuild(new URLSearchParams('size=unknown&engraving=' + 'x'.repeat(ENGRAVING.maxLength + 1))).build).toMatchObject({ size: 'unknown', engraving: '' });
  });

  it('links each step with the whole build', () => {
    expect(builderPath(1, EMPTY_BUILD)).toBe('/diamond');
    expect(builderPath(3, { ...EMPTY_BUILD, diamond: 7, setting: 'vela-solitaire-setting' })).toBe('/ring-builder/complete?diamond=7&setting=vela-solitaire-setting');
    expect(builderPath(2, full)).toMatch(/^\/ring-builder\/settings\?diamond=1234&setting=aria-solitaire-setting&metal=18k-rose/);
  });
});

describe("a ring's price", () => {
  it('is itemized in whole cents that add up to the total', () => {
    const price = ringPrice({ stoneCents: 412_345, settingVariantCents: 146_000, settingStonesCents: 38_000, engraved: true });
    expect(price).toEqual({ stoneCents: 412_345, settingCents: 108_000, sideStonesCents: 38_000, engravingCents: ENGRAVING.priceCents, totalCents: 412_345 + 146_000 + 6_000 });
    const items = ringPriceItems(price, { stone: '1.01 ct Round', setting: 'Aria in 14K White Gold' });
    expect(items.reduce((sum, i) => sum + i.cents, 0)).toBe(price.totalCents);
    expect(items.map((i) => i.label)).toEqual(['Center stone: 1.01 ct Round', 'Setting: Aria in 14K White Gold', 'Side stones of the setting', 'Engraving']);
  });

  it('leaves out side stones and engraving the ring does not have', () => {
    const plain = ringPrice({ stoneCents: 100_000, settingVariantCents: 41_000, settingStonesCents: 0, engraved: false });
    expect(ringPriceItems(plain, { stone: 's', setting: 't' })).toHaveLength(2);
    expect(plain.totalCents).toBe(141_000);
  });

  it('refuses fractions of a cent', () => {
    expect(() => ringPrice({ stoneCents: 10.5, settingVariantCents: 1, settingStonesCents: 0, engraved: false })).toThrow(RangeError);
  });

  it('takes the stone’s bank-wire discount once per ring', () => {
    const wire = priceLines([{ kind: 'ring', quantity: 1, ...ringUnitPrice({ stoneCents: 100_000, totalCents: 141_000 }) }], 'pay-wire');
    expect(wire.totalCents).toBe(141_000 - 500);
  });
});

describe('the ring line', () => {
  it('is one ring: a stone, a setting variant, a size, maybe an engraving', () => {
    expect(lineItemSchema.parse({ kind: 'ring', diamond_id: '5', variant_id: 9, ring_size: 'unknown', engraving: '  Yes ' })).toEqual({
      kind: 'ring',
      diamond_id: 5,
      variant_id: 9,
      quantity: 1,
      ring_size: 'unknown',
      engraving: 'Yes',
    });
    const message = (line: object) => lineItemSchema.safeParse(line).error?.issues[0]?.message;
    expect(message({ kind: 'ring', diamond_id: 5, variant_id: 9 })).toBe(RING_SIZE_MESSAGES.required);
    expect(message({ kind: 'ring', diamond_id: 5, variant_id: 9, ring_size: '6', quantity: 2 })).toBe('A ring is one of a kind: its quantity is 1.');
  });

  it('is keyed by its stone, so one stone makes one ring', () => {
    const a = { kind: 'ring', diamond_id: 5, variant_id: 9, quantity: 1, ring_size: '6', engraving: null } as const;
    expect(lineKey(a)).toBe(lineKey({ ...a, variant_id: 10, ring_size: '7' }));
    expect(lineKey(a)).not.toBe(lineKey({ kind: 'diamond', diamond_id: 5, quantity: 1 }));
  });
});

describe('the ring as made', () => {
  const setting: RingDesign = {
    form: 'ring',
    bandWidthMm: 1.8,
    bandThicknessMm: 1.6,
    profile: 'comfort',
    milgrain: false,
    head: { prongs: 4, halo: 'none', sideCenters: 0, shapes: ['Oval'], minWidthMm: 4.1, maxWidthMm: 8.6, shownWidthMm: 5.6, vintage: false },
    accents: null,
    center: null,
    inlay: null,
  };

  it('holds the stone at its certificate’s length, width and depth', () => {
    const ring = ringDesignWithStone(setting, { shape: 'Oval', lengthMm: 5.9, widthMm: 8.8, depthPct: 61.5 });
    expect(ring.center).toEqual({ gem: 'diamond', shape: 'Oval', lengthMm: 8.8, widthMm: 5.9, depthMm: 3.63 });
    expect(ring.head?.shownWidthMm).toBe(5.9);
    expect(setting.center).toBeNull();
  });

  it('takes the setting’s lead time, or the stone’s way to the bench, and two days to set it', () => {
    expect(ringLeadDays(15)).toBe(17);
    expect(ringLeadDays(2)).toBe(7);
  });
});

describe('the proposal date', () => {
  it('says whether the ring arrives in time, counting the overnight delivery', () => {
    const thursday = new Date(2027, 1, 11);
    expect(meetsDate(thursday, '2027-02-12')).toEqual({ meets: true, message: 'Arrives by Friday, February 12, in time for Friday, February 12.' });
    expect(meetsDate(thursday, '2027-02-11').meets).toBe(false);
    // Shipped on a Friday, it arrives on Monday.
    expect(meetsDate(new Date(2027, 1, 12), '2027-02-14').message).toMatch(/^This ring would arrive Monday, February 15, after Sunday, February 14\./);
  });
});
