import {
  APPOINTMENTS,
  ORDER_NUMBER_PATTERN,
  RING_SIZE_UNKNOWN,
  formatAmount,
  formatCarat,
  formatShipDay,
  hasShipped,
  ringSizeLabel,
  shipsByText,
  timelineLabel,
} from '@everstone/contract/core';
import { orderGiftSchema, orderLineSchema, orderSchema, priceToCents, type Order, type OrderLine, type OrderProduct, type TimelineEntry } from '@everstone/contract';

/**
 * How the storefront shows an order (the thank-you page, the Order History and the order page): its statuses,
 * dates and amounts, and the order checkout hands to /thankyou. What happens next is the contract's `nextStepsOf`,
 * shared with the confirmation email. Free of React.
 */

export { ORDER_STATUS_LABELS } from '@everstone/contract/core';

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

/**
 * What the thank-you page shows of the order (§3: order_id and total_price; the order number too), and its lines
 * when the state carries them (an order placed by this storefront does).
 */
const placedOrderSchema = orderSchema
  .pick({ order_id: true, order_number: true, total_price: true })
  .extend({
    lines: orderLineSchema.array().optional(),
    created_at: orderSchema.shape.created_at.optional(),
    // The ships-by day the store promised, so the rings' lines name the day the order page will.
    ships_by: orderSchema.shape.ships_by.optional(),
    // The sales tax it was charged, shown beside the total.
    tax: orderSchema.shape.tax.unwrap().optional(),
    // §9's free gift, so the page says what the order carries (or why it carries none).
    gift: orderGiftSchema.nullable().optional(),
  });
export type PlacedOrder = ReturnType<typeof placedOrderSchema.parse>;

/** Reads the order handed to /thankyou in navigation state, which any page could set: only the expected fields. */
export function placedOrderFrom(state: unknown): PlacedOrder | null {
  const order = typeof state === 'object' && state !== null ? (state as { order?: unknown }).order : undefined;
  const parsed = placedOrderSchema.safeParse(order);
  return parsed.success ? parsed.data : null;
}

const LINE_NOUNS: Record<OrderLine['kind'], string> = { diamond: 'diamond', product: 'piece', ring: 'ring' };

/** The heading over an order's lines: 'Your diamond(s)' as before for stones alone, pieces or rings, else items. */
export function orderLinesHeading(lines: readonly Pick<OrderLine, 'kind'>[]): string {
  const n = lines.length;
  const kinds = [...new Set(lines.map((l) => l.kind))];
  const noun = kinds.length === 1 ? LINE_NOUNS[kinds[0]!] : 'item';
  return n === 1 ? `Your ${noun}` : `Your ${noun}s (${n})`;
}

/**
 * When a made-to-order line leaves the workshop: the order's own ships-by day when the answer carries one (the day
 * the store promises now, moved or not), so the page names one day everywhere; else its business days (a ring's
 * `lead_days`, as promised when ordered) after the day the order was placed, on the store's calendar. Null once the
 * order has shipped, was cancelled or is completed, when a ship date no longer means anything.
 */
export function orderShipsByText(
  leadDays: number,
  order: { created_at?: string; order_status?: Order['order_status']; ships_by?: string | null },
): string | null {
  if (order.order_status === 'cancelled' || (order.order_status && hasShipped(order.order_status))) return null;
  if (order.ships_by) return `Ships by ${formatShipDay(order.ships_by)}`;
  const placed = order.created_at ? new Date(order.created_at) : new Date();
  return Number.isNaN(placed.getTime()) ? null : shipsByText(leadDays, placed);
}

/**
 * The day an order still in the store is to leave, as its page's heading says it: the day (YYYY-MM-DD) for
 * `<time>`, its words, and whether the store moved it (the shopper was emailed the new one). Null once it has left.
 */
export function orderShipsByDay(order: Pick<Order, 'ships_by' | 'ships_by_changed'>): { day: string; text: string; changed: boolean } | null {
  return order.ships_by ? { day: order.ships_by, text: formatShipDay(order.ships_by), changed: order.ships_by_changed } : null;
}

/**
 * A timeline step as the order page lays it out: the store's words for the step, and apart from them what staff
 * added in their own (a delay's reason), which the answer's label carries after the step's words and a colon.
 */
export function timelineEntryText(entry: TimelineEntry, shipments: Order['shipments']): { title: string; note: string | null } {
  const carrier = entry.step === 'shipped' ? shipments.find((s) => s.tracking_number === entry.detail)?.carrier : null;
  const words = timelineLabel(entry, carrier);
  return entry.label.startsWith(`${words}: `) ? { title: words, note: entry.label.slice(words.length + 2) } : { title: entry.label, note: null };
}

/**
 * What a bank wire took off a ring (its line's total is below the ring's itemized total), in cents; 0 otherwise.
 * The itemized price is the ring's list price; the line's total is what the shopper pays with the order's method.
 */
export function ringMethodSavingCents(line: Pick<OrderLine, 'total'>, ringTotalCents: number): number {
  const paid = priceToCents(line.total);
  return paid === null ? 0 : Math.max(0, ringTotalCents - paid);
}

/** A ring's size as the order shows it; a size not known yet says the team will ask for it. Null when not a ring. */
export function orderRingSizeText(size: string | null): string | null {
  if (size === null) return null;
  if (size === RING_SIZE_UNKNOWN) return 'Ring size to be confirmed: our team will contact you for the size (one free resize).';
  return ringSizeLabel(size);
}

/** How a piece of an order is supplied, as promised when it was ordered. */
export function orderSupplyText(product: Pick<OrderProduct, 'made_to_order' | 'lead_days'>): string {
  return product.made_to_order ? `Made to order, ships in ${product.lead_days} business days` : 'From stock';
}

/** A preset's own certified center stone: what it is and its certificate. */
export function includedStoneText(stone: NonNullable<OrderProduct['included_stone']>): string {
  const origin = stone.origin === 'lab' ? 'lab-grown' : 'natural';
  return `Center stone: ${formatCarat(stone.carat)} ct ${stone.shape} ${origin} diamond, ${stone.color} ${stone.clarity}, ${stone.lab} certificate ${stone.certificate_number}`;
}

/** The quantity and unit price of a line holding more than one, e.g. '2 × $1,560.00'; null for one. */
export function quantityText(line: Pick<OrderLine, 'quantity' | 'unit_price'>): string | null {
  return line.quantity > 1 ? `${line.quantity} × ${formatAmount(line.unit_price)}` : null;
}
