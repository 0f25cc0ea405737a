import { CARE_KIND_LABELS, CARE_STATUS_LABELS, CARE_STEP_LABELS, type AdminTicketSummary, ORDER_STATUS_LABELS, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, RETURN_STEP_LABELS, formatAmount, formatShipDay, type AdminFulfilmentResponse, type AdminOrderSummary, type AdminReturnSummary } from '@everstone/contract';
import { TableScroll } from '../kit/table';
import { PageHead } from '../kit/frame';
import { formatDayTime } from '../kit/format';
import { OrderLink, OrderQueueTable } from '../orders';

type Group = { key: Exclude<keyof AdminFulfilmentResponse, 'returns' | 'tickets'>; title: string; lead: string; empty: string };

const GROUPS: Group[] = [
  {
    key: 'late',
    title: 'Late',
    lead: 'Past the ships-by date the shopper was promised and not shipped. Ship it, or give the shopper a new date on the order’s page: they are emailed it.',
    empty: 'Nothing is late.',
  },
  {
    key: 'to_ship',
    title: 'To ship',
    lead: 'Packed or through their quality check, and their money final (paid, or cash on delivery agreed). Record each parcel with its carrier and tracking number.',
    empty: 'Nothing waits to ship.',
  },
  {
    key: 'to_make',
    title: 'To make',
    lead: 'Made-to-order rings and pieces, agreed with the shopper and not through their quality check yet. Record each workshop stage as it is finished.',
    empty: 'Nothing waits in the workshop.',
  },
  {
    key: 'in_transit',
    title: 'On their way',
    lead: 'Shipped and not yet marked delivered. Mark each delivered once the carrier shows it: its return window starts then.',
    empty: 'No parcel is on its way.',
  },
];

/** The ships-by day of a row, or where it stands once it has left. */
function ShipsBy({ order, late }: { order: AdminOrderSummary; late: boolean }) {
  if (!order.ships_by) return <span className="adm-muted">{ORDER_STATUS_LABELS[order.order_status]}</span>;
  return (
    <span>
      {formatShipDay(order.ships_by)}
      {late && <span className="adm-badge adm-badge--late">Late</span>}
      <span className="adm-cell-sub">{ORDER_STATUS_LABELS[order.order_status]}</span>
    </span>
  );
}

