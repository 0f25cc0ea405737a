import type {
  Diamond,
  DiamondListResponse,
  DiamondLookupResponse,
  DiamondSearch,
  DiamondStatus,
  Shape,
} from '@everstone/contract';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { NotFoundError } from '../../errors.ts';
import type { DiamondRow } from '../../db/schema.ts';
import { toConditions, toOrder } from './filter.ts';
import type { DiamondRepository, Lookups } from './repository.ts';

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
    price: Number(row.price_cents) / 100,
    is_superdeal: Number(row.is_superdeal) === 1 ? 1 : 0,
    status: row.status as DiamondStatus,
  };
}

/**
 * Result pages kept for repeat searches (every page of a search, Back, shared links), as the JSON text sent,
 * about 12 kB each: 3,000 of them hold about 36 MB.
 */
const PAGE_CACHE_SIZE = 3_000;

export function createDiamondService({ repo }: { repo: DiamondRepository }) {
  const pages = new VersionedCache<string>(PAGE_CACHE_SIZE);

  async function search(search: DiamondSearch, version: string): Promise<DiamondListResponse> {
    const conditions = toConditions(search);
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
    async listShapes(): Promise<Shape[]> {
      return [...(await repo.lookups()).shapes.values()];
    },

    async searchDiamonds(query: DiamondSearch): Promise<DiamondListResponse> {
      return search(query, await repo.inventoryVersion());
    },

    /**
     * The search as the JSON text the API sends. A result is reused only while the inventory is exactly
     * as it was when the result was read (the version check costs one primary-key read).
     */
    async searchDiamondsJson(query: DiamondSearch): Promise<string> {
      const version = await repo.inventoryVersion();
      const key = JSON.stringify([toConditions(query), query.sort, query.perPage, query.page]);
      const cached = pages.get(key, version);
      if (cached !== undefined) return cached;
      const json = JSON.stringify(await search(query, version));
      pages.set(key, version, json);
      return json;
    },

    async getDiamond(id: number): Promise<Diamond> {
      const [lookups, row] = await Promise.all([repo.lookups(), repo.findById(id)]);
      if (!row) throw new NotFoundError(`No diamond with id ${id} exists.`);
      return toDiamondRecord(row, lookups);
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
      return { data, missing };
    },
  };
}

export type DiamondService = ReturnType<typeof createDiamondService>;
