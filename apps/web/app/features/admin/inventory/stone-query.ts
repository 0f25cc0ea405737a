import {
  ADMIN_PAGE_SIZES,
  ADMIN_STONE_STATUSES,
  DEFAULT_SORT,
  DIAMOND_TYPES,
  FANCY_COLORS,
  RANGES,
  SCALES,
  SEARCH_PARAMS,
  SORTS,
  SORT_KEYS,
  normalizeQuery,
  parseDiamondSearch,
  type AdminStoneStatus,
  type DiamondTypeId,
  type Range,
  type Sort,
  type SortKey,
} from '@everstone/contract';
import { nextColumnSort, oneOf, type ColumnSort, type PageSize } from '../kit/list-params';

/**
 * The inventory list's state, all of it in the address, in the storefront search's own parameters (the contract's
 * SEARCH_PARAMS, read by its `parseDiamondSearch`) plus `status`, so the API is asked in the same words. A parameter
 * the contract refuses is left out on its own: a mistyped link still shows a list.
 */

/** A typed-in lower and upper bound; null is open on that side. */
export interface Bounds {
  min: number | null;
  max: number | null;
}

/** The grades the back office filters by with a pair of selects. */
export type GradeScale = 'color' | 'clarity';
/** The figures it filters by with a pair of number fields. */
export type Figure = 'carat' | 'price';

export interface StoneListState {
  status: AdminStoneStatus;
  /** The storefront's tab (`active_tab`): natural, lab or color; null lists every type. */
  type: DiamondTypeId | null;
  shapes: number[];
  /** Color diamonds' colors; asked for on the color tab only. */
  fancyColors: number[];
  carat: Bounds;
  price: Bounds;
  /** A grade range as the search writes it: grade ids (1-based positions on the scale) from `[0]` up to, not including, `[1]`. */
  color: Range | null;
  clarity: Range | null;
  /** The start of a certificate number. */
  certificate: string;
  featured: boolean;
  sort: Sort;
  page: number;
  per_page: PageSize;
}

export const DEFAULT_STONE_LIST: StoneListState = {
  status: 'available',
  type: null,
  shapes: [],
  fancyColors: [],
  carat: { min: null, max: null },
  price: { min: null, max: null },
  color: null,
  clarity: null,
  certificate: '',
  featured: false,
  sort: DEFAULT_SORT,
  page: 1,
  per_page: ADMIN_PAGE_SIZES[0],
};

/** The certificate search's longest text, as the contract's parser takes it. */
export const CERTIFICATE_MAX = 64;

const GRADE_SCALES: readonly GradeScale[] = ['color', 'clarity'];
const FIGURES: readonly Figure[] = ['carat', 'price'];

/**
 * Above the scale's top the back office's search takes a maximum as it is; the top itself means "and more". A maximum
 * typed at exactly the top is sent this little above it, so it narrows too (prices and weights have fewer decimals).
 */
const JUST_ABOVE = 0.001;

/** A pair of bounds from the search's range, each side open where it sits at the end of the scale. */
function boundsOf(name: Figure, range: Range | undefined): Bounds {
  if (!range) return { min: null, max: null };
  const { min, max } = RANGES[name];
  const high = range[1] === max ? null : Math.abs(range[1] - (max + JUST_ABOVE)) < 1e-9 ? max : range[1];
  return { min: range[0] > min ? range[0] : null, max: high };
}

/** A grade range the selects can show: whole grade ids on the scale, low below high, and not the whole scale. */
function gradeRange(name: GradeScale, range: Range | undefined): Range | null {
  if (!range) return null;
  const top = SCALES[name].length + 1;
  const [low, high] = range;
  if (low >= high || (low <= 1 && high >= top)) return null;
  return [Math.max(1, low), Math.min(top, high)];
}

export function readStoneList(params: URLSearchParams): StoneListState {
  const d = DEFAULT_STONE_LIST;
  const known = new Set<string>(SEARCH_PARAMS);
  let raw = Object.fromEntries(Object.entries(normalizeQuery(params)).filter(([key]) => known.has(key)));
  let parsed = parseDiamondSearch(raw);
  if (!parsed.ok) {
    const wrong = parsed.errors;
    raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in wrong)));
    parsed = parseDiamondSearch(raw);
  }
  const search = parsed.ok ? parsed.value : null;
  // The contract's search does not know the back office's status, and has no schema for it: the status is one of
  // ADMIN_STONE_STATUSES or the default, as the server reads it.
  const status = oneOf(ADMIN_STONE_STATUSES, params.get('status')) ?? d.status;
  if (!search) return { ...d, status };
  // The search takes any page size up to its maximum; the back office's are ADMIN_PAGE_SIZES.
  const perPage = oneOf(ADMIN_PAGE_SIZES, search.perPage) ?? d.per_page;
  return {
    status,
    type: search.activeTab,
    shapes: search.shapes,
    fancyColors: search.activeTab === DIAMOND_TYPES.color ? search.fancyColors.filter((id) => id <= FANCY_COLORS.length) : [],
    carat: boundsOf('carat', search.ranges.carat),
    price: boundsOf('price', search.ranges.price),
    color: search.activeTab === DIAMOND_TYPES.color ? null : gradeRange('color', search.ranges.color),
    clarity: gradeRange('clarity', search.ranges.clarity),
    certificate: search.certificate.replace(/,/g, '').slice(0, CERTIFICATE_MAX),
    featured: search.featured,
    sort: search.sort,
    page: search.page,
    per_page: perPage,
  };
}

