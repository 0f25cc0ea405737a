/**
 * The available stones held in memory as typed columns: the search's read model (docs/decisions/016-search-in-memory.md).
 *
 * Rows live in two segments. The main segment is clustered by (type, shape, carat, id), so a search's tab, shapes
 * and carat range become a few contiguous slices found by binary search. Stones added since the last clustering
 * (an import, a released reservation) go to a short tail that every search reads whole. A stone that leaves the
 * sale is only marked dead; its row is reclaimed at the next clustering. Five sort orders (and the id order) are
 * kept as permutations of the rows with each row's rank in them, merged, not re-sorted, when stones arrive.
 *
 * Nulls: a grade column stores 0 for a missing grade and a measurement NaN, so every comparison with a missing value
 * is false, as in SQL.
 */
import { HISTOGRAM_BINS, histogramEdge } from '@everstone/contract';
import type { DiamondRow } from '../../../db/schema.ts';
import { CertificateColumn } from './certificates.ts';

/** A stone as the search holds it: its database row without the status (every stone held is available). */
export type StoneRow = Omit<DiamondRow, 'status'>;

export const BYTE_COLUMNS = [
  'type',
  'shape_id',
  'color_id',
  'fancy_color_id',
  'fancy_intensity_id',
  'clarity_id',
  'cut_id',
  'polish_id',
  'symmetry_id',
  'fluorescence_id',
  'certificate_company_id',
  'is_superdeal',
] as const;
export const FLOAT_COLUMNS = ['carat', 'price_cents', 'measurement_l', 'measurement_w', 'ratio', 'table_pct', 'depth_pct'] as const;

/** Rows per block: each block keeps the least and greatest value of the zone columns (a zone map). */
export const BLOCK_SHIFT = 9;
export const BLOCK_ROWS = 1 << BLOCK_SHIFT;
/**
 * Columns with zone maps. The main segment is in carat order within each type and shape, and price and the width
 * follow the weight closely, so most blocks lie wholly inside or outside a price or width range. `width` is the
 * ring builder's width: the smaller face measurement, as the SQL's CASE computes it.
 */
export const ZONE_COLUMNS = ['width'] as const;
export type ZoneColumn = (typeof ZONE_COLUMNS)[number];

/**
 * Columns cut into bins by quantile, with a bitmap per bin edge: `below[k]` has every row whose value is under
 * `edges[k]` (the last edge is +∞: every row with a value). A range is the bins wholly inside it, from the bitmaps,
 * and the rows of the (at most two) bins its bounds fall in, tested one by one.
 */
export const BINNED_COLUMNS = { price_cents: 64, ratio: 32, table_pct: 32, depth_pct: 32 } as const;
export type BinnedColumn = keyof typeof BINNED_COLUMNS;

export interface Bins {
  edges: Float64Array;
  below: Int32Array[];
}

export interface Zones {
  min: Float64Array;
  max: Float64Array;
  /** 1 when some row of the block has no value (it fails every range). */
  missing: Uint8Array;
}

/**
 * The edges of the bars behind the price and carat sliders (GET /api/diamond-facets), in the columns' own units: bar k
 * holds edges[k] ≤ value < edges[k + 1], the first takes everything below, the last everything above.
 */
export const HISTOGRAM_EDGES = {
  price_cents: Array.from({ length: HISTOGRAM_BINS + 1 }, (_, k) => histogramEdge('price', k) * 100),
  carat: Array.from({ length: HISTOGRAM_BINS + 1 }, (_, k) => histogramEdge('carat', k)),
} as const;
export type HistogramColumn = keyof typeof HISTOGRAM_EDGES;

/** The bar `value` falls in: found by arithmetic on evenly spaced edges, then settled against the edges themselves. */
export function barOf(edges: readonly number[], value: number): number {
  const bars = edges.length - 1;
  const first = edges[0]!;
  let bar = Math.floor(((value - first) * bars) / (edges[bars]! - first));
  if (!(bar >= 0)) bar = 0;
  if (bar > bars - 1) bar = bars - 1;
  while (bar < bars - 1 && value >= edges[bar + 1]!) bar++;
  while (bar > 0 && value < edges[bar]!) bar--;
  return bar;
}

export type ByteColumn = (typeof BYTE_COLUMNS)[number];
export type FloatColumn = (typeof FLOAT_COLUMNS)[number];
export type StoneColumn = ByteColumn | FloatColumn | 'id' | 'width';

