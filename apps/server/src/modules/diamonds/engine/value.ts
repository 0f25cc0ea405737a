/**
 * Where a stone's price sits among the stones like it (docs/decisions/017-fair-price.md), and the search's results as
 * price against carat with the best values marked.
 *
 * Stones are "similar" when they are on sale and share the type, the shape, the carat band, the color (the fancy
 * color for color diamonds), the clarity and the cut grade. The carat bands start at the weights where prices jump
 * (0.50, 1.00, 1.50, 2.00 …), so a 0.98 ct stone is never measured against 1.01 ct ones. A stone missing one of those
 * grades has no similar stones.
 */
import { FANCY_COLORS, SCALES } from '@everstone/contract';
import type { Condition } from '../filter.ts';
import { eachMatch, matchRows, planSearch } from './query.ts';
import type { StoneStore } from './stones.ts';

/** The carat bands' lower edges: band k holds CARAT_BANDS[k] ≤ carat < CARAT_BANDS[k + 1]; the last is open. */
export const CARAT_BANDS = [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.7, 2, 2.25, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10, 15] as const;
/** The fewest similar stones (the stone itself included) a median is taken of. */
export const MIN_SIMILAR = 5;
/**
 * The search knows no strict carat bound: a band's upper edge is this far below the next band's start (carats are
 * given to the hundredth, at most to the thousandth).
 */
const BELOW_EDGE = 1e-6;

export function caratBand(carat: number): { index: number; low: number; high: number | null } {
  let k = CARAT_BANDS.length - 1;
  while (k > 0 && carat < CARAT_BANDS[k]!) k--;
  return { index: k, low: CARAT_BANDS[k]!, high: k + 1 < CARAT_BANDS.length ? CARAT_BANDS[k + 1]! : null };
}

/** The color column stones of `type` are graded on. */
const colorColumn = (type: number) => (type === 3 ? 'fancy_color_id' : 'color_id');

/** The stones on sale in the slice (type, shape, carat band) of the stone in `row`, as search conditions. */
function sliceConditions(store: StoneStore, row: number): Condition[] {
  const c = store.cols;
  const band = caratBand(c.carat[row]!);
  const conditions: Condition[] = [
    { column: 'status', op: '=', value: 'available' },
    { column: 'type', op: '=', value: c.type[row]! },
    { column: 'shape_id', op: 'in', value: [c.shape_id[row]!] },
    { column: 'carat', op: '>=', value: band.low },
  ];
  if (band.high !== null) conditions.push({ column: 'carat', op: '<=', value: band.high - BELOW_EDGE });
  return conditions;
}

/** A stone's similar stones as search conditions (the same ones every count and list reads), or null without grades. */
export function similarConditions(store: StoneStore, row: number): Condition[] | null {
  const c = store.cols;
  const column = colorColumn(c.type[row]!);
  const color = c[column][row]!;
  const clarity = c.clarity_id[row]!;
  const cut = c.cut_id[row]!;
  if (groupOf(color, clarity, cut) < 0) return null;
  return [
    ...sliceConditions(store, row),
    { column, op: '=', value: color },
    { column: 'clarity_id', op: '=', value: clarity },
    { column: 'cut_id', op: '=', value: cut },
  ];
}

