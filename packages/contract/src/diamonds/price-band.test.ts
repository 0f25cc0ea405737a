import { describe, expect, it } from 'vitest';
import { bandCarats, bandVerdict, similarMeaning } from './price-band.ts';

describe('price band words', () => {
  it('says how far from the median, and of how many similar stones', () => {
    expect(bandVerdict({ difference_pct: -12, similar: 84 })).toEqual({ tone: 'below', short: '12% below median', sentence: '12% below the median of 84 similar diamonds' });
    expect(bandVerdict({ difference_pct: 7, similar: 1204 })).toEqual({ tone: 'above', short: '7% above median', sentence: '7% above the median of 1,204 similar diamonds' });
    expect(bandVerdict({ difference_pct: 0, similar: 5 })?.sentence).toBe('At the median of 5 similar diamonds');
    expect(bandVerdict({ difference_pct: null, similar: 3 })).toBeNull();
  });

  it('writes a band’s weights up to the hundredth below the next band', () => {
    expect(bandCarats({ carat_from: 1, carat_to: 1.1 })).toBe('1.00–1.09 ct');
    expect(bandCarats({ carat_from: 2.25, carat_to: 2.5 })).toBe('2.25–2.49 ct');
    expect(bandCarats({ carat_from: 0, carat_to: 0.3 })).toBe('0.00–0.29 ct');
    expect(bandCarats({ carat_from: 15, carat_to: null })).toBe('15.00 ct and over');
  });

  it('names what similar means for a white and for a color diamond', () => {
    const shape = { id: 1, name: 'Round', image: 'round' };
    const grades = { clarity: { id: 4, name: 'VS1' }, cut: { id: 1, full_name: 'Excellent' } };
    expect(similarMeaning({ type: 2, shape, color: { id: 4, name: 'G' }, fancy_color: null, ...grades }, { carat_from: 1, carat_to: 1.1 })).toBe(
      'lab-grown round diamonds of 1.00–1.09 ct, G color, VS1 clarity, Excellent cut',
    );
    expect(similarMeaning({ type: 3, shape, color: null, fancy_color: { id: 2, name: 'Pink', intensity: 'Fancy Vivid' }, ...grades }, { carat_from: 0.5, carat_to: 0.6 })).toBe(
      'color round diamonds of 0.50–0.59 ct, Pink color, VS1 clarity, Excellent cut',
    );
  });
});