/** The sort keys of the search (the contract's SORT_KEYS by column) and the id order used to find a stone. */
export const SORT_COLUMNS = ['price_cents', 'carat', 'color_id', 'clarity_id', 'cut_id'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/**
 * Stones as columns, the form they travel in between the thread that reads the database and the search's own
 * (typed arrays move without copying).
 */
export interface StoneChunk {
  id: Int32Array;
  bytes: Record<ByteColumn, Uint8Array>;
  floats: Record<FloatColumn, Float64Array>;
  certificates: string[];
}

/** Database rows (any status: the caller keeps only those on sale) as a chunk; a missing grade is 0, a missing measure NaN. */
export function toChunk(rows: readonly StoneRow[]): StoneChunk {
  const chunk = emptyChunk(rows.length);
  // Each column read by its own name (not a name held in a variable): a million rows are copied in tens of
  // milliseconds rather than seconds.
  copyColumns(rows, chunk);
  return chunk;
}

const float = (v: number | null) => (v === null ? Number.NaN : Number(v));

/**
 * Rows read as arrays, in the order of the repository's STONE_COLUMNS (id, certificate_number, type, shape_id,
 * carat, color_id, fancy_color_id, fancy_intensity_id, clarity_id, cut_id, polish_id, symmetry_id, fluorescence_id,
 * certificate_company_id, measurement_l, measurement_w, ratio, table_pct, depth_pct, price_cents, is_superdeal), as a
 * chunk: the in-memory search's own read of an SQLite file, without an object per row. With `into` (as long as the
 * rows or longer), the rows are written over its first ones: a load reuses one chunk for every page.
 */
export function arraysToChunk(rows: readonly (readonly unknown[])[], into?: StoneChunk): StoneChunk {
  const chunk = into && into.id.length >= rows.length ? into : emptyChunk(rows.length);
  const { bytes: b, floats: f } = chunk;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as ReadonlyArray<number | null>;
    const id = Number(r[0]);
    chunk.id[k] = id;
    chunk.certificates[k] = rows[k]![1] as string;
    b.type[k] = checkedByte(r[2], id);
    b.shape_id[k] = checkedByte(r[3], id);
    f.carat[k] = Number(r[4]);
    b.color_id[k] = checkedByte(r[5], id);
    b.fancy_color_id[k] = checkedByte(r[6], id);
    b.fancy_intensity_id[k] = checkedByte(r[7], id);
    b.clarity_id[k] = checkedByte(r[8], id);
    b.cut_id[k] = checkedByte(r[9], id);
    b.polish_id[k] = checkedByte(r[10], id);
    b.symmetry_id[k] = checkedByte(r[11], id);
    b.fluorescence_id[k] = checkedByte(r[12], id);
    b.certificate_company_id[k] = checkedByte(r[13], id);
    f.measurement_l[k] = float(r[14]!);
    f.measurement_w[k] = float(r[15]!);
    f.ratio[k] = float(r[16]!);
    f.table_pct[k] = float(r[17]!);
    f.depth_pct[k] = float(r[18]!);
    f.price_cents[k] = Number(r[19]);
    b.is_superdeal[k] = checkedByte(r[20], id);
  }
  return chunk;
}

function emptyChunk(n: number): StoneChunk {
  const chunk: StoneChunk = { id: new Int32Array(n), bytes: {} as StoneChunk['bytes'], floats: {} as StoneChunk['floats'], certificates: new Array<string>(n) };
  for (const name of BYTE_COLUMNS) chunk.bytes[name] = new Uint8Array(n);
  for (const name of FLOAT_COLUMNS) chunk.floats[name] = new Float64Array(n);
  return chunk;
}

/** A reference id as the search's byte column holds it (0 for none); one beyond a byte is refused, not wrapped. */
function checkedByte(v: number | null | undefined, id: number): number {
  if (v === null || v === undefined) return 0;
  if (!(v >= 0 && v <= 255 && Number.isInteger(v))) throw new RangeError(`a grade or reference id ${String(v)} of stone ${id} does not fit the search's byte column`);
  return v;
}

function copyColumns(rows: readonly StoneRow[], chunk: StoneChunk): void {
  const { bytes: b, floats: f } = chunk;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k]!;
    const id = Number(r.id);
    chunk.id[k] = id;
    chunk.certificates[k] = r.certificate_number;
    b.type[k] = checkedByte(r.type, id);
    b.shape_id[k] = checkedByte(r.shape_id, id);
    b.color_id[k] = checkedByte(r.color_id, id);
    b.fancy_color_id[k] = checkedByte(r.fancy_color_id, id);
    b.fancy_intensity_id[k] = checkedByte(r.fancy_intensity_id, id);
    b.clarity_id[k] = checkedByte(r.clarity_id, id);
    b.cut_id[k] = checkedByte(r.cut_id, id);
    b.polish_id[k] = checkedByte(r.polish_id, id);
    b.symmetry_id[k] = checkedByte(r.symmetry_id, id);
    b.fluorescence_id[k] = checkedByte(r.fluorescence_id, id);
    b.certificate_company_id[k] = checkedByte(r.certificate_company_id, id);
    b.is_superdeal[k] = checkedByte(r.is_superdeal, id);
    f.carat[k] = Number(r.carat);
    f.price_cents[k] = Number(r.price_cents);
    f.measurement_l[k] = float(r.measurement_l);
    f.measurement_w[k] = float(r.measurement_w);
    f.ratio[k] = float(r.ratio);
    f.table_pct[k] = float(r.table_pct);
    f.depth_pct[k] = float(r.depth_pct);
  }
}

/** The typed arrays of a chunk, to hand to postMessage's transfer list. */
export function chunkBuffers(chunk: StoneChunk): ArrayBuffer[] {
  return [chunk.id, ...Object.values(chunk.bytes), ...Object.values(chunk.floats)].map((a) => a.buffer as ArrayBuffer);
}

export interface StoneStoreOptions {
  /**
   * Where a missing grade sorts: first going up (SQLite's rule) or last (PostgreSQL's), so a search reads the same
   * order from memory as from the database it mirrors.
   */
  nullsFirst: boolean;
  /** The tail length below which new stones are merged rather than clustered again (tests make it small). */
  minTail?: number;
}

