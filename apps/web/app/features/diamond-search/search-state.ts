/**
 * The diamond search's state and its place in the URL: one shape (the contract's DiamondSearch), one reader
 * (`readSearch`) and one writer (`searchToQuery`).
 *
 * The whole search lives in the page's query string, written in the API's own parameter format (docs/api.md), so
 * a search can be shared, bookmarked and restored with Back, and the loader forwards it to
 * `GET /api/get-all-diamonds` in the same words. As step 1 of the ring builder the page carries the build too: its
 * setting is a filter of the search (`setting`: only stones that fit), the rest of it rides along in the address so
 * every link out of the page keeps it.
 */
import {
  CONTINUOUS_RANGE_NAMES,
  DEFAULT_SORT,
  DIAMOND_TYPES,
  EMPTY_BUILD,
  FANCY_COLORS,
  RANGES,
  REPORTS,
  SCALES,
  SCALE_NAMES,
  SEARCH,
  SEARCH_PARAMS,
  buildToParams,
  defaultRange,
  normalizeQuery,
  parseDiamondSearch,
  readBuild,
  type ContinuousRangeName,
  type DiamondSearch,
  type DiamondTypeId,
  type Range,
  type RingBuild,
  type ScaleName,
  type SettingFit,
  type Shape,
} from '@everstone/contract/core';

export type RangeName = ContinuousRangeName | ScaleName;

/** Every slider, in the order the URL writes them. */
export const RANGE_NAMES: readonly RangeName[] = [...CONTINUOUS_RANGE_NAMES, ...SCALE_NAMES];

/** The ring build's parts the search carries along unread (its setting is the search's own `setting`). */
export type BuildCarry = Omit<RingBuild, 'setting'>;

const NO_CARRY: BuildCarry = (({ setting: _setting, ...rest }) => rest)(EMPTY_BUILD);

/**
 * The search as the page holds it: the contract's own DiamondSearch (what the API parses), with its tab always
 * chosen, its builder setting always named (null outside the builder), and the rest of a ring build it carries. The
 * page asks for page 1 of it; later pages are the infinite scroll's (use-diamond-results.ts).
 */
export type SearchState = DiamondSearch & { activeTab: DiamondTypeId; setting: string | null; carry: BuildCarry };

/** LAB DIAMONDS is the first tab and the default. */
export const DEFAULT_TAB: DiamondTypeId = DIAMOND_TYPES.lab;

export const DEFAULT_SEARCH: SearchState = {
  ranges: {},
  shapes: [],
  fancyColors: [],
  certificate: '',
  featured: false,
  checkedDiamonds: [],
  showOnlyChecked: false,
  activeTab: DEFAULT_TAB,
  report: REPORTS.all,
  sort: DEFAULT_SORT,
  page: 1,
  perPage: SEARCH.pageSize,
  setting: null,
  carry: NO_CARRY,
};

const CERTIFICATE_MAX = 64;

