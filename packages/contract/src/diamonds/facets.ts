/**
 * The search's counts (GET /api/diamond-facets): for each filter, how many stones each of its choices would give
 * with the other filters as they are, and where the stones lie along the price and carat sliders.
 */
import { RANGES } from '../constants.ts';

/** Bars behind a slider: equal steps across the slider's own scale, the last one open-ended (10000 means "and up"). */
export const HISTOGRAM_BINS = 50;

export type HistogramName = 'price' | 'carat';

/** The slider's value where bar `k` starts (k = 0 … HISTOGRAM_BINS); the last bar takes everything above its start. */
export function histogramEdge(name: HistogramName, k: number): number {
  const { min, max } = RANGES[name];
  return min + ((max - min) * k) / HISTOGRAM_BINS;
}
