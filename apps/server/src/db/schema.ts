import type { Generated, Insertable, Selectable } from 'kysely';

/** Reference tables (grade scales, shapes, labs): an id and a name, seeded by migrations. */
export interface LookupTable {
  id: number;
  name: string;
}

export interface CutTable {
  id: number;
  name: string;
  full_name: string;
}

export interface ShapeTable {
  id: number;
  name: string;
  image: string;
}

export interface CertificateCompanyTable {
  id: number;
  dl_name: string;
}

export interface DiamondTable {
  id: Generated<number>;
  certificate_number: string;
  /** 1 natural, 2 lab-grown, 3 color (§7 active_tab). */
  type: number;
  shape_id: number;
  carat: number;
  color_id: number | null;
  fancy_color_id: number | null;
  fancy_intensity_id: number | null;
  clarity_id: number | null;
  cut_id: number | null;
  polish_id: number | null;
  symmetry_id: number | null;
  fluorescence_id: number | null;
  certificate_company_id: number;
  measurement_l: number | null;
  measurement_w: number | null;
  /** Length ÷ width, stored so the L/W filter can use it; null when a measurement is missing. */
  ratio: number | null;
  table_pct: number | null;
  depth_pct: number | null;
  price_cents: number;
  is_superdeal: number;
  status: string;
}

export interface StoreMetaTable {
  key: string;
  value: string;
}

export interface Database {
  shapes: ShapeTable;
  colors: LookupTable;
  clarities: LookupTable;
  cuts: CutTable;
  polishes: LookupTable;
  symmetries: LookupTable;
  fluorescences: LookupTable;
  fancy_colors: LookupTable;
  fancy_intensities: LookupTable;
  certificate_companies: CertificateCompanyTable;
  diamonds: DiamondTable;
  store_meta: StoreMetaTable;
}

export type DiamondRow = Selectable<DiamondTable>;
export type NewDiamond = Insertable<DiamondTable>;
