import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  CERTIFICATE_COMPANIES,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  SCALES,
  SHAPES,
  shapeImageName,
} from '@everstone/contract';
import type { Engine } from '../database.ts';

/** The diamond catalog: the diamonds and their reference tables (§3), with the search's indexes. */
export function catalogMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const lookup = async (table: string, names: readonly string[]) => {
        await db.schema
          .createTable(table)
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
          .execute();
        await db.insertInto(table).values(names.map((name, i) => ({ id: i + 1, name }))).execute();
      };

      await db.schema
        .createTable('shapes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('image', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db
        .insertInto('shapes')
        .values(SHAPES.map((name, i) => ({ id: i + 1, name, image: shapeImageName(name) })))
        .execute();

      await db.schema
        .createTable('cuts')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('full_name', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db
        .insertInto('cuts')
        .values(SCALES.cut.map((name, i) => ({ id: i + 1, name, full_name: name })))
        .execute();

      await lookup('colors', SCALES.color);
      await lookup('clarities', SCALES.clarity);
      await lookup('polishes', SCALES.polish);
      await lookup('symmetries', SCALES.symmetry);
      await lookup('fluorescences', SCALES.fluorescence);
      await lookup('fancy_colors', FANCY_COLORS);
      await lookup('fancy_intensities', FANCY_INTENSITIES);

      await db.schema
        .createTable('certificate_companies')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('dl_name', 'varchar(32)', (c) => c.notNull().unique())
        .execute();
      await db.insertInto('certificate_companies').values([...CERTIFICATE_COMPANIES]).execute();

      const ref = (table: string) => (c: any) => c.references(`${table}.id`);
      await db.schema
        .createTable('diamonds')
        .addColumn('id', 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('certificate_number', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2, 3)`))
        .addColumn('shape_id', 'integer', (c) => ref('shapes')(c).notNull())
        .addColumn('carat', 'double precision', (c) => c.notNull().check(sql`carat > 0`))
        .addColumn('color_id', 'integer', ref('colors'))
        .addColumn('fancy_color_id', 'integer', ref('fancy_colors'))
        .addColumn('fancy_intensity_id', 'integer', ref('fancy_intensities'))
        .addColumn('clarity_id', 'integer', ref('clarities'))
        .addColumn('cut_id', 'integer', ref('cuts'))
        .addColumn('polish_id', 'integer', ref('polishes'))
        .addColumn('symmetry_id', 'integer', ref('symmetries'))
        .addColumn('fluorescence_id', 'integer', ref('fluorescences'))
        .addColumn('certificate_company_id', 'integer', (c) => ref('certificate_companies')(c).notNull())
        .addColumn('measurement_l', 'double precision')
        .addColumn('measurement_w', 'double precision')
        .addColumn('ratio', 'double precision')
        .addColumn('table_pct', 'double precision')
        .addColumn('depth_pct', 'double precision')
        .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
        .addColumn('is_superdeal', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().defaultTo('available').check(sql`status in ('available', 'reserved', 'sold')`),
        )
        .execute();

      for (const index of searchIndexes()) {
        await db.schema.createIndex(index.name).on('diamonds').columns(index.columns).execute();
      }

      await db.schema
        .createTable('store_meta')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** Columns the search filters on; the search indexes carry them all, so a filter is checked inside the index. */
const FILTER_COLUMNS = [
  'shape_id',
  'price_cents',
  'carat',
  'color_id',
  'fancy_color_id',
  'clarity_id',
  'cut_id',
  'polish_id',
  'symmetry_id',
  'fluorescence_id',
  'ratio',
  'table_pct',
  'depth_pct',
  'is_superdeal',
  'certificate_company_id',
] as const;

export const SORT_INDEX_KEYS = ['price_cents', 'carat', 'color_id', 'clarity_id', 'cut_id'] as const;

/**
 * The search always narrows by type and status, then sorts by one key with id as tie-break. One covering index
 * per sort key lets the database walk rows in order, test every filter inside the index and stop after a page;
 * a shape-led one counts matches without touching the table (docs/performance.md has the measurements).
 */
export function searchIndexes(): Array<{ name: string; columns: string[] }> {
  const rest = (lead: string) => FILTER_COLUMNS.filter((c) => c !== lead);
  return [
    ...SORT_INDEX_KEYS.map((key) => ({ name: `diamonds_sort_${key}_idx`, columns: ['type', 'status', key, 'id', ...rest(key)] })),
    { name: 'diamonds_filter_shape_idx', columns: ['type', 'status', 'shape_id', ...rest('shape_id')] },
  ];
}
