/**
 * The search over the in-memory stones: the same conditions the SQL path reads (filter.ts), answered from typed
 * columns, bitmaps and zone maps (docs/decisions/016-search-in-memory.md).
 *
 * - The tab, the shapes and the carat range pick contiguous slices of the clustered rows (binary search).
 * - Every grade, report or deal condition is a bitmap: a block of 512 rows is 16 words ANDed together.
 * - Price, proportions and the ring builder's width are tested per block on its zone map first: a block wholly
 *   inside the ranges needs no row read, one wholly outside is skipped, and only the rows of the few blocks that
 *   straddle a bound are read one by one.
 * - The matches end as a bitmap; the page walks the sort order testing bits (from the first key the search's own
 *   range allows), or, when matches are few, sorts their ranks.
 */
import type { Condition, FitWindow, Order } from '../filter.ts';
import { BINNED_COLUMNS, BLOCK_SHIFT, BYTE_COLUMNS, CERTIFICATE_KEY_CHARS, certificateKey, SORT_COLUMNS, type BinnedColumn, type ByteColumn, type SortColumn, type StoneStore, type ZoneColumn } from './stones.ts';

const SHAPE_SLOTS = 256;

interface FloatRange {
  column: BinnedColumn | ZoneColumn;
  lo: number;
  hi: number;
}

interface ByteRange {
  column: ByteColumn;
  lo: number;
  hi: number;
}

interface ByteSet {
  column: ByteColumn;
  values: number[];
  table: Uint8Array;
}

export interface Plan {
  empty: boolean;
  types: number[];
  /** Shape ids allowed (null: every shape). */
  shapes: Set<number> | null;
  caratLow: number;
  caratHigh: number;
  /** Ranges on zone columns other than carat (carat is the slices' own). */
  floats: FloatRange[];
  /** Grade and flag ranges, inclusive (type and shape are the slices'). */
  bytes: ByteRange[];
  sets: ByteSet[];
  fit: FitWindow[] | null;
  ids: number[] | null;
  prefix: string | null;
}

const ZONE_OF: Partial<Record<string, BinnedColumn>> = {
  price_cents: 'price_cents',
  ratio: 'ratio',
  table_pct: 'table_pct',
  depth_pct: 'depth_pct',
};

const BYTE_OF = new Set<string>(BYTE_COLUMNS);

function narrow<T extends { lo: number; hi: number }>(list: T[], key: (t: T) => boolean, make: () => T, lo: number, hi: number): void {
  let range = list.find(key);
  if (!range) {
    range = make();
    list.push(range);
  }
  range.lo = Math.max(range.lo, lo);
  range.hi = Math.min(range.hi, hi);
}

