/**
 * The search's counts: the stones matching a set of conditions tallied by a grade's value or by a slider's bar
 * (GET /api/diamond-facets). Each set of conditions is matched once, and every tally that uses it is taken in one
 * pass over its matches.
 */
import type { Condition } from '../filter.ts';
import { matchRows, planSearch } from './query.ts';
import type { ByteColumn, StoneStore } from './stones.ts';

export type Tally =
  /** counts[v − 1] for value v = 1 … size; stones without a value are not counted. */
  | { name: string; kind: 'values'; column: ByteColumn; size: number }
  /**
   * Bars between `edges` (ascending, in the column's own units): bar k holds edges[k] ≤ value < edges[k + 1]; the
   * first takes everything below, the last everything above.
   */
  | { name: string; kind: 'bars'; column: 'price_cents' | 'carat'; edges: number[] };

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
    const tallies = set.tallies.map((t) => ({ tally: t, counts: new Array<number>(t.kind === 'values' ? t.size : t.edges.length - 1).fill(0) }));
    if (matches.count > 0 && tallies.length > 0) {
      const { bits } = matches;
      for (let w = matches.firstWord; w <= matches.lastWord; w++) {
        let m = bits[w]!;
        while (m !== 0) {
          const bit = m & -m;
          m ^= bit;
          const row = (w << 5) | (31 - Math.clz32(bit));
          for (const { tally, counts } of tallies) {
            if (tally.kind === 'values') {
              const v = c[tally.column][row]!;
              if (v >= 1 && v <= tally.size) counts[v - 1]!++;
            } else counts[barOf(tally.edges, c[tally.column][row]!)]!++;
          }
        }
      }
    }
    for (const { tally, counts } of tallies) result.counts[tally.name] = counts;
  }
  return result;
}

/** The bar `value` falls in: found by arithmetic on evenly spaced edges, then settled against the edges themselves. */
function barOf(edges: readonly number[], value: number): number {
  const bars = edges.length - 1;
  const first = edges[0]!;
  let bar = Math.floor(((value - first) * bars) / (edges[bars]! - first));
  if (!(bar >= 0)) bar = 0;
  if (bar > bars - 1) bar = bars - 1;
  while (bar < bars - 1 && value >= edges[bar + 1]!) bar++;
  while (bar > 0 && value < edges[bar]!) bar--;
  return bar;
}
