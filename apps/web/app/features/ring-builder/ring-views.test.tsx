import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { EMPTY_BUILD, ringInnerDiameterMm } from '@everstone/contract/core';
import { RING_FINGER_MM } from '../../components/jewelry/stone-geometry';
import { settingDesign, stoneRecord } from '../../domain/cart-test-lines';
import { BuilderNav } from './builder-nav';
import { RingOnHand, handStone } from './ring-on-hand';
import { fingerOf } from './rules';

const viewBoxOf = (html: string) => /viewBox="([^"]+)"/.exec(html)![1]!.split(' ').map(Number);

describe('the ring on a hand', () => {
  it('is framed on a finger as wide as the size’s inner diameter, the stone at its certificate’s millimetres', () => {
    const at = (size: string) => renderToStaticMarkup(<RingOnHand design={settingDesign} metal="platinum" title="Aria" finger={fingerOf(size)} />);
    const small = at('4');
    const large = at('10');
    // The frame (and the hand in it) grows with the finger; the stone is drawn in millimetres either way.
    const [, , ws] = viewBoxOf(small);
    const [, , wl] = viewBoxOf(large);
    expect(wl! / ws!).toBeCloseTo(ringInnerDiameterMm('10')! / ringInnerDiameterMm('4')!, 3);
    expect(ws! / 64).toBeCloseTo(ringInnerDiameterMm('4')! / RING_FINGER_MM, 3);
    expect(small).toContain('scale(0.064)');
    expect(large).toContain('scale(0.064)');
    expect(small).toContain(`On a size 4 finger (${ringInnerDiameterMm('4')!.toFixed(1)} mm across)`);
    expect(small).toContain('spans 43%');
    expect(large).toContain('spans 32%');
  });

  it('says when no size is chosen that it is drawn at size 6', () => {
    const html = renderToStaticMarkup(<RingOnHand design={settingDesign} metal="14k-yellow" title="Aria" finger={fingerOf(null)} />);
    expect(html).toContain('On a size 6 finger');
    expect(html).toContain('as no ring size is chosen yet');
  });

  it('draws the head’s own stone, said as not measured, when the design carries none', () => {
    expect(handStone({ ...settingDesign, center: null })).toEqual({ shape: 'Round', widthMm: 6.4, lengthMm: 6.4, measured: false });
    expect(handStone(settingDesign)).toMatchObject({ widthMm: 6.4, measured: true });
  });
});

describe('the steps navigation', () => {
  const render = (current: 1 | 2 | 3, build = EMPTY_BUILD, stone = null as ReturnType<typeof stoneRecord> | null) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <BuilderNav current={current} build={build} parts={{ stone, setting: build.setting ? { slug: build.setting, name: 'Aria Engagement Ring' } : null }} />
      </MemoryRouter>,
    );

  it('marks the page’s own step, and links every step with the build', () => {
    const html = render(2, { ...EMPTY_BUILD, diamond: 12, metal: 'platinum' }, stoneRecord(12));
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-current="step" href="\/ring-builder\/settings\?diamond=12&amp;metal=platinum"/);
    expect(html).toContain('href="/diamond?diamond=12&amp;metal=platinum"');
    expect(html).toContain('1.01 ct Round, F VS1 · $1,000');
    expect(html).toContain('aria-label="Change the diamond"');
    expect(html).toContain('Choose a setting first');
  });

  it('shows the chosen setting with its metal, and a change link for it', () => {
    const html = render(3, { ...EMPTY_BUILD, diamond: 12, setting: 'aria-setting', metal: '14k-rose' }, stoneRecord(12));
    expect(html).toContain('Aria Engagement Ring in 14K Rose Gold');
    expect(html).toContain('aria-label="Change the setting"');
    expect(html).not.toContain('first</span>');
  });
});
