import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, DiamondRow } from '../../db/schema.ts';
import type { Condition, Order } from './filter.ts';

export interface Lookups {
  shapes: Map<number, { id: number; name: string; image: string }>;
  colors: Map<number, string>;
  clarities: Map<number, string>;
  cuts: Map<number, string>;
  polishes: Map<number, string>;
  symmetries: Map<number, string>;
  fluorescences: Map<number, string>;
  fancyColors: Map<number, string>;
  fancyIntensities: Map<number, string>;
  companies: Map<number, string>;
}

const DIAMOND_COLUMNS = [
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
] as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyConditions<O>(
  query: SelectQueryBuilder<Database, 'diamonds', O>,
  conditions: Condition[],
): SelectQueryBuilder<Database, 'diamonds', O> {
  let q = query;
  for (const c of conditions) {
    if (c.op === 'none') q = q.where(sql<boolean>`1 = 0`);
    else if (c.op === 'in') q = q.where(c.column, 'in', c.value);
    else if (c.op === 'prefix') q = q.where(sql<boolean>`${sql.ref(c.column)} like ${escapeLike(c.value) + '%'} escape '\\'`);
    else q = q.where(c.column, c.op, c.value as never);
  }
  return q;
}

/** The only place that knows the diamonds' SQL. */
export function createDiamondRepository(db: Kysely<Database>) {
  let lookups: Promise<Lookups> | undefined;

  async function loadLookups(): Promise<Lookups> {
    const byId = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((r) => [Number(r.id), r.name]));
    const [shapes, colors, clarities, cuts, polishes, symmetries, fluorescences, fancyColors, fancyIntensities, companies] =
      await Promise.all([
        db.selectFrom('shapes').select(['id', 'name', 'image']).orderBy('id').execute(),
        db.selectFrom('colors').select(['id', 'name']).execute(),
        db.selectFrom('clarities').select(['id', 'name']).execute(),
        db.selectFrom('cuts').select(['id', 'full_name as name']).execute(),
        db.selectFrom('polishes').select(['id', 'name']).execute(),
        db.selectFrom('symmetries').select(['id', 'name']).execute(),
        db.selectFrom('fluorescences').select(['id', 'name']).execute(),
        db.selectFrom('fancy_colors').select(['id', 'name']).execute(),
        db.selectFrom('fancy_intensities').select(['id', 'name']).execute(),
        db.selectFrom('certificate_companies').select(['id', 'dl_name as name']).execute(),
      ]);
    return {
      shapes: new Map(shapes.map((s) => [Number(s.id), { id: Number(s.id), name: s.name, image: s.image }])),
      colors: byId(colors),
      clarities: byId(clarities),
      cuts: byId(cuts),
      polishes: byId(polishes),
      symmetries: byId(symmetries),
      fluorescences: byId(fluorescences),
      fancyColors: byId(fancyColors),
      fancyIntensities: byId(fancyIntensities),
      companies: byId(companies),
    };
  }

  return {
    /** Reference data changes only with a migration, so it is read once per process. */
    lookups(): Promise<Lookups> {
      lookups ??= loadLookups().catch((err) => {
        lookups = undefined;
        throw err;
      });
      return lookups;
    },

    async findPage(conditions: Condition[], order: Order[], limit: number, offset: number): Promise<DiamondRow[]> {
      let q = applyConditions(db.selectFrom('diamonds').select(DIAMOND_COLUMNS), conditions);
      for (const o of order) q = q.orderBy(o.column, o.direction);
      return (await q.limit(limit).offset(offset).execute()) as DiamondRow[];
    },

    async count(conditions: Condition[]): Promise<number> {
      const row = await applyConditions(db.selectFrom('diamonds'), conditions)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async findById(id: number): Promise<DiamondRow | undefined> {
      return (await db.selectFrom('diamonds').select(DIAMOND_COLUMNS).where('id', '=', id).executeTakeFirst()) as
        | DiamondRow
        | undefined;
    },
  };
}

export type DiamondRepository = ReturnType<typeof createDiamondRepository>;
