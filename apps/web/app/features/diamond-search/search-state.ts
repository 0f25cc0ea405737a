/**
 * The diamond search's filter state and its place in the URL.
 *
 * The whole filter state lives in the page's query string, written in the API's own parameter format
 * (docs/api.md), so a search can be shared, bookmarked and restored with Back, and the loader can forward it
 * to `GET /api/get-all-diamonds` as it is. Defaults are left out of the URL: a plain `/diamond` is the
 * default search of lab-grown stones by price, low to high.
 */
import {
  CONTINUOUS_RANGE_NAMES,
  DEFAULT_SORT,
  DIAMOND_TYPES,
  FANCY_COLORS,
  RANGES,
  REPORTS,
  SCALES,
  SCALE_NAMES,
  SEARCH,
  SEARCH_PARAMS,
  defaultRange,
  normalizeQuery,
  parseDiamondSearch,
  type ContinuousRangeName,
  type DiamondSearch,
  type DiamondTypeId,
  type Range,
  type ReportId,
  type ScaleName,
  type Sort,
} from '@everstone/contract/core';

export type RangeName = ContinuousRangeName | ScaleName;

/** Every slider, in the order the URL writes them. */
export const RANGE_NAMES: readonly RangeName[] = [...CONTINUOUS_RANGE_NAMES, ...SCALE_NAMES];

export interface FilterState {
  /** Only narrowed ranges are kept; a missing range is the slider's full scale. */
  ranges: Partial<Record<RangeName, Range>>;
  shapes: number[];
  fancyColors: number[];
  certificate: string;
  featured: boolean;
  checkedDiamonds: number[];
  showOnlyChecked: boolean;
  tab: DiamondTypeId;
  report: ReportId;
  sort: Sort;
}

/** LAB DIAMONDS is the first tab and the default. */
export const DEFAULT_TAB: DiamondTypeId = DIAMOND_TYPES.lab;

export const DEFAULT_FILTERS: FilterState = {
  ranges: {},
  shapes: [],
  fancyColors: [],
  certificate: '',
  featured: false,
  checkedDiamonds: [],
  showOnlyChecked: false,
  tab: DEFAULT_TAB,
  report: REPORTS.all,
  sort: DEFAULT_SORT,
};

const CERTIFICATE_MAX = 64;

/** The range a slider shows: the narrowed one, or the full scale. */
export function rangeOf(state: FilterState, name: RangeName): Range {
  return state.ranges[name] ?? defaultRange(name);
}

export function isContinuousRange(name: RangeName): name is ContinuousRangeName {
  return name in RANGES;
}

/**
 * A range as the sliders can hold it: inside the scale, with the minimum gap between the handles.
 * Anything else (a hand-edited URL, an old bookmark) is `undefined`, which means the full scale.
 */
export function acceptRange(name: RangeName, range: Range): Range | undefined {
  const [full0, full1] = defaultRange(name);
  const low = Math.max(full0, range[0]);
  const high = Math.min(full1, range[1]);
  const gap = isContinuousRange(name) ? RANGES[name].gap : 1;
  if (!(high - low >= gap - 1e-9)) return undefined;
  if (!isContinuousRange(name) && (!Number.isInteger(low) || !Number.isInteger(high))) return undefined;
  return [low, high];
}

/** True when a range is the full scale (and so adds no condition). */
export function isFullRange(name: RangeName, range: Range): boolean {
  const [low, high] = defaultRange(name);
  return range[0] === low && range[1] === high;
}

/** Trimmed, as the spec asks; commas would split it into a list, so they are dropped. */
export function normalizeCertificate(text: string): string {
  return text.replace(/,/g, '').trim().slice(0, CERTIFICATE_MAX);
}

/**
 * Reads the filter state from a URL's query. A parameter the API would refuse is ignored on its own (the rest
 * of the search still applies): a page must never fail because of a mistyped link.
 */
export function readFilters(params: URLSearchParams): { filters: FilterState; ignored: string[] } {
  const known = new Set<string>(SEARCH_PARAMS);
  const query = normalizeQuery(params);
  const ignored: string[] = [];
  // Keep only what the search understands; parse once, drop whatever it names as wrong, and parse again.
  let raw: Record<string, string[]> = Object.fromEntries(Object.entries(query).filter(([key]) => known.has(key)));
  let search: DiamondSearch | undefined;
  for (let attempt = 0; attempt < 3 && !search; attempt++) {
    const result = parseDiamondSearch(raw);
    if (result.ok) search = result.value;
    else {
      ignored.push(...Object.keys(result.errors));
      raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in result.errors)));
    }
  }
  if (!search) return { filters: DEFAULT_FILTERS, ignored: Object.keys(query) };

  const ranges: FilterState['ranges'] = {};
  for (const name of RANGE_NAMES) {
    const given = search.ranges[name];
    if (!given) continue;
    const range = acceptRange(name, given);
    if (range && !isFullRange(name, range)) ranges[name] = range;
    else if (!range) ignored.push(name);
  }
  return {
    filters: {
      ranges,
      shapes: search.shapes,
      fancyColors: search.fancyColors.filter((id) => id <= FANCY_COLORS.length),
      certificate: normalizeCertificate(search.certificate),
      featured: search.featured,
      checkedDiamonds: search.checkedDiamonds,
      showOnlyChecked: search.showOnlyChecked,
      tab: search.activeTab ?? DEFAULT_TAB,
      report: search.report,
      sort: search.sort,
    },
    ignored,
  };
}