function median(sorted: ArrayLike<number>): number {
  // The middle price, or the two middle ones' mean rounded to the cent.
  const n = sorted.length;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface Similar {
  id: number;
  /** The stone's own price. */
  priceCents: number;
  /** Similar stones on sale, this one included. */
  similar: number;
  /** Their median price, in cents; null below MIN_SIMILAR stones or without grades. */
  medianCents: number | null;
  /** Similar stones priced below this one, and above it. */
  cheaper: number;
  dearer: number;
  caratLow: number;
  /** Exclusive; null for the last, open band. */
  caratHigh: number | null;
  /** The similar stones' rows, cheapest first (when asked for). */
  rows: number[];
}

/**
 * The similar stones of each stone on sale among `ids` (stones not on sale are left out), counted from the slices'
 * kept prices, with the first `list` of them by price (then id) when asked.
 */
export function runSimilar(store: StoneStore, cache: ValueCache, ids: readonly number[], list: number): Similar[] {
  const out: Similar[] = [];
  const c = store.cols;
  for (const id of ids) {
    const row = store.rowOf(id);
    if (row < 0) continue;
    const band = caratBand(c.carat[row]!);
    const result: Similar = { id, priceCents: c.price_cents[row]!, similar: 0, medianCents: null, cheaper: 0, dearer: 0, caratLow: band.low, caratHigh: band.high, rows: [] };
    out.push(result);
    const g = groupOfRow(store, row);
    if (g < 0) continue;
    const { prices, start, medians } = cache.slice(store, row);
    const group = prices.subarray(start[g]!, start[g + 1]!);
    result.similar = group.length;
    result.cheaper = lowerBound(group, result.priceCents);
    result.dearer = group.length - lowerBound(group, result.priceCents + 0.5);
    if (!Number.isNaN(medians[g]!)) result.medianCents = medians[g]!;
    if (list > 0) {
      const rows: number[] = [];
      eachMatch(matchRows(store, planSearch(similarConditions(store, row)!)), (r) => rows.push(r));
      rows.sort((a, b) => c.price_cents[a]! - c.price_cents[b]! || c.id[a]! - c.id[b]!);
      result.rows = rows.slice(0, list);
    }
  }
  return out;
}

/** How many of the ascending `sorted` are below `value` (prices are whole cents: + 0.5 counts those at or below). */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Groups within a slice: every color (or fancy color), clarity and cut id the scales know; 0 is "none". */
const COLORS = Math.max(SCALES.color.length, FANCY_COLORS.length) + 1;
const CLARITIES = SCALES.clarity.length + 1;
const CUTS = SCALES.cut.length + 1;
const GROUPS = COLORS * CLARITIES * CUTS;

/** A stone's group within its slice, or -1 without one of the grades (or with one the scales do not know). */
function groupOf(color: number, clarity: number, cut: number): number {
  if (color < 1 || color >= COLORS || clarity < 1 || clarity >= CLARITIES || cut < 1 || cut >= CUTS) return -1;
  return (color * CLARITIES + clarity) * CUTS + cut;
}

/**
 * One slice (type, shape, carat band): its stones' prices by group, ascending within each (group g is
 * prices[start[g]] … prices[start[g + 1] − 1]), and each group's median price, NaN below MIN_SIMILAR stones.
 */
interface Slice {
  low: number;
  high: number;
  start: Int32Array;
  prices: Float64Array;
  medians: Float64Array;
}

/** The group of the stone in `row` within its slice, or -1. */
function groupOfRow(store: StoneStore, row: number): number {
  const c = store.cols;
  return groupOf(c[colorColumn(c.type[row]!)][row]!, c.clarity_id[row]!, c.cut_id[row]!);
}

const sliceKey = (type: number, shape: number, band: number) => (type * 256 + shape) * 64 + band;

/**
 * The search thread's cache of group medians. A change to the stones (`forget…`) drops the slices the changed stones
 * were and are in, so the chart after an order recounts one slice, not the store.
 */
export class ValueCache {
  readonly #slices = new Map<number, Slice>();

  /** Before the stones of `rows` change (or leave): their slices are recounted when next asked. */
  forgetRows(store: StoneStore, rows: Iterable<number>): void {
    const c = store.cols;
    for (const row of rows) this.forgetStone(c.type[row]!, c.shape_id[row]!, c.carat[row]!);
  }

  forgetStone(type: number, shape: number, carat: number): void {
    this.#slices.delete(sliceKey(type, shape, caratBand(carat).index));
  }

  clear(): void {
    this.#slices.clear();
  }

  /** The slice `row` is in, counted if not kept. Runs a search of its own: the caller's matches are spent after. */
  slice(store: StoneStore, row: number): Slice {
    const c = store.cols;
    const type = c.type[row]!;
    const band = caratBand(c.carat[row]!);
    const key = sliceKey(type, c.shape_id[row]!, band.index);
    const known = this.#slices.get(key);
    if (known) return known;
    const conditions = sliceConditions(store, row);
    // Counted in two passes over the slice's stones: how many per group, then their prices side by side per group.
    const matches = matchRows(store, planSearch(conditions));
    const start = new Int32Array(GROUPS + 1);
    eachMatch(matches, (r) => {
      const g = groupOfRow(store, r);
      if (g >= 0) start[g + 1]!++;
    });
    for (let g = 0; g < GROUPS; g++) start[g + 1]! += start[g]!;
    const prices = new Float64Array(start[GROUPS]!);
    const fill = start.slice(0, GROUPS);
    eachMatch(matches, (r) => {
      const g = groupOfRow(store, r);
      if (g >= 0) prices[fill[g]!++] = c.price_cents[r]!;
    });
    const medians = new Float64Array(GROUPS).fill(Number.NaN);
    for (let g = 0; g < GROUPS; g++) {
      const group = prices.subarray(start[g]!, start[g + 1]!).sort();
      if (group.length >= MIN_SIMILAR) medians[g] = median(group);
    }
    const slice: Slice = { low: band.low, high: band.high ?? Infinity, start, prices, medians };
    this.#slices.set(key, slice);
    return slice;
  }

  /** The median price of the similar stones of the stone in `row`, or NaN (too few, or no grades). */
  medianOf(store: StoneStore, row: number): number {
    const g = groupOfRow(store, row);
    return g < 0 ? Number.NaN : this.slice(store, row).medians[g]!;
  }
}

export interface ValuePoint {
  row: number;
  /** Price against the similar stones' median (0.88: 12% below), or null without a median. */
  ratio: number | null;
  best: boolean;
}

export interface ValueChart {
  total: number;
  points: ValuePoint[];
}

/**
 * The matches of `conditions` as a chart: all of them up to `limit`, else an even sample along the clustered order
 * (so every shape and weight is drawn in proportion), with the `best` stones furthest below their similar stones'
 * median always drawn and marked. The best values are found among every match, not the sample.
 */
export function runValueChart(store: StoneStore, cache: ValueCache, conditions: readonly Condition[], limit: number, best: number): ValueChart {
  const matches = matchRows(store, planSearch(conditions));
  // Copied out: counting a slice's medians runs a search of its own.
  const matched = new Int32Array(matches.count);
  let n = 0;
  eachMatch(matches, (r) => {
    matched[n++] = r;
  });
  const c = store.cols;
  // The cheapest against their own similar stones: a short list kept sorted by ratio, then id.
  const top: Array<{ row: number; ratio: number }> = [];
  // Matches come in clustered order, so the slice changes seldom from one stone to the next.
  let slice: Slice | null = null;
  let type = -1;
  let shape = -1;
  for (const row of matched) {
    const carat = c.carat[row]!;
    if (slice === null || c.type[row] !== type || c.shape_id[row] !== shape || carat < slice.low || carat >= slice.high) {
      slice = cache.slice(store, row);
      type = c.type[row]!;
      shape = c.shape_id[row]!;
    }
    const g = groupOf(c[colorColumn(type)][row]!, c.clarity_id[row]!, c.cut_id[row]!);
    if (g < 0) continue;
    const ratio = c.price_cents[row]! / slice.medians[g]!;
    // NaN (no median) fails both tests.
    if (!(ratio < 1)) continue;
    if (top.length === best && !(ratio < top[best - 1]!.ratio)) continue;
    let i = top.length;
    while (i > 0 && (top[i - 1]!.ratio > ratio || (top[i - 1]!.ratio === ratio && c.id[top[i - 1]!.row]! > c.id[row]!))) i--;
    top.splice(i, 0, { row, ratio });
    if (top.length > best) top.pop();
  }
  const marked = new Set(top.map((t) => t.row));
  let drawn: number[];
  if (matched.length <= limit) drawn = Array.from(matched);
  else {
    const rest = marked.size === 0 ? matched : matched.filter((r) => !marked.has(r));
    const room = limit - marked.size;
    drawn = Array.from({ length: room }, (_, i) => rest[Math.floor((i * rest.length) / room)]!);
    drawn.push(...marked);
  }
  return {
    total: matched.length,
    points: drawn.map((row) => {
      const m = cache.medianOf(store, row);
      return { row, ratio: Number.isNaN(m) ? null : c.price_cents[row]! / m, best: marked.has(row) };
    }),
  };
}
