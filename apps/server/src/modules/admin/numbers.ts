import {
  addIsoDays,
  NUMBERS_DAYS,
  centsToPrice,
  isoDay,
  storeDayStart,
  storeToday,
  typeLabel,
  type AdminNumbersResponse,
} from '@everstone/contract';
import type { DiamondService } from '../diamonds/index.ts';
import type { OrderDesk } from '../orders/index.ts';
import type { BuilderStarts } from '../ring-builder/index.ts';

/** Counts by key, most first (ties by name). */
function tally(keys: string[]): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * The numbers at a glance (docs/operations.md): today's and this month's orders and revenue (New York days), the last
 * NUMBERS_DAYS days as a series, the month's stones sold by type and shape, and the ring builder's conversion.
 */
export async function numbersOf(deps: { desk: OrderDesk; diamonds: DiamondService; starts: BuilderStarts; now: () => Date }): Promise<AdminNumbersResponse> {
  const today = isoDay(storeToday(deps.now()));
  const tomorrow = addIsoDays(today, 1);
  const monthStart = `${today.slice(0, 8)}01`;
  const nextMonth = (() => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  })();
  const { numbers } = deps.desk;
  const [day, month, sold, rings, starts] = await Promise.all([
    numbers.figure(storeDayStart(today), storeDayStart(tomorrow)),
    numbers.figure(storeDayStart(monthStart), storeDayStart(nextMonth)),
    numbers.stonesSold(storeDayStart(monthStart), storeDayStart(nextMonth)),
    numbers.ringsOrdered(storeDayStart(monthStart), storeDayStart(nextMonth)),
    deps.starts.count(monthStart, today),
  ]);
  const days = Array.from({ length: NUMBERS_DAYS }, (_, i) => addIsoDays(today, i - NUMBERS_DAYS + 1));
  const daily = await Promise.all(days.map(async (d) => ({ day: d, ...(await numbers.figure(storeDayStart(d), storeDayStart(addIsoDays(d, 1)))) })));
  const shapes = new Map(
    sold.length === 0 ? [] : (await deps.diamonds.lookupDiamonds(sold.map((s) => s.diamondId))).data.map((d) => [d.diamondid, d.shape.name] as const),
  );
  return {
    today: { orders: day.orders, revenue: centsToPrice(day.revenueCents) },
    month: {
      label: new Date(`${monthStart}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      orders: month.orders,
      revenue: centsToPrice(month.revenueCents),
      average_order: month.orders === 0 ? null : centsToPrice(Math.round(month.revenueCents / month.orders)),
    },
    daily: daily.map((d) => ({ day: d.day, orders: d.orders, revenue: centsToPrice(d.revenueCents) })),
    stones_sold: {
      by_type: tally(sold.map((s) => (s.type === null ? 'Unknown' : typeLabel(s.type)))).map(({ key, count }) => ({ type: key, count })),
      by_shape: tally(sold.map((s) => shapes.get(s.diamondId) ?? 'Unknown')).map(({ key, count }) => ({ shape: key, count })),
    },
    builder: {
      starts: starts.starts,
      rings_ordered: rings,
      conversion: starts.starts === 0 ? null : Math.round((rings / starts.starts) * 1000) / 1000,
      capped_days: starts.cappedDays,
    },
  };
}