/** Turns the conditions (database columns, filter.ts) into a plan; a plan may say at once that nothing matches. */
export function planSearch(conditions: readonly Condition[]): Plan {
  const plan: Plan = { empty: false, types: [1, 2, 3], shapes: null, caratLow: -Infinity, caratHigh: Infinity, floats: [], bytes: [], sets: [], fit: null, ids: null, prefix: null };
  const none = () => ({ ...plan, empty: true });
  for (const c of conditions) {
    if (c.op === 'none') return none();
    if (c.op === 'fit') {
      plan.fit = plan.fit === null ? [...c.windows] : plan.fit.filter((w) => c.windows.some((x) => x.shapeId === w.shapeId && x.minWidthMm === w.minWidthMm && x.maxWidthMm === w.maxWidthMm && x.minCarat === w.minCarat));
      continue;
    }
    if (c.column === 'status') {
      if (c.op !== '=' || c.value !== 'available') return none();
      continue;
    }
    if (c.op === 'prefix') {
      if (c.column !== 'certificate_number') throw new Error(`The search has no prefix condition on ${c.column}`);
      if (plan.prefix === null || c.value.startsWith(plan.prefix)) plan.prefix = c.value;
      else if (!plan.prefix.startsWith(c.value)) return none();
      continue;
    }
    if (c.op === 'in') {
      const values = [...new Set(c.value)];
      if (c.column === 'id') {
        plan.ids = plan.ids === null ? values : plan.ids.filter((id) => values.includes(id));
      } else if (c.column === 'shape_id') {
        plan.shapes = plan.shapes === null ? new Set(values) : new Set(values.filter((s) => plan.shapes!.has(s)));
      } else if (BYTE_OF.has(c.column)) {
        const column = c.column as ByteColumn;
        const existing = plan.sets.find((s) => s.column === column);
        const kept = existing ? values.filter((v) => existing.values.includes(v)) : values;
        const valid = kept.filter((v) => Number.isInteger(v) && v >= 1 && v <= 255);
        const table = new Uint8Array(256);
        for (const v of valid) table[v] = 1;
        if (existing) plan.sets.splice(plan.sets.indexOf(existing), 1);
        plan.sets.push({ column, values: valid, table });
      } else throw new Error(`The search has no set condition on ${c.column}`);
      continue;
    }
    const value = Number(c.value);
    const lo = c.op === '>=' ? value : -Infinity;
    const hi = c.op === '<=' ? value : c.op === '<' ? value : Infinity;
    if (c.op === '=') {
      if (c.column === 'type') plan.types = plan.types.filter((t) => t === value);
      else if (c.column === 'carat') {
        plan.caratLow = Math.max(plan.caratLow, value);
        plan.caratHigh = Math.min(plan.caratHigh, value);
      } else if (BYTE_OF.has(c.column)) narrow(plan.bytes, (b) => b.column === c.column, () => ({ column: c.column as ByteColumn, lo: 1, hi: 255 }), value, value);
      else if (ZONE_OF[c.column]) narrow(plan.floats, (f) => f.column === ZONE_OF[c.column], () => ({ column: ZONE_OF[c.column]!, lo: -Infinity, hi: Infinity }), value, value);
      else throw new Error(`The search has no condition on ${c.column}`);
      continue;
    }
    if (c.column === 'carat') {
      if (c.op === '<') throw new Error('The search has no strict carat bound');
      plan.caratLow = Math.max(plan.caratLow, lo);
      plan.caratHigh = Math.min(plan.caratHigh, hi);
    } else if (BYTE_OF.has(c.column)) {
      // Grades are whole numbers: "below 5" is "at most 4"; a missing grade (0) is below every bound, as NULL fails.
      const upper = c.op === '<' ? Math.ceil(value) - 1 : c.op === '<=' ? Math.floor(value) : 255;
      const lower = c.op === '>=' ? Math.max(1, Math.ceil(value)) : 1;
      narrow(plan.bytes, (b) => b.column === c.column, () => ({ column: c.column as ByteColumn, lo: 1, hi: 255 }), lower, upper);
    } else if (ZONE_OF[c.column]) {
      if (c.op === '<') throw new Error(`The search has no strict bound on ${c.column}`);
      narrow(plan.floats, (f) => f.column === ZONE_OF[c.column], () => ({ column: ZONE_OF[c.column]!, lo: -Infinity, hi: Infinity }), lo, hi);
    } else throw new Error(`The search has no condition on ${c.column}`);
  }
  if (plan.fit !== null) {
    const fitShapes = new Set(plan.fit.map((w) => w.shapeId));
    plan.shapes = plan.shapes === null ? fitShapes : new Set([...plan.shapes].filter((s) => fitShapes.has(s)));
  }
  if (
    plan.types.length === 0 ||
    (plan.shapes !== null && plan.shapes.size === 0) ||
    plan.caratLow > plan.caratHigh ||
    plan.floats.some((f) => f.lo > f.hi) ||
    plan.bytes.some((b) => b.lo > b.hi) ||
    plan.sets.some((s) => s.values.length === 0) ||
    (plan.ids !== null && plan.ids.length === 0)
  ) {
    return none();
  }
  return plan;
}

