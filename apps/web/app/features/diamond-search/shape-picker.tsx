import type { Shape } from '@everstone/contract/core';
import { SafeImage } from '../../components/ui/safe-image';
import { diamondsText, formatCount } from './counts';

/** The shapes as the loader found them: a list (maybe empty), or the failure of §8. */
export type ShapesResult = { ok: true; data: Shape[] } | { ok: false };

interface Props {
  shapes: ShapesResult;
  selected: number[];
  /** How many stones each shape would give with the other filters as they are (by shape id); null when unknown. */
  counts: ReadonlyMap<number, number> | null;
  /** Keep a line for the counts under the names even while none are known, so the buttons keep their height. */
  reserve: boolean;
  onToggle: (id: number) => void;
}

/**
 * Shape picker: several shapes may be chosen; each is a toggle button with its drawing and, under its name, how many
 * stones it would give. A shape that would give none is muted but stays a button: the other filters may be what
 * empties it, and choosing it is still the shopper's call.
 */
export function ShapePicker({ shapes, selected, counts, reserve, onToggle }: Props) {
  return (
    <div className="ds-filter ds-filter--shapes" role="group" aria-labelledby="ds-shape-title">
      <div className="ds-filter__head">
        <span id="ds-shape-title" className="ds-filter__title">
          Shape
        </span>
        <span className="ds-filter__summary">{selected.length === 0 ? 'All' : `${selected.length} selected`}</span>
      </div>
      {!shapes.ok ? (
        <p className="ds-note ds-note--error" role="alert">
          Failed to fetch diamond shapes
        </p>
      ) : shapes.data.length === 0 ? (
        <p className="ds-note">No shapes available</p>
      ) : (
        <ul className="ds-shapes">
          {shapes.data.map((shape) => {
            const on = selected.includes(shape.id);
            const count = counts ? (counts.get(shape.id) ?? 0) : null;
            return (
              <li key={shape.id}>
                <button
                  type="button"
                  className="ds-shape"
                  aria-pressed={on}
                  // 'Round, 12,408 diamonds': the shape first, so it is found by its name.
                  aria-label={count === null ? undefined : `${shape.name}, ${diamondsText(count)}`}
                  data-empty={count === 0 ? '' : undefined}
                  onClick={() => onToggle(shape.id)}
                >
                  <SafeImage src={`/shapes/${shape.image}.svg`} alt="" width={40} height={40} className="ds-shape__image" fetchPriority="low" />
                  <span className="ds-shape__name">{shape.name}</span>{' '}
                  {(reserve || count !== null) && <span className="ds-shape__count ds-tally">{count === null ? '' : formatCount(count)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
