import { Link } from 'react-router';
import type { OrderStatus, PaymentStatus } from '@everstone/contract';
import { ORDER_STATUS_TEXT, PAYMENT_STATUS_TEXT, formatExact, relativeTime } from '../kit/format';

/** An order's page in the back office. */
export const adminOrderPath = (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`;

/** The order's status filled, the payment's outlined, each named for a screen reader. */
export function StatusBadges({ order, payment }: { order: OrderStatus; payment: PaymentStatus }) {
  return (
    <span className="adm-badges">
      <span className={`adm-badge adm-badge--order-${order}`}>
        <span className="visually-hidden">Order status: </span>
        {ORDER_STATUS_TEXT[order]}
      </span>
      <span className={`adm-badge adm-badge--outline adm-badge--pay-${payment}`}>
        <span className="visually-hidden">Payment status: </span>
        {PAYMENT_STATUS_TEXT[payment]}
      </span>
    </span>
  );
}

/**
 * When an order's hold on its stones ends: how soon, at a glance ('in 5 h'), and the exact Eastern time the shopper's
 * email gave. A hold already past says so.
 */
export function HoldEnd({ at, now }: { at: string | null; now: number }) {
  if (!at) return <span className="adm-muted">No hold</span>;
  const soon = new Date(at).getTime() - now;
  return (
    <span className={soon < 0 ? 'adm-hold adm-hold--past' : soon < 6 * 3_600_000 ? 'adm-hold adm-hold--soon' : 'adm-hold'}>
      <span className="adm-hold__in">{soon < 0 ? `Ended ${relativeTime(at, now)}` : relativeTime(at, now)}</span>
      <time className="adm-hold__at" dateTime={at}>
        {formatExact(at)}
      </time>
    </span>
  );
}

export function OrderLink({ orderNumber }: { orderNumber: string }) {
  return (
    <Link className="adm-order-link" to={adminOrderPath(orderNumber)}>
      {orderNumber}
    </Link>
  );
}
