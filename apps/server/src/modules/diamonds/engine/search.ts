/**
 * One search against the store: plan, match, page. What the search thread runs, and what tests run in process.
 */
import type { DiamondRow } from '../../../db/schema.ts';
import { toDiamondRecord } from '../record.ts';
import type { Lookups } from '../repository.ts';
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

/** A search's page as the API sends it: its records' JSON (every held_until null) and their ids, and the total. */
export interface EnginePage {
  total: number;
  /** The JSON array of the page's records. */
  data: string;
  ids: number[];
}

/** `runSearch` with the page's records written here, in the search's thread, not by the thread serving requests. */
export function runSearchPage(store: StoneStore, search: EngineSearch, lookups: Lookups): EnginePage {
  const { total, rows } = runSearch(store, search);
  return { total, data: JSON.stringify(rows.map((row) => toDiamondRecord(row, lookups))), ids: rows.map((row) => Number(row.id)) };
}
