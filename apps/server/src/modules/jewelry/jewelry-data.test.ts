import { describe, expect, it } from 'vitest';
import { ENGRAVING, LUXE_MIN_CENTER_CARAT, METAL_IDS, SETTING_STYLES, designProblems } from '@everstone/contract';
import { demoJewelry, stoneSize } from './jewelry-data.ts';

describe('the demo catalog', () => {
  const catalog = demoJewelry();

  it('passes the import’s and the back office’s check of a design, every variant of it', () => {
    for (const product of demoJewelry()) {
      for (const v of product.variants) expect(designProblems(v.design, product.family), v.sku).toEqual([]);
    }
  });

  it('is the same on every run', () => {
    expect(JSON.stringify(demoJewelry())).toBe(JSON.stringify(catalog));
  });

  it('tells every variant of a product apart by its options alone (metal, shape, carat weight, width, origin)', () => {
    for (const p of catalog) {
      const keys = p.variants.map((v) => `${v.metal}|${v.shape}|${v.caratTotal}|${v.widthMm}|${v.origin}`);
      expect(new Set(keys).size, p.name).toBe(keys.length);
    }
  });

  it('names every product and variant once', () => {
    expect(new Set(catalog.map((p) => p.slug)).size).toBe(catalog.length);
    const skus = catalog.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('offers settings in all seven styles, in every metal, each head made for its shape', () => {
    const settings = catalog.filter((p) => p.family === 'setting');
    expect(new Set(settings.map((p) => p.style))).toEqual(new Set(SETTING_STYLES.map((s) => s.id)));
    for (const s of settings) {
      expect(new Set(s.variants.map((v) => v.metal)), s.name).toEqual(new Set(METAL_IDS));
      for (const v of s.variants) {
        expect(v.design.form).toBe('ring');
        if (v.design.form !== 'ring') continue;
        expect(v.design.head!.shapes).toEqual([v.shape]);
        expect(v.design.head!.minWidthMm).toBeLessThan(v.design.head!.maxWidthMm);
      }
    }
  });

  it('makes The Reserve’s Luxe heads for 3 carats and up', () => {
    const luxe = catalog.filter((p) => p.family === 'setting' && p.name.includes('Luxe'));
    expect(luxe.length).toBeGreaterThan(0);
    for (const p of luxe) {
      expect(p.collection).toBe('the-reserve');
      for (const v of p.variants) {
        if (v.design.form !== 'ring') throw new Error('a setting is a ring');
        expect(v.design.head!.minWidthMm).toBeCloseTo(stoneSize(v.shape!, LUXE_MIN_CENTER_CARAT).widthMm, 2);
      }
    }
  });

  it('has over 300 lab-grown presets, each variant with its own certified center stone, one in stock', () => {
    const presets = catalog.filter((p) => p.family === 'preset');
    expect(presets.length).toBeGreaterThan(300);
    const certificates = presets.flatMap((p) => p.variants.map((v) => v.included?.certificate_number));
    expect(certificates.every(Boolean)).toBe(true);
    expect(new Set(certificates).size).toBe(certificates.length);
    for (const p of presets) {
      for (const v of p.variants) {
        expect(v.included!.origin).toBe('lab');
        expect(v.stock).toBe(1);
        if (v.design.form !== 'ring') throw new Error('a preset is a ring');
        expect(v.design.center!.widthMm).toBe(v.included!.width_mm);
      }
    }
  });

  it('never engraves or resizes an eternity ring', () => {
    const eternity = catalog.filter((p) => p.style === 'eternity');
    expect(eternity.length).toBeGreaterThan(0);
    for (const p of eternity) {
      expect(p.engravable, p.name).toBe(false);
      expect(p.resizable, p.name).toBe(false);
    }
    expect(ENGRAVING.maxLength).toBe(16);
  });

  it('sells bands for her and for him from 2 to 8 mm, and every family of §1', () => {
    const bands = catalog.filter((p) => p.family === 'band');
    const widths = bands.flatMap((p) => p.variants.map((v) => (v.design.form === 'ring' ? v.design.bandWidthMm : 0)));
    expect(Math.min(...widths)).toBeLessThanOrEqual(2);
    expect(Math.max(...widths)).toBe(8);
    expect(new Set(bands.map((p) => p.gender))).toEqual(new Set(['her', 'him']));
    for (const style of ['plain', 'diamond-band', 'anniversary', 'eternity', 'gemstone', 'studs', 'hoops', 'drops', 'tennis-necklace', 'pendant', 'tennis-bracelet', 'bangle']) {
      expect(catalog.some((p) => p.style === style), style).toBe(true);
    }
    for (const collection of ['the-bond', 'the-reserve', 'elements', 'the-bouquet', 'the-ceramic-series']) {
      expect(catalog.some((p) => p.collection === collection), collection).toBe(true);
    }
  });
});
