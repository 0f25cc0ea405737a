import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HISTOGRAM_BINS } from '@everstone/contract/core';
import { diamondsText, facetsQuery, formatCount, gradeCountsText, shortCount, tabOfQuery } from './counts';
import { histogramBars } from './histogram';
import { GradeSlider } from './range-slider';
import { ShapePicker } from './shape-picker';
import SliderHistogram from './slider-histogram';

/** The text a screen reader is given for an element: its markup without tags. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe("the counts' query", () => {
  it('is the results’ query without the order and the page size, which change no count', () => {
    expect(facetsQuery('active_tab=2&shapes=1,4&price=500,2000&sort=carat_desc&per_page=20')).toBe('active_tab=2&shapes=1,4&price=500,2000');
    expect(facetsQuery('active_tab=1&per_page=20')).toBe('active_tab=1');
    // A certificate that merely starts like a parameter stays.
    expect(facetsQuery('active_tab=2&certificate=sort9&per_page=20')).toBe('active_tab=2&certificate=sort9');
  });

  it('names the tab it counts', () => {
    expect(tabOfQuery('setting=aria&active_tab=3&shapes=1')).toBe(3);
    expect(tabOfQuery('shapes=1')).toBeNull();
  });
});

describe('counts in words', () => {
  it('groups thousands, and shortens them where a grade has little room', () => {
    expect(formatCount(12408)).toBe('12,408');
    expect(shortCount(9876)).toBe('9,876');
    expect(shortCount(12408)).toBe('12.4K');
    expect(shortCount(1_250_000)).toBe('1.3M');
    expect(diamondsText(1)).toBe('1 diamond');
    expect(diamondsText(0)).toBe('0 diamonds');
  });

  it('says what the chosen grades hold, then each grade', () => {
    // Cut 2–4 is Very Good and Good.
    expect(gradeCountsText('cut', [2, 4], [724, 179, 44, 315, 104])).toBe(
      'The chosen grades hold 223 diamonds. By grade: Excellent 724, Very Good 179, Good 44, Ideal 315, 8X 104.',
    );
    expect(gradeCountsText('color', [1, 6], [1, 0, 0, 0, 0])).toMatch(/^The chosen grades hold 1 diamond\. /);
  });
});

describe('the bars behind a slider', () => {
  const counts = Array.from({ length: HISTOGRAM_BINS }, (_, k) => (k === 3 ? 200 : k === 10 ? 1 : 0));

  it('are as high as their share of the tallest, a lone stone still visible, an empty step not drawn', () => {
    const bars = histogramBars('price', counts, [0, 10000]);
    expect(bars).toHaveLength(HISTOGRAM_BINS);
    expect(bars[3]!.height).toBe(1);
    expect(bars[10]!.height).toBe(0.06);
    expect(bars[0]!.height).toBe(0);
    expect(histogramBars('price', new Array(HISTOGRAM_BINS).fill(0), [0, 10000]).every((b) => b.height === 0)).toBe(true);
  });

  it('are on where they overlap the chosen range, on the slider’s own steps ($200 a bar)', () => {
    const on = (range: [number, number]) =>
      histogramBars('price', counts, range)
        .filter((b) => b.on)
        .map((b) => b.index);
    expect(on([1000, 4000])).toEqual(Array.from({ length: 15 }, (_, i) => 5 + i));
    // Part of a bar is enough, and the last bar is open-ended like the slider's top ('or more').
    expect(on([1050, 1150])).toEqual([5]);
    expect(on([9900, 10000])).toEqual([49]);
    expect(histogramBars('carat', counts, [1, 2]).filter((b) => b.on).map((b) => b.index)).toEqual([2, 3, 4]);
  });

  it('are drawn as one picture hidden from screen readers, the chosen ones marked', () => {
    const html = renderToStaticMarkup(<SliderHistogram name="price" counts={counts} range={[0, 1000]} />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain(`viewBox="0 0 ${HISTOGRAM_BINS} 100"`);
    expect(html.match(/<rect/g)).toHaveLength(2);
    expect(html).toMatch(/class="ds-histogram__bar ds-histogram__bar--on" x="3\.09"/);
    expect(html).toMatch(/class="ds-histogram__bar" x="10\.09" y="94"/);
  });
});

describe('counts on the filters', () => {
  const shapes = { ok: true as const, data: [{ id: 1, name: 'Round', image: 'round' }, { id: 2, name: 'Princess', image: 'princess' }] };

  it('name a shape first and then its count, and mute a shape that gives none', () => {
    const html = renderToStaticMarkup(
      <ShapePicker shapes={shapes} selected={[]} counts={new Map([[1, 12408]])} reserve onToggle={() => {}} />,
    );
    const buttons = html.split('<button').slice(1);
    expect(buttons[0]).toContain('aria-label="Round, 12,408 diamonds"');
    expect(textOf(`<b${buttons[0]}`)).toBe('Round 12,408');
    expect(buttons[1]).toContain('aria-label="Princess, 0 diamonds"');
    expect(buttons[1]).toContain('data-empty=""');
    expect(buttons[0]).not.toContain('data-empty');
  });

  it('keep their line while unknown, and add nothing when the store gives none', () => {
    const waiting = renderToStaticMarkup(<ShapePicker shapes={shapes} selected={[]} counts={null} reserve onToggle={() => {}} />);
    expect(waiting).toContain('<span class="ds-shape__count ds-tally"></span>');
    expect(waiting).not.toContain('aria-label="');
    const none = renderToStaticMarkup(<ShapePicker shapes={shapes} selected={[]} counts={null} reserve={false} onToggle={() => {}} />);
    expect(none).not.toContain('ds-shape__count');
  });

  it('write each grade’s stones under it, and describe the group in a sentence', () => {
    const html = renderToStaticMarkup(
      <GradeSlider name="cut" value={[2, 4]} onChange={() => {}} counts={[724, 179, 44, 315, 12408]} reserve />,
    );
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`id="${describedBy}" class="visually-hidden">The chosen grades hold 223 diamonds.`);
    expect(html).toContain('<span class="ds-grades__count ds-tally">12.4K</span>');
    expect(renderToStaticMarkup(<GradeSlider name="cut" value={[1, 6]} onChange={() => {}} counts={null} reserve={false} />)).not.toMatch(
      /aria-describedby|ds-grades__count/,
    );
  });
});
