import type { Shape } from '@everstone/contract/core';
import { SafeImage } from '../../components/ui/safe-image';

/** The shapes as the loader found them: a list (maybe empty), or the failure of §8. */
export type ShapesResult = { ok: true; data: Shape[] } | { ok: false };

interface Props {
  shapes: ShapesResult;
  selected: number[];
  onToggle: (id: number) => void;
}

/** Shape picker: several shapes may be chosen; each is a toggle button with its drawing. */
export function ShapePicker({ shapes, selected, onToggle }: Props) {
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
            return (
              <li key={shape.id}>
                <button type="button" className="ds-shape" aria-pressed={on} onClick={() => onToggle(shape.id)}>
                  <SafeImage src={`/shapes/${shape.image}.svg`} alt="" width={40} height={40} className="ds-shape__image" fetchPriority="low" />
                  <span className="ds-shape__name">{shape.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
