import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIT_MESSAGES,
  LUXE_MIN_CENTER_CARAT,
  SETTING_STYLES,
  fitProblem,
  headFitOf,
  type RingDesign,
  type ShapeName,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createInventoryService } from '../inventory/index.ts';
import { stoneSize } from './jewelry-data.ts';
import { seedProducts } from './seed.ts';
import { createJewelryService, type JewelryService, type StoneForSetting } from './service.ts';

/** A well-cut stone of `shape` and `carat` as its certificate would give it. */
function stone(shape: ShapeName, carat: number, origin: 'lab' | 'natural' = 'lab'): StoneForSetting {
  const size = stoneSize(shape, carat);
  return { shape, carat, lengthMm: size.lengthMm, widthMm: size.widthMm, depthPct: 62, origin, priceCents: Math.round(carat * 300_000) };
}

const firstPage = { sort: 'best', page: 1 } as const;

/**
 * The ring builder's reads of the settings, against the seeded catalog: what fits is checked with the contract's
 * own `fitProblem` on the variant each card shows, never against counts of the seed.
 */
describe.each(TEST_ENGINES)('settings for a stone on %s', (engine) => {
  let db: TestDb;
  let products: JewelryService;

  beforeAll(async () => {
    db = await createTestDb(engine);
    const inventory = createInventoryService({ db: db.db });
    await seedProducts(db, inventory);
    products = createJewelryService({ db: db.db, inventory });
  });

  afterAll(async () => {
    await db?.destroy();
  });

  /** Every card of every page for the stone. */
  async function allSettings(s: StoneForSetting, q: { style?: (typeof SETTING_STYLES)[number]['id']; metal?: '14k-white' | 'platinum' } = {}) {
    const first = await products.settingsForStone(s, { ...firstPage, ...q });
    const cards = [...first.data];
    for (let page = 2; (page - 1) * first.per_page < first.total; page++) cards.push(...(await products.settingsForStone(s, { ...q, sort: 'best', page })).data);
    return { first, cards };
  }

  /** The head of a card's variant, from the product's own page. */
  async function headOfCard(slug: string, variantId: number) {
    const detail = await products.detail(slug);
    const variant = detail.variants.find((v) => v.id === variantId)!;
    return { detail, variant, head: headFitOf((variant.design as RingDesign).head!) };
  }

  it('offers only settings whose head really holds the stone, priced with it, with its own side stones', async () => {
    const round = stone('Round', 1.01);
    const { first, cards } = await allSettings(round);
    expect(first.total).toBeGreaterThan(10);
    expect(cards).toHaveLength(first.total);
    expect(first.none_reason).toBeNull();
    for (const card of cards) {
      const { detail, variant, head } = await headOfCard(card.slug, card.variant_id);
      expect(detail.family).toBe('setting');
      expect(fitProblem(head, round), card.slug).toBeNull();
      expect(card.ring_cents).toBe(round.priceCents + variant.price_cents);
      expect(card.price_cents).toBe(variant.price_cents);
      // Lab stone, lab side stones wherever the setting has both.
      if (detail.options.origin.includes('lab')) expect(variant.origin, card.slug).toBe('lab');
      // The card draws this stone in the head, at its certificate's width.
      expect((card.design as RingDesign).center?.widthMm).toBe(round.widthMm);
      // The cheapest fitting variant is shown.
      const cheaper = detail.variants.filter(
        (v) => v.available && v.shape === 'Round' && (v.origin === variant.origin || v.origin === null) && v.price_cents < card.price_cents,
      );
      expect(cheaper, card.slug).toEqual([]);
    }
    // A natural stone gets natural side stones.
    const natural = await products.settingsForStone(stone('Round', 1.01, 'natural'), firstPage);
    for (const card of natural.data) if (card.origin !== null) expect(card.origin).toBe('natural');
  });

  it('counts styles with the metal chosen, filters by style and metal, and sorts by price', async () => {
    const oval = stone('Oval', 1.5);
    const all = await products.settingsForStone(oval, firstPage);
    expect(all.styles.map((s) => s.value)).toEqual(SETTING_STYLES.map((s) => s.id));
    expect(all.styles.reduce((sum, s) => sum + s.count, 0)).toBe(all.total);
    const halo = await allSettings(oval, { style: 'halo' });
    expect(halo.first.total).toBe(all.styles.find((s) => s.value === 'halo')!.count);
    expect(halo.cards.every((c) => c.style === 'halo')).toBe(true);
    // The style counts do not depend on the style chosen.
    expect(halo.first.styles).toEqual(all.styles);
    const platinum = await allSettings(oval, { metal: 'platinum' });
    expect(platinum.cards.every((c) => c.metal === 'platinum')).toBe(true);
    expect(platinum.first.styles.reduce((sum, s) => sum + s.count, 0)).toBe(platinum.first.total);
    const cheap = await products.settingsForStone(oval, { sort: 'price_asc', page: 1 });
    const prices = cheap.data.map((c) => c.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('never offers a Luxe setting for a 2 ct stone, and offers them for a stone of 3 ct and more', async () => {
    const two = await allSettings(stone('Round', 2));
    expect(two.cards.length).toBeGreaterThan(0);
    expect(two.cards.some((c) => c.name.includes('Luxe'))).toBe(false);
    const four = await allSettings(stone('Round', 4.2));
    const luxe = four.cards.filter((c) => c.name.includes('Luxe'));
    expect(luxe.length).toBeGreaterThan(0);
    for (const card of luxe) expect((await headOfCard(card.slug, card.variant_id)).head.minCenterCarat).toBe(LUXE_MIN_CENTER_CARAT);
  });

  it('says why nothing fits: no measurements, a shape no head takes, a stone too small', async () => {
    const unmeasured = await products.settingsForStone({ ...stone('Round', 1), lengthMm: null, widthMm: null }, firstPage);
    expect(unmeasured).toMatchObject({ total: 0, data: [], none_reason: FIT_MESSAGES.noMeasurements });
    const heart = await products.settingsForStone(stone('Heart', 1), firstPage);
    expect(heart.total).toBe(0);
    expect(heart.none_reason).toContain('heart');
    const tiny = await products.settingsForStone(stone('Round', 0.2), firstPage);
    expect(tiny.total).toBe(0);
    expect(tiny.none_reason).toContain('mm wide');
  });

  it('gives a setting’s fit for step 1: windows per shape, the Luxe minimum, the carat range they come to', async () => {
    const aria = await products.settingFit('aria-solitaire-setting');
    expect(aria.min_center_carat).toBe(0);
    expect(aria.shapes.map((s) => s.shape)).toContain('Round');
    for (const s of aria.shapes) {
      expect(s.min_width_mm).toBeLessThan(s.max_width_mm);
      // A well-cut stone at each end of the carat range lands inside its shape's window.
      expect(stoneSize(s.shape, Math.max(aria.carat.min, 0.5)).widthMm).toBeGreaterThanOrEqual(s.min_width_mm - 0.01);
    }
    expect(aria.carat.min).toBeLessThanOrEqual(0.5);
    expect(aria.carat.max).toBeGreaterThanOrEqual(4);
    expect(aria.metal).toBe('14k-white');

    const luxeSlug = (await products.slugs()).find((s) => s.slug.includes('luxe'))!.slug;
    const luxe = await products.settingFit(luxeSlug);
    expect(luxe.min_center_carat).toBe(LUXE_MIN_CENTER_CARAT);
    expect(luxe.carat.min).toBeGreaterThanOrEqual(LUXE_MIN_CENTER_CARAT);

    await expect(products.settingFit('no-such-setting')).rejects.toThrow(/No setting/);
    // A piece that is not a setting has no head to fit.
    const band = (await products.slugs()).find((s) => s.family === 'band')!.slug;
    await expect(products.settingFit(band)).rejects.toThrow(/No setting/);
    expect(await products.settingWindows(band)).toBeNull();
  });

  it('picks step 3’s variant: the metal and side stones asked for where offered, else the defaults', async () => {
    const halo = 'soleil-halo-setting';
    const byDefault = await products.ringVariant(halo, 'Oval', { stoneOrigin: 'lab' });
    expect(byDefault).toMatchObject({ discontinued: false, shapeOffered: true });
    expect(byDefault.variant).toMatchObject({ metal: '14k-white', shape: 'Oval', origin: 'lab' });
    expect(byDefault.origins).toEqual(['lab', 'natural']);
    const chosen = await products.ringVariant(halo, 'Oval', { metal: 'platinum', origin: 'natural', stoneOrigin: 'lab' });
    expect(chosen.variant).toMatchObject({ metal: 'platinum', shape: 'Oval', origin: 'natural' });
    const noHead = await products.ringVariant(halo, 'Emerald', { stoneOrigin: 'natural' });
    expect(noHead.shapeOffered).toBe(false);
    await expect(products.ringVariant('no-such-setting', 'Round', { stoneOrigin: 'lab' })).rejects.toThrow(/No setting/);

    // A setting no longer made is still found, and says so.
    const product = await db.db.selectFrom('products').select('id').where('slug', '=', halo).executeTakeFirstOrThrow();
    await db.db.updateTable('product_variants').set({ discontinued: 1 }).where('product_id', '=', product.id).execute();
    await db.db.updateTable('product_meta').set({ value: 'changed-by-test' }).where('key', '=', 'products_version').execute();
    const gone = await products.ringVariant(halo, 'Oval', { stoneOrigin: 'lab' });
    expect(gone.discontinued).toBe(true);
    expect(gone.variant.shape).toBe('Oval');
    expect((await products.settingsForStone(stone('Oval', 1), { ...firstPage, style: 'halo' })).data.map((c) => c.slug)).not.toContain(halo);
  });
});
