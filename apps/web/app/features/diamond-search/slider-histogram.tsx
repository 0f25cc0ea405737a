import { HISTOGRAM_BINS, type HistogramName, type Range } from '@everstone/contract/core';
import { histogramBars } from './histogram';

/** The drawing's height in its own units: bars are drawn in hundredths of the tallest. */
const HEIGHT = 100;
/** The white between two bars, as a share of a bar's step. */
const GAP = 0.18;

/**
 * Where the stones lie along the price or carat slider, for the search's other filters: one bar per equal step of
 * the slider's scale, stretched to the track, so a bar stands above the handle positions its stones would need. The
 * bars inside the chosen range are in the accent color. Decoration for the eye: the slider and its number boxes say
 * everything in words.
 */
export default function SliderHistogram({ name, counts, range }: { name: HistogramName; counts: readonly number[]; range: Range }) {
  return (
    <svg
      className="ds-histogram"
      viewBox={`0 0 ${HISTOGRAM_BINS} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-histogram={name}
    >
      {histogramBars(name, counts, range).map((bar) =>
        bar.height > 0 ? (
          <rect
            key={bar.index}
            className={bar.on ? 'ds-histogram__bar ds-histogram__bar--on' : 'ds-histogram__bar'}
            x={bar.index + GAP / 2}
            y={HEIGHT * (1 - bar.height)}
            width={1 - GAP}
            height={HEIGHT * bar.height}
          />
        ) : null,
      )}
    </svg>
  );
}
