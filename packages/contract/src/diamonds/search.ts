/**
 * The diamond search as the URL and the API carry it (§3 filter state, §7 query): parsing, defaults and
 * messages. Free of Zod, so the storefront's first load can use it without the schemas (see core.ts).
 */
import {
  CONTINUOUS_RANGE_NAMES,
  DEFAULT_SORT,
  FANCY_COLORS,
  RANGES,
  SCALES,
  SCALE_NAMES,
  SEARCH,
  SORTS,
  type ContinuousRangeName,
  type ScaleName,
  type Sort,
} from '../constants.ts';
import { normalizeQuery, type NormalizedQuery } from './query.ts';

/** A two-value range; either bound may be open (null) when its handle sits at the end of the scale. */
export type Range = readonly [number, number];

export interface DiamondSearch {
  ranges: Partial<Record<ContinuousRangeName | ScaleName, Range>>;
  shapes: number[];
  fancyColors: number[];
  certificate: string;
  featured: boolean;
  checkedDiamonds: number[];
  showOnlyChecked: boolean;
  activeTab: 1 | 2 | 3 | null;
  report: 0 | 1 | 2;
  sort: Sort;
  page: number;
  perPage: number;
  /**
   * The ring builder's "fits this setting" (a setting's product slug): only stones its head can hold. The server
   * resolves the slug into its shapes and mm windows (docs/decisions/015-ring-builder.md). Absent when the query has
   * none, so a search state that never names a setting reads as before.
   */
  setting?: string | null;
}

export type SearchParseResult =
  | { ok: true; value: DiamondSearch }
  | { ok: false; errors: Record<string, string[]> };

const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no', '']);

/** Every parameter the search understands; anything else is ignored (a cache-buster, a tracking tag). */
export const SEARCH_PARAMS = [
  ...CONTINUOUS_RANGE_NAMES,
  ...SCALE_NAMES,
  'shapes',
  'fancy_colors',
  'certificate',
  'featured',
  'checkedDiamonds',
  'showOnlyChecked',
  'active_tab',
  'selectedReport',
  'sort',
  'page',
  'per_page',
  'setting',
] as const;

/** A setting's product slug as the search's `setting` parameter takes it (the products' slug rule). */
const SETTING_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;

/**
 * Turns a raw query (any of the list forms) into a validated search, or per-parameter messages.
 * The storefront builds its URLs with `searchToQuery`, the inverse of this.
 */