/** A number as the search writes it: no trailing zeros, no float noise. */
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * The address's query for a state: only what differs from the defaults, in a steady order, lists and ranges as the
 * storefront writes them (`shapes=1,4`, `price=500,2000`).
 */
export function stoneListParams(state: StoneListState): URLSearchParams {
  const d = DEFAULT_STONE_LIST;
  const params = new URLSearchParams();
  if (state.status !== d.status) params.set('status', state.status);
  if (state.type !== null) params.set('active_tab', String(state.type));
  if (state.shapes.length > 0) params.set('shapes', state.shapes.join(','));
  if (state.type === DIAMOND_TYPES.color && state.fancyColors.length > 0) params.set('fancy_colors', state.fancyColors.join(','));
  for (const name of FIGURES) {
    const { min, max } = state[name];
    if (min === null && max === null) continue;
    const top = RANGES[name].max;
    params.set(name, `${num(min ?? RANGES[name].min)},${num(max === null ? top : max === top ? top + JUST_ABOVE : max)}`);
  }
  for (const name of GRADE_SCALES) {
    const range = state[name];
    if (!range || (name === 'color' && state.type === DIAMOND_TYPES.color)) continue;
    params.set(name, `${range[0]},${range[1]}`);
  }
  if (state.certificate) params.set('certificate', state.certificate);
  if (state.featured) params.set('featured', '1');
  if (state.sort !== d.sort) params.set('sort', state.sort);
  if (state.page !== d.page) params.set('page', String(state.page));
  if (state.per_page !== d.per_page) params.set('per_page', String(state.per_page));
  return params;
}

/** A query as the storefront writes it: list and range commas left readable (`price=500,2000`, not `500%2C2000`). */
function queryText(params: URLSearchParams): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
  return [...params].map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** The page's address for a state ('?…', or '?' alone for the default list, which still clears the query). */
export const stoneListHref = (state: StoneListState) => `?${queryText(stoneListParams(state))}`;

/** GET /api/admin/stones's query for a state: the same parameters, the page and its size always said. */
export function stoneListApiQuery(state: StoneListState): string {
  const params = stoneListParams(state);
  params.set('page', String(state.page));
  params.set('per_page', String(state.per_page));
  return queryText(params);
}

/** Whether any filter narrows the list (the status is one: the default shows the stones for sale). */
export function isStoneListFiltered(state: StoneListState): boolean {
  const d = DEFAULT_STONE_LIST;
  return (
    state.status !== d.status ||
    state.type !== null ||
    state.shapes.length > 0 ||
    state.fancyColors.length > 0 ||
    FIGURES.some((name) => state[name].min !== null || state[name].max !== null) ||
    state.color !== null ||
    state.clarity !== null ||
    state.certificate !== '' ||
    state.featured
  );
}

/** The same list with no filter; the sort and the page size stay. */
export function clearedStoneList(state: StoneListState): StoneListState {
  return { ...DEFAULT_STONE_LIST, sort: state.sort, per_page: state.per_page };
}

/** A sort's column and direction ('price_desc' → price, desc). */
export function sortParts(sort: Sort): ColumnSort<SortKey> {
  const key = SORT_KEYS.find((k) => sort.startsWith(`${k}_`)) ?? SORT_KEYS[0];
  return { key, dir: sort.endsWith('_desc') ? 'desc' : 'asc' };
}

/** The sort of a column and a direction (price, desc → 'price_desc'). */
export const sortOf = ({ key, dir }: ColumnSort<SortKey>): Sort => oneOf(SORTS, `${key}_${dir}`) ?? DEFAULT_SORT;

/** Every column starts low to high, as the storefront's sorts do. */
export const FIRST_STONE_DIRECTION: Record<SortKey, 'asc' | 'desc'> = { price: 'asc', carat: 'asc', color: 'asc', clarity: 'asc', cut: 'asc' };

/** A column's sort: a new column starts low to high, the same column turns over. */
export const nextSort = (current: Sort, key: SortKey): Sort => sortOf(nextColumnSort(sortParts(current), key, FIRST_STONE_DIRECTION[key]));

/**
 * A grade range from the two selects' grade ids (either may be empty): from the first grade up to and including the
 * second, as the search's `[low, high)` of grade ids. Null when both are empty.
 */
export function gradeRangeOf(name: GradeScale, from: number | null, to: number | null): Range | null {
  if (from === null && to === null) return null;
  const first = from ?? 1;
  const last = to ?? SCALES[name].length;
  // Chosen the wrong way round, the two ends still name the same grades.
  return gradeRange(name, [Math.min(first, last), Math.max(first, last) + 1]);
}

/** The two selects' grade ids of a range (null: any). */
export function gradeEnds(range: Range | null): { from: number | null; to: number | null } {
  return range ? { from: range[0], to: range[1] - 1 } : { from: null, to: null };
}

/** What is wrong with a typed-in pair of bounds, or null. */
export function boundsProblem(name: Figure, bounds: Bounds): string | null {
  const { min, max } = bounds;
  const noun = name === 'price' ? 'price' : 'carat weight';
  if ((min !== null && (!Number.isFinite(min) || min < 0)) || (max !== null && (!Number.isFinite(max) || max < 0))) return `The ${noun} must be a number of 0 or more.`;
  if (min !== null && max !== null && min > max) return `The minimum ${noun} is above the maximum.`;
  return null;
}
