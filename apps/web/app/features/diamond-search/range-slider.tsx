import { lazy, Suspense, useId, useState } from 'react';
import { GRADE_SHORT_NAMES, RANGES, SCALES, type ContinuousRangeName, type HistogramName, type Range, type ScaleName } from '@everstone/contract/core';
import { gradeCountsText, shortCount } from './counts';
import { DualSlider } from './dual-slider';
import { RANGE_LABELS } from './labels';
import { boundText, commitBound, formatBound, gradeSummary, gradeText, keepGap, parseTyped, rangeSummary } from './range';

const UNITS: Partial<Record<ContinuousRangeName, { prefix?: string; suffix?: string }>> = {
  price: { prefix: '$' },
  carat: { suffix: 'ct' },
  table: { suffix: '%' },
  depth: { suffix: '%' },
};

// The bars are drawn by code of their own, fetched as the page wakes up: the server's HTML already shows them, and
// the page's first load stays as it was (the budget).
const SliderHistogram = lazy(() => import('./slider-histogram'));

interface ContinuousProps {
  name: ContinuousRangeName;
  value: Range;
  onChange: (range: Range) => void;
  /**
   * The stones along the slider (price and carat), behind its track: their counts, or null while none are known.
   * Absent when the store gives no counts: the slider then has no room for bars.
   */
  histogram?: { counts: readonly number[] | null };
}

/**
 * A dual-handle slider for price, carat, L/W ratio, table or depth, with a number box for each bound.
 * The handles keep the minimum gap of §5 while dragged and when a bound is typed.
 */
export function ContinuousSlider({ name, value, onChange, histogram }: ContinuousProps) {
  const id = useId();
  const { title, noun } = RANGE_LABELS[name];
  const { min, max, step, gap } = RANGES[name];
  return (
    <div className="ds-filter" role="group" aria-labelledby={`${id}-title`}>
      <div className="ds-filter__head">
        <span id={`${id}-title`} className="ds-filter__title">
          {title}
        </span>
        <span className="visually-hidden">{rangeSummary(name, value)}</span>
      </div>
      {histogram && isHistogram(name) && (
        <Suspense fallback={<HistogramRoom />}>
          {histogram.counts ? <SliderHistogram name={name} counts={histogram.counts} range={value} /> : <HistogramRoom />}
        </Suspense>
      )}
      <DualSlider
        className="ds-slider"
        scale={{ min, max, step, gap }}
        value={value}
        onChange={(next, moved) => onChange(keepGap(name, next, moved))}
        handles={[
          { label: `Minimum ${noun}`, valueText: boundText(name, value[0], 0) },
          { label: `Maximum ${noun}`, valueText: boundText(name, value[1], 1) },
        ]}
      />
      <div className="ds-bounds">
        <BoundInput name={name} which={0} range={value} onChange={onChange} label={`Lowest ${noun}`} />
        <span className="ds-bounds__to" aria-hidden="true">
          –
        </span>
        <BoundInput name={name} which={1} range={value} onChange={onChange} label={`Highest ${noun}`} />
      </div>
    </div>
  );
}

const isHistogram = (name: ContinuousRangeName): name is HistogramName => name === 'price' || name === 'carat';

/** The bars' room, held while their code or their counts are on the way, so the slider under them never moves. */
function HistogramRoom() {
  return <span className="ds-histogram" aria-hidden="true" />;
}

/** A number box beside the slider: typed freely, committed on blur or Enter, then clamped and kept apart. */
function BoundInput({
  name,
  which,
  range,
  onChange,
  label,
}: {
  name: ContinuousRangeName;
  which: 0 | 1;
  range: Range;
  onChange: (range: Range) => void;
  label: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = formatBound(name, range[which]);
  const unit = UNITS[name];
  const commit = (text: string) => {
    const next = commitBound(name, range, which, parseTyped(text));
    if (next[0] !== range[0] || next[1] !== range[1]) onChange(next);
    return next;
  };
  return (
    <span className="ds-bound">
      {unit?.prefix && (
        <span className="ds-bound__unit" aria-hidden="true">
          {unit.prefix}
        </span>
      )}
      <input
        className="ds-bound__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        value={draft ?? shown}
        onFocus={(e) => {
          setDraft(shown);
          e.currentTarget.select();
        }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={(e) => {
          commit(e.currentTarget.value);
          setDraft(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const next = commit(e.currentTarget.value);
            setDraft(formatBound(name, next[which]));
          } else if (e.key === 'Escape') {
            setDraft(shown);
          }
        }}
      />
      {unit?.suffix && (
        <span className="ds-bound__unit" aria-hidden="true">
          {unit.suffix}
        </span>
      )}
    </span>
  );
}

interface GradeProps {
  name: ScaleName;
  value: Range;
  onChange: (range: Range) => void;
  /** How many stones each grade would give with the other filters as they are (in the scale's order); null when unknown. */
  counts: readonly number[] | null;
  /** Keep a line for the counts under the grades even while none are known, so the slider keeps its height. */
  reserve: boolean;
}

/**
 * A dual-handle slider over a grade scale (cut, color, clarity, polish, symmetry, fluorescence). Its handles sit
 * on the boundaries between grades, at least one grade apart; the grades are written under the track, each with the
 * stones it would give. Those are out of a screen reader's reach (the handles say the grades), so the group is
 * described by the same counts in a sentence.
 */
export function GradeSlider({ name, value, onChange, counts, reserve }: GradeProps) {
  const id = useId();
  const { title, noun } = RANGE_LABELS[name];
  const grades = SCALES[name];
  return (
    <div className="ds-filter" role="group" aria-labelledby={`${id}-title`} aria-describedby={counts ? `${id}-counts` : undefined}>
      <div className="ds-filter__head">
        <span id={`${id}-title`} className="ds-filter__title">
          {title}
        </span>
        <span className="ds-filter__summary">{gradeSummary(name, value)}</span>
        {counts && (
          <span id={`${id}-counts`} className="visually-hidden">
            {gradeCountsText(name, value, counts)}
          </span>
        )}
      </div>
      <DualSlider
        className="ds-slider ds-slider--grades"
        scale={{ min: 1, max: grades.length + 1, step: 1, gap: 1 }}
        value={value}
        onChange={onChange}
        handles={[
          { label: `Minimum ${noun}`, valueText: gradeText(name, value[0], 0) },
          { label: `Maximum ${noun}`, valueText: gradeText(name, value[1], 1) },
        ]}
      />
      <ol className="ds-grades" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${grades.length}, minmax(0, 1fr))` }}>
        {grades.map((grade, i) => (
          <li key={grade} className={i + 1 >= value[0] && i + 1 < value[1] ? 'ds-grades__on' : undefined}>
            <GradeName grade={grade} />
            {(reserve || counts) && <span className="ds-grades__count ds-tally">{counts ? shortCount(counts[i] ?? 0) : ''}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A long grade name gives way to its certificate code ('EX', 'VG') when the slider is narrow. */
function GradeName({ grade }: { grade: string }) {
  const short = GRADE_SHORT_NAMES[grade];
  if (!short || grade.length <= 6) return <>{grade}</>;
  return (
    <>
      <span className="ds-grades__full">{grade}</span>
      <span className="ds-grades__short">{short}</span>
    </>
  );
}