/** The returns in the store's hands: each with its order (where its steps are taken) and what to do next. */
function ReturnsQueue({ returns }: { returns: AdminReturnSummary[] }) {
  return (
    <section className="adm-panel" aria-labelledby="fulfilment-returns-title">
      <div className="adm-panel__head">
        <h2 className="adm-panel__title">
          <span id="fulfilment-returns-title">Returns</span>
          <span className="adm-count">
            {returns.length}
            <span className="visually-hidden">{returns.length === 1 ? ' return' : ' returns'}</span>
          </span>
        </h2>
        <p className="adm-panel__lead">Authorized, received or inspected, oldest first. Receive each parcel as it arrives, inspect it, then refund it from its order’s page.</p>
      </div>
      {returns.length === 0 ? (
        <p className="adm-empty">No return is open.</p>
      ) : (
        <TableScroll label="Returns">
          <table className="adm-table adm-table--plain">
            <caption className="visually-hidden">Open returns</caption>
            <thead>
              <tr>
                <th scope="col">Return</th>
                <th scope="col">Order</th>
                <th scope="col">Reason</th>
                <th scope="col" className="adm-num">
                  Refund
                </th>
                <th scope="col">Next</th>
              </tr>
            </thead>
            <tbody>
              {returns.map((r) => (
                <tr key={r.rma}>
                  <td>
                    <span className="adm-cell-main">{r.rma}</span>
                    <span className="adm-cell-sub">
                      {RETURN_STATUS_LABELS[r.status]}, {formatDayTime(r.requested_at)}
                    </span>
                  </td>
                  <td>
                    <OrderLink orderNumber={r.order_number} />
                    <span className="adm-cell-sub">
                      {r.user_name}, {r.lines === 1 ? '1 line' : `${r.lines} lines`}
                    </span>
                  </td>
                  <td>{RETURN_REASON_LABELS[r.reason]}</td>
                  <td className="adm-num">{formatAmount(r.refund)}</td>
                  <td>{r.steps.filter((s) => s !== 'cancel').map((s) => RETURN_STEP_LABELS[s]).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Resizes and repairs open: each with its order (where its steps are taken) and what to do next. */
function TicketsQueue({ tickets }: { tickets: AdminTicketSummary[] }) {
  return (
    <section className="adm-panel" aria-labelledby="fulfilment-tickets-title">
      <div className="adm-panel__head">
        <h2 className="adm-panel__title">
          <span id="fulfilment-tickets-title">Resizes and repairs</span>
          <span className="adm-count">
            {tickets.length}
            <span className="visually-hidden">{tickets.length === 1 ? ' ticket' : ' tickets'}</span>
          </span>
        </h2>
        <p className="adm-panel__lead">Waiting for the piece, received, or at the bench, oldest first. Take each step on its order’s page.</p>
      </div>
      {tickets.length === 0 ? (
        <p className="adm-empty">No resize or repair is open.</p>
      ) : (
        <TableScroll label="Resizes and repairs">
          <table className="adm-table adm-table--plain">
            <caption className="visually-hidden">Open resizes and repairs</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Order</th>
                <th scope="col">What</th>
                <th scope="col">Next</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t.number}>
                  <td>
                    <span className="adm-cell-main">
                      {CARE_KIND_LABELS[t.kind]} {t.number}
                    </span>
                    <span className="adm-cell-sub">
                      {CARE_STATUS_LABELS[t.status]}, {formatDayTime(t.requested_at)}
                    </span>
                  </td>
                  <td>
                    <OrderLink orderNumber={t.order_number} />
                    <span className="adm-cell-sub">
                      {t.user_name}, line {t.line}
                    </span>
                  </td>
                  <td>{t.summary}</td>
                  <td>{t.steps.filter((s) => s !== 'cancel').map((s) => CARE_STEP_LABELS[s]).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** /admin/fulfilment: what the workshop and the shipping desk have to do, late orders first. */
export function FulfilmentPage({ queue, now, onRefresh, refreshing = false }: { queue: AdminFulfilmentResponse; now: number; onRefresh?: () => void; refreshing?: boolean }) {
  const late = new Set(queue.late.map((o) => o.order_number));
  const waiting = queue.late.length + queue.to_ship.length + queue.to_make.length;
  return (
    <>
      <PageHead
        title="Fulfilment"
        lead={
          waiting === 0
            ? 'Nothing to make or ship right now.'
            : `${queue.to_make.length} to make, ${queue.to_ship.length} to ship${queue.late.length > 0 ? `, ${queue.late.length} late` : ''}${queue.returns.length > 0 ? `, ${queue.returns.length} ${queue.returns.length === 1 ? 'return' : 'returns'} open` : ''}.`
        }
      >
        <p className="adm-muted adm-small">
          As of <time dateTime={new Date(now).toISOString()}>{formatDayTime(new Date(now).toISOString())}</time> Eastern
        </p>
        {onRefresh && (
          <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </PageHead>
      <div className="adm-queue">
        {GROUPS.map((group) => {
          const orders = queue[group.key];
          const titleId = `fulfilment-${group.key}-title`;
          return (
            <section key={group.key} className="adm-panel" aria-labelledby={titleId}>
              <div className="adm-panel__head">
                <h2 className="adm-panel__title">
                  <span id={titleId}>{group.title}</span>
                  <span className="adm-count">
                    {orders.length}
                    <span className="visually-hidden">{orders.length === 1 ? ' order' : ' orders'}</span>
                  </span>
                </h2>
                <p className="adm-panel__lead">{group.lead}</p>
              </div>
              {orders.length === 0 ? (
                <p className="adm-empty">{group.empty}</p>
              ) : (
                <OrderQueueTable
                  id={`fulfilment-${group.key}`}
                  title={group.title}
                  orders={orders}
                  last={{ title: group.key === 'in_transit' ? 'Status' : 'Ships by', cell: (order) => <ShipsBy order={order} late={late.has(order.order_number)} /> }}
                />
              )}
            </section>
          );
        })}
        <ReturnsQueue returns={queue.returns} />
        <TicketsQueue tickets={queue.tickets} />
      </div>
    </>
  );
}