export function parseDiamondSearch(raw: Record<string, unknown> | URLSearchParams): SearchParseResult {
  const q: NormalizedQuery = normalizeQuery(raw);
  const errors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => {
    (errors[key] ??= []).push(message);
  };
  const single = (key: string): string | undefined => {
    const values = q[key]?.filter((v) => v !== '');
    if (!values || values.length === 0) return undefined;
    if (values.length > 1) {
      fail(key, `${key} must be a single value`);
      return undefined;
    }
    return values[0];
  };
  const intList = (key: string, what: string): number[] => {
    const values = (q[key] ?? []).filter((v) => v !== '');
    const out: number[] = [];
    for (const v of values) {
      if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
        fail(key, `${key} must be a list of ${what} (positive whole numbers); got '${v.slice(0, 40)}'`);
        return [];
      }
      out.push(Number(v));
    }
    if (out.length > 500) fail(key, `${key} may hold at most 500 values`);
    return [...new Set(out)];
  };
  const bool = (key: string): boolean => {
    const v = single(key);
    if (v === undefined) return false;
    const lower = v.toLowerCase();
    if (TRUE_WORDS.has(lower)) return true;
    if (FALSE_WORDS.has(lower)) return false;
    fail(key, `${key} must be true or false (1 or 0)`);
    return false;
  };
  const int = (key: string, min: number, max: number, fallback: number): number => {
    const v = single(key);
    if (v === undefined) return fallback;
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      fail(key, `${key} must be a whole number from ${min} to ${max}; got '${v.slice(0, 40)}'`);
      return fallback;
    }
    return Number(v);
  };

  const ranges: DiamondSearch['ranges'] = {};
  for (const name of CONTINUOUS_RANGE_NAMES) {
    const r = parseRange(q, name, false, fail);
    if (r) ranges[name] = r;
  }
  for (const name of SCALE_NAMES) {
    const r = parseRange(q, name, true, fail);
    if (r) ranges[name] = r;
  }

  const sortValue = single('sort') ?? DEFAULT_SORT;
  let sort: Sort = DEFAULT_SORT;
  if ((SORTS as readonly string[]).includes(sortValue)) sort = sortValue as Sort;
  else fail('sort', `sort must be one of ${SORTS.join(', ')}; got '${sortValue.slice(0, 40)}'`);

  const activeTabRaw = single('active_tab');
  let activeTab: DiamondSearch['activeTab'] = null;
  if (activeTabRaw !== undefined) {
    if (activeTabRaw === '1' || activeTabRaw === '2' || activeTabRaw === '3') {
      activeTab = Number(activeTabRaw) as 1 | 2 | 3;
    } else fail('active_tab', `active_tab must be 1 (natural), 2 (lab) or 3 (color); got '${activeTabRaw.slice(0, 40)}'`);
  }

  const reportRaw = single('selectedReport') ?? '0';
  let report: DiamondSearch['report'] = 0;
  if (reportRaw === '0' || reportRaw === '1' || reportRaw === '2') report = Number(reportRaw) as 0 | 1 | 2;
  else fail('selectedReport', `selectedReport must be 0 (all), 1 (GIA) or 2 (IGI); got '${reportRaw.slice(0, 40)}'`);

  const certificate = (single('certificate') ?? '').trim();
  if (certificate.length > 64) fail('certificate', 'certificate must be at most 64 characters');

  const settingRaw = single('setting');
  let setting: string | null = null;
  if (settingRaw !== undefined) {
    if (SETTING_SLUG.test(settingRaw)) setting = settingRaw;
    else fail('setting', `setting must be a setting's name in its address (lowercase letters, digits and hyphens, e.g. aria-solitaire-setting); got '${settingRaw.slice(0, 40)}'`);
  }

  const fancyColors = intList('fancy_colors', 'fancy color ids');
  for (const id of fancyColors) {
    if (id > FANCY_COLORS.length) fail('fancy_colors', `fancy_colors holds an unknown color id ${id}`);
  }

  const value: DiamondSearch = {
    ranges,
    shapes: intList('shapes', 'shape ids'),
    fancyColors,
    certificate,
    featured: bool('featured'),
    checkedDiamonds: intList('checkedDiamonds', 'diamond ids'),
    showOnlyChecked: bool('showOnlyChecked'),
    activeTab,
    report,
    sort,
    page: int('page', 1, 100000, 1),
    perPage: int('per_page', 1, SEARCH.maxPageSize, SEARCH.pageSize),
    ...(setting !== null ? { setting } : {}),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

function parseRange(
  q: NormalizedQuery,
  name: ContinuousRangeName | ScaleName,
  discrete: boolean,
  fail: (key: string, message: string) => void,
): Range | undefined {
  const values = (q[name] ?? []).filter((v) => v !== '');
  if (values.length === 0) return undefined;
  if (values.length !== 2) {
    fail(name, `${name} must be a range of two values (low and high); got ${values.length}`);
    return undefined;
  }
  const nums = values.map(Number);
  if (nums.some((n) => !Number.isFinite(n)) || values.some((v) => !/^-?\d+(\.\d+)?$/.test(v))) {
    fail(name, `${name} must be two numbers`);
    return undefined;
  }
  const [low, high] = nums as [number, number];
  if (low > high) {
    fail(name, `${name} range is inverted: the low value ${low} is above the high value ${high}`);
    return undefined;
  }
  if (discrete) {
    const top = SCALES[name as ScaleName].length + 1;
    if (!Number.isInteger(low) || !Number.isInteger(high) || low < 1 || high > top) {
      fail(name, `${name} must be two whole numbers from 1 to ${top}`);
      return undefined;
    }
  } else if (low < 0) {
    fail(name, `${name} must not be negative`);
    return undefined;
  }
  return [low, high];
}

/** The default range of each slider (§9): the full scale. */
export function defaultRange(name: ContinuousRangeName | ScaleName): Range {
  if (name in RANGES) {
    const r = RANGES[name as ContinuousRangeName];
    return [r.min, r.max];
  }
  return [1, SCALES[name as ScaleName].length + 1];
}

/** One readable sentence out of per-parameter messages, for a 400 reply's `message`. */
export function summarizeSearchErrors(errors: Record<string, string[]>): string {
  return `Invalid search: ${Object.values(errors).flat().join('; ')}`;
}

/** At most this many stones are checked in one lookup (a whole cart, with room to spare). */
export const DIAMOND_LOOKUP_MAX = 100;
