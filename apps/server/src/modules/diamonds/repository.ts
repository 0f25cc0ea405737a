import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { DiamondRow } from '../../db/schema.ts';
import { DIAMOND_COLUMNS } from '../inventory/index.ts';
import type { DiamondReadModel } from './tables.ts';
import type { Condition, FitWindow, Order } from './filter.ts';
import { escapeLike } from '../../lib/like.ts';

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

/**
 * The stones on sale after an id, a page in id order, as the in-memory search reads them straight from the SQLite
 * file in its own thread (engine/worker.ts): the columns of STONE_COLUMNS, in that order.
 */
export const STONE_COLUMNS = DIAMOND_COLUMNS.filter((c) => c !== 'status');
export const AVAILABLE_PAGE_SQL = `select ${STONE_COLUMNS.map((c) => `"${c}"`).join(', ')} from "diamonds" where "status" = 'available' and "id" > ? order by "id" limit ?`;

/** A stone's width as the ring builder matches it: the smaller of its two face measurements (NULL when not measured). */
const WIDTH = sql`(case when measurement_l < measurement_w then measurement_l else measurement_w end)`;

/** `((shape_id = ? and width between ? and ? [and carat >= ?]) or …)`: a stone fits one of a setting's heads. */
function fitExpression(windows: readonly FitWindow[]) {
  return sql<boolean>`(${sql.join(
    windows.map(
      (w) =>
        sql`(shape_id = ${w.shapeId} and ${WIDTH} between ${w.minWidthMm} and ${w.maxWidthMm}${w.minCarat > 0 ? sql` and carat >= ${w.minCarat}` : sql``})`,
    ),
    sql` or `,
  )})`;
}

function applyConditions<O>(
  query: SelectQueryBuilder<DiamondReadModel, 'diamonds', O>,
  conditions: Condition[],
): SelectQueryBuilder<DiamondReadModel, 'diamonds', O> {
  let q = query;
  for (const c of conditions) {
    if (c.op === 'none') q = q.where(sql<boolean>`1 = 0`);
    else if (c.op === 'fit') q = q.where(fitExpression(c.windows));
    else if (c.op === 'in') q = q.where(c.column, 'in', c.value);
    else if (c.op === 'prefix') q = q.where(sql<boolean>`${sql.ref(c.column)} like ${escapeLike(c.value) + '%'} escape '\\'`);
    else q = q.where(c.column, c.op, c.value as never);
  }
  return q;
}

/** Above this many matches a page is read by walking the sort index; below it, by filtering first. */
const FILTER_FIRST_MAX = 2_000;
const COUNT_CACHE_SIZE = 20_000;
/** The largest id an `integer` primary key can hold: a larger one cannot name a stone (and PostgreSQL would refuse it as a parameter). */
export const MAX_DIAMOND_ID = 2_147_483_647;

const has = (conditions: Condition[], column: string) => conditions.some((c) => 'column' in c && c.column === column);

/**
 * SQLite's planner, given a range filter and an ORDER BY … LIMIT, often walks the wrong index and reads
 * half the table (docs/performance.md). The search knows better, so on SQLite it names the index:
 * counts scan the shape-led covering index (or the price-led one when only a budget narrows the search),
 * and a page walks the sort key's covering index unless few stones match, when filtering first and
 * sorting the few is cheaper. Lookups by certificate number or id keep their own unique indexes.
 */
function sqliteIndexFor(purpose: 'count' | 'page', conditions: Condition[], order: Order[], total?: number): string | null {
  if (!has(conditions, 'type') || has(conditions, 'certificate_number') || has(conditions, 'id')) return null;
  const filterIndex = has(conditions, 'shape_id') || !has(conditions, 'price_cents') ? 'diamonds_filter_shape_idx' : 'diamonds_sort_price_cents_idx';
  if (purpose === 'count' || (total !== undefined && total <= FILTER_FIRST_MAX)) return filterIndex;
  return `diamonds_sort_${order[0]!.column}_idx`;
}

function withIndex(query: CompiledQuery, index: string | null): CompiledQuery {
  if (!index) return query;
  const text = query.sql.replace(/from "diamonds"/, `from "diamonds" indexed by "${index}"`);
  return CompiledQuery.raw(text, [...query.parameters]);
}

/**
 * The only place that reads the diamonds' SQL: the catalog is the read side of the inventory's stones (their
 * records, grades and prices); it never writes them.
 */
