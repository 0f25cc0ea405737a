import {
  addIsoDays,
  AFTER_SALE_NUMBERS_DAYS,
  NUMBERS_DAYS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  businessDaysBetween,
  centsToPrice,
  storeDayOf,
  isoDay,
  storeDayStart,
  storeToday,
  typeLabel,
  type AdminAfterSalePeriod,
  type AdminNumbersResponse,
  type ReturnReason,
  type ReturnStatus,
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

/** The nearest-rank percentile of numbers (p in (0, 1]); null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** The middle of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

/** The after-sale figures of the New York days `from` to `to` (both included), from the orders module's rows. */
async function afterSaleOf(numbers: OrderDesk['numbers'], label: string, from: string, to: string): Promise<AdminAfterSalePeriod> {
  const [start, end] = [storeDayStart(from), storeDayStart(addIsoDays(to, 1))];
  const [shipped, returns, delivered, refundedCents, finished] = await Promise.all([
    numbers.shippedIn(start, end),
    numbers.returnsRequested(start, end),
    numbers.delivered(start, end),
    numbers.refunded(start, end),
    numbers.productionFinished(start, end),
  ]);
  // Every order placed since migration 018 has its first promise; one that has none (a row older than that the
  // migration could not date) is judged by its ships-by day, and one with neither is left out as undated.
  const dated = shipped.flatMap((s) => {
    const promised = s.promisedShipsBy ?? s.shipsBy;
    return promised === null ? [] : [{ ...s, promised }];
  });
  const onTime = dated.filter((s) => storeDayOf(new Date(s.shippedAt)) <= s.promised).length;
  const days = finished.map((f) => businessDaysBetween(storeDayOf(new Date(f.benchAt)), storeDayOf(new Date(f.checkedAt))));
  const ordersReturned = new Set(returns.map((r) => r.orderId)).size;
  return {
    label,
    from,
    to,
    shipping: {
      shipped: dated.length,
      on_time: onTime,
      late: dated.length - onTime,
      on_time_rate: ratio(onTime, dated.length),
      delayed: dated.filter((s) => s.delayed).length,
      undated: shipped.length - dated.length,
    },
    returns: {
      requested: returns.length,
      orders_returned: ordersReturned,
      orders_delivered: delivered,
      return_rate: ratio(ordersReturned, delivered),
      by_reason: tally(returns.map((r) => r.reason))
        .filter((t): t is { key: ReturnReason; count: number } => (RETURN_REASONS as readonly string[]).includes(t.key))
        .map(({ key, count }) => ({ reason: key, label: RETURN_REASON_LABELS[key], count })),
      by_status: tally(returns.map((r) => r.status))
        .filter((t): t is { key: ReturnStatus; count: number } => (RETURN_STATUSES as readonly string[]).includes(t.key))
        .map(({ key, count }) => ({ status: key, label: RETURN_STATUS_LABELS[key], count })),
      exchanged: returns.filter((r) => r.exchanged).length,
      refunded: centsToPrice(refundedCents),
    },
    production: { finished: days.length, median_days: median(days), p90_days: percentile(days, 0.9) },
  };
}

/**
 * The numbers at a glance (docs/operations.md): today's and this month's orders and revenue (New York days), the last
 * NUMBERS_DAYS days as a series, the month's stones sold by type and shape, the ring builder's conversion, and after
 * the sale (this month and the last AFTER_SALE_NUMBERS_DAYS days): shipping on time, returns and their reasons, and
 * the time in the workshop.
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
  const monthLabel = new Date(`${monthStart}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const [day, month, sold, rings, starts, afterMonth, afterRecent, inProduction] = await Promise.all([
    numbers.figure(storeDayStart(today), storeDayStart(tomorrow)),
    numbers.figure(storeDayStart(monthStart), storeDayStart(nextMonth)),
    numbers.stonesSold(storeDayStart(monthStart), storeDayStart(nextMonth)),
    numbers.ringsOrdered(storeDayStart(monthStart), storeDayStart(nextMonth)),
    deps.starts.count(monthStart, today),
    afterSaleOf(numbers, monthLabel, monthStart, addIsoDays(nextMonth, -1)),
    afterSaleOf(numbers, `The last ${AFTER_SALE_NUMBERS_DAYS} days`, addIsoDays(today, 1 - AFTER_SALE_NUMBERS_DAYS), today),
    numbers.inProduction(),
  ]);
  const days = Array.from({ length: NUMBERS_DAYS }, (_, i) => addIsoDays(today, i - NUMBERS_DAYS + 1));
  const daily = await Promise.all(days.map(async (d) => ({ day: d, ...(await numbers.figure(storeDayStart(d), storeDayStart(addIsoDays(d, 1)))) })));
  const shapes = new Map(
    sold.length === 0 ? [] : (await deps.diamonds.lookupDiamonds(sold.map((s) => s.diamondId))).data.map((d) => [d.diamondid, d.shape.name] as const),
  );
  return {
    today: { orders: day.orders, revenue: centsToPrice(day.revenueCents) },
    month: {
      label: monthLabel,
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
    after_sale: { month: afterMonth, recent: afterRecent, in_production: inProduction },
  };
}
