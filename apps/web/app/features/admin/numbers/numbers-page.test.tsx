import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { adminNumbersResponseSchema, type AdminAfterSalePeriod, type AdminNumbersResponse } from '@everstone/contract';
import { businessDaysText, NumbersPage } from './numbers-page';

const period = (over: Partial<AdminAfterSalePeriod>): AdminAfterSalePeriod => ({
  label: 'March 2026',
  from: '2026-03-01',
  to: '2026-03-31',
  shipping: { shipped: 0, on_time: 0, late: 0, on_time_rate: null, delayed: 0, undated: 0 },
  returns: { requested: 0, orders_returned: 0, orders_delivered: 0, return_rate: null, by_reason: [], by_status: [], exchanged: 0, refunded: '0.00' },
  production: { finished: 0, median_days: null, p90_days: null },
  ...over,
});

const numbers = (afterSale: AdminNumbersResponse['after_sale']): AdminNumbersResponse =>
  adminNumbersResponseSchema.parse({
    today: { orders: 0, revenue: '0.00' },
    month: { label: 'March 2026', orders: 0, revenue: '0.00', average_order: null },
    daily: [{ day: '2026-03-11', orders: 0, revenue: '0.00' }],
    stones_sold: { by_type: [], by_shape: [] },
    builder: { starts: 0, rings_ordered: 0, conversion: null, capped_days: 0 },
    after_sale: afterSale,
  });

const draw = (n: AdminNumbersResponse) => renderToStaticMarkup(<NumbersPage numbers={n} at={Date.parse('2026-03-11T15:00:00Z')} />);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the numbers after the sale', () => {
  it('puts this month beside the last 90 days: on time, returns by reason, and the days at the bench', () => {
    const html = draw(
      numbers({
        month: period({
          shipping: { shipped: 3, on_time: 2, late: 1, on_time_rate: 0.667, delayed: 1, undated: 0 },
          returns: {
            requested: 2,
            orders_returned: 2,
            orders_delivered: 3,
            return_rate: 0.667,
            by_reason: [
              { reason: 'size', label: 'Wrong size', count: 1 },
              { reason: 'quality', label: 'A quality concern', count: 1 },
            ],
            by_status: [{ status: 'refunded', label: 'Refunded', count: 2 }],
            exchanged: 1,
            refunded: '4210.50',
          },
          production: { finished: 2, median_days: 4.5, p90_days: 7 },
        }),
        recent: period({ label: 'The last 90 days', from: '2025-12-12', to: '2026-03-11', shipping: { shipped: 4, on_time: 3, late: 1, on_time_rate: 0.75, delayed: 1, undated: 0 } }),
        in_production: 1,
      }),
    );
    const all = text(html);
    for (const name of ['Shipping on time', 'Returns', 'Returns by reason', 'Time in production']) expect(html).toContain(`aria-label="${name} table"`);
    expect(all).toContain('On time 66.7% 75%');
    expect(all).toContain('Return rate: orders with a return per order delivered 66.7%');
    expect(all).toContain('Refunded $4,210.50 $0.00');
    expect(all).toContain('Settled as an exchange for a new order 1 0');
    // Reasons in the return form's order, each counted in both windows.
    expect(all).toMatch(/Wrong size 1 0 A quality concern 1 0/);
    expect(all).toContain('Median 4.5 business days');
    expect(all).toContain('90th percentile 7 business days');
    expect(all).toContain('Mar 1 – Mar 31');
    // A window with nothing to divide says so in words.
    expect(all).toContain('None finished in this window');
    expect(all).not.toContain('Without a promised date');
  });

  it('says when there are no returns at all', () => {
    const html = draw(numbers({ month: period({}), recent: period({ label: 'The last 90 days' }), in_production: 0 }));
    expect(text(html)).toContain('No returns asked for in the last 90 days.');
    expect(html).not.toContain('Returns by reason table');
  });

  it('names business days', () => {
    expect([businessDaysText(1), businessDaysText(4.5), businessDaysText(0)]).toEqual(['1 business day', '4.5 business days', '0 business days']);
  });
});