/** A tail longer than this share of the stones (or MIN_TAIL) is clustered into the main segment. */
const TAIL_SHARE = 0.05;
const MIN_TAIL = 20_000;
/** Shape ids are small reference ids; the directory has a slot for each possible one. */
const SHAPE_SLOTS = 256;
const TYPE_SLOTS = 4;

type ByteColumns = Record<ByteColumn, Uint8Array>;
type FloatColumns = Record<FloatColumn, Float64Array>;

export interface Columns extends ByteColumns, FloatColumns {
  id: Int32Array;
  /** min(length, width) with the CASE's rule: a missing length leaves the width; a missing width gives none. */
  width: Float64Array;
  /** certificateKey of the certificate number, for the certificate search. */
  certKey: Float64Array;
  /** The bar of the price and of the carat histograms behind the search's sliders (HISTOGRAM_EDGES), for the counts. */
  priceBar: Uint8Array;
  caratBar: Uint8Array;
  /** 1 for a row that no longer holds a stone on sale. */
  dead: Uint8Array;
}

export interface SortOrder {
  /**
   * Rows in the order of (type, key, id) going up, so each type's stones are one segment in the search's order;
   * dead rows may remain until the next merge.
   */
  perm: Int32Array;
  /** Where each type's segment of `perm` starts and ends (exclusive), by type. */
  segments: Array<[number, number]>;
  /** Each row's position in `perm`. */
  rank: Int32Array;
  /** How many entries of `perm` are in use. */
  length: number;
}

export class StoneStore {
  readonly nullsFirst: boolean;
  readonly #minTail: number;
  cols: Columns;
  certificates = new CertificateColumn(0);
  /** Rows in use (main and tail, dead included). */
  size = 0;
  /** Rows [0, mainEnd) are clustered; [mainEnd, size) are the tail. */
  mainEnd = 0;
  /** Stones on sale (rows not dead). */
  live = 0;
  /** Row of the cluster (type, shape) start: dir[type * SHAPE_SLOTS + shape] .. dir[… + 1] (exclusive). */
  dirStart = new Int32Array(TYPE_SLOTS * SHAPE_SLOTS);
  dirEnd = new Int32Array(TYPE_SLOTS * SHAPE_SLOTS);
  readonly orders = new Map<SortColumn, SortOrder>();
  /** Rows sorted by upper-cased certificate number, for the certificate search. */
  certOrder: Int32Array = new Int32Array(0);
  certOrderLength = 0;
  #idIndex: Int32Array = new Int32Array(0);
  readonly #bigIds = new Map<number, number>();
  /** Bit r of word r >> 5: the row holds a stone on sale. */
  liveBits: Int32Array = new Int32Array(0);
  /**
   * For each byte column, `cum[v]` has the bit of every row whose value is 1 … v (a missing grade, 0, is in none), so
   * a grade range [a, b] is cum[b] and not cum[a − 1].
   */
  readonly cumulative = new Map<ByteColumn, Int32Array[]>();
  readonly zones = new Map<ZoneColumn, Zones>();
  readonly bins = new Map<BinnedColumn, Bins>();
  /** Bumped by every change: caches of derived figures compare it. */
  generation = 0;

  constructor(options: StoneStoreOptions) {
    this.nullsFirst = options.nullsFirst;
    this.#minTail = options.minTail ?? MIN_TAIL;
    this.cols = allocate(0);
  }

  get capacity(): number {
    return this.cols.id.length;
  }

  /** The row holding the stone `id` on sale, or -1. */
  rowOf(id: number): number {
    const row = id < this.#idIndex.length ? this.#idIndex[id]! : (this.#bigIds.get(id) ?? -1);
    return row >= 0 && this.cols.dead[row] === 0 ? row : -1;
  }

  /** The stone in `row` as its database row (status available). */
  rowAt(row: number): DiamondRow {
    const c = this.cols;
    const byte = (v: number) => (v === 0 ? null : v);
    const float = (v: number) => (Number.isNaN(v) ? null : v);
    return {
      id: c.id[row]!,
      certificate_number: this.certificates.get(row),
      type: c.type[row]!,
      shape_id: c.shape_id[row]!,
      carat: c.carat[row]!,
      color_id: byte(c.color_id[row]!),
      fancy_color_id: byte(c.fancy_color_id[row]!),
      fancy_intensity_id: byte(c.fancy_intensity_id[row]!),
      clarity_id: byte(c.clarity_id[row]!),
      cut_id: byte(c.cut_id[row]!),
      polish_id: byte(c.polish_id[row]!),
      symmetry_id: byte(c.symmetry_id[row]!),
      fluorescence_id: byte(c.fluorescence_id[row]!),
      certificate_company_id: c.certificate_company_id[row]!,
      measurement_l: float(c.measurement_l[row]!),
      measurement_w: float(c.measurement_w[row]!),
      ratio: float(c.ratio[row]!),
      table_pct: float(c.table_pct[row]!),
      depth_pct: float(c.depth_pct[row]!),
      price_cents: c.price_cents[row]!,
      is_superdeal: c.is_superdeal[row]!,
      status: 'available',
    };
  }

