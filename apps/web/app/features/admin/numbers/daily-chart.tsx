import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatAmount, formatAxisCents, formatCents, priceToCents, type AdminNumbersResponse } from '@everstone/contract';
import { TableScroll } from '../kit/table';

type Day = AdminNumbersResponse['daily'][number];

/* ---------- The chart's arithmetic (pure, tested) ---------- */

/** A money axis: round steps (1, 2, 2.5 or 5 times a power of ten) from zero to at least `maxCents`, four or five of them. */
export function moneyTicks(maxCents: number): number[] {
  const top = Math.max(maxCents, 100_00);
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** How many days apart the day labels are, so each has about `room` pixels: 1, 2, 3, 5, 7, 10 or 15. */
export function labelEvery(bandWidth: number, room = 56): number {
  return [1, 2, 3, 5, 7, 10, 15].find((k) => k * bandWidth >= room) ?? 15;
}

const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const weekdayDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
/** 'Nov 3'. */
export const dayLabel = (day: string) => shortDay.format(noon(day));

const ordersText = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** What the chart shows, said in a sentence: its accessible name's description. */
export function chartSummary(daily: Day[]): string {
  if (daily.length === 0) return 'No days to show.';
  const cents = daily.map((d) => priceToCents(d.revenue) ?? 0);
  const total = cents.reduce((a, b) => a + b, 0);
  const orders = daily.reduce((a, d) => a + d.orders, 0);
  const span = `${dayLabel(daily[0]!.day)} to ${dayLabel(daily.at(-1)!.day)}`;
  if (orders === 0) return `Revenue per day from ${span}: no orders on any day.`;
  const best = cents.indexOf(Math.max(...cents));
  return (
    `Revenue per day from ${span}: ${formatCents(total)} from ${ordersText(orders)} in all; ` +
    `the best day was ${dayLabel(daily[best]!.day)} with ${formatAmount(daily[best]!.revenue)}.`
  );
}

/* ---------- The chart ---------- */

/** The width of an element, kept up to date as it changes (the window turns, the sidebar opens). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const FONT = 12;

/**
 * Revenue per day as bars, drawn at the width of its box so the labels keep their size on a phone and on a wide
 * screen. Pointing at a bar gives the day's orders and revenue in the line below it (by default, the last day's).
 * For a screen reader the picture is one image with a sentence; the table beside it gives every day.
 */
export function DailyChart({ daily }: { daily: Day[] }) {
  const [box, width] = useWidth(640);
  const [active, setActive] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const cents = daily.map((d) => priceToCents(d.revenue) ?? 0);
  const ticks = moneyTicks(Math.max(0, ...cents));
  const top = ticks.at(-1)!;
  const labels = ticks.map(formatAxisCents);

  const height = width < 480 ? 200 : 240;
  const margin = { top: 10, right: 8, bottom: 26, left: Math.max(...labels.map((l) => l.length)) * 7 + 12 };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const band = daily.length ? plotWidth / daily.length : 0;
  const barWidth = Math.max(2, Math.min(band * 0.72, 36));
  const every = labelEvery(band);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const centre = (i: number) => margin.left + i * band + band / 2;

  const shown = active ?? daily.length - 1;
  const day = daily[shown];
  const empty = daily.every((d) => d.orders === 0);

  function pick(event: React.PointerEvent<SVGSVGElement>) {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - margin.left;
    const i = Math.floor(x / band);
    setActive(i >= 0 && i < daily.length ? i : null);
  }

  return (
    <div className="adm-chart">
      <div ref={box} className="adm-chart__box">
        <svg
          className="adm-chart__svg"
          width={width}
          height={height}
          role="img"
          aria-label={chartSummary(daily)}
          onPointerMove={pick}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((tick, i) => (
            <g key={tick}>
              <line className="adm-chart__grid" x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
              <text className="adm-chart__label" x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={FONT}>
                {labels[i]}
              </text>
            </g>
          ))}
          {daily.map((d, i) => {
            const h = Math.max(0, y(0) - y(cents[i]!));
            return (
              <rect
                key={d.day}
                className={`adm-chart__bar${i === shown ? ' adm-chart__bar--active' : ''}${h === 0 ? ' adm-chart__bar--zero' : ''}`}
                x={centre(i) - barWidth / 2}
                y={y(0) - Math.max(h, 2)}
                width={barWidth}
                height={Math.max(h, 2)}
                rx={Math.min(2, barWidth / 4)}
              />
            );
          })}
          {daily.map((d, i) => {
            if ((daily.length - 1 - i) % every !== 0) return null;
            const x = centre(i);
            // A label that would run off the right edge is set flush with it.
            const flush = x + 24 > width;
            return (
              <text
                key={d.day}
                className="adm-chart__label"
                x={flush ? width - 1 : x}
                y={height - 8}
                textAnchor={flush ? 'end' : 'middle'}
                fontSize={FONT}
              >
                {dayLabel(d.day)}
              </text>
            );
          })}
        </svg>
      </div>
      <div className="adm-chart__foot">
        {day && (
          <p className="adm-chart__readout">
            <span className="adm-chart__readout-day">{active === null ? `Today, ${dayLabel(day.day)}` : weekdayDay.format(noon(day.day))}</span>
            <span>{ordersText(day.orders)}</span>
            <span className="adm-chart__readout-money">{formatAmount(day.revenue)}</span>
          </p>
        )}
        <button
          type="button"
          className="adm-button adm-button--ghost adm-button--small"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((open) => !open)}
        >
          {showTable ? 'Hide the table' : 'Show as a table'}
        </button>
      </div>
      {empty && <p className="adm-num-empty">No orders in the last 30 days yet: the bars stay flat until the first one.</p>}
      <div id={tableId} hidden={!showTable} className="adm-chart__table">
        <DailyTable daily={daily} />
      </div>
    </div>
  );
}

function DailyTable({ daily }: { daily: Day[] }) {
  const orders = daily.reduce((a, d) => a + d.orders, 0);
  const cents = daily.reduce((a, d) => a + (priceToCents(d.revenue) ?? 0), 0);
  return (
    <TableScroll label="Orders and revenue per day">
      <table className="adm-table adm-table--daily">
        <caption className="visually-hidden">Orders and revenue per day, the last {daily.length} days (New York days)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="adm-num">
              Orders
            </th>
            <th scope="col" className="adm-num">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">
                <time dateTime={d.day}>{weekdayDay.format(noon(d.day))}</time>
              </th>
              <td className="adm-num">{d.orders}</td>
              <td className="adm-num">{formatAmount(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All {daily.length} days</th>
            <td className="adm-num">{orders}</td>
            <td className="adm-num">{formatCents(cents)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
