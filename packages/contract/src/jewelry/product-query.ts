/**
 * A jewelry listing's state, read from and written to a URL's query: the department (which page), the filters, the
 * sort and the page. One parser for the server (which refuses what it cannot read, naming it) and the storefront
 * (which keeps what it can and drops the rest), so a shared link means the same on both.
 */
import { SHAPES } from '../constants.ts';
import { normalizeQuery } from '../diamonds/query.ts';
import {
  COLLECTIONS,
  GEMSTONES,
  PRODUCT_FAMILIES,
  PRODUCT_STYLES,
  type CollectionId,
  type GemstoneId,
  type Gender,
  type ProductFamily,
  type ProductStyle,
  type ShapeName,
} from './products.ts';
import { METAL_IDS, type MetalId } from '../ring-builder/ring-choices.ts';

/**
 * The listing pages: each is a fixed part of the catalog (its base), which the shopper narrows with filters.
 * `path` is where the storefront shows it.
 */
export const DEPARTMENTS = [
  { id: 'engagement-rings', path: '/engagement-rings', title: 'Engagement Ring Settings', families: ['setting'], intro: 'Choose the setting first, then the diamond that fits it: each setting is made to order around the stone you pick.' },
  { id: 'preset-rings', path: '/preset-rings', title: 'Preset Engagement Rings', families: ['preset'], intro: 'Over 300 finished lab-grown diamond rings, each with its own certified center stone, ready to ship in your size.' },
  { id: 'bands-for-her', path: '/bands-for-her', title: 'Women’s Wedding Bands', families: ['band'], genders: ['her', 'unisex'], intro: 'Plain metal bands, diamond bands, anniversary and eternity rings.' },
  { id: 'bands-for-him', path: '/bands-for-him', title: 'Men’s Wedding Bands', families: ['band'], genders: ['him', 'unisex'], intro: 'Comfort-fit bands from 4 to 8 mm in gold and platinum, plain, inlaid or set with diamonds.' },
  { id: 'gemstone-rings', path: '/gemstone-rings', title: 'Gemstone Rings', families: ['ring'], styles: ['gemstone'], intro: 'Sapphires, rubies, emeralds and more, set in gold and platinum.' },
  { id: 'fine-jewelry', path: '/fine-jewelry', title: 'Fine Jewelry', families: ['earrings', 'necklace', 'bracelet', 'ring'], intro: 'Earrings, tennis necklaces and bracelets, pendants and rings for every day and every occasion.' },
  { id: 'earrings', path: '/fine-jewelry/earrings', title: 'Earrings', families: ['earrings'], intro: 'Diamond studs, hoops and drops.' },
  { id: 'necklaces', path: '/fine-jewelry/necklaces', title: 'Necklaces and Pendants', families: ['necklace'], intro: 'Tennis necklaces, solitaire and motif pendants.' },
  { id: 'bracelets', path: '/fine-jewelry/bracelets', title: 'Bracelets', families: ['bracelet'], intro: 'Tennis bracelets and bangles.' },
  { id: 'collections', path: '/collections', title: 'Collections', families: [...PRODUCT_FAMILIES].filter((f) => f !== 'preset'), collectionsOnly: true, intro: 'The Bond, The Reserve, Elements, The Bouquet and The Ceramic Series.' },
  { id: 'gifts', path: '/gifts', title: 'Gifts', families: ['earrings', 'necklace', 'bracelet', 'ring'], maxPriceCents: 150_000, intro: 'Fine jewelry under $1,500, ready to give.' },
  { id: 'sale', path: '/sale', title: 'Sale', families: [...PRODUCT_FAMILIES].filter((f) => f !== 'setting'), onOffer: true, intro: 'Pieces on offer now, up to 30% off, while they last.' },
] as const satisfies readonly Department[];

export interface Department {
  id: string;
  path: string;
  title: string;
  intro: string;
  families: readonly ProductFamily[];
  genders?: readonly Gender[];
  styles?: readonly ProductStyle[];
  /** Only pieces of a collection. */
  collectionsOnly?: boolean;
  maxPriceCents?: number;
  onOffer?: boolean;
}
export type DepartmentId = (typeof DEPARTMENTS)[number]['id'];
export function departmentOf(id: string): Department | undefined {
  return DEPARTMENTS.find((d) => d.id === id);
}