  /** Empties the store, to be filled by `append` and made searchable by `finishLoad` (a start, a reread). */
  beginLoad(expected = 0): void {
    this.size = 0;
    this.mainEnd = 0;
    this.live = 0;
    this.#idIndex = new Int32Array(0);
    this.#bigIds.clear();
    this.orders.clear();
    this.cumulative.clear();
    this.bins.clear();
    this.zones.clear();
    this.liveBits = new Int32Array(0);
    this.certOrder = new Int32Array(0);
    this.certOrderLength = 0;
    this.cols = allocate(Math.max(1024, expected));
    this.certificates = new CertificateColumn(this.capacity);
  }

  /**
   * Adds stones on sale during a load (no index is kept up to date until finishLoad): the chunk's first `n` rows (a
   * chunk may be reused, page after page, so a load leaves no garbage behind).
   */
  append(chunk: StoneChunk, n = chunk.id.length): void {
    let capacity = this.capacity;
    while (this.size + n > capacity) capacity = Math.max(1024, capacity * 2);
    if (capacity > this.capacity) {
      this.cols = grow(this.cols, capacity);
      this.certificates = this.certificates.grown(capacity);
    }
    const c = this.cols;
    const first = this.size;
    // Whole columns at once; then what each row needs of its own.
    c.id.set(chunk.id.subarray(0, n), first);
    for (const name of BYTE_COLUMNS) c[name].set(chunk.bytes[name].subarray(0, n), first);
    for (const name of FLOAT_COLUMNS) c[name].set(chunk.floats[name].subarray(0, n), first);
    c.dead.fill(0, first, first + n);
    this.certificates.fit(chunk.certificates, n);
    const { measurement_l: length, measurement_w: width, width: narrow, certKey, priceBar, caratBar, price_cents: price, carat } = c;
    for (let k = 0; k < n; k++) {
      const i = first + k;
      const l = length[i]!;
      const w = width[i]!;
      narrow[i] = l < w ? l : w;
      priceBar[i] = barOf(HISTOGRAM_EDGES.price_cents, price[i]!);
      caratBar[i] = barOf(HISTOGRAM_EDGES.carat, carat[i]!);
      const certificate = chunk.certificates[k]!;
      certKey[i] = certificateKey(certificate);
      this.certificates.set(i, certificate);
      this.#setIndex(chunk.id[k]!, i);
    }
    this.size += n;
    this.live += n;
  }

  /** Clusters what was loaded and builds every order, bitmap and zone map. */
  finishLoad(): void {
    this.#cluster();
    this.generation++;
  }

  /** Replaces everything with `rows` (stones on sale): the whole load in one call. */
  load(rows: readonly StoneRow[]): void {
    this.beginLoad();
    for (let k = 0; k < rows.length; k += 10_000) this.append(toChunk(rows.slice(k, k + 10_000)));
    this.finishLoad();
  }