/** One row against every condition of the plan, read value by value (candidates by id or certificate, the tail). */
function rowMatches(store: StoneStore, plan: Plan, row: number): boolean {
  const c = store.cols;
  if (c.dead[row] !== 0) return false;
  if (!plan.types.includes(c.type[row]!)) return false;
  if (plan.shapes !== null && !plan.shapes.has(c.shape_id[row]!)) return false;
  const carat = c.carat[row]!;
  if (!(carat >= plan.caratLow && carat <= plan.caratHigh)) return false;
  for (const f of plan.floats) {
    const v = c[f.column][row]!;
    if (!(v >= f.lo && v <= f.hi)) return false;
  }
  for (const b of plan.bytes) {
    const v = c[b.column][row]!;
    if (v === 0 || v < b.lo || v > b.hi) return false;
  }
  for (const s of plan.sets) if (s.table[c[s.column][row]!] === 0) return false;
  if (plan.fit !== null && !fits(store, plan.fit, row)) return false;
  if (plan.prefix !== null && !store.certificates.startsWith(row, plan.prefix)) return false;
  return true;
}

function fits(store: StoneStore, windows: readonly FitWindow[], row: number): boolean {
  const c = store.cols;
  const shape = c.shape_id[row]!;
  const width = c.width[row]!;
  const carat = c.carat[row]!;
  for (const w of windows) if (shape === w.shapeId && width >= w.minWidthMm && width <= w.maxWidthMm && carat >= w.minCarat) return true;
  return false;
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** First position in [lo, hi) whose carat is ≥ `value` (rows of one cluster are in carat order). */
function lowerBound(values: Float64Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position in [lo, hi) whose carat is > `value`. */
function upperBound(values: Float64Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The matches of one search: a bitmap over the rows (valid until the next search) and how many. */
export interface Matches {
  bits: Int32Array;
  count: number;
  /** The words of `bits` that may be set: [firstWord, lastWord]. */
  firstWord: number;
  lastWord: number;
}

let resultBits = new Int32Array(0);
let candidateBits = new Int32Array(0);
/** Candidates (by id or certificate) up to this many are tested one by one; more become a bitmap. */
const LIST_MAX = 5_000;
let dirty: [number, number] = [0, -1];

/** Per-search work: the bitmaps of a plan's conditions, fetched once. */
interface Prepared {
  ranges: Array<{ high: Int32Array; low: Int32Array | null }>;
  sets: Array<Array<{ high: Int32Array; low: Int32Array }>>;
  /**
   * A binned range: rows surely in (`sureBelow` and not `sureNotBelow`), and the rows of the bins its bounds fall
   * in (`maybe…` pairs: below one edge and not below the previous), to test one by one.
   */
  binned: Array<{ sureBelow: Int32Array | null; sureNotBelow: Int32Array | null; maybe: Array<[Int32Array, Int32Array | null]> }>;
  /** The binned ranges as exact tests, for the rows in a bound's bin. */
  exact: FloatRange[];
}

const BINNED = new Set<string>(Object.keys(BINNED_COLUMNS));

function prepare(store: StoneStore, plan: Plan): Prepared | null {
  const ranges: Prepared['ranges'] = [];
  for (const b of plan.bytes) {
    const cum = store.cumulative.get(b.column)!;
    const top = cum.length - 1;
    if (b.lo > top) return null;
    ranges.push({ high: cum[Math.min(b.hi, top)]!, low: b.lo > 1 ? cum[b.lo - 1]! : null });
  }
  const sets: Prepared['sets'] = [];
  for (const s of plan.sets) {
    const cum = store.cumulative.get(s.column)!;
    const parts = s.values.filter((v) => v < cum.length).map((v) => ({ high: cum[v]!, low: cum[v - 1]! }));
    if (parts.length === 0) return null;
    sets.push(parts);
  }
  const binned: Prepared['binned'] = [];
  const exact: FloatRange[] = [];
  for (const f of plan.floats) {
    if (!BINNED.has(f.column)) continue;
    const { edges, below } = store.bins.get(f.column as BinnedColumn)!;
    const top = edges.length - 1;
    // a: the first edge at or above the low bound (-1 when there is none); b: the last edge at or below the high one.
    let a = -1;
    if (f.lo > -Infinity) {
      a = 0;
      while (edges[a]! < f.lo) a++;
    }
    let b = top;
    while (b >= 0 && edges[b]! > f.hi) b--;
    const maybe: Array<[Int32Array, Int32Array | null]> = [];
    if (a >= 0) maybe.push([below[a]!, a >= 1 ? below[a - 1]! : null]);
    if (b < top) maybe.push([below[b + 1]!, b >= 0 ? below[b]! : null]);
    binned.push({ sureBelow: b >= 0 ? below[b]! : null, sureNotBelow: a >= 0 ? below[a]! : null, maybe });
    exact.push(f);
  }
  return { ranges, sets, binned, exact };
}

let scratch = new Int32Array(0);
let anyOf = new Int32Array(0);

/**
 * Marks the matching rows of [lo, hi) in `bits` and returns how many. Each condition is applied to the whole range
 * of words in its own tight loop (column at a time): grades and flags as bitmaps, binned ranges as their sure bins
 * plus the rows in a bound's bin, `zoned` ranges block by block on the zone maps. Rows are read one by one only
 * where a bin or a straddling block leaves a doubt, or where `rowCheck` (a test every candidate must pass) is given.
 */
function scanRange(store: StoneStore, prepared: Prepared, zoned: readonly FloatRange[], rowCheck: ((row: number) => boolean) | null, lo: number, hi: number, bits: Int32Array): number {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  if (scratch.length < bits.length) {
    scratch = new Int32Array(bits.length);
    anyOf = new Int32Array(bits.length);
  }
  const M = scratch;
  const live = store.liveBits;
  for (let w = w0; w <= w1; w++) M[w] = live[w]!;
  if ((lo & 31) !== 0) M[w0]! &= -1 << (lo & 31);
  if ((hi & 31) !== 0) M[w1]! &= (1 << (hi & 31)) - 1;
  for (const r of prepared.ranges) {
    const high = r.high;
    const low = r.low;
    if (low === null) for (let w = w0; w <= w1; w++) M[w]! &= high[w]!;
    else for (let w = w0; w <= w1; w++) M[w]! &= high[w]! & ~low[w]!;
  }
  for (const parts of prepared.sets) {
    const A = anyOf;
    A.fill(0, w0, w1 + 1);
    for (const part of parts) {
      const high = part.high;
      const low = part.low;
      for (let w = w0; w <= w1; w++) A[w]! |= high[w]! & ~low[w]!;
    }
    for (let w = w0; w <= w1; w++) M[w]! &= A[w]!;
  }
  // Each binned range keeps its sure bins, and reads its own column only for the rows in a bound's bin.
  for (let k = 0; k < prepared.binned.length; k++) {
    const f = prepared.binned[k]!;
    const { lo: low, hi: high } = prepared.exact[k]!;
    const values = store.cols[prepared.exact[k]!.column];
    const sb = f.sureBelow;
    const snb = f.sureNotBelow;
    const A = anyOf;
    A.fill(0, w0, w1 + 1);
    for (const [below, notBelow] of f.maybe) {
      if (notBelow === null) for (let w = w0; w <= w1; w++) A[w]! |= below[w]!;
      else for (let w = w0; w <= w1; w++) A[w]! |= below[w]! & ~notBelow[w]!;
    }
    for (let w = w0; w <= w1; w++) {
      const maybe = A[w]!;
      let m = M[w]! & (((sb === null ? 0 : sb[w]!) & (snb === null ? -1 : ~snb[w]!)) | maybe);
      let rest = m & maybe;
      while (rest !== 0) {
        const bit = rest & -rest;
        rest ^= bit;
        const v = values[(w << 5) | (31 - Math.clz32(bit))]!;
        if (!(v >= low && v <= high)) m ^= bit;
      }
      M[w] = m;
    }
  }
  // Zoned ranges (the ring builder's width): a block wholly outside is dropped, one that straddles a bound is read.
  for (const f of zoned) {
    const z = store.zones.get(f.column as ZoneColumn)!;
    const values = store.cols[f.column];
    const lastBlock = (hi - 1) >>> BLOCK_SHIFT;
    for (let block = lo >>> BLOCK_SHIFT; block <= lastBlock; block++) {
      const min = z.min[block]!;
      const max = z.max[block]!;
      const a = Math.max(w0, (block << BLOCK_SHIFT) >>> 5);
      const b = Math.min(w1, (((block + 1) << BLOCK_SHIFT) >>> 5) - 1);
      if (max < f.lo || min > f.hi) M.fill(0, a, b + 1);
      else if (z.missing[block] !== 0 || min < f.lo || max > f.hi) {
        for (let w = a; w <= b; w++) {
          let m = M[w]!;
          let rest = m;
          while (rest !== 0) {
            const bit = rest & -rest;
            rest ^= bit;
            const v = values[(w << 5) | (31 - Math.clz32(bit))]!;
            if (!(v >= f.lo && v <= f.hi)) m ^= bit;
          }
          M[w] = m;
        }
      }
    }
  }
  if (rowCheck !== null) {
    for (let w = w0; w <= w1; w++) {
      let m = M[w]!;
      let rest = m;
      while (rest !== 0) {
        const bit = rest & -rest;
        rest ^= bit;
        if (!rowCheck((w << 5) | (31 - Math.clz32(bit)))) m ^= bit;
      }
      M[w] = m;
    }
  }
  let count = 0;
  for (let w = w0; w <= w1; w++) {
    const m = M[w]!;
    if (m === 0) continue;
    bits[w]! |= m;
    count += popcount(m);
  }
  return count;
}

/** Calls `visit` with each matching row, in row order. */
export function eachMatch(matches: Matches, visit: (row: number) => void): void {
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

/** Every stone on sale matching the plan. */
export function matchRows(store: StoneStore, plan: Plan): Matches {
  const words = (store.capacity + 31) >>> 5;
  if (resultBits.length < words) {
    resultBits = new Int32Array(words);
    dirty = [0, -1];
  } else if (dirty[1] >= dirty[0]) resultBits.fill(0, dirty[0], dirty[1] + 1);
  const bits = resultBits;
  const matches: Matches = { bits, count: 0, firstWord: words, lastWord: -1 };
  const touch = (lo: number, hi: number) => {
    matches.firstWord = Math.min(matches.firstWord, lo >>> 5);
    matches.lastWord = Math.max(matches.lastWord, (hi - 1) >>> 5);
  };
  const done = () => {
    dirty = [matches.firstWord, matches.lastWord];
    return matches;
  };
  if (plan.empty) return done();

  let candidates: Int32Array | null = null;
  if (plan.ids !== null || plan.prefix !== null) {
    candidates = plan.ids !== null ? Int32Array.from(plan.ids.map((id) => store.rowOf(id)).filter((row) => row >= 0)) : certificateRows(store, plan.prefix!);
  }
  if (candidates !== null && candidates.length <= LIST_MAX) {
    // Few candidates, each tested whole: the checked stones, or the certificate numbers that start so.
    for (const row of candidates) {
      if (!rowMatches(store, plan, row)) continue;
      const w = row >>> 5;
      if ((bits[w]! & (1 << (row & 31))) !== 0) continue;
      bits[w]! |= 1 << (row & 31);
      matches.count++;
      touch(row, row + 1);
    }
    return done();
  }

  const prepared = prepare(store, plan);
  if (prepared === null) return done();
  if (candidates !== null) {
    // Many certificates start so (a first digit or two): they become one more bitmap of the scan.
    if (candidateBits.length < bits.length) candidateBits = new Int32Array(bits.length);
    else candidateBits.fill(0);
    for (const row of candidates) candidateBits[row >>> 5]! |= 1 << (row & 31);
    prepared.ranges.push({ high: candidateBits, low: null });
  }
  for (const type of plan.types) {
    for (let shape = 1; shape < SHAPE_SLOTS; shape++) {
      if (plan.shapes !== null && !plan.shapes.has(shape)) continue;
      const slot = type * SHAPE_SLOTS + shape;
      let lo = store.dirStart[slot]!;
      let hi = store.dirEnd[slot]!;
      if (hi <= lo) continue;
      let zoned: FloatRange[] = [];
      let rowCheck: ((row: number) => boolean) | null = null;
      let caratLow = plan.caratLow;
      if (plan.fit !== null) {
        // A head of this shape is a width range and a least weight, checked like any range; several heads of one
        // shape (rare) are checked row by row.
        const heads = plan.fit.filter((w) => w.shapeId === shape);
        if (heads.length === 0) continue;
        if (heads.length === 1) {
          const head = heads[0]!;
          zoned = [{ column: 'width', lo: head.minWidthMm, hi: head.maxWidthMm }];
          caratLow = Math.max(caratLow, head.minCarat);
        } else {
          const fit = plan.fit;
          rowCheck = (row) => fits(store, fit, row);
        }
      }
      if (caratLow > -Infinity) lo = lowerBound(store.cols.carat, lo, hi, caratLow);
      if (plan.caratHigh < Infinity) hi = upperBound(store.cols.carat, lo, hi, plan.caratHigh);
      if (hi <= lo) continue;
      const n = scanRange(store, prepared, zoned, rowCheck, lo, hi, bits);
      if (n > 0) {
        matches.count += n;
        touch(lo, hi);
      }
    }
  }
  if (store.size > store.mainEnd) {
    // The tail is in no order: its blocks' zone maps are wide, so its rows are mostly tested one by one.
    const n = scanRange(store, prepared, [], (row) => rowMatches(store, plan, row), store.mainEnd, store.size, bits);
    if (n > 0) {
      matches.count += n;
      touch(store.mainEnd, store.size);
    }
  }
  return done();
}

/**
 * The rows whose certificate number starts with `prefix` (upper-cased as SQLite's LIKE folds case): a range of the
 * certificate order by its packed first characters, checked character by character only when the key cannot decide
 * (a longer prefix, or a character beyond one byte).
 */
function certificateRows(store: StoneStore, prefix: string): Int32Array {
  const order = store.certOrder;
  const keys = store.cols.certKey;
  const lowKey = certificateKey(prefix, 0);
  const highKey = certificateKey(prefix, 0xff);
  let lo = 0;
  let hi = store.certOrderLength;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[order[mid]!]! < lowKey) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  hi = store.certOrderLength;
  while (end < hi) {
    const mid = (end + hi) >>> 1;
    if (keys[order[mid]!]! <= highKey) end = mid + 1;
    else hi = mid;
  }
  const rows = order.subarray(lo, end);
  const decided = prefix.length <= CERTIFICATE_KEY_CHARS && [...prefix].every((ch) => ch.charCodeAt(0) < 0xff);
  if (decided) return rows;
  const certificates = store.certificates;
  return rows.filter((row) => certificates.startsWith(row, prefix));
}

/** Rows in walks of the sort order past which sorting the matches' ranks is cheaper. */
const WALK_LIMIT = 50_000;
const BUCKETS = 4096;
const bucketCounts = new Int32Array(BUCKETS + 1);

/**
 * The rows at positions [offset, offset + limit) of the matches in `order` (the sort key, then the id, both one
 * way). Each type is a segment of the sort order; a search over several types takes the first rows of each and
 * merges them.
 */
export function pickPage(store: StoneStore, plan: Plan, matches: Matches, order: readonly Order[], offset: number, limit: number): number[] {
  if (offset >= matches.count || limit <= 0) return [];
  const column = order[0]!.column as SortColumn;
  if (!SORT_COLUMNS.includes(column)) throw new Error(`The search cannot sort by ${column}`);
  const descending = order[0]!.direction === 'desc';
  const end = Math.min(matches.count, offset + limit);
  if (plan.types.length === 1) return pickInType(store, plan, matches, column, descending, plan.types[0]!, offset, end);
  const key = store.sortKey(column);
  const ids = store.cols.id;
  const sign = descending ? -1 : 1;
  const merged = plan.types.flatMap((type) => pickInType(store, plan, matches, column, descending, type, 0, end));
  merged.sort((a, b) => sign * (key(a) - key(b) || ids[a]! - ids[b]!));
  return merged.slice(offset, end);
}

/**
 * The matches of one type at positions [offset, end) of its segment of the order. When matches are dense along the
 * order (from the first key the plan's own range on the sort key allows), the order is walked testing bits;
 * otherwise the matches' ranks are bucketed and only the page's buckets sorted.
 */
function pickInType(store: StoneStore, plan: Plan, matches: Matches, column: SortColumn, descending: boolean, type: number, offset: number, end: number): number[] {
  const { bits, count } = matches;
  const { perm, rank, segments } = store.orders.get(column)!;
  const key = store.sortKey(column);
  const [segmentStart, segmentEnd] = segments[type] ?? [0, 0];
  if (segmentEnd <= segmentStart) return [];

  // The part of the segment the plan's own range on the sort key leaves.
  let lo = -Infinity;
  let hi = Infinity;
  if (column === 'carat') {
    lo = plan.caratLow;
    hi = plan.caratHigh;
  } else {
    const range = column === 'price_cents' ? plan.floats.find((f) => f.column === 'price_cents') : plan.bytes.find((b) => b.column === column);
    if (range) {
      lo = range.lo;
      hi = range.hi;
    }
  }
  let first = segmentStart;
  let last = segmentEnd;
  if (lo > -Infinity) {
    let b = last;
    while (first < b) {
      const mid = (first + b) >>> 1;
      if (key(perm[mid]!) < lo) first = mid + 1;
      else b = mid;
    }
  }
  if (hi < Infinity) {
    let a = first;
    while (a < last) {
      const mid = (a + last) >>> 1;
      if (key(perm[mid]!) <= hi) a = mid + 1;
      else last = mid;
    }
  }
  if (last <= first) return [];

  const has = (row: number) => (bits[row >>> 5]! & (1 << (row & 31))) !== 0;
  if ((end * (last - first)) / count <= WALK_LIMIT) {
    // Matches are rarely spread evenly along the order: a walk that runs long gives way to the sort below.
    const rows: number[] = [];
    let seen = 0;
    const step = descending ? -1 : 1;
    const bound = descending ? first - 1 : last;
    const stop = descending ? Math.max(first - 1, last - 1 - 2 * WALK_LIMIT) : Math.min(last, first + 2 * WALK_LIMIT);
    let p = descending ? last - 1 : first;
    for (; p !== stop && seen < end; p += step) {
      const row = perm[p]!;
      if (has(row) && seen++ >= offset) rows.push(row);
    }
    if (seen >= end || p === bound) return rows;
  }

  // Positions within [first, last), counted from the walk's start.
  const types = store.cols.type;
  const position = descending ? (row: number) => last - 1 - rank[row]! : (row: number) => rank[row]! - first;
  const positions: number[] = [];
  for (let w = matches.firstWord; w <= matches.lastWord; w++) {
    let m = bits[w]!;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const row = (w << 5) | (31 - Math.clz32(bit));
      if (types[row] === type) positions.push(position(row));
    }
  }
  const span = last - first;
  let picked: Int32Array;
  let skip = 0;
  if (positions.length <= 4 * BUCKETS) picked = Int32Array.from(positions);
  else {
    const shift = Math.max(0, Math.ceil(Math.log2(span / BUCKETS)));
    bucketCounts.fill(0);
    for (const p of positions) bucketCounts[p >>> shift]!++;
    let firstBucket = 0;
    while (firstBucket <= BUCKETS && skip + bucketCounts[firstBucket]! <= offset) skip += bucketCounts[firstBucket++]!;
    if (firstBucket > BUCKETS) return [];
    let through = firstBucket;
    let upTo = skip + bucketCounts[firstBucket]!;
    while (upTo < end && through < BUCKETS) upTo += bucketCounts[++through]!;
    picked = new Int32Array(upTo - skip);
    let n = 0;
    for (const p of positions) {
      const b = p >>> shift;
      if (b >= firstBucket && b <= through) picked[n++] = p;
    }
  }
  picked.sort();
  const rows: number[] = [];
  for (let k = offset - skip; k < Math.min(end, skip + picked.length) - skip; k++) {
    const p = picked[k]!;
    rows.push(perm[descending ? last - 1 - p : first + p]!);
  }
  return rows;
}