export const PRODUCT_SORTS = [
  { id: 'best', label: 'Best selling' },
  { id: 'newest', label: 'Newest' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]['id'];

export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_MAX_PAGE = 100;

/** What a listing shows: a department narrowed by filters, sorted, one page. */
export interface ProductQuery {
  department: DepartmentId;
  styles: ProductStyle[];
  metals: MetalId[];
  shapes: ShapeName[];
  origins: ('lab' | 'natural')[];
  collections: CollectionId[];
  gems: GemstoneId[];
  /** Whole dollars, inclusive; null when open. */
  priceMin: number | null;
  priceMax: number | null;
  /** Total carat weight, inclusive. */
  caratMin: number | null;
  caratMax: number | null;
  readyToShip: boolean;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_PRODUCT_QUERY: Omit<ProductQuery, 'department'> = {
  styles: [],
  metals: [],
  shapes: [],
  origins: [],
  collections: [],
  gems: [],
  priceMin: null,
  priceMax: null,
  caratMin: null,
  caratMax: null,
  readyToShip: false,
  sort: 'best',
  page: 1,
};

const STYLE_IDS = PRODUCT_STYLES.map((s) => s.id) as readonly string[];
const COLLECTION_IDS = COLLECTIONS.map((c) => c.id) as readonly string[];
const GEM_IDS = GEMSTONES.map((g) => g.id) as readonly string[];
const SORT_IDS = PRODUCT_SORTS.map((s) => s.id) as readonly string[];

/** The query parameters a listing reads; anything else is ignored. */
export const PRODUCT_QUERY_KEYS = ['department', 'style', 'metal', 'shape', 'origin', 'collection', 'gem', 'price_min', 'price_max', 'carat_min', 'carat_max', 'ready', 'sort', 'page'] as const;

export interface ReadProductQuery {
  query: ProductQuery;
  /** Each parameter that could not be read, with why (the server answers 400 with them; pages drop them). */
  problems: Record<string, string>;
}

/** A listing's state from a query string; `department` is the page's own when the page names it. */
export function readProductQuery(raw: URLSearchParams | Record<string, unknown>, department?: DepartmentId): ReadProductQuery {
  const params = normalizeQuery(raw);
  const problems: Record<string, string> = {};
  const one = (key: string) => params[key]?.find((v) => v !== '');

  const list = <T extends string>(key: string, allowed: readonly string[], label: string): T[] => {
    const values = [...new Set((params[key] ?? []).filter((v) => v !== ''))];
    const bad = values.filter((v) => !allowed.includes(v));
    if (bad.length > 0) problems[key] = `Unknown ${label}: ${bad.slice(0, 5).join(', ')}. Choose from ${allowed.join(', ')}.`;
    return values.filter((v) => allowed.includes(v)) as T[];
  };
  const amount = (key: string, label: string, max: number): number | null => {
    const value = one(key);
    if (value === undefined) return null;
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || n > max) {
      problems[key] = `The ${label} must be a number from 0 to ${max}.`;
      return null;
    }
    return n;
  };

  let dept = department ?? (one('department') as DepartmentId | undefined);
  if (!dept || !departmentOf(dept)) {
    if (!department) problems.department = `Unknown department${dept ? ` ${dept}` : ''}. Choose from ${DEPARTMENTS.map((d) => d.id).join(', ')}.`;
    dept = 'fine-jewelry';
  }
  const sortValue = one('sort') ?? 'best';
  if (!SORT_IDS.includes(sortValue)) problems.sort = `Unknown sort ${sortValue}. Choose from ${SORT_IDS.join(', ')}.`;
  const pageValue = one('page') ?? '1';
  const page = /^\d+$/.test(pageValue) ? Number(pageValue) : NaN;
  if (!(page >= 1 && page <= PRODUCT_MAX_PAGE)) problems.page = `The page must be a whole number from 1 to ${PRODUCT_MAX_PAGE}.`;
  const ready = one('ready');
  if (ready !== undefined && ready !== '1' && ready !== 'true' && ready !== '0' && ready !== 'false') problems.ready = 'ready is 1 or 0.';

  const query: ProductQuery = {
    department: dept,
    styles: list('style', STYLE_IDS, 'style'),
    metals: list('metal', METAL_IDS, 'metal'),
    shapes: list('shape', SHAPES, 'shape'),
    origins: list('origin', ['lab', 'natural'], 'origin'),
    collections: list('collection', COLLECTION_IDS, 'collection'),
    gems: list('gem', GEM_IDS, 'gem'),
    priceMin: amount('price_min', 'lowest price', 1_000_000),
    priceMax: amount('price_max', 'highest price', 1_000_000),
    caratMin: amount('carat_min', 'lowest carat weight', 100),
    caratMax: amount('carat_max', 'highest carat weight', 100),
    readyToShip: ready === '1' || ready === 'true',
    sort: SORT_IDS.includes(sortValue) ? (sortValue as ProductSort) : 'best',
    page: page >= 1 && page <= PRODUCT_MAX_PAGE ? page : 1,
  };
  return { query, problems };
}

/**
 * The query string of a listing's state, with only what differs from the defaults, in a fixed order, so one
 * state has one URL (good for Back, for sharing and for caches). `withDepartment` adds the department (the API
 * needs it; a page's path already says it).
 */
export function productQueryToParams(query: ProductQuery, withDepartment = false): URLSearchParams {
  const out = new URLSearchParams();
  if (withDepartment) out.set('department', query.department);
  const lists: [string, readonly string[]][] = [
    ['style', query.styles],
    ['metal', query.metals],
    ['shape', query.shapes],
    ['origin', query.origins],
    ['collection', query.collections],
    ['gem', query.gems],
  ];
  for (const [key, values] of lists) if (values.length > 0) out.set(key, [...values].sort().join(','));
  if (query.priceMin !== null) out.set('price_min', String(query.priceMin));
  if (query.priceMax !== null) out.set('price_max', String(query.priceMax));
  if (query.caratMin !== null) out.set('carat_min', String(query.caratMin));
  if (query.caratMax !== null) out.set('carat_max', String(query.caratMax));
  if (query.readyToShip) out.set('ready', '1');
  if (query.sort !== 'best') out.set('sort', query.sort);
  if (query.page > 1) out.set('page', String(query.page));
  return out;
}
