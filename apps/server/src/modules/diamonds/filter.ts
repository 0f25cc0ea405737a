import {
  RANGES,
  SCALES,
  type ContinuousRangeName,
  type DiamondSearch,
  type DiamondStatus,
  type ScaleName,
  type Sort,
} from '@everstone/contract';
import type { DiamondTable } from '../../db/schema.ts';

type Column = keyof DiamondTable & string;

export type Condition =
  | { column: Column; op: '=' | '>=' | '<=' | '<'; value: number | string }
  | { column: Column; op: 'in'; value: number[] }
  | { column: Column; op: 'prefix'; value: string }
  | { op: 'fit'; windows: FitWindow[] }
  | { op: 'none' };

/**
 * One head of a setting as the search filters by it: a stone of this shape fits when its width (the smaller of its
 * two face measurements) is within the window and it weighs at least `minCarat` (a Luxe head's 3 ct; else 0).
 */
export interface FitWindow {
  shapeId: number;
  minWidthMm: number;
  maxWidthMm: number;
  minCarat: number;
}

export interface Order {
  column: Column;
  direction: 'asc' | 'desc';
}

const CONTINUOUS_COLUMNS: Record<ContinuousRangeName, { column: Column; scale: number }> = {
  price: { column: 'price_cents', scale: 100 },
  carat: { column: 'carat', scale: 1 },
  ratio: { column: 'ratio', scale: 1 },
  table: { column: 'table_pct', scale: 1 },
  depth: { column: 'depth_pct', scale: 1 },
};

const SCALE_COLUMNS: Record<ScaleName, Column> = {
  cut: 'cut_id',
  color: 'color_id',
  clarity: 'clarity_id',
  polish: 'polish_id',
  symmetry: 'symmetry_id',
  fluorescence: 'fluorescence_id',
};

const REPORT_COMPANY: Record<1 | 2, number> = { 1: 1, 2: 2 };

/**
 * Translates a validated search into conditions on the diamonds table.
 *
 * A handle at an end of its scale leaves that side open: price 10000 includes dearer stones, carat 20
 * larger ones, and a full range adds no condition at all, so stones missing an optional attribute
 * (table, depth, polish …) stay listed until the shopper narrows that attribute.
 */
export function toConditions(
  search: DiamondSearch,
  fit: readonly FitWindow[] | null = null,
  status: DiamondStatus | null = 'available',
  /**
   * The back office's reading of a maximum: exactly what it says, except the scale's own top, which stays "and more".
   * The storefront's slider cannot go past its top, so there a maximum at or above it is always open.
   */
  options: { exactMax?: boolean } = {},
): Condition[] {
  // The storefront lists available stones only; the back office asks for one status or (null) every stone.
  const conditions: Condition[] = status === null ? [] : [{ column: 'status', op: '=', value: status }];
  if (search.activeTab !== null) conditions.push({ column: 'type', op: '=', value: search.activeTab });

  for (const [name, { column, scale }] of Object.entries(CONTINUOUS_COLUMNS) as Array<
    [ContinuousRangeName, { column: Column; scale: number }]
  >) {
    const range = search.ranges[name];
    if (!range) continue;
    const { min, max } = RANGES[name];
    const [low, high] = range;
    // Prices are whole cents: a bound with a fraction of a cent is rounded inwards, so the condition stays a whole
    // number that PostgreSQL compares with its integer column (and means the same on SQLite).
    const whole = column === 'price_cents';
    const at = (v: number) => Math.round(v * scale * 1000) / 1000;
    if (low > min) conditions.push({ column, op: '>=', value: whole ? Math.ceil(at(low)) : at(low) });
    if (high < max || (options.exactMax === true && high > max)) conditions.push({ column, op: '<=', value: whole ? Math.floor(at(high)) : at(high) });
  }

  for (const [name, column] of Object.entries(SCALE_COLUMNS) as Array<[ScaleName, Column]>) {
    const range = search.ranges[name];
    if (!range) continue;
    // Color diamonds are graded by fancy color, not on the D–H scale.
    if (name === 'color' && search.activeTab === 3) continue;
    const top = SCALES[name].length + 1;
    const [low, high] = range;
    if (low >= high) return [{ op: 'none' }];
    if (low > 1) conditions.push({ column, op: '>=', value: low });
    if (high < top) conditions.push({ column, op: '<', value: high });
  }

  if (search.shapes.length > 0) conditions.push({ column: 'shape_id', op: 'in', value: search.shapes });
  if (search.fancyColors.length > 0) {
    conditions.push({ column: 'fancy_color_id', op: 'in', value: search.fancyColors });
  }
  if (search.certificate) {
    conditions.push({ column: 'certificate_number', op: 'prefix', value: search.certificate.toUpperCase() });
  }
  if (search.featured) conditions.push({ column: 'is_superdeal', op: '=', value: 1 });
  if (search.report !== 0) {
    conditions.push({ column: 'certificate_company_id', op: '=', value: REPORT_COMPANY[search.report] });
  }
  if (search.showOnlyChecked) {
    if (search.checkedDiamonds.length === 0) return [{ op: 'none' }];
    conditions.push({ column: 'id', op: 'in', value: search.checkedDiamonds });
  }
  if (search.setting) {
    if (fit === null) throw new Error(`The search names setting '${search.setting}' but its heads were not resolved`);
    conditions.push(...fitConditions(fit));
  }
  return conditions;
}

/**
 * "Fits this setting" (the ring builder's step 1 after a setting): the heads' shapes and the smallest weight any of
 * them takes are plain conditions the search indexes test by themselves, so only stones that pass them are read for
 * their measurements; the windows then decide. A stone without measurements never fits (its width is NULL).
 */
export function fitConditions(windows: readonly FitWindow[]): Condition[] {
  if (windows.length === 0) return [{ op: 'none' }];
  const ordered = [...windows].sort((a, b) => a.shapeId - b.shapeId || a.minWidthMm - b.minWidthMm || a.maxWidthMm - b.maxWidthMm);
  const conditions: Condition[] = [{ column: 'shape_id', op: 'in', value: [...new Set(ordered.map((w) => w.shapeId))] }];
  const minCarat = Math.min(...ordered.map((w) => w.minCarat));
  if (minCarat > 0) conditions.push({ column: 'carat', op: '>=', value: minCarat });
  conditions.push({ op: 'fit', windows: ordered });
  return conditions;
}

const SORT_COLUMNS: Record<string, Column> = {
  price: 'price_cents',
  carat: 'carat',
  color: 'color_id',
  clarity: 'clarity_id',
  cut: 'cut_id',
};

/**
 * Sorting is the server's job (docs/decisions/003-server-side-sorting.md): the id breaks ties,
 * in the same direction, so the order is total, pages never overlap, and one index serves both directions.
 */
export function toOrder(sort: Sort): Order[] {
  const [key, direction] = sort.split('_') as [string, 'asc' | 'desc'];
  const column = SORT_COLUMNS[key];
  if (!column) throw new Error(`No column for sort '${sort}'`);
  return [
    { column, direction },
    { column: 'id', direction },
  ];
}
