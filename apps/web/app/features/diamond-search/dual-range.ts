/**
 * The arithmetic of a two-handle slider (dual-slider.tsx), kept apart from React so it can be tested on its own:
 * where a key or the pointer sends a handle, and how the handles keep their minimum gap. The handles never cross:
 * a handle pushed towards the other stops at the gap (WAI-ARIA's multi-thumb slider pattern).
 */
import type { Range } from '@everstone/contract/core';

export interface SliderScale {
  min: number;
  max: number;
  step: number;
  /** The least distance between the two handles, in the scale's units. */
  gap: number;
}

function decimals(step: number): number {
  const [, fraction = ''] = String(step).split('.');
  return fraction.length;
}

/** A value on the scale's steps (counted from its minimum) and within it, without float noise. */
export function snap(scale: SliderScale, value: number): number {
  const { min, max, step } = scale;
  const snapped = Math.round((value - min) / step) * step + min;
  return Number(Math.min(max, Math.max(min, snapped)).toFixed(decimals(step)));
}

/**
 * The range once one handle is sent towards `target`: snapped to a step and stopped short of the other handle by the
 * gap (and by the ends of the scale). The other handle stays where it is.
 */
export function moveHandle(scale: SliderScale, range: Range, which: 0 | 1, target: number): Range {
  const value = snap(scale, target);
  if (which === 0) {
    const limit = snap(scale, Math.floor((range[1] - scale.gap - scale.min) / scale.step + 1e-9) * scale.step + scale.min);
    return [Math.min(value, limit, range[1]), range[1]];
  }
  const limit = snap(scale, Math.ceil((range[0] + scale.gap - scale.min) / scale.step - 1e-9) * scale.step + scale.min);
  return [range[0], Math.max(value, limit, range[0])];
}

/**
 * Where a key sends a handle, or null for a key the slider leaves alone. Arrows move one step (right and up raise
 * it), Page Up and Page Down or Shift with an arrow ten steps; Home and End send it as far as it can go.
 */
export function keyTarget(scale: SliderScale, value: number, key: string, shiftKey: boolean): number | null {
  if (key === 'Home') return scale.min;
  if (key === 'End') return scale.max;
  const up = key === 'ArrowRight' || key === 'ArrowUp' || key === 'PageUp';
  const down = key === 'ArrowLeft' || key === 'ArrowDown' || key === 'PageDown';
  if (!up && !down) return null;
  const count = key.startsWith('Page') || shiftKey ? 10 : 1;
  // From a value between two steps, the first step lands on the next one in that direction.
  const steps = (value - scale.min) / scale.step;
  const from = up ? Math.floor(steps + 1e-9) : Math.ceil(steps - 1e-9);
  return scale.min + (from + (up ? count : -count)) * scale.step;
}

/** The value under the pointer, from where it is across the slider (0 at its left edge, 1 at its right). */
export function valueAt(scale: SliderScale, fraction: number): number {
  return snap(scale, scale.min + fraction * (scale.max - scale.min));
}

/** The handle a press on the track moves: the nearer one (the lower one when both are as near). */
export function nearerHandle(range: Range, value: number): 0 | 1 {
  return Math.abs(range[1] - value) < Math.abs(range[0] - value) ? 1 : 0;
}

/** Where a value sits along the track, in percent. */
export function percentOf(scale: SliderScale, value: number): number {
  if (scale.max === scale.min) return 0;
  return Math.min(100, Math.max(0, ((value - scale.min) / (scale.max - scale.min)) * 100));
}
