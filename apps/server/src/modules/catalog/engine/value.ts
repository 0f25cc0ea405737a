/**
 * Where a stone's price sits among the stones like it (docs/decisions/017-fair-price.md), and the search's results as
 * price against carat with the best values marked.
 *
 * Stones are "similar" when they are on sale and share the type, the shape, the carat band, the color (the fancy
 * color for color diamonds), the clarity and the cut grade. The carat bands start at the weights where prices jump
 * (0.50, 1.00, 1.50, 2.00 …), so a 0.98 ct stone is never measured against 1.01 ct ones. A stone missing one of those
 * grades has no similar stones.
 */
import type { Condition } from '../filter.ts';
import { matchRows, planSearch, type Matches } from './query.ts';
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

/** A stone's similar stones as search conditions (the same ones every count and list reads), or null without grades. */
export function similarConditions(store: StoneStore, row: number): Condition[] | null {
  const c = store.cols;
  const type = c.type[row]!;
  const color = c[colorColumn(type)][row]!;
  const clarity = c.clarity_id[row]!;
  const cut = c.cut_id[row]!;
  if (color === 0 || clarity === 0 || cut === 0) return null;
  const band = caratBand(c.carat[row]!);
  const conditions: Condition[] = [
    { column: 'status', op: '=', value: 'available' },
    { column: 'type', op: '=', value: type },
    { column: 'shape_id', op: 'in', value: [c.shape_id[row]!] },
    { column: 'carat', op: '>=', value: band.low },
    { column: colorColumn(type), op: '=', value: color },
    { column: 'clarity_id', op: '=', value: clarity },
    { column: 'cut_id', op: '=', value: cut },
  ];
  if (band.high !== null) conditions.push({ column: 'carat', op: '<=', value: band.high - BELOW_EDGE });
  return conditions;
}

function eachRow(matches: Matches, visit: (row: number) => void): void {
  const { bits } = matches;
  for (let w = matches.firstWord; w <= matches.lastWord; w++) {
    let m = bits[w]!;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      visit((w << 5) | (31 - Math.clz32(bit)));
    }
  }
}

function median(sorted: ArrayLike<number>): number {
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
  /** Similar stones priced below this one. */
  cheaper: number;
  caratLow: number;
  /** Exclusive; null for the last, open band. */
  caratHigh: number | null;
  /** The similar stones' rows, cheapest first (when asked for). */
  rows: number[];
}

/**
 * The similar stones of each stone on sale among `ids` (stones not on sale are left out), with the first `list` of
 * them by price (then id).
 */
export function runSimilar(store: StoneStore, ids: readonly number[], list: number): Similar[] {
  const out: Similar[] = [];
  const c = store.cols;
  for (const id of ids) {
    const row = store.rowOf(id);
    if (row < 0) continue;
    const band = caratBand(c.carat[row]!);
    const conditions = similarConditions(store, row);
    const result: Similar = { id, priceCents: c.price_cents[row]!, similar: 0, medianCents: null, cheaper: 0, caratLow: band.low, caratHigh: band.high, rows: [] };
    out.push(result);
    if (conditions === null) continue;
    const rows: number[] = [];
    eachRow(matchRows(store, planSearch(conditions)), (r) => rows.push(r));
    const price = c.price_cents;
    rows.sort((a, b) => price[a]! - price[b]! || c.id[a]! - c.id[b]!);
    const own = result.priceCents;
    result.similar = rows.length;
    result.cheaper = rows.filter((r) => price[r]! < own).length;
    if (rows.length >= MIN_SIMILAR) result.medianCents = median(Float64Array.from(rows, (r) => price[r]!));
    result.rows = rows.slice(0, list);
  }
  return out;
}

/** The medians of one slice's groups (type, shape, carat band), by group key; kept until a change touches the slice. */
type SliceMedians = Map<number, { count: number; median: number }>;

const sliceKey = (type: number, shape: number, band: number) => (type * 256 + shape) * 64 + band;
const groupKey = (color: number, clarity: number, cut: number) => (color * 256 + clarity) * 256 + cut;

/**
 * The search thread's cache of group medians. A change to the stones (`forget`) drops the slices the changed stones
 * were and are in, so the chart after an order recounts one slice, not the store.
 */
