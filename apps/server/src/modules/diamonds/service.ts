import {
  DIAMOND_TYPE_LABELS,
  type Diamond,
  type DiamondListResponse,
  type DiamondLookupResponse,
  type DiamondSearch,
  type DiamondStatus,
  type DiamondFacetsResponse,
  type PriceBand,
  type PriceBandListResponse,
  type SimilarDiamondsResponse,
  type ValueChartResponse,
  SIMILAR_LIST_MAX,
  type HistogramName,
  type ScaleName,
  type Shape,
  FANCY_COLORS,
  HISTOGRAM_BINS,
  SCALES,
  SCALE_NAMES,
  centsToDollars,
  histogramEdge,
  parseDiamondSearch,
} from '@everstone/contract';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { NotFoundError } from '../../errors.ts';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { diamondReadModel } from './tables.ts';
import { fitConditions, toConditions, toOrder, type FitWindow } from './filter.ts';
import { createDiamondRepository, MAX_DIAMOND_ID } from './repository.ts';
import { toDiamondRecord } from './record.ts';

export { toDiamondRecord } from './record.ts';
import type { SearchEngine, SimilarStones } from './engine/client.ts';
import type { FacetSet, Tally } from './engine/facets.ts';
import type { ByteColumn } from './engine/stones.ts';

export { MAX_DIAMOND_ID } from './repository.ts';


/** The search with no filter of its own (every available stone), for conditions built in code. */
const EVERY_STONE: DiamondSearch = (() => {
  const parsed = parseDiamondSearch({});
  if (!parsed.ok) throw new Error('The empty search does not parse');
  return parsed.value;
})();

/**
 * Result pages kept for repeat searches (every page of a search, Back, shared links), as the JSON text sent,
 * about 12 kB each: 3,000 of them hold about 36 MB.
 */
const PAGE_CACHE_SIZE = 3_000;
/** The counts of recent searches (about 2 kB each), for the pages of one search and Back. */
const FACET_CACHE_SIZE = 1_000;

/** Value charts of recent searches (about 80 kB each). */
const CHART_CACHE_SIZE = 100;
/** Stones drawn on a value chart at most, and the best values marked on it. */
const CHART_POINTS = 800;
const CHART_BEST = 10;

/** A stone's band as the API gives it (prices in USD). */
function toPriceBand(s: SimilarStones): PriceBand {
  return {
    diamondid: s.id,
    similar: s.similar,
    median: s.medianCents === null ? null : centsToDollars(s.medianCents),
    difference_pct: s.medianCents === null ? null : differencePct(s.priceCents, s.medianCents),
    cheaper: s.cheaper,
    dearer: s.dearer,
    carat_from: s.caratLow,
    carat_to: s.caratHigh,
  };
}

// `|| 0`: a price a hair under the median is "0%", not "-0%".
const differencePct = (price: number, median: number) => Math.round(((price - median) / median) * 100) || 0;

/** The column of each grade scale, as the counts tally it. */
const SCALE_COLUMN: Record<ScaleName, ByteColumn> = {
  cut: 'cut_id',
  color: 'color_id',
  clarity: 'clarity_id',
  polish: 'polish_id',
  symmetry: 'symmetry_id',
  fluorescence: 'fluorescence_id',
};

/** '1.52 Carat Oval Lab Diamond, F VS1', '0.90 Carat Pear Color Diamond, Fancy Intense Pink VS2'. */
export function describeDiamond(d: Diamond): string {
  const grades = [d.fancy_color ? `${d.fancy_color.intensity} ${d.fancy_color.name}` : d.color?.name, d.clarity?.name].filter(Boolean).join(' ');
  const title = `${d.carat_weight.toFixed(2)} Carat ${d.shape.name} ${DIAMOND_TYPE_LABELS[d.type]} Diamond`;
  return (grades ? `${title}, ${grades}` : title).slice(0, 200);
}

/** A diamond as an order copies it: what it is, what it costs now, and whether it is on sale. */
export interface DiamondForSale {
  diamondId: number;
  certificateNumber: string;
  /** describeDiamond's title. */
  description: string;
  type: number;
  carat: number;
  priceCents: number;
  status: DiamondStatus;
  /** The shape's name ('Round', 'Oval' …): a ring's head is made for some shapes only. */
  shape: string;
  /** The certificate's length and width in mm, and total depth %; null where it gives none (a ring is checked against them). */
  lengthMm: number | null;
  widthMm: number | null;
  depthPct: number | null;
}


/**
 * One head of a setting as the ring builder matches stones to it (the products service's `settingWindows`): a stone
 * of `shape` whose width is within the window and that weighs at least `minCarat`.
 */
