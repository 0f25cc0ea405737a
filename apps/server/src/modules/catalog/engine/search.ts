/**
 * One search against the store: plan, match, page. What the search thread runs, and what tests run in process.
 */
import type { DiamondRow } from '../../../db/schema.ts';
import type { Condition, Order } from '../filter.ts';
import { matchRows, pickPage, planSearch } from './query.ts';
import type { StoneStore } from './stones.ts';

export interface EngineSearch {
  conditions: Condition[];
  order: Order[];
  offset: number;
  limit: number;
}

export interface EngineResult {
  total: number;
  rows: DiamondRow[];
}

export function runSearch(store: StoneStore, search: EngineSearch): EngineResult {
  const plan = planSearch(search.conditions);
  const matches = matchRows(store, plan);
  const rows = pickPage(store, plan, matches, search.order, search.offset, search.limit);
  return { total: matches.count, rows: rows.map((row) => store.rowAt(row)) };
}