/** A number as the URL writes it: no trailing zeros, no float noise (0.1 + 0.2). */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Query-string escaping that leaves list commas readable (`price=500,2000`). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

function toQueryString(entries: Array<[string, string]>): string {
  return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/**
 * The page's query string for a filter state (no leading '?'), defaults left out, in a stable order, so
 * equal states give equal URLs. `readFilters` reads it back.
 */
export function filtersToQuery(state: FilterState): string {
  const entries: Array<[string, string]> = [];
  if (state.tab !== DEFAULT_TAB) entries.push(['active_tab', String(state.tab)]);
  if (state.shapes.length > 0) entries.push(['shapes', state.shapes.join(',')]);
  if (state.fancyColors.length > 0) entries.push(['fancy_colors', state.fancyColors.join(',')]);
  for (const name of RANGE_NAMES) {
    const range = state.ranges[name];
    if (range && !isFullRange(name, range)) entries.push([name, `${num(range[0])},${num(range[1])}`]);
  }
  if (state.certificate) entries.push(['certificate', state.certificate]);
  if (state.featured) entries.push(['featured', '1']);
  if (state.report !== REPORTS.all) entries.push(['selectedReport', String(state.report)]);
  if (state.sort !== DEFAULT_SORT) entries.push(['sort', state.sort]);
  if (state.checkedDiamonds.length > 0) entries.push(['checkedDiamonds', state.checkedDiamonds.join(',')]);
  if (state.showOnlyChecked) entries.push(['showOnlyChecked', '1']);
  return toQueryString(entries);
}

/**
 * The query for `GET /api/get-all-diamonds` (without `page`): what decides the results and nothing else, so
 * checking a stone for comparison refetches only while the list shows checked stones alone.
 */
export function filtersToApiQuery(state: FilterState): string {
  const entries: Array<[string, string]> = [['active_tab', String(state.tab)]];
  if (state.shapes.length > 0) entries.push(['shapes', state.shapes.join(',')]);
  // The fancy colors replace the D–H color slider on the COLOR tab only.
  if (state.tab === DIAMOND_TYPES.color && state.fancyColors.length > 0) {
    entries.push(['fancy_colors', state.fancyColors.join(',')]);
  }
  for (const name of RANGE_NAMES) {
    if (name === 'color' && state.tab === DIAMOND_TYPES.color) continue;
    const range = state.ranges[name];
    if (range && !isFullRange(name, range)) entries.push([name, `${num(range[0])},${num(range[1])}`]);
  }
  if (state.certificate) entries.push(['certificate', state.certificate]);
  if (state.featured) entries.push(['featured', '1']);
  if (state.report !== REPORTS.all) entries.push(['selectedReport', String(state.report)]);
  if (state.sort !== DEFAULT_SORT) entries.push(['sort', state.sort]);
  if (state.showOnlyChecked) {
    entries.push(['showOnlyChecked', '1']);
    if (state.checkedDiamonds.length > 0) entries.push(['checkedDiamonds', state.checkedDiamonds.join(',')]);
  }
  entries.push(['per_page', String(SEARCH.pageSize)]);
  return toQueryString(entries);
}

// ---- Changes a shopper makes. Each returns a new state. -------------------------------------------------

export function withRange(state: FilterState, name: RangeName, range: Range): FilterState {
  const ranges = { ...state.ranges };
  const accepted = acceptRange(name, range);
  if (!accepted || isFullRange(name, accepted)) delete ranges[name];
  else ranges[name] = accepted;
  return { ...state, ranges };
}

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export function toggleShape(state: FilterState, id: number): FilterState {
  return { ...state, shapes: toggle(state.shapes, id) };
}

export function toggleFancyColor(state: FilterState, id: number): FilterState {
  return { ...state, fancyColors: toggle(state.fancyColors, id) };
}

export function toggleChecked(state: FilterState, diamondid: number): FilterState {
  return { ...state, checkedDiamonds: toggle(state.checkedDiamonds, diamondid) };
}

/** §4: changing the tab clears the selected shapes (and the fancy colors, which belong to the COLOR tab). */
export function withTab(state: FilterState, tab: DiamondTypeId): FilterState {
  if (tab === state.tab) return state;
  return { ...state, tab, shapes: [], fancyColors: [] };
}

/**
 * §4: reset restores every default range, clears the shapes and the compare checks and turns off
 * show-only-checked. The tab, certificate query, report and featured flag stay (and so does the sort order,
 * which is not a filter).
 */
export function resetFilters(state: FilterState): FilterState {
  return { ...state, ranges: {}, shapes: [], fancyColors: [], checkedDiamonds: [], showOnlyChecked: false };
}

/** True when reset would change nothing. */
export function isReset(state: FilterState): boolean {
  return filtersToQuery(resetFilters(state)) === filtersToQuery(state);
}

/** The advanced sliders (SHOW/HIDE ADVANCED). */
export const ADVANCED_RANGES: readonly RangeName[] = ['polish', 'symmetry', 'fluorescence', 'ratio', 'table', 'depth'];

export function hasAdvancedFilter(state: FilterState): boolean {
  return ADVANCED_RANGES.some((name) => state.ranges[name] !== undefined);
}

/** The grade names of a discrete scale, for labels. */
export function gradesOf(name: ScaleName): readonly string[] {
  return SCALES[name];
}
