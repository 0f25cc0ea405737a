import { useMemo, useState } from 'react';
import { DIAMOND_TYPES, FANCY_COLORS } from '@everstone/contract/core';
import {
  ADVANCED_RANGES,
  hasAdvancedFilter,
  isContinuousRange,
  rangeOf,
  toggleFancyColor,
  toggleShape,
  withRange,
  type SearchState,
  type RangeName,
} from './search-state';
import { diamondsText, formatCount } from './counts';
import { FANCY_SWATCHES } from './labels';
import { ContinuousSlider, GradeSlider } from './range-slider';
import { ShapePicker, type ShapesResult } from './shape-picker';
import type { SearchCounts } from './use-diamond-facets';

interface Props {
  filters: SearchState;
  shapes: ShapesResult;
  /** How many stones each choice would give, and the stones along the price and carat sliders. */
  counts: SearchCounts;
  onChange: (next: SearchState) => void;
  onReset: () => void;
}

/**
 * Shape, the sliders, SHOW/HIDE ADVANCED and RESET FILTERS, each choice with the stones it would give. On phones the
 * whole panel folds into a 'Filters' disclosure so the results stay within reach.
 */
export function FiltersPanel({ filters, shapes, counts, onChange, onReset }: Props) {
  const [advanced, setAdvanced] = useState(() => hasAdvancedFilter(filters));
  const [open, setOpen] = useState(false);
  const active =
    Object.keys(filters.ranges).length + (filters.shapes.length > 0 ? 1 : 0) + (filters.fancyColors.length > 0 ? 1 : 0);

  const { facets, available: reserve } = counts;
  const shapeCounts = useMemo(() => (facets ? new Map(facets.shapes.map((s) => [s.id, s.count])) : null), [facets]);

  const slider = (name: RangeName) => {
    const value = rangeOf(filters, name);
    const set = (range: readonly [number, number]) => onChange(withRange(filters, name, range));
    if (!isContinuousRange(name)) {
      return <GradeSlider key={name} name={name} value={value} onChange={set} counts={facets?.grades[name] ?? null} reserve={reserve} />;
    }
    const bars = (name === 'price' || name === 'carat') && reserve ? { counts: facets?.histograms[name].counts ?? null } : undefined;
    return <ContinuousSlider key={name} name={name} value={value} onChange={set} histogram={bars} />;
  };

  return (
    <section className="ds-filters" aria-label="Filters" data-stale={counts.stale ? '' : undefined}>
      <button
        type="button"
        className="ds-filters__toggle"
        aria-expanded={open}
        aria-controls="ds-filter-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          Filters{active > 0 && <span className="ds-filters__count"> ({active} active)</span>}
        </span>
        <svg width="14" height="14" viewBox="0 0 12 12" aria-hidden="true" focusable="false" className="ds-filters__chevron">
          <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id="ds-filter-body" className="ds-filters__body" data-open={open}>
        <ShapePicker
          shapes={shapes}
          selected={filters.shapes}
          counts={shapeCounts}
          reserve={reserve}
          onToggle={(id) => onChange(toggleShape(filters, id))}
        />
        <div className="ds-filter-grid">
          {slider('price')}
          {slider('carat')}
          {slider('cut')}
          {filters.activeTab === DIAMOND_TYPES.color ? (
            <FancyColorPicker
              selected={filters.fancyColors}
              counts={facets?.fancy_colors ?? null}
              reserve={reserve}
              onToggle={(id) => onChange(toggleFancyColor(filters, id))}
            />
          ) : (
            slider('color')
          )}
          {slider('clarity')}
        </div>
        <div id="ds-advanced" className="ds-filter-grid ds-filter-grid--advanced" hidden={!advanced}>
          {ADVANCED_RANGES.map(slider)}
        </div>
        <div className="ds-filter-actions">
          <button
            type="button"
            className="ds-text-button"
            aria-expanded={advanced}
            aria-controls="ds-advanced"
            onClick={() => setAdvanced((a) => !a)}
          >
            {advanced ? 'HIDE ADVANCED' : 'SHOW ADVANCED'}
          </button>
          <button type="button" className="ds-text-button" onClick={onReset}>
            RESET FILTERS
          </button>
        </div>
      </div>
    </section>
  );
}

/** On the COLOR tab the fancy colors replace the D–H slider; several may be chosen, each with the stones it would give. */
function FancyColorPicker({
  selected,
  counts,
  reserve,
  onToggle,
}: {
  selected: number[];
  /** In the order of FANCY_COLORS; null when unknown. */
  counts: readonly number[] | null;
  /** The store gives counts: each button keeps their room while they load, so the buttons do not reflow. */
  reserve: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <div className="ds-filter" role="group" aria-labelledby="ds-fancy-title">
      <div className="ds-filter__head">
        <span id="ds-fancy-title" className="ds-filter__title">
          Fancy Color
        </span>
        <span className="ds-filter__summary">{selected.length === 0 ? 'All' : `${selected.length} selected`}</span>
      </div>
      <ul className="ds-fancy">
        {FANCY_COLORS.map((name, i) => {
          const id = i + 1;
          const count = counts ? (counts[i] ?? 0) : null;
          return (
            <li key={name}>
              <button
                type="button"
                className="ds-fancy__button"
                aria-pressed={selected.includes(id)}
                aria-label={count === null ? undefined : `${name}, ${diamondsText(count)}`}
                data-empty={count === 0 ? '' : undefined}
                onClick={() => onToggle(id)}
              >
                <span className="ds-fancy__swatch" style={{ background: FANCY_SWATCHES[name] }} aria-hidden="true" />
                {name}
                {(reserve || count !== null) && <span className="ds-fancy__count ds-tally">{count === null ? '' : formatCount(count)}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
