/** The words of the search page's controls, from the contract's constants (SPEC §9). */
import {
  DIAMOND_TYPES,
  DIAMOND_TYPE_LABELS,
  REPORTS,
  SORTS,
  type ContinuousRangeName,
  type DiamondTypeId,
  type ReportId,
  type ScaleName,
  type Sort,
} from '@everstone/contract/core';

/** The tabs, in the page's order: LAB DIAMONDS first (the default), then NATURAL and COLOR. */
export const TABS: ReadonlyArray<{ id: DiamondTypeId; label: string }> = [
  { id: DIAMOND_TYPES.lab, label: 'LAB DIAMONDS' },
  { id: DIAMOND_TYPES.natural, label: 'NATURAL DIAMONDS' },
  { id: DIAMOND_TYPES.color, label: 'COLOR DIAMONDS' },
];

/** 'Lab', 'Natural' or 'Color', for 'Showing Lab Diamonds (20 of 1,234)'. */
export function tabNoun(tab: DiamondTypeId): string {
  return DIAMOND_TYPE_LABELS[tab];
}

/** FILTER BY: All, IGI, GIA (ids all 0, gia 1, igi 2 as the API numbers them). */
export const REPORT_OPTIONS: ReadonlyArray<{ value: ReportId; label: string }> = [
  { value: REPORTS.all, label: 'All' },
  { value: REPORTS.igi, label: 'IGI' },
  { value: REPORTS.gia, label: 'GIA' },
];

const SORT_NOUNS: Record<string, string> = {
  price: 'Price',
  carat: 'Carat',
  color: 'Color',
  clarity: 'Clarity',
  cut: 'Cut',
};

/** 'Price: Low to High' … 'Cut: High to Low'. */
export function sortLabel(sort: Sort): string {
  const [key, direction] = sort.split('_') as [string, string];
  return `${SORT_NOUNS[key] ?? key}: ${direction === 'asc' ? 'Low to High' : 'High to Low'}`;
}

export const SORT_OPTIONS: ReadonlyArray<{ value: Sort; label: string }> = SORTS.map((value) => ({
  value,
  label: sortLabel(value),
}));

/** Each slider's heading and the noun its handles are named by ('Minimum price'). */
export const RANGE_LABELS: Record<ContinuousRangeName | ScaleName, { title: string; noun: string }> = {
  price: { title: 'Price', noun: 'price' },
  carat: { title: 'Carat', noun: 'carat' },
  ratio: { title: 'L/W Ratio', noun: 'L/W ratio' },
  table: { title: 'Table %', noun: 'table' },
  depth: { title: 'Depth %', noun: 'depth' },
  cut: { title: 'Cut', noun: 'cut' },
  color: { title: 'Color', noun: 'color' },
  clarity: { title: 'Clarity', noun: 'clarity' },
  polish: { title: 'Polish', noun: 'polish' },
  symmetry: { title: 'Symmetry', noun: 'symmetry' },
  fluorescence: { title: 'Fluorescence', noun: 'fluorescence' },
};

/** Swatches for the fancy colors (decorative: the name is always written beside). */
export const FANCY_SWATCHES: Record<string, string> = {
  Yellow: '#f4d03f',
  Pink: '#f4a7c0',
  Blue: '#7fb3e6',
  Green: '#8cc9a0',
  Orange: '#f5a35c',
  Purple: '#b795d9',
  Champagne: '#e6cfa3',
  Gray: '#b8bcc4',
};
