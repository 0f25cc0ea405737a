import type { DiamondRow } from '../../db/schema.ts';

/**
 * Every column of a stone the store keeps, in one fixed order, its id first: the diamond search reads them (the
 * catalog's read model), the seed writes them in bulk. One list, so a column added to the table is added once.
 */
export const DIAMOND_COLUMNS = [
  'id',
  'certificate_number',
  'type',
  'shape_id',
  'carat',
  'color_id',
  'fancy_color_id',
  'fancy_intensity_id',
  'clarity_id',
  'cut_id',
  'polish_id',
  'symmetry_id',
  'fluorescence_id',
  'certificate_company_id',
  'measurement_l',
  'measurement_w',
  'ratio',
  'table_pct',
  'depth_pct',
  'price_cents',
  'is_superdeal',
  'status',
] as const satisfies readonly (keyof DiamondRow)[];

export type DiamondColumn = (typeof DIAMOND_COLUMNS)[number];

/** The columns a new stone is written with: all but its id, which the database assigns. */
export const NEW_DIAMOND_COLUMNS = DIAMOND_COLUMNS.filter((c): c is Exclude<DiamondColumn, 'id'> => c !== 'id');