  /**
   * Applies changes: `gone` ids left the sale; `upserts` are stones on sale now (new, back, or changed). A changed
   * stone's old row dies and its new values go to the tail; the sort orders take the new rows by merging.
   */
  apply(upserts: StoneChunk, gone: readonly number[]): void {
    for (const id of gone) this.#kill(id);
    for (const id of upserts.id) this.#kill(id);
    if (upserts.id.length > 0) {
      const first = this.size;
      this.append(upserts);
      // The orders take the new rows first in either case: a clustering then carries them over instead of sorting.
      this.#mergeOrders(first);
      if (this.size - this.mainEnd > Math.max(this.#minTail, this.live * TAIL_SHARE)) this.#cluster();
      else this.#index(first);
    }
    this.generation++;
  }

  #kill(id: number): void {
    const row = this.rowOf(id);
    if (row < 0) return;
    this.cols.dead[row] = 1;
    this.liveBits[row >>> 5]! &= ~(1 << (row & 31));
    this.live--;
    this.#setIndex(id, -1);
  }

  #setIndex(id: number, row: number): void {
    if (id < this.#idIndex.length) {
      this.#idIndex[id] = row;
      return;
    }
    // A dense index up to a few times the stones held; ids beyond it (a sparse import) go to a map.
    const limit = Math.max(1 << 20, this.capacity * 4);
    if (id < limit) {
      const grown = new Int32Array(Math.min(limit, Math.max(id + 1, this.#idIndex.length * 2))).fill(-1);
      grown.set(this.#idIndex);
      this.#idIndex = grown;
      this.#idIndex[id] = row;
    } else if (row < 0) this.#bigIds.delete(id);
    else this.#bigIds.set(id, row);
  }

  /** Rebuilds the main segment from the live rows, clustered by (type, shape, carat, id), and every order. */
  #cluster(): void {
    const c = this.cols;
    // Clustering again after merges, every order holds every stone on sale: the rows are placed by walking the carat
    // order, and the orders are carried over to the new rows, not sorted again (a full sort is for a first load).
    const sorted = this.orders.size === SORT_COLUMNS.length;
    const slotOf = (row: number) => c.type[row]! * SHAPE_SLOTS + c.shape_id[row]!;
    const groupOf = new Int32Array(TYPE_SLOTS * SHAPE_SLOTS).fill(-1);
    let order: Int32Array;
    if (sorted) {
      // The carat order is (type, carat, id): a stable counting sort by (type, shape) makes it (type, shape, carat, id).
      const carat = this.orders.get('carat')!;
      const rows = new Int32Array(this.live);
      let n = 0;
      for (let k = 0; k < carat.length; k++) if (c.dead[carat.perm[k]!] === 0) rows[n++] = carat.perm[k]!;
      const groups = numberGroups(groupOf, rows, slotOf);
      order = countingSort(rows, (k) => groupOf[slotOf(rows[k]!)]!, groups);
    } else {
      // Counting sorts of the rows taken in id order keep the id as the last key for free.
      const liveRows = new Int32Array(this.live);
      let n = 0;
      for (let i = 0; i < this.size; i++) if (c.dead[i] === 0) liveRows[n++] = i;
      const byId = this.#rowsById(liveRows);
      const byCarat = sortByValue(byId, c.carat);
      const groups = numberGroups(groupOf, byCarat, slotOf);
      order = countingSort(byCarat, (k) => groupOf[slotOf(byCarat[k]!)]!, groups);
    }
    // Where each old row goes (−1: it held no stone on sale).
    const newRow = new Int32Array(this.size).fill(-1);
    for (let k = 0; k < order.length; k++) newRow[order[k]!] = k;
    const capacity = Math.max(1024, Math.ceil(this.live * 1.1));
    const next = {} as Columns;
    this.certificates = this.certificates.gathered(order, capacity);
    // Column by column: each new column is made as the old one is let go (its memory freed at once, not at the next
    // collection), so the store is never held twice over and the load's peak is one column above the store.
    const old = c as Partial<Columns>;
    const move = <K extends keyof Columns>(name: K) => {
      const from = old[name]!;
      const to = new (from.constructor as new (n: number) => Columns[K])(capacity);
      gather(from as never, to as never, order);
      next[name] = to;
      release(from);
      delete old[name];
    };
    move('id');
    move('width');
    move('certKey');
    move('priceBar');
    move('caratBar');
    next.dead = new Uint8Array(capacity);
    release(old.dead!);
    for (const name of BYTE_COLUMNS) move(name);
    for (const name of FLOAT_COLUMNS) move(name);
    this.cols = next;
    this.size = this.mainEnd = this.live = order.length;
    this.#idIndex = new Int32Array(0);
    this.#bigIds.clear();
    for (let k = 0; k < this.size; k++) this.#setIndex(next.id[k]!, k);
    this.dirStart.fill(0);
    this.dirEnd.fill(0);
    for (let k = 0; k < this.size; k++) {
      const slot = next.type[k]! * SHAPE_SLOTS + next.shape_id[k]!;
      if (this.dirEnd[slot] === 0) this.dirStart[slot] = k;
      this.dirEnd[slot] = k + 1;
    }
    const all = sorted ? new Int32Array(0) : this.#rowsById(null);
    /** An order's rows, in the same order, as the new rows; those no longer on sale left out. */
    const carried = (perm: Int32Array, length: number) => {
      const out = new Int32Array(this.size);
      let n = 0;
      for (let k = 0; k < length; k++) {
        const row = newRow[perm[k]!]!;
        if (row >= 0) out[n++] = row;
      }
      return out.subarray(0, n);
    };
    for (const column of SORT_COLUMNS) {
      const key = this.sortKey(column);
      let perm: Int32Array;
      if (sorted) {
        const before = this.orders.get(column)!;
        perm = carried(before.perm, before.length);
      } else if (column === 'price_cents' || column === 'carat') {
        // The key is the value itself: sorted by it (ties in id order), then stably by type.
        const byKey = sortByValue(all, next[column]);
        perm = countingSort(byKey, (k) => next.type[byKey[k]!]!, TYPE_SLOTS);
      } else {
        // A grade's key is −1 … 256: its own bucket.
        perm = countingSort(all, (k) => next.type[all[k]!]! * 258 + key(all[k]!) + 1, TYPE_SLOTS * 258);
      }
      const rank = new Int32Array(next.id.length);
      for (let k = 0; k < perm.length; k++) rank[perm[k]!] = k;
      this.orders.set(column, { perm: withRoom(perm, next.id.length), segments: segmentsOf(perm, perm.length, next.type), rank, length: perm.length });
    }
    this.liveBits = new Int32Array(0);
    this.cumulative.clear();
    this.zones.clear();
    this.bins.clear();
    for (const [name, count] of Object.entries(BINNED_COLUMNS) as Array<[BinnedColumn, number]>) {
      this.bins.set(name, { edges: quantileEdges(next[name], this.size, count), below: [] });
    }
    this.#index(0);
    const byCert = sorted ? carried(this.certOrder, this.certOrderLength) : sortByValue(all, next.certKey);
    this.certOrder = withRoom(byCert, next.id.length);
    this.certOrderLength = byCert.length;
  }

  /** The rows (`rows`, or every live row) in the order of their stones' ids. */
  #rowsById(rows: Int32Array | null): Int32Array {
    const c = this.cols;
    const out = new Int32Array(rows === null ? this.live : rows.length);
    let n = 0;
    for (let id = 0; id < this.#idIndex.length; id++) {
      const row = this.#idIndex[id]!;
      if (row >= 0 && c.dead[row] === 0) out[n++] = row;
    }
    for (const id of [...this.#bigIds.keys()].sort((a, b) => a - b)) {
      const row = this.#bigIds.get(id)!;
      if (c.dead[row] === 0) out[n++] = row;
    }
    return out.subarray(0, n);
  }

  /**
   * Brings the bitmaps and zone maps up to date for the rows [first, size): sized to the columns' capacity, bits set
   * for the new rows, and the zone maps of their blocks recomputed.
   */
  #index(first: number): void {
    const c = this.cols;
    const words = (this.capacity + 31) >>> 5;
    const sized = (bits: Int32Array) => {
      if (bits.length >= words) return bits;
      const out = new Int32Array(words);
      out.set(bits);
      return out;
    };
    this.liveBits = sized(this.liveBits);
    for (let r = first; r < this.size; r++) if (c.dead[r] === 0) this.liveBits[r >>> 5]! |= 1 << (r & 31);
    const levels = new Int32Array(this.size - first);
    for (const name of BYTE_COLUMNS) {
      const values = c[name];
      let top = 0;
      for (let r = first; r < this.size; r++) {
        const v = values[r]!;
        levels[r - first] = v === 0 ? -1 : v;
        if (v > top) top = v;
      }
      const cum = (this.cumulative.get(name) ?? [new Int32Array(words)]).map(sized);
      // A value never seen before starts as a copy of the highest: every row at or below it.
      while (cum.length <= top) cum.push(cum[cum.length - 1]!.slice());
      fillCumulative(cum, levels, first, this.size);
      this.cumulative.set(name, cum);
    }
    for (const [name, bins] of this.bins) {
      const values = c[name];
      const edges = bins.edges;
      while (bins.below.length < edges.length) bins.below.push(new Int32Array(words));
      bins.below = bins.below.map(sized);
      for (let r = first; r < this.size; r++) {
        const v = values[r]!;
        if (Number.isNaN(v)) {
          levels[r - first] = -1;
          continue;
        }
        // The value's bin: the first edge above it.
        let k = 0;
        let hi = edges.length - 1;
        while (k < hi) {
          const mid = (k + hi) >>> 1;
          if (edges[mid]! > v) hi = mid;
          else k = mid + 1;
        }
        levels[r - first] = k;
      }
      fillCumulative(bins.below, levels, first, this.size);
    }
    const blocks = (this.capacity + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
    for (const name of ZONE_COLUMNS) {
      let zone = this.zones.get(name);
      if (!zone || zone.min.length < blocks) {
        const grown: Zones = { min: new Float64Array(blocks), max: new Float64Array(blocks), missing: new Uint8Array(blocks) };
        if (zone) {
          grown.min.set(zone.min);
          grown.max.set(zone.max);
          grown.missing.set(zone.missing);
        }
        zone = grown;
        this.zones.set(name, zone);
      }
      const values = c[name];
      for (let b = first >>> BLOCK_SHIFT; b << BLOCK_SHIFT < this.size; b++) {
        let min = Infinity;
        let max = -Infinity;
        let missing = 0;
        const end = Math.min(this.size, (b + 1) << BLOCK_SHIFT);
        for (let r = b << BLOCK_SHIFT; r < end; r++) {
          const v = values[r]!;
          if (Number.isNaN(v)) missing = 1;
          else {
            if (v < min) min = v;
            if (v > max) max = v;
          }
        }
        zone.min[b] = min;
        zone.max[b] = max;
        zone.missing[b] = missing;
      }
    }
  }

  /** A sort key as a number: a missing grade sorts below or above every grade, as the database does. */
  sortKey(column: SortColumn): (row: number) => number {
    const values = this.cols[column];
    if (column === 'price_cents' || column === 'carat') return (row) => values[row]!;
    const missing = this.nullsFirst ? -1 : 256;
    return (row) => (values[row] === 0 ? missing : values[row]!);
  }

  /**
   * Merges the rows [first, size) into every order, dropping dead rows on the way. Each new row's place is found by
   * binary search (the old order keeps its dead rows' places: their values stay as they were), so the pass over the
   * old order compares nothing: an import of 10,000 stones into a million costs a few milliseconds per order.
   */
  #mergeOrders(first: number): void {
    const c = this.cols;
    const added = new Int32Array(this.size - first);
    let count = 0;
    for (let row = first; row < this.size; row++) if (c.dead[row] === 0) added[count++] = row;
    // The new rows in each order's own order, by radix sorts of their keys (ties in id order), not by comparisons.
    const byId = sortRows(added.subarray(0, count), (row) => c.id[row]!);
    for (const column of SORT_COLUMNS) {
      const key = this.sortKey(column);
      const before = (a: number, b: number) => c.type[a]! - c.type[b]! || key(a) - key(b) || c.id[a]! - c.id[b]!;
      const byKey = sortRows(byId, key);
      const fresh = countingSort(byKey, (k) => c.type[byKey[k]!]!, TYPE_SLOTS);
      const old = this.orders.get(column)!;
      const rank = old.rank.length >= c.id.length ? old.rank : new Int32Array(c.id.length);
      const merged = mergeInto(old.perm, old.length, fresh, before, this.liveBits, c.id.length, rank);
      this.orders.set(column, { perm: merged.order, segments: typeSegments(merged.order, merged.length, c.type), rank, length: merged.length });
    }
    const certKey = c.certKey;
    const byCertificate = (a: number, b: number) => certKey[a]! - certKey[b]! || c.id[a]! - c.id[b]!;
    const merged = mergeInto(this.certOrder, this.certOrderLength, sortRows(byId, (row) => certKey[row]!), byCertificate, this.liveBits, c.id.length, null);
    this.certOrder = merged.order;
    this.certOrderLength = merged.length;
  }
}

/**
 * `old` (its first `length` rows, in `before`'s order) with the sorted `fresh` rows merged in and the rows no longer
 * live (`live`, a bitmap small enough to stay in cache) left out, in a new array of `capacity`; each row's new
 * position written to `rank` on the way. A fresh row goes before the first old row it precedes.
 */
function mergeInto(
  old: Int32Array,
  length: number,
  fresh: ArrayLike<number>,
  before: (a: number, b: number) => number,
  live: Int32Array,
  capacity: number,
  rank: Int32Array | null,
): { order: Int32Array; length: number } {
  const places = new Int32Array(fresh.length);
  let lo = 0;
  for (let j = 0; j < fresh.length; j++) {
    // Fresh rows are sorted: each place is at or after the one before.
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(fresh[j]!, old[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    places[j] = lo;
  }
  const order = new Int32Array(capacity);
  let n = 0;
  let j = 0;
  for (let k = 0; k <= length; k++) {
    while (j < fresh.length && places[j] === k) {
      const row = fresh[j++]!;
      if (rank) rank[row] = n;
      order[n++] = row;
    }
    if (k === length) break;
    const row = old[k]!;
    if (((live[row >>> 5]! >>> (row & 31)) & 1) === 0) continue;
    if (rank) rank[row] = n;
    order[n++] = row;
  }
  return { order, length: n };
}

/** Where each type's rows are in an order sorted by type first: found by binary search, not by reading every row. */
function typeSegments(order: Int32Array, length: number, types: Uint8Array): Array<[number, number]> {
  const firstAtLeast = (type: number) => {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (types[order[mid]!]! < type) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return Array.from({ length: TYPE_SLOTS }, (_, type): [number, number] => {
    const start = firstAtLeast(type);
    const end = firstAtLeast(type + 1);
    return start < end ? [start, end] : [0, 0];
  });
}

/** `count` rising, distinct edges at the quantiles of the first `size` values (NaN left out), the last +∞. */
function quantileEdges(values: Float64Array, size: number, count: number): Float64Array {
  // A sample of evenly spaced rows is enough for edges that split the rows roughly evenly.
  const stride = Math.max(1, Math.floor(size / 65_536));
  const sample: number[] = [];
  for (let r = 0; r < size; r += stride) if (!Number.isNaN(values[r]!)) sample.push(values[r]!);
  const present = Float64Array.from(sample).sort();
  const edges = new Set<number>();
  for (let k = 1; k < count && present.length > 0; k++) edges.add(present[Math.floor((k * present.length) / count)]!);
  return Float64Array.from([...edges, Infinity]).sort();
}

/** Characters of a certificate number packed into its sort key: six bytes fill 48 of a float's 53 exact bits. */
export const CERTIFICATE_KEY_CHARS = 6;

/**
 * The first six characters of a certificate number, upper-cased the way SQLite's LIKE folds case (ASCII only), one
 * byte each (a character above 0xFE counts as 0xFF), padded with `pad`: certificates starting with a prefix are the
 * keys between the prefix padded with 0 and padded with 0xFF.
 */
export function certificateKey(text: string, pad = 0): number {
  let key = 0;
  for (let k = 0; k < CERTIFICATE_KEY_CHARS; k++) {
    let code = k < text.length ? text.charCodeAt(k) : pad;
    if (k < text.length && code >= 97 && code <= 122) code -= 32;
    key = key * 256 + Math.min(code, 0xff);
  }
  return key;
}

/**
 * Sets the bits of rows [first, size) in cumulative bitmaps: row r (level `levels[r − first]`, −1 for none) goes into
 * `cum[level]` and every bitmap above it. Many rows at once are placed in per-level bitmaps and carried upwards
 * word by word; a few are set bit by bit.
 */
function fillCumulative(cum: Int32Array[], levels: Int32Array, first: number, size: number): void {
  if (size - first < 4096) {
    for (let r = first; r < size; r++) {
      const level = levels[r - first]!;
      if (level < 0) continue;
      const word = r >>> 5;
      const bit = 1 << (r & 31);
      for (let k = level; k < cum.length; k++) cum[k]![word]! |= bit;
    }
    return;
  }
  const w0 = first >>> 5;
  const w1 = (size - 1) >>> 5;
  const own = cum.map(() => new Int32Array(w1 - w0 + 1));
  for (let r = first; r < size; r++) {
    const level = levels[r - first]!;
    if (level >= 0) own[level]![(r >>> 5) - w0]! |= 1 << (r & 31);
  }
  for (let k = 0; k < cum.length; k++) {
    const bits = cum[k]!;
    const mine = own[k]!;
    const below = k > 0 ? cum[k - 1]! : null;
    for (let w = w0; w <= w1; w++) bits[w]! |= mine[w - w0]! | (below === null ? 0 : below[w]!);
  }
}

/**
 * Frees a typed array's memory now: its buffer is detached (the array reads as empty after), instead of waiting for
 * a collection that a heap holding only small objects may not run for a long time.
 */
export function release(array: { buffer: ArrayBufferLike }): void {
  const buffer = array.buffer;
  if (buffer instanceof ArrayBuffer && !buffer.detached) buffer.transfer(0);
}

/**
 * Numbers the (type, shape) slots the rows are in, in slot order, into `groupOf` (−1 for a slot without rows), and
 * says how many there are.
 */
function numberGroups(groupOf: Int32Array, rows: Int32Array, slotOf: (row: number) => number): number {
  for (const row of rows) groupOf[slotOf(row)] = 0;
  let groups = 0;
  for (let slot = 0; slot < groupOf.length; slot++) if (groupOf[slot] === 0) groupOf[slot] = groups++;
  return groups;
}

/** `to[k] = from[order[k]]`. */
function gather<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T, order: Int32Array): void {
  for (let k = 0; k < order.length; k++) to[k] = from[order[k]!]!;
}

/** Each type's [start, end) in a permutation sorted by type first. */
function segmentsOf(perm: Int32Array, length: number, types: Uint8Array): Array<[number, number]> {
  const segments: Array<[number, number]> = Array.from({ length: TYPE_SLOTS }, () => [0, 0]);
  let k = 0;
  while (k < length) {
    const type = types[perm[k]!]!;
    const start = k;
    while (k < length && types[perm[k]!] === type) k++;
    segments[type] = [start, k];
  }
  return segments;
}

/** `rows` stably sorted by `values[row]` going up (ties keep their order); see sortRows. */
function sortByValue(rows: Int32Array, values: Float64Array): Int32Array {
  return sortRows(rows, (row) => values[row]!);
}

/**
 * `rows` stably sorted by `keyOf(row)` going up (ties keep their order): a radix sort of the keys' bits, 16 at a
 * time, linear where finding each value's rank among the distinct ones cost some 300 ms a million rows, and
 * comparisons through the keys' functions some 100 ms an import of 10,000 stones. The keys must be numbers (no NaN);
 * a float's bits, the sign flipped (all of them for a negative), sort as whole numbers do.
 */
function sortRows(rows: Int32Array, keyOf: (row: number) => number): Int32Array {
  const n = rows.length;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const one = new Float64Array(1);
  // Typed arrays use the platform's byte order: on every platform Node runs on, the low word comes first.
  const words = new Uint32Array(one.buffer);
  for (let k = 0; k < n; k++) {
    one[0] = keyOf(rows[k]!);
    const h = words[1]!;
    const negative = h >>> 31 === 1;
    hi[k] = negative ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lo[k] = negative ? ~words[0]! >>> 0 : words[0]!;
  }
  let order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  if (n < 4096) {
    // A few rows: one stable comparison sort of their positions by the same bits costs less than four passes.
    order = Int32Array.from([...order].sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]!));
    return Int32Array.from(order, (at) => rows[at]!);
  }
  let spare = new Int32Array(n);
  const starts = new Int32Array(65_537);
  for (const [word, shift] of [[lo, 0], [lo, 16], [hi, 0], [hi, 16]] as const) {
    starts.fill(0);
    for (let k = 0; k < n; k++) starts[((word[order[k]!]! >>> shift) & 0xffff) + 1]!++;
    // A digit every value shares orders nothing.
    let shared = false;
    for (let d = 1; d <= 65_536; d++) if (starts[d] === n) shared = true;
    if (shared) continue;
    for (let d = 0; d < 65_536; d++) starts[d + 1]! += starts[d]!;
    for (let k = 0; k < n; k++) {
      const at = order[k]!;
      spare[starts[(word[at]! >>> shift) & 0xffff]!++] = at;
    }
    [order, spare] = [spare, order];
  }
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = rows[order[k]!]!;
  return out;
}

/** `rows` stably sorted by `bucketOf(k)` (k: the position in `rows`), a whole number below `buckets`. */
function countingSort(rows: Int32Array, bucketOf: (k: number) => number, buckets: number): Int32Array {
  const n = rows.length;
  const bucket = new Int32Array(n);
  const starts = new Int32Array(buckets + 1);
  for (let k = 0; k < n; k++) {
    const b = bucketOf(k);
    bucket[k] = b;
    starts[b + 1]!++;
  }
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[starts[bucket[k]!]!++] = rows[k]!;
  return out;
}

function withRoom(values: Int32Array, capacity: number): Int32Array {
  if (values.length >= capacity) return values;
  const out = new Int32Array(capacity);
  out.set(values);
  return out;
}

function allocate(capacity: number): Columns {
  const cols = {
    id: new Int32Array(capacity),
    width: new Float64Array(capacity),
    certKey: new Float64Array(capacity),
    priceBar: new Uint8Array(capacity),
    caratBar: new Uint8Array(capacity),
    dead: new Uint8Array(capacity),
  } as Columns;
  for (const name of BYTE_COLUMNS) cols[name] = new Uint8Array(capacity);
  for (const name of FLOAT_COLUMNS) cols[name] = new Float64Array(capacity);
  return cols;
}

function grow(cols: Columns, capacity: number): Columns {
  const next = allocate(capacity);
  for (const name of Object.keys(next) as Array<keyof Columns>) {
    next[name].set(cols[name] as never);
    release(cols[name]);
  }
  return next;
}
