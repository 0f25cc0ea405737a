import { useId } from 'react';

interface QuantityControlProps {
  quantity: number;
  max: number;
  /** What the quantity counts, for the buttons' names ('1.01 Carat Round Natural Diamond'). */
  itemName: string;
  /** Why the plus stops at `max` ('Each diamond is one of a kind', 'Only 2 in stock'). */
  limitNote: string;
  onChange(delta: 1 | -1): void;
}

/**
 * Minus, the quantity, plus (§4: never below 1). A button that cannot act stays focusable with
 * aria-disabled, so a keyboard or screen-reader user still reaches it and hears why.
 */
export function QuantityControl({ quantity, max, itemName, limitNote, onChange }: QuantityControlProps) {
  const noteId = useId();
  const canDecrease = quantity > 1;
  const canIncrease = quantity < max;
  return (
    <div className="quantity">
      <div className="quantity__control" role="group" aria-label={`Quantity of ${itemName}`}>
        <button
          type="button"
          className="quantity__button"
          aria-label={`Decrease quantity of ${itemName}`}
          aria-disabled={!canDecrease}
          onClick={() => canDecrease && onChange(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="quantity__value" aria-live="polite" aria-label={`Quantity ${quantity}`}>
          {quantity}
        </output>
        <button
          type="button"
          className="quantity__button"
          aria-label={`Increase quantity of ${itemName}`}
          aria-disabled={!canIncrease}
          aria-describedby={canIncrease ? undefined : noteId}
          onClick={() => canIncrease && onChange(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {!canIncrease && (
        <p className="quantity__note" id={noteId}>
          {limitNote}
        </p>
      )}
    </div>
  );
}
