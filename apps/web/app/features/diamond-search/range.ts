/**
 * The sliders' arithmetic (SPEC §5, §9), kept apart from React so it can be tested on its own: where a typed
 * bound lands, how the handles keep their minimum gap, and what a screen reader hears for each handle.
 */
import { RANGES, SCALES, formatPrice, type ContinuousRangeName, type Range, type ScaleName } from '@everstone/contract/core';

/** Decimals a value of each slider keeps (from its step: 1, 0.01, 0.001). */
export function decimalsOf(name: ContinuousRangeName): number {
  const step = RANGES[name].step;
  return step >= 1 ? 0 : Math.round(-Math.log10(step));
}

/** The value rounded to the slider's step, without float noise. */
export function roundToStep(name: ContinuousRangeName, value: number): number {
  const { min, step } = RANGES[name];
  const decimals = decimalsOf(name);
  return Number((Math.round((value - min) / step) * step + min).toFixed(decimals));
}

/** Reads what a shopper typed ('$1,500', '1.5 ct', '58%'); NaN when it holds no number. */
export function parseTyped(text: string): number {
  const cleaned = text.replace(/[$,%\s]|ct/gi, '');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/**
 * Where a typed bound lands: rounded to the step, kept on the scale and at least the minimum gap from the
 * other handle. A bound that is not a number leaves the range as it was.
 */
export function commitBound(name: ContinuousRangeName, range: Range, which: 0 | 1, typed: number): Range {
  if (!Number.isFinite(typed)) return range;
  const { min, max, gap } = RANGES[name];
  const value = roundToStep(name, typed);
  const fix = (n: number) => roundToStep(name, n);
  if (which === 0) {
    const low = Math.min(Math.max(value, min), fix(range[1] - gap));
    return [Math.max(low, min), range[1]];
  }
  const high = Math.max(Math.min(value, max), fix(range[0] + gap));
  return [range[0], Math.min(high, max)];
}

/**
 * A dragged pair of handles kept apart by the gap (the slider stops a dragged handle at the gap; this is the rule for
 * values that arrive any other way). The handle that moved wins; the other one yields.
 */
export function keepGap(name: ContinuousRangeName, next: Range, moved: 0 | 1): Range {
  const { min, max, gap } = RANGES[name];
  let [low, high] = [Math.max(min, Math.min(max, next[0])), Math.max(min, Math.min(max, next[1]))];
  if (high - low >= gap - 1e-9) return [low, high];
  if (moved === 0) {
    high = Math.min(max, roundToStep(name, low + gap));
    low = roundToStep(name, high - gap);
  } else {
    low = Math.max(min, roundToStep(name, high - gap));
    high = roundToStep(name, low + gap);
  }
  return [low, high];
}

/** A bound as its number box shows it. */
export function formatBound(name: ContinuousRangeName, value: number): string {
  const decimals = decimalsOf(name);
  if (name === 'carat') return value.toFixed(2);
  return decimals === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
}

/**
 * What a handle is worth in words. A handle at the top of price or carat leaves that side open
 * (docs/decisions/004-search-ranges.md), so it says 'or more'.
 */
export function boundText(name: ContinuousRangeName, value: number, which: 0 | 1): string {
  const open = which === 1 && value >= RANGES[name].max && (name === 'price' || name === 'carat');
  const more = open ? ' or more' : '';
  switch (name) {
    case 'price':
      return `${formatPrice(value)}${more}`;
    case 'carat':
      return `${value.toFixed(2)} carat${more}`;
    case 'ratio':
      return formatBound(name, value);
    default:
      return `${formatBound(name, value)}%`;
  }
}

/**
 * The grades a discrete range selects. A scale of n grades runs from 1 to n + 1 and [low, high] selects the
 * grades g with low <= g < high (docs/decisions/004-search-ranges.md).
 */
export function selectedGrades(name: ScaleName, range: Range): string[] {
  return SCALES[name].slice(range[0] - 1, range[1] - 1);
}

/** A discrete handle in words: the lowest grade still selected, or the highest. */
export function gradeText(name: ScaleName, value: number, which: 0 | 1): string {
  const grades = SCALES[name];
  const index = which === 0 ? value - 1 : value - 2;
  return grades[Math.max(0, Math.min(grades.length - 1, index))] ?? '';
}

/** The selected grades in one phrase, for the slider's summary ('Very Good to Good', 'All'). */
export function gradeSummary(name: ScaleName, range: Range): string {
  const grades = selectedGrades(name, range);
  if (grades.length === SCALES[name].length) return 'All';
  if (grades.length === 1) return grades[0]!;
  return `${grades[0]} to ${grades[grades.length - 1]}`;
}

/** The two handles' positions along the continuous scale in words, for the slider's summary. */
export function rangeSummary(name: ContinuousRangeName, range: Range): string {
  return `${boundText(name, range[0], 0)} to ${boundText(name, range[1], 1)}`;
}
