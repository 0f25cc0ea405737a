import { useRef, type CSSProperties } from 'react';
import type { Range } from '@everstone/contract/core';
import { keyTarget, moveHandle, nearerHandle, percentOf, valueAt, type SliderScale } from './dual-range';

interface Handle {
  label: string;
  /** What a screen reader says of the handle's value ('$1,500', 'Very Good'). */
  valueText: string;
}

interface Props {
  className: string;
  scale: SliderScale;
  value: Range;
  onChange: (next: Range, moved: 0 | 1) => void;
  handles: readonly [Handle, Handle];
}

/**
 * A two-handle range slider (WAI-ARIA's multi-thumb slider): each handle is a `slider` with its own name and value
 * text, moved by the arrow keys (Shift, Page Up and Page Down for ten steps, Home and End to the ends) or dragged; a
 * press on the track sends the nearer handle there. The handles keep their minimum gap and never cross
 * (dual-range.ts). Drawn the same on the server, so the first paint already shows the handles where they belong.
 */
export function DualSlider({ className, scale, value, onChange, handles }: Props) {
  const low = useRef<HTMLSpanElement>(null);
  const high = useRef<HTMLSpanElement>(null);
  const drag = useRef<{ which: 0 | 1; left: number; width: number } | null>(null);

  const move = (which: 0 | 1, target: number) => {
    const next = moveHandle(scale, value, which, target);
    if (next[0] !== value[0] || next[1] !== value[1]) onChange(next, which);
  };
  const at = (clientX: number, d: { left: number; width: number }) => valueAt(scale, d.width > 0 ? (clientX - d.left) / d.width : 0);

  return (
    <span
      className={className}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        const rect = e.currentTarget.getBoundingClientRect();
        const box = { left: rect.left, width: rect.width };
        const onHandle = e.target === low.current ? 0 : e.target === high.current ? 1 : null;
        const which = onHandle ?? nearerHandle(value, at(e.clientX, box));
        // No text selection and no focus on the track: the handle takes the focus, and the pointer while it is down.
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { which, ...box };
        (which === 0 ? low : high).current?.focus({ preventScroll: true });
        if (onHandle === null) move(which, at(e.clientX, box));
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (d && e.currentTarget.hasPointerCapture(e.pointerId)) move(d.which, at(e.clientX, d));
      }}
      onPointerUp={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
        drag.current = null;
      }}
      onLostPointerCapture={() => {
        drag.current = null;
      }}
    >
      <span className="ds-slider__track">
        <span className="ds-slider__range" style={{ left: `${percentOf(scale, value[0])}%`, right: `${100 - percentOf(scale, value[1])}%` }} />
      </span>
      {([0, 1] as const).map((which) => (
        // The handle's centre runs from half a handle inside the left end to half a handle inside the right one.
        <span key={which} className="ds-slider__at" style={{ '--at': percentOf(scale, value[which]) } as CSSProperties}>
          <span
            ref={which === 0 ? low : high}
            role="slider"
            tabIndex={0}
            className="ds-slider__thumb"
            aria-label={handles[which].label}
            aria-valuemin={scale.min}
            aria-valuemax={scale.max}
            aria-valuenow={value[which]}
            aria-valuetext={handles[which].valueText}
            aria-orientation="horizontal"
            onKeyDown={(e) => {
              const target = keyTarget(scale, value[which], e.key, e.shiftKey);
              if (target === null) return;
              e.preventDefault();
              move(which, target);
            }}
          />
        </span>
      ))}
    </span>
  );
}
