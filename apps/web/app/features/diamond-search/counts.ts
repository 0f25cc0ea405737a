/**
 * The arithmetic of the search's counts (GET /api/diamond-facets), kept apart from React so it can be tested on its
 * own: which query asks for them, how a count is written, and what a grade scale's counts say aloud. (The bars behind
 * the sliders are histogram.ts's, which loads with their drawing.)
 */
import { SCALES, type Range, type ScaleName } from '@everstone/contract/core';
import { selectedGrades } from './range';

/**
 * The counts' query for the results' API query (`searchToQuery(search, 'api')`): the order and the page size change
 * no count, so a new sort asks for nothing new.
 */
export function facetsQuery(apiKey: string): string {
  return apiKey
    .split('&')
    .filter((part) => part !== '' && !/^(sort|per_page)=/.test(part))
    .join('&');
}

/** The tab a query counts (the API's query always names it). */
export function tabOfQuery(query: string): number | null {
  const tab = new URLSearchParams(query).get('active_tab');
  return tab === null ? null : Number(tab);
}

const grouped = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A count as a shopper reads it: '12,408'. */
export function formatCount(count: number): string {
  return grouped.format(count);
}

/** A count where a column of a grade scale has little room: '9,876', then '12.4K', '1.2M'. */
export function shortCount(count: number): string {
  return count < 10_000 ? grouped.format(count) : compact.format(count);
}

/** '1 diamond', '12,408 diamonds'. */
export function diamondsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'diamond' : 'diamonds'}`;
}

/**
 * What a grade scale's counts say to a screen reader, whose eyes cannot reach the numbers under the track: the stones
 * the chosen grades hold, then each grade's own.
 */
export function gradeCountsText(name: ScaleName, range: Range, counts: readonly number[]): string {
  const grades = SCALES[name];
  const chosen = new Set(selectedGrades(name, range));
  const held = grades.reduce((sum, grade, i) => sum + (chosen.has(grade) ? (counts[i] ?? 0) : 0), 0);
  const each = grades.map((grade, i) => `${grade} ${formatCount(counts[i] ?? 0)}`).join(', ');
  return `The chosen grades hold ${diamondsText(held)}. By grade: ${each}.`;
}
