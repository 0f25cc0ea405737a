import { describe, expect, it } from 'vitest';
import type { Diamond } from '@everstone/contract/core';
import { diamondSpecs, formatMeasurements } from './specs';

const base: Diamond = {
  diamondid: 7,
  certificate_number: 'IGI-123456',
  type: 2,
  shape: { id: 4, name: 'Oval', image: 'oval' },
  carat_weight: 1.5,
  color: { id: 2, name: 'E' },
  fancy_color: null,
  clarity: { id: 4, name: 'VS1' },
  cut: { id: 1, full_name: 'Excellent' },
  certificate_company: { dl_name: 'IGI' },
  polish: 'Excellent',
  symmetry: 'Very Good',
  fluorescence: 'None',
  measurement_l: 9.8,
  measurement_w: 7,
  measurements: '9.80 x 7.00 x 4.34 mm',
  table_diamond: 58,
  depth: 62,
  price: 1234,
  is_superdeal: 0,
  status: 'available',
};

const specs = (d: Partial<Diamond> = {}) =>
  Object.fromEntries(diamondSpecs({ ...base, ...d }).map((row) => [row.label, row.value]));

describe('diamondSpecs', () => {
  it('shows every attribute of a complete record', () => {
    expect(specs()).toEqual({
      Shape: 'Oval',
      Type: 'Lab',
      Carat: '1.50',
      Color: 'E',
      Clarity: 'VS1',
      Cut: 'Excellent',
      Polish: 'Excellent',
      Symmetry: 'Very Good',
      Fluorescence: 'None',
      Measurements: '9.80 × 7.00 mm',
      'L/W ratio': '1.40',
      Table: '58%',
      Depth: '62%',
      Lab: 'IGI',
      Certificate: 'IGI-123456',
    });
  });

  it('shows a dash for missing optional attributes', () => {
    const s = specs({ polish: null, symmetry: null, fluorescence: null, table_diamond: null, depth: null, measurement_l: null, measurement_w: null });
    expect([s.Polish, s.Symmetry, s.Fluorescence, s.Table, s.Depth, s.Measurements]).toEqual(['-', '-', '-', '-', '-', '-']);
  });

  it('shows N/A for the ratio when the width is missing or zero', () => {
    expect(specs({ measurement_w: null })['L/W ratio']).toBe('N/A');
    expect(specs({ measurement_w: 0 })['L/W ratio']).toBe('N/A');
    expect(specs({ measurement_w: 0 }).Measurements).toBe('-');
  });

  it('shows NA for other missing attributes', () => {
    const s = specs({ clarity: null, cut: null, color: null });
    expect([s.Clarity, s.Cut, s.Color]).toEqual(['NA', 'NA', 'NA']);
  });

  it("shows a color diamond's fancy color", () => {
    expect(specs({ type: 3, color: null, fancy_color: { id: 2, name: 'Pink', intensity: 'Fancy Intense' } }).Color).toBe('Fancy Intense Pink');
  });

  it("shows '00' for a missing carat weight", () => {
    expect(specs({ carat_weight: Number.NaN }).Carat).toBe('00');
  });
});

describe('formatMeasurements', () => {
  it('keeps two decimals', () => {
    expect(formatMeasurements({ measurement_l: 6.4, measurement_w: 6.42 })).toBe('6.40 × 6.42 mm');
  });
});