export class ValueCache {
  readonly #slices = new Map<number, SliceMedians>();

  /** Before the stones of `rows` change (or leave): their slices are recounted when next asked. */
  forgetRows(store: StoneStore, rows: Iterable<number>): void {
    const c = store.cols;
    for (const row of rows) this.#slices.delete(sliceKey(c.type[row]!, c.shape_id[row]!, caratBand(c.carat[row]!).index));
  }

  forgetStone(type: number, shape: number, carat: number): void {
    this.#slices.delete(sliceKey(type, shape, caratBand(carat).index));
  }

  clear(): void {
    this.#slices.clear();
  }

  /** The group medians of the slice `row` is in. Runs a search of its own: the caller's matches are spent after. */
  slice(store: StoneStore, row: number): SliceMedians {
    const c = store.cols;
    const type = c.type[row]!;
    const band = caratBand(c.carat[row]!);
    const key = sliceKey(type, c.shape_id[row]!, band.index);
    const known = this.#slices.get(key);
    if (known) return known;
    const conditions: Condition[] = [
      { column: 'status', op: '=', value: 'available' },
      { column: 'type', op: '=', value: type },
      { column: 'shape_id', op: 'in', value: [c.shape_id[row]!] },
      { column: 'carat', op: '>=', value: band.low },
    ];
    if (band.high !== null) conditions.push({ column: 'carat', op: '<=', value: band.high - BELOW_EDGE });
    const colors = c[colorColumn(type)];
    const groups = new Map<number, number[]>();
    eachRow(matchRows(store, planSearch(conditions)), (r) => {
      if (colors[r] === 0 || c.clarity_id[r] === 0 || c.cut_id[r] === 0) return;
      const g = groupKey(colors[r]!, c.clarity_id[r]!, c.cut_id[r]!);
      const prices = groups.get(g);
      if (prices) prices.push(c.price_cents[r]!);
      else groups.set(g, [c.price_cents[r]!]);
    });
    const medians: SliceMedians = new Map();
    for (const [g, prices] of groups) {
      if (prices.length < MIN_SIMILAR) continue;
      medians.set(g, { count: prices.length, median: median(Float64Array.from(prices).sort()) });
    }
    this.#slices.set(key, medians);
    return medians;
  }

  /** The median of the stone in `row`'s similar stones, or null (too few, or no grades). */
  medianOf(store: StoneStore, row: number): { count: number; median: number } | null {
    const c = store.cols;
    const color = c[colorColumn(c.type[row]!)][row]!;
    if (color === 0 || c.clarity_id[row] === 0 || c.cut_id[row] === 0) return null;
    return this.slice(store, row).get(groupKey(color, c.clarity_id[row]!, c.cut_id[row]!)) ?? null;
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
  const matched: number[] = [];
  eachRow(matchRows(store, planSearch(conditions)), (r) => matched.push(r));
  const price = store.cols.price_cents;
  // The cheapest against their own similar stones: a short list kept sorted by ratio, then price, then id.
  const top: Array<{ row: number; ratio: number }> = [];
  const ratios = new Map<number, number>();
  for (const row of matched) {
    const m = cache.medianOf(store, row);
    if (m === null) continue;
    const ratio = price[row]! / m.median;
    ratios.set(row, ratio);
    if (ratio >= 1) continue;
    if (top.length === best && !(ratio < top[best - 1]!.ratio)) continue;
    let i = top.length;
    while (i > 0 && (top[i - 1]!.ratio > ratio || (top[i - 1]!.ratio === ratio && store.cols.id[top[i - 1]!.row]! > store.cols.id[row]!))) i--;
    top.splice(i, 0, { row, ratio });
    if (top.length > best) top.pop();
  }
  const marked = new Set(top.map((t) => t.row));
  let drawn: number[];
  if (matched.length <= limit) drawn = matched;
  else {
    const rest = marked.size === 0 ? matched : matched.filter((r) => !marked.has(r));
    const room = limit - marked.size;
    drawn = Array.from({ length: room }, (_, i) => rest[Math.floor((i * rest.length) / room)]!);
    drawn.push(...marked);
  }
  return { total: matched.length, points: drawn.map((row) => ({ row, ratio: ratios.get(row) ?? null, best: marked.has(row) })) };
}
