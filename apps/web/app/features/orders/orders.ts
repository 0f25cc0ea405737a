import { APPOINTMENTS, ORDER_NUMBER_PATTERN, formatCents } from '@everstone/contract/core';
import { orderSchema, priceToCents, type Order } from '@everstone/contract';

/**
 * How the storefront shows an order (the thank-you page, the Order History and the order page): its statuses,
 * dates and amounts, and the order checkout hands to /thankyou. What happens next is the contract's `nextStepsOf`,
 * shared with the confirmation email. Free of React.
 */

export const ORDER_STATUS_LABELS: Record<Order['order_status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const PAYMENT_STATUS_LABELS: Record<Order['payment_status'], string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  under_review: 'Under review by PayPal',
  expired: 'Hold expired',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

/** The payment's label; an order cancelled before it was paid says nothing was charged rather than 'pending'. */
export function paymentLabel(order: Pick<Order, 'order_status' | 'payment_status'>): string {
  return order.order_status === 'cancelled' && order.payment_status === 'pending' ? 'Not charged' : PAYMENT_STATUS_LABELS[order.payment_status];
}

/** The page of one order, by its public number (§3's order_id): the store's own counter never reaches the browser. */
export const orderPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/**
 * An order number from the address, in capitals, or null when the text cannot be one (then there is nothing to ask
 * the API for).
 */
export function orderNumberFrom(param: string | undefined): string | null {
  return param && ORDER_NUMBER_PATTERN.test(param) ? param.toUpperCase() : null;
}

// Orders are placed and held on the store's clock: the showroom's time zone, whatever the shopper's.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: APPOINTMENTS.timeZone });

/** 'July 14, 2026'. */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** An amount of an order (§3's 2-decimal text, '1890.50') as the pages show it: '$1,890.50'. */
export function formatAmount(price: string): string {
  return formatCents(priceToCents(price) ?? Number.NaN);
}

/** What the thank-you page shows of the order (§3: order_id and total_price; the order number too). */
const placedOrderSchema = orderSchema.pick({ order_id: true, order_number: true, total_price: true });
export type PlacedOrder = ReturnType<typeof placedOrderSchema.parse>;

/** Reads the order handed to /thankyou in navigation state, which any page could set: only the expected fields. */
export function placedOrderFrom(state: unknown): PlacedOrder | null {
  const order = typeof state === 'object' && state !== null ? (state as { order?: unknown }).order : undefined;
  const parsed = placedOrderSchema.safeParse(order);
  return parsed.success ? parsed.data : null;
}
