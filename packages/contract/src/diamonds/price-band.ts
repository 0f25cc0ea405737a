/**
 * How a stone's price band reads (GET /api/diamond-price-bands, decision 017): the same words in the results, on
 * the stone's page and in the value chart.
 */
import { formatCarat } from './display.ts';
import type { Diamond, PriceBand } from './diamonds.ts';

export type BandTone = 'below' | 'at' | 'above';

/** The band's verdict, or null when there is no median to compare with. */
export function bandVerdict(band: Pick<PriceBand, 'difference_pct' | 'similar'>): { tone: BandTone; short: string; sentence: string } | null {
  const pct = band.difference_pct;
  if (pct === null) return null;
  const of = `the median of ${band.similar.toLocaleString('en-US')} similar diamonds`;
  if (pct === 0) return { tone: 'at', short: 'At the median', sentence: `At ${of}` };
  const side = pct < 0 ? 'below' : 'above';
  return { tone: side, short: `${Math.abs(pct)}% ${side} median`, sentence: `${Math.abs(pct)}% ${side} ${of}` };
}

/** The band's weights as a shopper reads them: '1.00–1.09 ct', or '15.00 ct and over'. */
export function bandCarats(band: Pick<PriceBand, 'carat_from' | 'carat_to'>): string {
  if (band.carat_to === null) return `${formatCarat(band.carat_from)} ct and over`;
  return `${formatCarat(band.carat_from)}–${formatCarat(Math.round(band.carat_to * 100 - 1) / 100)} ct`;
}

const TYPE_WORDS: Record<number, string> = { 1: 'natural', 2: 'lab-grown', 3: 'color' };

/** What "similar" means for this stone, in words: 'lab-grown round diamonds of 1.00–1.09 ct, G color, VS1 clarity, Excellent cut'. */
export function similarMeaning(d: Pick<Diamond, 'type' | 'shape' | 'color' | 'fancy_color' | 'clarity' | 'cut'>, band: Pick<PriceBand, 'carat_from' | 'carat_to'>): string {
  const color = d.type === 3 ? `${d.fancy_color?.name ?? ''} color` : `${d.color?.name ?? ''} color`;
  return `${TYPE_WORDS[d.type] ?? ''} ${d.shape.name.toLowerCase()} diamonds of ${bandCarats(band)}, ${color}, ${d.clarity?.name ?? ''} clarity, ${d.cut?.full_name ?? ''} cut`;
}
