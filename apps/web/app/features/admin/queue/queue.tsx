import { Link } from 'react-router';
import { HOLD_EXPIRING_HOURS, type AdminCustomRequest, type AdminOrderSummary, type AdminQueueResponse } from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { formatDayTime } from '../kit/format';
import { HoldEnd, OrderQueueTable } from '../orders';
import { ReplyCountdown, useMinuteClock } from '../requests';

/** The queue's lists of orders (the queue may carry more than orders; this page shows these four). */
type Group = { key: 'wires' | 'reviews' | 'ring_sizes' | 'expiring'; title: string; lead: string; empty: string };

const GROUPS: Group[] = [
  {
    key: 'wires',
    title: 'Wire transfers to match',
    lead: 'Bank-wire orders waiting for their transfer, the soonest hold end first. Record the payment once the money is in the account.',
    empty: 'No wire transfers to match.',
  },
  {
    key: 'reviews',
    title: 'PayPal payments under review',
    lead: 'PayPal holds these payments for review. Nothing ships until it releases them.',
    empty: 'No PayPal payments under review.',
  },
  {
    key: 'ring_sizes',
    title: 'Ring sizes to confirm',
    lead: 'Open orders with a ring whose size the shopper left to confirm. Ask the shopper before the ring is made.',
    empty: 'No ring sizes to confirm.',
  },
  {
    key: 'expiring',
    title: 'Holds ending soon',
    lead: `Other unpaid orders whose stones go back on sale within ${HOLD_EXPIRING_HOURS} hours unless they are paid or confirmed.`,
    empty: `No other holds end within ${HOLD_EXPIRING_HOURS} hours.`,
  },
];

/**
 * One group's orders as a short table. On a phone each row is laid out as a small card (admin.css); the table's roles
 * are said explicitly, so assistive technology still reads a table whatever its layout.
 */
function QueueTable({ group, orders, now }: { group: Group; orders: AdminOrderSummary[]; now: number }) {
  return <OrderQueueTable id={group.key} title={group.title} orders={orders} last={{ title: 'Hold ends', cell: (order) => <HoldEnd at={order.hold_expires_at} now={now} /> }} />;
}

/**
 * The custom ring requests whose one-day reply is due by the end of today (Eastern), or overdue: each with the time
 * left, counted down by the minute. They are answered on the Requests page.
 */
function DueRequests({ requests, now: loadedAt }: { requests: AdminCustomRequest[]; now: number }) {
  const now = useMinuteClock(loadedAt);
  return (
    <section className="adm-panel" aria-labelledby="queue-custom-requests-title">
      <div className="adm-panel__head">
        <h2 className="adm-panel__title">
          <span id="queue-custom-requests-title">Custom ring requests due today</span>
          <span className="adm-count">
            {requests.length}
            <span className="visually-hidden">{requests.length === 1 ? ' request' : ' requests'}</span>
          </span>
        </h2>
        <p className="adm-panel__lead">
          The store promised these shoppers an answer by the end of today, Eastern time. Answer each one, then mark it answered on{' '}
          <Link className="adm-link" to="/admin/requests">
            Requests
          </Link>
          .
        </p>
      </div>
      {requests.length === 0 ? (
        <p className="adm-empty">No custom ring request is due today.</p>
      ) : (
        <ul className="adm-due-list">
          {requests.map((request) => (
            <li key={request.request_number}>
              <p className="adm-due-list__who">
                <span className="adm-cell-main">{request.request_number}</span>
                <span className="adm-cell-sub">
                  {request.name} · {request.email}
                </span>
              </p>
              <ReplyCountdown request={request} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /admin, "Waiting on you": what the staff have to do: the messages waiting, the custom ring requests due today, and
 * four short lists of orders.
 */
export function QueuePage({
  queue,
  now,
  onRefresh,
  refreshing = false,
}: {
  queue: AdminQueueResponse;
  now: number;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  const waiting = GROUPS.reduce((sum, g) => sum + queue[g.key].length, 0);
  const nothing = waiting === 0 && queue.custom_requests.length === 0 && queue.open_messages === 0;
  return (
    <>
      <PageHead
        title="Waiting on you"
        lead={
          nothing
            ? 'Nothing needs doing right now.'
            : waiting === 0
              ? 'No order needs a step from the team.'
              : `${waiting} ${waiting === 1 ? 'order needs' : 'orders need'} a step from the team.`
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
      <p className="adm-queue-messages">
        {queue.open_messages === 0 ? (
          <span className="adm-muted">No messages waiting for a reply.</span>
        ) : (
          <Link className="adm-link" to="/admin/messages">
            {queue.open_messages} {queue.open_messages === 1 ? 'message' : 'messages'} waiting for a reply
          </Link>
        )}
      </p>
      <div className="adm-queue">
        <DueRequests requests={queue.custom_requests} now={now} />
        {GROUPS.map((group) => {
          const orders = queue[group.key];
          const titleId = `queue-${group.key}-title`;
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
              {orders.length === 0 ? <p className="adm-empty">{group.empty}</p> : <QueueTable group={group} orders={orders} now={now} />}
            </section>
          );
        })}
      </div>
    </>
  );
}
