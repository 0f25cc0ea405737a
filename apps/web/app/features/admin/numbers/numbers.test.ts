import { describe, expect, it } from 'vitest';
import { chartSummary, labelEvery, moneyTicks } from './daily-chart';
import { percentText } from './numbers-page';

describe('the numbers’ chart', () => {
  it('puts round steps on the money axis, from zero to the best day or more', () => {
    expect(moneyTicks(0)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
    expect(moneyTicks(1_234_567)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    const ticks = moneyTicks(4_210_00);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(4_210_00);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('spaces the day labels by the room each bar has', () => {
    expect(labelEvery(9)).toBe(7);
    expect(labelEvery(30)).toBe(2);
    expect(labelEvery(60)).toBe(1);
    expect(labelEvery(1)).toBe(15);
  });

  it('says what the chart shows in a sentence', () => {
    const daily = [
      { day: '2026-11-24', orders: 0, revenue: '0.00' },
      { day: '2026-11-25', orders: 2, revenue: '4210.50' },
    ];
    expect(chartSummary(daily)).toBe('Revenue per day from Nov 24 to Nov 25: $4,210.50 from 2 orders in all; the best day was Nov 25 with $4,210.50.');
    expect(chartSummary(daily.slice(0, 1))).toBe('Revenue per day from Nov 24 to Nov 24: no orders on any day.');
  });

  it('gives a conversion as a percentage', () => {
    expect(percentText(0.125)).toBe('12.5%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0)).toBe('0%');
  });
});
