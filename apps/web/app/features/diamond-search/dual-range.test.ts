import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RANGES } from '@everstone/contract/core';
import { keyTarget, moveHandle, nearerHandle, percentOf, snap, valueAt, type SliderScale } from './dual-range';
import { DualSlider } from './dual-slider';
import { ContinuousSlider, GradeSlider } from './range-slider';

const price: SliderScale = { ...RANGES.price };
const carat: SliderScale = { ...RANGES.carat };
/** Cut: five grades, handles on the boundaries 1 to 6, at least one grade apart. */
const cut: SliderScale = { min: 1, max: 6, step: 1, gap: 1 };

describe('a handle moved by a key', () => {
  it('moves one step with an arrow, ten with Shift or Page Up and Page Down', () => {
    expect(keyTarget(price, 1000, 'ArrowRight', false)).toBe(1000 + price.step);
    expect(keyTarget(price, 1000, 'ArrowUp', false)).toBe(1000 + price.step);
    expect(keyTarget(price, 1000, 'ArrowLeft', false)).toBe(1000 - price.step);
    expect(keyTarget(price, 1000, 'ArrowDown', false)).toBe(1000 - price.step);
    expect(keyTarget(price, 1000, 'ArrowRight', true)).toBe(1000 + 10 * price.step);
    expect(keyTarget(price, 1000, 'PageUp', false)).toBe(1000 + 10 * price.step);
    expect(keyTarget(price, 1000, 'PageDown', false)).toBe(1000 - 10 * price.step);
    expect(snap(carat, keyTarget(carat, 1.5, 'ArrowRight', false)!)).toBe(1.51);
  });

  it('goes to the ends with Home and End, and leaves other keys alone', () => {
    expect(keyTarget(cut, 3, 'Home', false)).toBe(1);
    expect(keyTarget(cut, 3, 'End', false)).toBe(6);
    expect(keyTarget(cut, 3, 'Tab', false)).toBeNull();
    expect(keyTarget(cut, 3, 'Enter', false)).toBeNull();
  });

  it('lands on the next step from a value between two steps', () => {
    expect(snap(carat, keyTarget(carat, 1.505, 'ArrowRight', false)!)).toBe(1.51);
    expect(snap(carat, keyTarget(carat, 1.505, 'ArrowLeft', false)!)).toBe(1.5);
  });
});

describe('the handles keep their gap and never cross', () => {
  it('stops a handle pushed towards the other at the gap, the other staying put', () => {
    expect(moveHandle(cut, [1, 3], 0, 5)).toEqual([2, 3]);
    expect(moveHandle(cut, [2, 4], 1, 1)).toEqual([2, 3]);
    expect(moveHandle(price, [2000, 2100], 0, 2050)).toEqual([2000, 2100]);
    expect(moveHandle(price, [1500, 3000], 1, 1000)).toEqual([1500, 1500 + price.gap]);
    expect(moveHandle(carat, [1.03, 2.03], 0, 5)).toEqual([1.03, 2.03]);
    expect(moveHandle(carat, [0.5, 2.03], 0, 5)).toEqual([1.03, 2.03]);
  });

  it('snaps to a step and stays on the scale', () => {
    expect(moveHandle(price, [0, 10000], 0, 1234)).toEqual([snap(price, 1234), 10000]);
    expect(moveHandle(price, [0, 10000], 0, -50)).toEqual([0, 10000]);
    expect(moveHandle(price, [0, 5000], 1, 99999)).toEqual([0, 10000]);
    expect(moveHandle(carat, [0, 20], 1, 1.2345)).toEqual([0, 1.23]);
    // Home on the upper handle and End on the lower one go as far as the other handle allows.
    expect(moveHandle(cut, [2, 5], 1, keyTarget(cut, 5, 'Home', false)!)).toEqual([2, 3]);
    expect(moveHandle(cut, [2, 5], 0, keyTarget(cut, 2, 'End', false)!)).toEqual([4, 5]);
  });
});

describe('the pointer', () => {
  it('reads a value from where it is across the slider', () => {
    expect(valueAt(cut, 0)).toBe(1);
    expect(valueAt(cut, 1)).toBe(6);
    expect(valueAt(cut, 0.45)).toBe(3);
    expect(valueAt(cut, -0.2)).toBe(1);
    expect(valueAt(carat, 0.5)).toBe(snap(carat, (carat.min + carat.max) / 2));
  });

  it('moves the nearer handle from the track, the lower one when both are as near', () => {
    expect(nearerHandle([1, 5], 2)).toBe(0);
    expect(nearerHandle([1, 5], 4)).toBe(1);
    expect(nearerHandle([1, 5], 3)).toBe(0);
    expect(nearerHandle([1, 5], 9)).toBe(1);
  });
});

describe('the slider as the server draws it', () => {
  const html = renderToStaticMarkup(
    createElement(DualSlider, {
      className: 'ds-slider',
      scale: cut,
      value: [2, 4],
      onChange: () => {},
      handles: [
        { label: 'Minimum cut', valueText: 'Very Good' },
        { label: 'Maximum cut', valueText: 'Good' },
      ],
    }),
  );

  it('names each handle as a slider with its value, its value in words and the scale', () => {
    const handles = [...html.matchAll(/<span[^>]*role="slider"[^>]*>/g)].map((m) => m[0]);
    expect(handles).toHaveLength(2);
    expect(handles[0]).toContain('aria-label="Minimum cut"');
    expect(handles[0]).toContain('aria-valuenow="2"');
    expect(handles[0]).toContain('aria-valuetext="Very Good"');
    expect(handles[1]).toContain('aria-label="Maximum cut"');
    expect(handles[1]).toContain('aria-valuenow="4"');
    expect(handles[1]).toContain('aria-valuetext="Good"');
    for (const h of handles) {
      expect(h).toContain('tabindex="0"');
      expect(h).toContain('aria-valuemin="1"');
      expect(h).toContain('aria-valuemax="6"');
      expect(h).toContain('aria-orientation="horizontal"');
    }
  });

  it('places the handles and the chosen span where they belong, before any script runs', () => {
    expect(html).toContain('style="left:20%;right:40%"');
    expect(html).toContain('style="--at:20"');
    expect(html).toContain('style="--at:60"');
    expect(percentOf(cut, 6)).toBe(100);
    expect(percentOf(cut, 0)).toBe(0);
  });

  it('is what the price and cut filters render, with their words for each handle', () => {
    const priceHtml = renderToStaticMarkup(createElement(ContinuousSlider, { name: 'price', value: [500, 10000], onChange: () => {} }));
    expect(priceHtml).toContain('aria-label="Minimum price"');
    expect(priceHtml).toContain('aria-valuetext="$500"');
    expect(priceHtml).toContain('aria-valuetext="$10,000 or more"');
    const cutHtml = renderToStaticMarkup(createElement(GradeSlider, { name: 'cut', value: [2, 4], onChange: () => {}, counts: null, reserve: false }));
    expect(cutHtml).toContain('aria-valuetext="Very Good"');
    expect(cutHtml).toContain('aria-valuetext="Good"');
  });
});