/** The range a slider shows: the narrowed one, or the full scale. */
export function rangeOf(state: SearchState, name: RangeName): Range {
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
 * The one reader of a search from a URL's query (the page's address, or the loader's request). A parameter the API
 * would refuse is ignored on its own (the rest of the search still applies): a page must never fail because of a
 * mistyped link.
 */
export function readSearch(query: string | URLSearchParams): { search: SearchState; ignored: string[] } {
  const given = normalizeQuery(typeof query === 'string' ? new URLSearchParams(query) : query);
  const known = new Set<string>(SEARCH_PARAMS);
  const ignored: string[] = [];
  let raw: Record<string, string[]> = Object.fromEntries(Object.entries(given).filter(([key]) => known.has(key)));
  let parsed = parseDiamondSearch(raw);
  // What the contract names as wrong is dropped, and the rest read again.
  if (!parsed.ok) {
    const wrong = parsed.errors;
    ignored.push(...Object.keys(wrong));
    raw = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in wrong)));
    parsed = parseDiamondSearch(raw);
  }
  const { build } = readBuild(typeof query === 'string' ? new URLSearchParams(query) : query);
  const { setting: _setting, ...carry } = build;
  if (!parsed.ok) return { search: { ...DEFAULT_SEARCH, carry }, ignored: Object.keys(given) };
  const found = parsed.value;

  const ranges: SearchState['ranges'] = {};
  for (const name of RANGE_NAMES) {
    const range = found.ranges[name] && acceptRange(name, found.ranges[name]);
    if (range && !isFullRange(name, range)) ranges[name] = range;
    else if (found.ranges[name] && !range) ignored.push(name);
  }
  return {
    search: {
      ...found,
      ranges,
      fancyColors: found.fancyColors.filter((id) => id <= FANCY_COLORS.length),
      certificate: normalizeCertificate(found.certificate),
      activeTab: found.activeTab ?? DEFAULT_TAB,
      page: 1,
      perPage: SEARCH.pageSize,
      setting: found.setting ?? null,
      carry,
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

/**
 * The one writer of a search, in the API's own parameters (docs/api.md), in a stable order so equal searches give
 * equal strings; `readSearch` (and the API) read it back. No leading '?'.
 *
 * - `page`: the page's address. Defaults are left out, so a plain `/diamond` is the default search of lab-grown
 *   stones by price, low to high, and everything the shopper set is kept (a share, a bookmark, Back).
 *   The ring build comes first, in the builder's own words (`builderPath`), so a build reads the same on every step.
 * - `api`: the query of `GET /api/get-all-diamonds` without `page`: what decides the results and nothing else.
 *   The tab and the page size are always named; the fancy colors replace the D–H color slider on the COLOR tab
 *   only; the compare checks count only while the list shows checked stones alone; of the build, only its setting.
 */
export function searchToQuery(state: SearchState, target: 'page' | 'api'): string {
  const api = target === 'api';
  const colorTab = state.activeTab === DIAMOND_TYPES.color;
  const entries: Array<[string, string]> = api
    ? state.setting
      ? [['setting', state.setting]]
      : []
    : [...buildToParams(buildOfSearch(state)).entries()];
  if (api || state.activeTab !== DEFAULT_TAB) entries.push(['active_tab', String(state.activeTab)]);
  if (state.shapes.length > 0) entries.push(['shapes', state.shapes.join(',')]);
  if (state.fancyColors.length > 0 && (!api || colorTab)) entries.push(['fancy_colors', state.fancyColors.join(',')]);
  for (const name of RANGE_NAMES) {
    if (api && colorTab && name === 'color') continue;
    const range = state.ranges[name];
    if (range && !isFullRange(name, range)) entries.push([name, `${num(range[0])},${num(range[1])}`]);
  }
  if (state.certificate) entries.push(['certificate', state.certificate]);
  if (state.featured) entries.push(['featured', '1']);
  if (state.report !== REPORTS.all) entries.push(['selectedReport', String(state.report)]);
  if (state.sort !== DEFAULT_SORT) entries.push(['sort', state.sort]);
  const checked: Array<[string, string]> = state.checkedDiamonds.length > 0 ? [['checkedDiamonds', state.checkedDiamonds.join(',')]] : [];
  if (api) {
    if (state.showOnlyChecked) entries.push(['showOnlyChecked', '1'], ...checked);
    entries.push(['per_page', String(state.perPage)]);
  } else {
    entries.push(...checked);
    if (state.showOnlyChecked) entries.push(['showOnlyChecked', '1']);
  }
  return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** The ring build the search page carries: its setting and what rides along. */
export function buildOfSearch(state: Pick<SearchState, 'setting' | 'carry'>): RingBuild {
  return { ...state.carry, setting: state.setting };
}

/**
 * Step 1 after a setting: the shapes its heads take and the carat range they come to, preset on the search (the
 * server keeps only the stones that fit in any case, so the shopper may widen them). The carat slider keeps its
 * minimum gap of 1 ct by reaching higher.
 */
export function presetForSetting(state: SearchState, fit: Pick<SettingFit, 'shapes' | 'carat'>, shapes: readonly Shape[]): SearchState {
  const names = new Set(fit.shapes.map((s) => s.shape.toLowerCase()));
  const ids = shapes.filter((s) => names.has(s.name.toLowerCase())).map((s) => s.id);
  const [full0, full1] = defaultRange('carat');
  const gap = RANGES.carat.gap;
  const low = Math.max(full0, Math.min(full1 - gap, Math.floor(fit.carat.min * 100) / 100));
  const high = Math.min(full1, Math.max(low + gap, Math.ceil(fit.carat.max * 100) / 100));
  return withRange({ ...state, shapes: ids.length > 0 ? ids : state.shapes }, 'carat', [low, high]);
}

/** Whether the address names shapes or a carat range of its own (then a setting presets neither). */
export function hasShapeOrCarat(state: SearchState): boolean {
  return state.shapes.length > 0 || state.ranges.carat !== undefined;
}

/** The search without the builder's setting: every stone again; its metal and side stones go with it. */
export function withoutSetting(state: SearchState): SearchState {
  return { ...state, setting: null, carry: { ...state.carry, metal: null, accents: null } };
}

// ---- Changes a shopper makes. Each returns a new state. -------------------------------------------------

export function withRange(state: SearchState, name: RangeName, range: Range): SearchState {
  const ranges = { ...state.ranges };
  const accepted = acceptRange(name, range);
  if (!accepted || isFullRange(name, accepted)) delete ranges[name];
  else ranges[name] = accepted;
  return { ...state, ranges };
}

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export function toggleShape(state: SearchState, id: number): SearchState {
  return { ...state, shapes: toggle(state.shapes, id) };
}

export function toggleFancyColor(state: SearchState, id: number): SearchState {
  return { ...state, fancyColors: toggle(state.fancyColors, id) };
}

export function toggleChecked(state: SearchState, diamondid: number): SearchState {
  return { ...state, checkedDiamonds: toggle(state.checkedDiamonds, diamondid) };
}

/** §4: changing the tab clears the selected shapes (and the fancy colors, which belong to the COLOR tab). */
export function withTab(state: SearchState, tab: DiamondTypeId): SearchState {
  if (tab === state.activeTab) return state;
  return { ...state, activeTab: tab, shapes: [], fancyColors: [] };
}

/**
 * §4: reset restores every default range, clears the shapes and the compare checks and turns off
 * show-only-checked. The tab, certificate query, report and featured flag stay (and so does the sort order,
 * which is not a filter).
 */
export function resetFilters(state: SearchState): SearchState {
  return { ...state, ranges: {}, shapes: [], fancyColors: [], checkedDiamonds: [], showOnlyChecked: false };
}

/** True when reset would change nothing. */
export function isReset(state: SearchState): boolean {
  return (
    Object.keys(state.ranges).length === 0 &&
    state.shapes.length === 0 &&
    state.fancyColors.length === 0 &&
    state.checkedDiamonds.length === 0 &&
    !state.showOnlyChecked
  );
}

/** The advanced sliders (SHOW/HIDE ADVANCED). */
export const ADVANCED_RANGES: readonly RangeName[] = ['polish', 'symmetry', 'fluorescence', 'ratio', 'table', 'depth'];

export function hasAdvancedFilter(state: SearchState): boolean {
  return ADVANCED_RANGES.some((name) => state.ranges[name] !== undefined);
}

/** The grade names of a discrete scale, for labels. */
export function gradesOf(name: ScaleName): readonly string[] {
  return SCALES[name];
}