export function createDiamondRepository(db: Kysely<DiamondReadModel>, engine: Engine = 'sqlite') {
  let lookups: Promise<Lookups> | undefined;
  // Totals of recent searches, valid while the inventory version they were counted at is current.
  const counts = new VersionedCache<number>(COUNT_CACHE_SIZE);

  async function loadLookups(db: Kysely<DiamondReadModel>): Promise<Lookups> {
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
    /**
     * Reference data changes only with a migration, so it is read once per process. `through` reads it inside a
     * caller's transaction the first time (on SQLite the transaction holds the one connection, so a read beside
     * it would wait for ever).
     */
    lookups(through: Kysely<DiamondReadModel> = db): Promise<Lookups> {
      lookups ??= loadLookups(through).catch((err) => {
        lookups = undefined;
        throw err;
      });
      return lookups;
    },

    /** One page in the given order; `total` (when known) lets SQLite choose how to read it. */
    async findPage(conditions: Condition[], order: Order[], limit: number, offset: number, total?: number): Promise<DiamondRow[]> {
      let q = applyConditions(db.selectFrom('diamonds').select(DIAMOND_COLUMNS), conditions);
      for (const o of order) q = q.orderBy(o.column, o.direction);
      const compiled = q.limit(limit).offset(offset).compile();
      const index = engine === 'sqlite' ? sqliteIndexFor('page', conditions, order, total) : null;
      return (await db.executeQuery<DiamondRow>(withIndex(compiled, index))).rows;
    },

    /**
     * How many available stones match. Counting is the dearest part of a search, and shoppers repeat the
     * same searches (every page of one search, Back, a shared link), so totals are kept per filter and
     * reused while the inventory version is unchanged: every change to the stones moves the version, so
     * a reused total is always exact, on every instance. `version` is read by the caller just before.
     */
    async count(conditions: Condition[], version: string): Promise<number> {
      const key = JSON.stringify(conditions);
      const cached = counts.get(key, version);
      if (cached !== undefined) return cached;
      const compiled = applyConditions(db.selectFrom('diamonds'), conditions)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .compile();
      const index = engine === 'sqlite' ? sqliteIndexFor('count', conditions, []) : null;
      const { rows } = await db.executeQuery<{ total: number }>(withIndex(compiled, index));
      const total = Number(rows[0]?.total ?? 0);
      counts.set(key, version, total);
      return total;
    },

    /**
     * Up to `limit` stones matching on each side of `carat` (at or below it, and above it), each side nearest first
     * and then cheapest: the nearest `limit` in weight are among them. On SQLite each side walks the carat-led index
     * from `carat` outwards and stops once it has enough.
     */
    async nearestByCarat(conditions: Condition[], carat: number, limit: number): Promise<DiamondRow[]> {
      const side = async (op: '<=' | '>', direction: 'asc' | 'desc') => {
        const compiled = applyConditions(db.selectFrom('diamonds').select(DIAMOND_COLUMNS), conditions)
          .where('carat', op, carat)
          .orderBy('carat', direction)
          .orderBy('price_cents', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .compile();
        const index = engine === 'sqlite' && has(conditions, 'type') ? 'diamonds_sort_carat_idx' : null;
        return (await db.executeQuery<DiamondRow>(withIndex(compiled, index))).rows;
      };
      const [below, above] = await Promise.all([side('<=', 'desc'), side('>', 'asc')]);
      return [...below, ...above];
    },

    async findById(id: number): Promise<DiamondRow | undefined> {
      return (await db.selectFrom('diamonds').select(DIAMOND_COLUMNS).where('id', '=', id).executeTakeFirst()) as
        | DiamondRow
        | undefined;
    },

    /** How many stones are on sale. */
    async countAvailable(): Promise<number> {
      const row = await db.selectFrom('diamonds').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'available').executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Up to `limit` stones on sale with an id above `afterId`, in id order (the in-memory search's load). */
    async availableAfter(afterId: number, limit: number): Promise<DiamondRow[]> {
      return (await db
        .selectFrom('diamonds')
        .select(DIAMOND_COLUMNS)
        .where('id', '>', afterId)
        .where('status', '=', 'available')
        .orderBy('id')
        .limit(limit)
        .execute()) as DiamondRow[];
    },

    /** The stones with these ids, whatever their status, in no particular order; unknown ids are left out. */
    async findByIds(ids: readonly number[]): Promise<DiamondRow[]> {
      // Ids are 32-bit integer keys: a larger one cannot exist, and PostgreSQL would reject it as a parameter.
      const possible = [...new Set(ids)].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_DIAMOND_ID);
      if (possible.length === 0) return [];
      return (await db.selectFrom('diamonds').select(DIAMOND_COLUMNS).where('id', 'in', possible).execute()) as DiamondRow[];
    },
  };
}

export type DiamondRepository = ReturnType<typeof createDiamondRepository>;
