import { CERTIFICATE_COMPANIES, FANCY_COLORS, FANCY_INTENSITIES, SCALES, SHAPES, centsToPrice, type ImportColumn } from '@everstone/contract';
import type { DiamondRow } from '../../db/schema.ts';

/** The columns of a stone that the supplier file sets (the database's own, before the engines' types are read). */
export type StoneValues = Omit<DiamondRow, 'id' | 'ratio'>;

/** A stone's field as the file and the log show it: a scale's name, the price in dollars; what is blank is null. */
export type StoneField = string | number | boolean | null;

const DIAMOND_TYPE_NAMES: Record<number, string> = { 1: 'natural', 2: 'lab', 3: 'color' };
const name = (names: readonly string[], id: number | null) => (id === null ? null : (names[Number(id) - 1] ?? null));
const lab = (id: number) => CERTIFICATE_COMPANIES.find((c) => c.id === Number(id))?.dl_name ?? null;
const numberOrNull = (n: number | null) => (n === null ? null : Number(n));

/**
 * A stone in the supplier file's terms, keyed by its columns: what an export writes, and what the audit log shows of
 * a stone an import changed, so an entry reads as the row that made it. `featured` is true or false and `price` is
 * the dollars as text, as a staff member's edit of the stone logs them.
 */
export function stoneFields(d: StoneValues): Record<ImportColumn, StoneField> {
  return {
    certificate_number: d.certificate_number,
    lab: lab(d.certificate_company_id),
    type: DIAMOND_TYPE_NAMES[Number(d.type)] ?? null,
    shape: name(SHAPES, d.shape_id),
    carat: Number(d.carat),
    price: centsToPrice(Number(d.price_cents)),
    clarity: name(SCALES.clarity, d.clarity_id),
    color: name(SCALES.color, d.color_id),
    fancy_color: name(FANCY_COLORS, d.fancy_color_id),
    fancy_intensity: name(FANCY_INTENSITIES, d.fancy_intensity_id),
    cut: name(SCALES.cut, d.cut_id),
    polish: name(SCALES.polish, d.polish_id),
    symmetry: name(SCALES.symmetry, d.symmetry_id),
    fluorescence: name(SCALES.fluorescence, d.fluorescence_id),
    length: numberOrNull(d.measurement_l),
    width: numberOrNull(d.measurement_w),
    table: numberOrNull(d.table_pct),
    depth: numberOrNull(d.depth_pct),
    featured: Number(d.is_superdeal) === 1,
    status: d.status,
  };
}

/** The fields of `after` that differ from `before`, as two records of only those; empty when nothing differs. */
export function changedFields(before: Record<string, StoneField>, after: Record<string, StoneField>): { before: Record<string, StoneField>; after: Record<string, StoneField> } {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]!])), after: Object.fromEntries(keys.map((k) => [k, after[k]!])) };
}
