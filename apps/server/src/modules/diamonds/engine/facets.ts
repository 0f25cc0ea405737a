/**
 * The search's counts: the stones matching a set of conditions tallied by a grade's value or by a slider's bar
 * (GET /api/diamond-facets). Each set of conditions is matched once, and every tally that uses it is taken in one
 * pass over its matches.
 */
import type { Condition } from '../filter.ts';
import { eachMatch, matchRows, planSearch, popcount, type Matches } from './query.ts';
import { HISTOGRAM_EDGES, type ByteColumn, type HistogramColumn, type StoneStore } from './stones.ts';

export type Tally =
  /** counts[v − 1] for value v = 1 … size; stones without a value are not counted. */
  | { name: string; kind: 'values'; column: ByteColumn; size: number }
  /** The bars of the histogram behind the column's slider (HISTOGRAM_EDGES), kept per stone by the store. */
  | { name: string; kind: 'bars'; column: HistogramColumn };

export interface FacetSet {
  conditions: Condition[];
  tallies: Tally[];
  /** Whether this set's match count is the answer's total (the search as it is). */
  total?: boolean;
}

export interface FacetCounts {
  total: number;
  counts: Record<string, number[]>;
}

export function runFacets(store: StoneStore, sets: readonly FacetSet[]): FacetCounts {
  const result: FacetCounts = { total: 0, counts: {} };
  const c = store.cols;
  for (const set of sets) {
    const matches = matchRows(store, planSearch(set.conditions));
    if (set.total) result.total = matches.count;
    const words = Math.max(0, matches.lastWord - matches.firstWord + 1);
    const perRow: Array<{ tally: Tally; counts: number[] }> = [];
    for (const tally of set.tallies) {
      const counts = new Array<number>(tally.kind === 'values' ? tally.size : HISTOGRAM_EDGES[tally.column].length - 1).fill(0);
      result.counts[tally.name] = counts;
      if (matches.count === 0) continue;
      // A grade's counts from its cumulative bitmaps, 32 stones a step, when the matches are many; else stone by stone.
      if (tally.kind === 'values' && matches.count * 4 > words * tally.size) countByBitmaps(store, matches, tally.column, counts);
      else perRow.push({ tally, counts });
    }
    if (perRow.length === 0) continue;
    // Each tally reads one byte per stone: a grade, or the stone's bar (kept by the store, not worked out here).
    const columns = perRow.map(({ tally }) => (tally.kind === 'values' ? c[tally.column] : tally.column === 'price_cents' ? c.priceBar : c.caratBar));
    const offsets = perRow.map(({ tally }) => (tally.kind === 'values' ? 1 : 0));
    const sizes = perRow.map(({ counts }) => counts.length);
    eachMatch(matches, (row) => {
      for (let t = 0; t < perRow.length; t++) {
        const k = columns[t]![row]! - offsets[t]!;
        if (k >= 0 && k < sizes[t]!) perRow[t]!.counts[k]!++;
      }
    });
  }
  return result;
}

/** counts[v − 1] = matches whose `column` is v: the matches at or below v (cumulative bitmap) less those below. */
function countByBitmaps(store: StoneStore, matches: Matches, column: ByteColumn, counts: number[]): void {
  const cum = store.cumulative.get(column)!;
  const { bits, firstWord, lastWord } = matches;
  let below = 0;
  for (let v = 1; v <= counts.length && v < cum.length; v++) {
    const atOrBelow = cum[v]!;
    let n = 0;
    for (let w = firstWord; w <= lastWord; w++) {
      const m = bits[w]! & atOrBelow[w]!;
      if (m !== 0) n += popcount(m);
    }
    counts[v - 1] = n - below;
    below = n;
  }
}
