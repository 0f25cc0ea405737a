import { BUILDER_STARTS_PER_DAY, formatAmount, type AdminNumbersResponse } from '@everstone/contract';
import numbersHref from '../../../styles/admin-numbers.css?url';
import { PageHead } from '../kit/frame';
import { DailyChart } from './daily-chart';
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

/**
 * /admin/numbers: how the store is doing at a glance. Orders and revenue today and this month, the last 30 days
 * as a chart, the month's diamonds sold by type and by shape, and how many ring builder visits became rings.
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
  const { today, month, daily, stones_sold: sold, builder } = numbers;
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
      </div>
    </>
  );
}
