/** A stone's record as the API shows it (SPEC §3): shared by the SQL path and the search's own thread. */
import { centsToDollars, type Diamond, type DiamondStatus } from '@everstone/contract';
import type { DiamondRow } from '../../db/schema.ts';
import type { Lookups } from './repository.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Shapes a database row into the diamond record of SPEC §3. */
export function toDiamondRecord(row: DiamondRow, l: Lookups): Diamond {
  const name = (map: Map<number, string>, id: number | null) => (id === null ? null : (map.get(Number(id)) ?? null));
  const shape = l.shapes.get(Number(row.shape_id));
  if (!shape) throw new Error(`Diamond ${row.id} has unknown shape ${row.shape_id}`);
  const length = row.measurement_l === null ? null : Number(row.measurement_l);
  const width = row.measurement_w === null ? null : Number(row.measurement_w);
  const depthPct = row.depth_pct === null ? null : Number(row.depth_pct);
  let measurements: string | null = null;
  if (length !== null && width !== null) {
    measurements = `${length.toFixed(2)} x ${width.toFixed(2)}`;
    if (depthPct !== null) measurements += ` x ${((width * depthPct) / 100).toFixed(2)}`;
    measurements += ' mm';
  }
  const colorName = name(l.colors, row.color_id);
  const clarityName = name(l.clarities, row.clarity_id);
  const cutName = name(l.cuts, row.cut_id);
  const fancyName = name(l.fancyColors, row.fancy_color_id);
  return {
    diamondid: Number(row.id),
    certificate_number: row.certificate_number,
    type: Number(row.type) as 1 | 2 | 3,
    shape,
    carat_weight: Number(row.carat),
    color: colorName === null ? null : { id: Number(row.color_id), name: colorName },
    fancy_color:
      fancyName === null
        ? null
        : {
            id: Number(row.fancy_color_id),
            name: fancyName,
            intensity: name(l.fancyIntensities, row.fancy_intensity_id) ?? 'Fancy',
          },
    clarity: clarityName === null ? null : { id: Number(row.clarity_id), name: clarityName },
    cut: cutName === null ? null : { id: Number(row.cut_id), full_name: cutName },
    certificate_company: { dl_name: name(l.companies, row.certificate_company_id) ?? 'NA' },
    polish: name(l.polishes, row.polish_id),
    symmetry: name(l.symmetries, row.symmetry_id),
    fluorescence: name(l.fluorescences, row.fluorescence_id),
    measurement_l: length,
    measurement_w: width,
    measurements,
    table_diamond: row.table_pct === null ? null : round2(Number(row.table_pct)),
    depth: depthPct === null ? null : round2(depthPct),
    price: centsToDollars(Number(row.price_cents)),
    is_superdeal: Number(row.is_superdeal) === 1 ? 1 : 0,
    status: row.status as DiamondStatus,
    held_until: null,
  };
}

