import { SHAPES, type ShapeName } from '@everstone/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createInventoryService } from '../modules/inventory/index.ts';

export interface TestStone {
  id: number;
  certificate_number: string;
  price_cents: number;
  type: 1 | 2 | 3;
  shape: ShapeName;
  carat: number;
}

let serial = 0;

/**
 * Puts a stone of known shape, weight and size in the inventory (tests of what fits where), and moves the inventory
 * version as every writer of stones does. Length and width in mm, null for a certificate that gives none.
 */
export async function insertStone(
  db: Kysely<Database>,
  stone: { shape: ShapeName; carat: number; lengthMm: number | null; widthMm: number | null; type?: 1 | 2 | 3; priceCents?: number; depthPct?: number | null; status?: string },
): Promise<TestStone> {
  const type = stone.type ?? 2;
  const certificate = `TS${process.pid}${String(++serial).padStart(5, '0')}`;
  const priceCents = stone.priceCents ?? Math.round(stone.carat * 250_000);
  const measured = stone.lengthMm !== null && stone.widthMm !== null;
  const row = await db
    .insertInto('diamonds')
    .values({
      certificate_number: certificate,
      type,
      shape_id: SHAPES.indexOf(stone.shape) + 1,
      carat: stone.carat,
      color_id: type === 3 ? null : 2,
      fancy_color_id: type === 3 ? 1 : null,
      fancy_intensity_id: type === 3 ? 1 : null,
      clarity_id: 3,
      cut_id: 1,
      polish_id: 1,
      symmetry_id: 1,
      fluorescence_id: 1,
      certificate_company_id: 2,
      measurement_l: stone.lengthMm,
      measurement_w: stone.widthMm,
      ratio: measured ? Math.round((stone.lengthMm! / stone.widthMm!) * 1000) / 1000 : null,
      table_pct: 57,
      depth_pct: stone.depthPct === undefined ? 62 : stone.depthPct,
      price_cents: priceCents,
      is_superdeal: 0,
      status: stone.status ?? 'available',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createInventoryService({ db }).changed(db);
  return { id: Number(row.id), certificate_number: certificate, price_cents: priceCents, type, shape: stone.shape, carat: stone.carat };
}
