import {
  DASH,
  colorLabel,
  formatCarat,
  formatRatio,
  optional,
  orNA,
  typeLabel,
  type Diamond,
} from '@everstone/contract/core';

export interface SpecRow {
  label: string;
  value: string;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** §3: 'L × W mm' when both are measured, else a dash (measurements are an optional attribute). */
export function formatMeasurements(d: Pick<Diamond, 'measurement_l' | 'measurement_w'>): string {
  if (!positive(d.measurement_l) || !positive(d.measurement_w)) return DASH;
  return `${d.measurement_l.toFixed(2)} × ${d.measurement_w.toFixed(2)} mm`;
}

/**
 * The specs list of the detail page, by the display rules of §3 and §5: carat to 2 decimals ('00' when
 * missing), a dash for missing optional attributes (polish, symmetry, fluorescence, measurements, table,
 * depth), 'N/A' for a ratio without a width, and NA for any other missing attribute.
 */
export function diamondSpecs(d: Diamond): SpecRow[] {
  return [
    { label: 'Shape', value: orNA(d.shape?.name) },
    { label: 'Type', value: typeLabel(d.type) },
    { label: 'Carat', value: formatCarat(d.carat_weight) },
    { label: 'Color', value: colorLabel(d) },
    { label: 'Clarity', value: orNA(d.clarity?.name) },
    { label: 'Cut', value: orNA(d.cut?.full_name) },
    { label: 'Polish', value: optional(d.polish) },
    { label: 'Symmetry', value: optional(d.symmetry) },
    { label: 'Fluorescence', value: optional(d.fluorescence) },
    { label: 'Measurements', value: formatMeasurements(d) },
    { label: 'L/W ratio', value: formatRatio(d.measurement_l, d.measurement_w) },
    { label: 'Table', value: optional(d.table_diamond, '%') },
    { label: 'Depth', value: optional(d.depth, '%') },
    { label: 'Lab', value: orNA(d.certificate_company?.dl_name) },
    { label: 'Certificate', value: orNA(d.certificate_number) },
  ];
}
