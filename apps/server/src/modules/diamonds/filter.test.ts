import { describe, expect, it } from 'vitest';
import { parseDiamondSearch, type DiamondSearch } from '@everstone/contract';
import { toConditions, toOrder } from './filter.ts';

function search(query: Record<string, string | string[]>): DiamondSearch {
  const r = parseDiamondSearch(query);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const without = (conditions: ReturnType<typeof toConditions>) =>
  conditions.filter((c) => !('column' in c && c.column === 'status'));

describe('toConditions', () => {
  it('lists only available stones, whatever else is asked', () => {
    expect(toConditions(search({}))).toEqual([{ column: 'status', op: '=', value: 'available' }]);
  });

  it('adds nothing for ranges at their defaults, so stones missing optional attributes stay listed', () => {
    const full = search({
      price: ['0', '10000'],
      carat: ['0', '20'],
      ratio: ['0.9', '2.75'],
      table: ['40', '90'],
      depth: ['40', '90'],
      cut: ['1', '6'],
      color: ['1', '6'],
      clarity: ['1', '7'],
      polish: ['1', '7'],
      symmetry: ['1', '7'],
      fluorescence: ['1', '6'],
    });
    expect(without(toConditions(full))).toEqual([]);
  });

  it('leaves the top of price and carat open-ended', () => {
    expect(without(toConditions(search({ price: ['500', '10000'], carat: ['1', '20'] })))).toEqual([
      { column: 'price_cents', op: '>=', value: 50000 },
      { column: 'carat', op: '>=', value: 1 },
    ]);
    expect(without(toConditions(search({ price: ['0', '2500'] })))).toEqual([
      { column: 'price_cents', op: '<=', value: 250000 },
    ]);
  });

  it('reads discrete ranges as boundaries: cut 2–4 selects grades 2 and 3', () => {
    expect(without(toConditions(search({ cut: ['2', '4'] })))).toEqual([
      { column: 'cut_id', op: '>=', value: 2 },
      { column: 'cut_id', op: '<', value: 4 },
    ]);
  });

  it('matches nothing for an empty discrete range', () => {
    expect(toConditions(search({ clarity: ['3', '3'] }))).toEqual([{ op: 'none' }]);
  });

  it('ignores the D–H color range on the color tab, where fancy colors apply instead', () => {
    const c = without(toConditions(search({ active_tab: '3', color: ['2', '3'], fancy_colors: ['1', '2'] })));
    expect(c).toEqual([
      { column: 'type', op: '=', value: 3 },
      { column: 'fancy_color_id', op: 'in', value: [1, 2] },
    ]);
  });

  it('maps tab, shapes, report, featured and certificate', () => {
    const c = without(
      toConditions(search({ active_tab: '2', shapes: '1,4', selectedReport: '2', featured: '1', certificate: ' lg12 ' })),
    );
    expect(c).toEqual([
      { column: 'type', op: '=', value: 2 },
      { column: 'shape_id', op: 'in', value: [1, 4] },
      { column: 'certificate_number', op: 'prefix', value: 'LG12' },
      { column: 'is_superdeal', op: '=', value: 1 },
      { column: 'certificate_company_id', op: '=', value: 2 },
    ]);
  });

  it('shows only the checked stones when asked, and none when nothing is checked', () => {
    expect(without(toConditions(search({ showOnlyChecked: '1', checkedDiamonds: ['5', '9'] })))).toEqual([
      { column: 'id', op: 'in', value: [5, 9] },
    ]);
    expect(toConditions(search({ showOnlyChecked: 'true' }))).toEqual([{ op: 'none' }]);
    expect(without(toConditions(search({ checkedDiamonds: ['5'] })))).toEqual([]);
  });
});

describe('toOrder', () => {
  it('breaks ties by id in the same direction, so the order is total', () => {
    expect(toOrder('price_asc')).toEqual([
      { column: 'price_cents', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(toOrder('clarity_desc')).toEqual([
      { column: 'clarity_id', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ]);
  });
});
