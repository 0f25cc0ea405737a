import {
  BUILDER_STARTS_PER_DAY,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  formatAmount,
  type AdminAfterSalePeriod,
  type AdminNumbersResponse,
} from '@everstone/contract';
import numbersHref from '../../../styles/admin-numbers.css?url';
import { PageHead } from '../kit/frame';
import { TableScroll } from '../kit/table';
import { DailyChart, dayLabel } from './daily-chart';
import { formatDayTime } from '../kit/format';

/** The page's own rules, beside the back office's stylesheet (hoisted and shared the same way). */
function NumbersStyles() {
  return <link rel="stylesheet" href={numbersHref} precedence="default" />;
}

/** A ratio of the API (0.125) as the page says it ('12.5%'). */
export const percentText = (ratio: number) => `${(ratio * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** A figure the store cannot give yet (no orders, no starts): a dash to the eye, a sentence to a screen reader. */
function NoFigure({ why }: { why: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{why}</span>
    </>
  );
}

function Figures({ items }: { items: Array<{ label: string; value: React.ReactNode; note?: string }> }) {
  return (
    <dl className="adm-figures">
      {items.map((item) => (
        <div key={item.label} className="adm-figures__item">
          <dt>{item.label}</dt>
          <dd>
            <span className="adm-figures__value">{item.value}</span>
            {item.note && <span className="adm-figures__note">{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Counts as horizontal bars, the largest the full width; the bars are only a picture of the numbers beside them. */
function BarList({ label, items, unit }: { label: string; items: Array<{ name: string; count: number }>; unit: [string, string] }) {
  const most = Math.max(1, ...items.map((i) => i.count));
  return (
    <ul className="adm-hbars" aria-label={label}>
      {items.map((item) => (
        <li key={item.name} className="adm-hbars__row">
          <span className="adm-hbars__name">{item.name}</span>
          <span className="adm-hbars__track" aria-hidden="true">
            <span className="adm-hbars__fill" style={{ width: `${(item.count / most) * 100}%` }} />
          </span>
          <span className="adm-hbars__count">
            {item.count}
            <span className="visually-hidden"> {item.count === 1 ? unit[0] : unit[1]}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Panel({ id, title, count, lead, children, className }: { id: string; title: string; count?: number; lead?: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={className ? `adm-panel ${className}` : 'adm-panel'} aria-labelledby={id}>
      <div className="adm-panel__head">
        <h2 className="adm-panel__title">
          <span id={id}>{title}</span>
          {count !== undefined && (
            <span className="adm-count">
              {count}
              <span className="visually-hidden">{count === 1 ? ' diamond' : ' diamonds'}</span>
            </span>
          )}
        </h2>
        {lead && <p className="adm-panel__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** Business days as the page says them ('1 business day', '4.5 business days'). */
export const businessDaysText = (days: number) => `${days.toLocaleString('en-US', { maximumFractionDigits: 1 })} business ${days === 1 ? 'day' : 'days'}`;

interface PeriodRow {
  label: string;
  value: (period: AdminAfterSalePeriod) => React.ReactNode;
}

/**
 * Figures side by side for this month and the last 90 days: one row a figure, one column a window, so a screen
 * reader hears each number with both its row and its column.
 */
function PeriodTable({ label, periods, rows, first = 'Figure' }: { label: string; periods: AdminAfterSalePeriod[]; rows: PeriodRow[]; first?: string }) {
  return (
    <TableScroll label={label}>
      <table className="adm-table adm-table--periods">
        <caption className="visually-hidden">{label}, New York days</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {periods.map((p) => (
              <th key={p.label} scope="col" className="adm-num">
                {p.label}
                <span className="adm-period__days">
                  <time dateTime={p.from}>{dayLabel(p.from)}</time> – <time dateTime={p.to}>{dayLabel(p.to)}</time>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {periods.map((p) => (
                <td key={p.label} className="adm-num">
                  {row.value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Counts by a list of keys (reasons, statuses) in the contract's order, only the keys some window has. */
function countRows<K extends string>(keys: readonly K[], labels: Record<K, string>, periods: AdminAfterSalePeriod[], of: (p: AdminAfterSalePeriod, key: K) => number): PeriodRow[] {
  return keys.filter((key) => periods.some((p) => of(p, key) > 0)).map((key) => ({ label: labels[key], value: (p: AdminAfterSalePeriod) => of(p, key) }));
}

/** Shipping on time, returns and their reasons, and the time in the workshop: this month beside the last 90 days. */
function AfterSale({ afterSale }: { afterSale: AdminNumbersResponse['after_sale'] }) {
  const periods = [afterSale.month, afterSale.recent];
  const rate = (value: number | null, why: string) => (value === null ? <NoFigure why={why} /> : percentText(value));
  const days = (value: number | null) => (value === null ? <NoFigure why="None finished in this window" /> : businessDaysText(value));
  const reasons = countRows(RETURN_REASONS, RETURN_REASON_LABELS, periods, (p, key) => p.returns.by_reason.find((r) => r.reason === key)?.count ?? 0);
  const statuses = countRows(RETURN_STATUSES, RETURN_STATUS_LABELS, periods, (p, key) => p.returns.by_status.find((r) => r.status === key)?.count ?? 0);
  const undated = periods.some((p) => p.shipping.undated > 0);
  return (
    <div className="adm-numbers__after">
      <Panel id="numbers-on-time" title="Shipping on time" lead="Orders shipped, against the ships-by date first promised to the shopper (the New York day they left).">
        <PeriodTable
          label="Shipping on time"
          periods={periods}
          rows={[
            { label: 'Shipped', value: (p) => p.shipping.shipped },
            { label: 'On time: by the date first promised', value: (p) => p.shipping.on_time },
            { label: 'Late: after it', value: (p) => p.shipping.late },
            { label: 'Given a new date before they left', value: (p) => p.shipping.delayed },
            { label: 'On time', value: (p) => rate(p.shipping.on_time_rate, 'None shipped in this window') },
            ...(undated ? [{ label: 'Without a promised date (not counted above)', value: (p: AdminAfterSalePeriod) => p.shipping.undated }] : []),
          ]}
        />
      </Panel>

      <Panel id="numbers-returns" title="Returns and their reasons" lead="Returns asked for in the window and not withdrawn; the money refunded in it.">
        <PeriodTable
          label="Returns"
          periods={periods}
          rows={[
            { label: 'Returns asked for', value: (p) => p.returns.requested },
            { label: 'Orders delivered', value: (p) => p.returns.orders_delivered },
            { label: 'Orders with a return', value: (p) => p.returns.orders_returned },
            { label: 'Return rate: orders with a return per order delivered', value: (p) => rate(p.returns.return_rate, 'No orders delivered in this window') },
            { label: 'Settled as an exchange for a new order', value: (p) => p.returns.exchanged },
            { label: 'Refunded', value: (p) => formatAmount(p.returns.refunded) },
          ]}
        />
        {reasons.length === 0 ? (
          <p className="adm-num-empty">No returns asked for in the last 90 days.</p>
        ) : (
          <>
            <PeriodTable label="Returns by reason" first="Reason" periods={periods} rows={reasons} />
            <PeriodTable label="Returns by where they stand" first="Where it stands" periods={periods} rows={statuses} />
          </>
        )}
      </Panel>

      <Panel id="numbers-production" title="Time in production" lead="Made-to-order pieces whose quality check was recorded in the window: business days from the stone going to the bench to the quality check.">
        <Figures items={[{ label: 'In production now', value: afterSale.in_production, note: 'at the bench, the quality check still to come' }]} />
        <PeriodTable
          label="Time in production"
          periods={periods}
          rows={[
            { label: 'Finished', value: (p) => p.production.finished },
            { label: 'Median', value: (p) => days(p.production.median_days) },
            { label: '90th percentile', value: (p) => days(p.production.p90_days) },
          ]}
        />
      </Panel>
    </div>
  );
}

/**
 * /admin/numbers: how the store is doing at a glance. Orders and revenue today and this month, the last 30 days
 * as a chart, the month's diamonds sold by type and by shape, how many ring builder visits became rings, and after
 * the sale: shipping on time, returns and their reasons, the time in the workshop.
 */
export function NumbersPage({
  numbers,
  at,
  onRefresh,
  refreshing = false,
}: {
  numbers: AdminNumbersResponse;
  at: number;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  const { today, month, daily, stones_sold: sold, builder, after_sale: afterSale } = numbers;
  const soldCount = sold.by_type.reduce((sum, t) => sum + t.count, 0);
  const asOf = new Date(at).toISOString();
  return (
    <>
      <NumbersStyles />
      <PageHead title="Numbers" lead="Orders placed and not cancelled, with their totals, on New York days.">
        <p className="adm-muted adm-small">
          As of <time dateTime={asOf}>{formatDayTime(asOf)}</time> Eastern
        </p>
        {onRefresh && (
          <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </PageHead>

      <div className="adm-numbers">
        <div className="adm-numbers__figures">
          <Panel id="numbers-today" title="Today" className="adm-num-card">
            <Figures
              items={[
                { label: 'Orders', value: today.orders },
                { label: 'Revenue', value: formatAmount(today.revenue) },
              ]}
            />
          </Panel>
          <Panel id="numbers-month" title={`This month, ${month.label}`} className="adm-num-card">
            <Figures
              items={[
                { label: 'Orders', value: month.orders },
                { label: 'Revenue', value: formatAmount(month.revenue) },
                {
                  label: 'Average order',
                  value: month.average_order === null ? <NoFigure why="No orders yet this month" /> : formatAmount(month.average_order),
                },
              ]}
            />
          </Panel>
        </div>

        <Panel id="numbers-daily" title="The last 30 days" lead="Revenue per day. Point at a bar to see that day’s orders." className="adm-num-chart">
          <DailyChart daily={daily} />
        </Panel>

        <div className="adm-numbers__grid">
          <Panel id="numbers-by-type" title="Diamonds sold by type" count={soldCount} lead={`Paid for in ${month.label}, loose or set in a ring.`}>
            {sold.by_type.length === 0 ? (
              <p className="adm-num-empty">No diamonds sold yet this month.</p>
            ) : (
              <BarList label="Diamonds sold by type" items={sold.by_type.map((t) => ({ name: t.type, count: t.count }))} unit={['diamond', 'diamonds']} />
            )}
          </Panel>
          <Panel id="numbers-by-shape" title="Diamonds sold by shape" count={soldCount} lead={`Paid for in ${month.label}, loose or set in a ring.`}>
            {sold.by_shape.length === 0 ? (
              <p className="adm-num-empty">No diamonds sold yet this month.</p>
            ) : (
              <BarList label="Diamonds sold by shape" items={sold.by_shape.map((s) => ({ name: s.shape, count: s.count }))} unit={['diamond', 'diamonds']} />
            )}
          </Panel>
          <Panel id="numbers-builder" title="Ring builder" lead={`${month.label}. Each visitor who opens the builder counts once a day.`}>
            <Figures
              items={[
                {
                  label: 'Starts',
                  value: builder.starts,
                  // A day that reached the ceiling stopped counting: its starts, and the month's, are a floor.
                  ...(builder.capped_days > 0 ? { note: `at least: counting stopped at ${BUILDER_STARTS_PER_DAY.toLocaleString('en-US')} on ${builder.capped_days === 1 ? '1 day' : `${builder.capped_days} days`}` } : {}),
                },
                { label: 'Rings ordered', value: builder.rings_ordered },
                {
                  label: 'Conversion',
                  value: builder.conversion === null ? <NoFigure why="None yet: no starts this month" /> : percentText(builder.conversion),
                  note: builder.capped_days > 0 ? 'rings ordered per start, at most' : 'rings ordered per start',
                },
              ]}
            />
          </Panel>
        </div>

        <AfterSale afterSale={afterSale} />
      </div>
    </>
  );
}