export interface SettingWindow {
  shape: string;
  minWidthMm: number;
  maxWidthMm: number;
  minCarat: number;
}

export interface DiamondServiceDeps {
  db: Handle;
  engine: Engine;
  /** The inventory's version: every search result and total is kept only while it is unchanged. */
  inventoryVersion: () => Promise<string>;
  /**
   * When the ring builder's running holds on these stones end (the inventory's holds), by stone. Read for the stones
   * shown, at every request, so no cache ever shows a hold that has ended or misses a new one.
   */
  heldUntil?: (diamondIds: readonly number[]) => Promise<Map<number, string>>;
  /**
   * The in-memory search (engine/client.ts). While it is ready, searches are answered from it; while it loads, or
   * if it failed, from the database.
   */
  searchEngine?: SearchEngine | null;
}

/** A cached result page: the JSON sent (every held_until null) and its stones' ids, to look their holds up. */
interface CachedPage {
  json: string;
  ids: number[];
}

/**
 * The catalog: what the store sells, as shoppers find and see it (the diamond search, a stone's record) and as an
 * order copies it. Read-only: stock moves in inventory/.
 */
export function createDiamondService({ db: given, engine, inventoryVersion, heldUntil = async () => new Map(), searchEngine = null }: DiamondServiceDeps) {
  const db = diamondReadModel(given);
  const repo = createDiamondRepository(db, engine);
  const pages = new VersionedCache<CachedPage>(PAGE_CACHE_SIZE);
  const facetPages = new VersionedCache<string>(FACET_CACHE_SIZE);
  const charts = new VersionedCache<string>(CHART_CACHE_SIZE);

  /** A setting's heads as conditions on shape ids; a shape the store does not list fits nothing. */
  async function fitWindows(windows: readonly SettingWindow[] | null): Promise<FitWindow[] | null> {
    if (windows === null) return null;
    const { shapes } = await repo.lookups();
    const ids = new Map([...shapes.values()].map((s) => [s.name, s.id]));
    return windows.flatMap((w) => {
      const shapeId = ids.get(w.shape);
      return shapeId === undefined ? [] : [{ shapeId, minWidthMm: w.minWidthMm, maxWidthMm: w.maxWidthMm, minCarat: w.minCarat }];
    });
  }

  /** Sets each record's held_until from the holds running now (one query for all of them). */
  async function withHolds<T extends Diamond>(records: T[]): Promise<T[]> {
    if (records.length === 0) return records;
    const held = await heldUntil(records.map((d) => d.diamondid));
    if (held.size === 0) return records;
    return records.map((d) => (held.has(d.diamondid) ? { ...d, held_until: held.get(d.diamondid)! } : d));
  }

  /** The search from memory (brought up to date by the caller): its answer and the feed's place it reflects. */
  async function searchInMemory(search: DiamondSearch, fit: readonly FitWindow[] | null): Promise<{ page: DiamondListResponse; version: string }> {
    const [lookups, result] = await Promise.all([
      repo.lookups(),
      searchEngine!.search({ conditions: toConditions(search, fit), order: toOrder(search.sort), offset: (search.page - 1) * search.perPage, limit: search.perPage }),
    ]);
    return { page: pageOf(search, result.total, result.rows.map((row) => toDiamondRecord(row, lookups))), version: `memory:${result.version}` };
  }

  function pageOf(search: DiamondSearch, total: number, data: Diamond[]): DiamondListResponse {
    return { data, total, page: search.page, per_page: search.perPage, last_page: Math.max(1, Math.ceil(total / search.perPage)) };
  }

  const inMemory = () => searchEngine !== null && searchEngine.state === 'ready';

  async function search(search: DiamondSearch, version: string, fit: readonly FitWindow[] | null): Promise<DiamondListResponse> {
    const conditions = toConditions(search, fit);
    const offset = (search.page - 1) * search.perPage;
    const lookups = await repo.lookups();
    // The total comes first: it tells the repository how to read the page, and past the end there is none.
    const total = await repo.count(conditions, version);
    const rows = offset < total ? await repo.findPage(conditions, toOrder(search.sort), search.perPage, offset, total) : [];
    return {
      data: rows.map((row) => toDiamondRecord(row, lookups)),
      total,
      page: search.page,
      per_page: search.perPage,
      last_page: Math.max(1, Math.ceil(total / search.perPage)),
    };
  }

  return {
    /**
     * The back office's stone search: the storefront's filters on every stone of one status (null: any), read from
     * the database (the search in memory holds the available ones only), with their builder holds. A maximum above the
     * storefront slider's top narrows the list (staff look for a $15,000 stone); the top itself still means "and more".
     */
    async searchForStaff(query: DiamondSearch, status: DiamondStatus | null): Promise<DiamondListResponse> {
      const conditions = toConditions(query, null, status, { exactMax: true });
      const offset = (query.page - 1) * query.perPage;
      const lookups = await repo.lookups();
      const total = await repo.count(conditions, await inventoryVersion());
      const rows = offset < total ? await repo.findPage(conditions, toOrder(query.sort), query.perPage, offset, total) : [];
      return {
        data: await withHolds(rows.map((row) => toDiamondRecord(row, lookups))),
        total,
        page: query.page,
        per_page: query.perPage,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
      };
    },

    async listShapes(): Promise<Shape[]> {
      return [...(await repo.lookups()).shapes.values()];
    },

    /**
     * A page of the search. `setting`: the heads of the setting the search's `setting` names (the products service
     * resolves the slug), required when it names one.
     */
    async searchDiamonds(query: DiamondSearch, setting: readonly SettingWindow[] | null = null): Promise<DiamondListResponse> {
      const fit = await fitWindows(setting);
      let page: DiamondListResponse;
      if (inMemory()) {
        await searchEngine!.refresh();
        page = (await searchInMemory(query, fit)).page;
      } else page = await search(query, await inventoryVersion(), fit);
      return { ...page, data: await withHolds(page.data) };
    },

    /**
     * The search as the JSON text the API sends. A result is reused only while the inventory is exactly
     * as it was when the result was read (the version check costs one primary-key read). Holds move no inventory
     * version: the page is kept without them, and the holds of its stones are read at every request (one lookup
     * by key of at most a page of ids); a page with none held is sent as it was kept.
     */
    async searchDiamondsJson(query: DiamondSearch, setting: readonly SettingWindow[] | null = null): Promise<string> {
      const fit = await fitWindows(setting);
      const key = JSON.stringify([toConditions(query, fit), query.sort, query.perPage, query.page]);
      let page: CachedPage | undefined;
      if (inMemory()) {
        // The engine brings itself up to date first; a page kept at the feed's place it answers at is current.
        await searchEngine!.refresh();
        page = pages.get(key, `memory:${searchEngine!.version}`);
        if (page === undefined) {
          const { total, data, ids, version } = await searchEngine!.searchPage(
            { conditions: toConditions(query, fit), order: toOrder(query.sort), offset: (query.page - 1) * query.perPage, limit: query.perPage },
            () => repo.lookups(),
          );
          const last = Math.max(1, Math.ceil(total / query.perPage));
          // The records come as JSON from the search's thread; the page around them is the list response's shape.
          page = { json: `{"data":${data},"total":${total},"page":${query.page},"per_page":${query.perPage},"last_page":${last}}`, ids };
          pages.set(key, `memory:${version}`, page);
        }
      } else {
        const version = await inventoryVersion();
        page = pages.get(key, version);
        if (page === undefined) {
          const result = await search(query, version, fit);
          page = { json: JSON.stringify(result), ids: result.data.map((d) => d.diamondid) };
          pages.set(key, version, page);
        }
      }
      if (page.ids.length === 0) return page.json;
      const held = await heldUntil(page.ids);
      if (held.size === 0) return page.json;
      const result = JSON.parse(page.json) as DiamondListResponse;
      for (const d of result.data) d.held_until = held.get(d.diamondid) ?? null;
      return JSON.stringify(result);
    },

    /**
     * Whether what the in-memory search answers (counts, price comparisons, the value chart) is on its way: the
     * search is loading, or reading the stones again. False when it is ready, failed or off (`SEARCH_ENGINE=database`).
     */
    insightLoading(): boolean {
      return searchEngine !== null && searchEngine.state === 'loading';
    },

    /**
     * The search's counts (GET /api/diamond-facets): each filter's choices counted with the other filters as they
     * are, and the stones along the price and carat sliders. Counted from the in-memory search; null while it is
     * not ready (loading, failed, or `SEARCH_ENGINE=database`): the storefront then shows no counts.
     */
    async facetsJson(query: DiamondSearch, setting: readonly SettingWindow[] | null = null): Promise<string | null> {
      if (!inMemory()) return null;
      await searchEngine!.refresh();
      const fit = await fitWindows(setting);
      const key = JSON.stringify(toConditions(query, fit));
      const cached = facetPages.get(key, `memory:${searchEngine!.version}`);
      if (cached !== undefined) return cached;
      const without = (change: Partial<DiamondSearch>) => toConditions({ ...query, ...change }, fit);
      const ranges = (name: keyof DiamondSearch['ranges']) => {
        const rest = { ...query.ranges };
        delete rest[name];
        return without({ ranges: rest });
      };
      const bars = (name: HistogramName, column: 'price_cents' | 'carat'): Tally => ({ name, kind: 'bars', column });
      const { shapes } = await repo.lookups();
      const topShape = Math.max(0, ...shapes.keys());
      const sets: FacetSet[] = [
        { conditions: toConditions(query, fit), tallies: [], total: true },
        { conditions: without({ shapes: [] }), tallies: [{ name: 'shapes', kind: 'values', column: 'shape_id', size: topShape }] },
        { conditions: without({ report: 0 }), tallies: [{ name: 'reports', kind: 'values', column: 'certificate_company_id', size: 2 }] },
        { conditions: without({ fancyColors: [] }), tallies: [{ name: 'fancy_colors', kind: 'values', column: 'fancy_color_id', size: FANCY_COLORS.length }] },
        ...SCALE_NAMES.map((name): FacetSet => ({ conditions: ranges(name), tallies: [{ name, kind: 'values', column: SCALE_COLUMN[name], size: SCALES[name].length }] })),
        { conditions: ranges('price'), tallies: [bars('price', 'price_cents')] },
        { conditions: ranges('carat'), tallies: [bars('carat', 'carat')] },
      ];
      // A filter the search does not use leaves the same conditions as the search itself: one match, several tallies.
      const merged = new Map<string, FacetSet>();
      for (const set of sets) {
        const k = JSON.stringify(set.conditions);
        const seen = merged.get(k);
        if (seen) {
          seen.tallies.push(...set.tallies);
          seen.total ||= set.total;
        } else merged.set(k, { ...set, tallies: [...set.tallies] });
      }
      const { total, counts, version } = await searchEngine!.facets([...merged.values()]);
      const histogram = (name: HistogramName) => ({ min: histogramEdge(name, 0), max: histogramEdge(name, HISTOGRAM_BINS), counts: counts[name]! });
      const response: DiamondFacetsResponse = {
        total,
        shapes: [...shapes.keys()].sort((a, b) => a - b).map((id) => ({ id, count: counts.shapes![id - 1] ?? 0 })),
        grades: Object.fromEntries(SCALE_NAMES.map((name) => [name, counts[name]!])) as DiamondFacetsResponse['grades'],
        reports: { gia: counts.reports![0]!, igi: counts.reports![1]! },
        fancy_colors: counts.fancy_colors!,
        histograms: { price: histogram('price'), carat: histogram('carat') },
      };
      const json = JSON.stringify(response);
      facetPages.set(key, `memory:${version}`, json);
      return json;
    },

    /**
     * The price bands of the stones on sale among `ids` (GET /api/diamond-price-bands), from the in-memory search;
     * null while it is not ready (the storefront then shows none).
     */
    async priceBands(ids: number[]): Promise<PriceBandListResponse | null> {
      if (!inMemory()) return null;
      await searchEngine!.refresh();
      const { stones } = await searchEngine!.similar(ids, 0);
      return { data: stones.map(toPriceBand) };
    },

    /**
     * A stone's band and its similar stones, cheapest first (GET /api/diamonds/{id}/similar); null while the in-memory
     * search is not ready. A stone not on sale has none: 404.
     */
    async similarDiamonds(id: number): Promise<SimilarDiamondsResponse | null> {
      if (!inMemory()) return null;
      await searchEngine!.refresh();
      const [lookups, { stones }] = await Promise.all([repo.lookups(), searchEngine!.similar([id], SIMILAR_LIST_MAX)]);
      const found = stones[0];
      if (!found) throw new NotFoundError(`Diamond ${id} is not on sale.`);
      const data = await withHolds(found.rows.map((row) => toDiamondRecord(row, lookups)));
      return { band: toPriceBand(found), data };
    },

    /**
     * The search's stones as price against carat (GET /api/diamond-value-chart), sampled to CHART_POINTS, with the
     * CHART_BEST stones furthest below their similar stones' median marked; null while the in-memory search is not
     * ready.
     */
    async valueChartJson(query: DiamondSearch, setting: readonly SettingWindow[] | null = null): Promise<string | null> {
      if (!inMemory()) return null;
      await searchEngine!.refresh();
      const fit = await fitWindows(setting);
      const conditions = toConditions(query, fit);
      const key = JSON.stringify(conditions);
      const cached = charts.get(key, `memory:${searchEngine!.version}`);
      if (cached !== undefined) return cached;
      const [lookups, chart] = await Promise.all([repo.lookups(), searchEngine!.valueChart(conditions, CHART_POINTS, CHART_BEST)]);
      const response: ValueChartResponse = {
        total: chart.total,
        points: chart.points.map(({ stone, ratio, best }) => {
          const d = toDiamondRecord(stone, lookups);
          return {
            diamondid: d.diamondid,
            carat: d.carat_weight,
            price: d.price,
            shape: d.shape.name,
            color: d.fancy_color ? `${d.fancy_color.intensity} ${d.fancy_color.name}` : (d.color?.name ?? null),
            clarity: d.clarity?.name ?? null,
            cut: d.cut?.full_name ?? null,
            difference_pct: ratio === null ? null : Math.round((ratio - 1) * 100) || 0,
            best,
          };
        }),
      };
      const json = JSON.stringify(response);
      charts.set(key, `memory:${chart.version}`, json);
      return json;
    },

    async getDiamond(id: number): Promise<Diamond> {
      const [lookups, row] = await Promise.all([repo.lookups(), id <= MAX_DIAMOND_ID ? repo.findById(id) : undefined]);
      if (!row) throw new NotFoundError(`No diamond with id ${id} exists.`);
      return (await withHolds([toDiamondRecord(row, lookups)]))[0]!;
    },

    /**
     * Up to `limit` available stones that fit the setting's heads `setting`, of the type `near.type` and (when a head
     * takes it) `near.shape`, closest in weight to `near.carat` and then cheapest; stones another shopper holds and
     * `near.id` itself are left out (the ring builder's alternatives to a stone that sold or does not fit).
     */
    async nearestFitting(setting: readonly SettingWindow[], near: { id: number; type: number; shape: string; carat: number }, limit: number): Promise<Diamond[]> {
      const sameShape = setting.filter((w) => w.shape === near.shape);
      const fit = await fitWindows(sameShape.length > 0 ? sameShape : setting);
      if (!fit || fit.length === 0) return [];
      const conditions = [...toConditions({ ...EVERY_STONE, activeTab: near.type as 1 | 2 | 3 }), ...fitConditions(fit)];
      const lookups = await repo.lookups();
      // A few more than asked for, as some may be held or be the stone itself.
      const rows = await repo.nearestByCarat(conditions, near.carat, limit + 4);
      const held = await heldUntil(rows.map((r) => Number(r.id)));
      return rows
        .filter((r) => Number(r.id) !== near.id && !held.has(Number(r.id)))
        .sort((a, b) => Math.abs(Number(a.carat) - near.carat) - Math.abs(Number(b.carat) - near.carat) || Number(a.price_cents) - Number(b.price_cents) || Number(a.id) - Number(b.id))
        .slice(0, limit)
        .map((row) => toDiamondRecord(row, lookups));
    },

    /**
     * The cart's check: every requested stone that exists, whatever its status (the
     * shopper must be told it sold), in the order asked, and the ids that do not exist.
     */
    async lookupDiamonds(ids: readonly number[]): Promise<DiamondLookupResponse> {
      const [lookups, rows] = await Promise.all([repo.lookups(), repo.findByIds(ids)]);
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const data: Diamond[] = [];
      const missing: number[] = [];
      for (const id of new Set(ids)) {
        const row = byId.get(id);
        if (row) data.push(toDiamondRecord(row, lookups));
        else missing.push(id);
      }
      return { data: await withHolds(data), missing };
    },

    /**
     * The diamonds these ids name, as an order copies them, read through `trx` (the order's transaction, so what is
     * priced is what is reserved). Ids that name no stone are left out; the caller says which.
     */
    async diamondsForSale(handle: Handle, ids: readonly number[]): Promise<Map<number, DiamondForSale>> {
      const trx = diamondReadModel(handle);
      const reader = createDiamondRepository(trx, engine);
      const lookups = await repo.lookups(trx);
      const rows = await reader.findByIds(ids);
      return new Map(
        rows.map((row) => {
          const record = toDiamondRecord(row, lookups);
          return [
            record.diamondid,
            {
              diamondId: record.diamondid,
              certificateNumber: record.certificate_number,
              description: describeDiamond(record),
              type: record.type,
              carat: record.carat_weight,
              priceCents: Number(row.price_cents),
              status: record.status,
              shape: record.shape.name,
              lengthMm: record.measurement_l,
              widthMm: record.measurement_w,
              depthPct: record.depth,
            },
          ];
        }),
      );
    },
  };
}

export type DiamondService = ReturnType<typeof createDiamondService>;
