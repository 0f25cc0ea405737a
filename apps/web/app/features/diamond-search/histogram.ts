/**
 * Where the bars behind the price and carat sliders stand (GET /api/diamond-facets' histograms), kept apart from React
 * so it can be tested on its own. Only the bars' drawing uses it, so it loads with that code, not with the page.
 */
import { HISTOGRAM_BINS, histogramEdge, type HistogramName, type Range } from '@everstone/contract/core';

export interface HistogramBar {
  /** The bar's index, which is also its left edge in a drawing HISTOGRAM_BINS units wide. */
  index: number;
  /** Its height as a share of the tallest bar (0 to 1); a bar with stones is never drawn thinner than `floor`. */
  height: number;
  /** Whether it overlaps the slider's chosen range. */
  on: boolean;
}

/**
 * The bars behind a slider: one per equal step of its own scale (the slider is linear, so the bars line up with the
 * handles), each as high as its share of the tallest. A bar with any stones keeps at least `floor`, so a lone stone in
 * an empty stretch still shows. A bar is on when any of it lies inside the chosen range; the last is open-ended, like
 * the slider's top ('or more').
 */
export function histogramBars(name: HistogramName, counts: readonly number[], range: Range, floor = 0.06): HistogramBar[] {
  const tallest = Math.max(0, ...counts);
  return Array.from({ length: HISTOGRAM_BINS }, (_, index) => {
    const count = counts[index] ?? 0;
    const start = histogramEdge(name, index);
    const end = index === HISTOGRAM_BINS - 1 ? Number.POSITIVE_INFINITY : histogramEdge(name, index + 1);
    const height = count > 0 && tallest > 0 ? Math.max(floor, count / tallest) : 0;
    return { index, height, on: start < range[1] && end > range[0] };
  });
}
