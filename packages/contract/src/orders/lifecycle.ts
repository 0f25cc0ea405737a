/**
 * The life of an order after it is placed, said once for the server, the order desk, the back office and the
 * storefront: its states, the steps staff take between them and when each is allowed, the workshop's stages for a
 * made-to-order piece, the carriers and their tracking numbers. Free of Zod (the storefront's first load).
 * docs/decisions/020-order-lifecycle.md.
 *
 *   pending ─confirm/paid→ confirmed ─production (bench … quality check)→ in_production → ready_to_ship ─ship→ shipped
 *   confirmed ─ready (a stocked order)→ ready_to_ship                                             shipped ─deliver→ delivered
 *   delivered ─(the return window closes)→ completed            pending … ready_to_ship ─cancel/refund→ cancelled
 *
 * Each step is one conditional UPDATE on the order (its statuses as they must still be), so two people at two
 * terminals, a sweep and the wallet never both act on one order.
 */
import { STORE_TERMS } from '../constants.ts';
import { addBusinessDays, addIsoDays, dayFromIso, isBusinessDay, isCalendarDay, isoDayOf, storeToday } from './business-calendar.ts';

/**
 * §4: orders start 'pending'; 'confirmed' once the store's team has confirmed an unpaid order with the shopper (or
 * recorded its payment); then, for a made-to-order piece, 'in_production' at the workshop; 'ready_to_ship' once it
 * has passed its quality check (or a stocked order is packed); 'shipped' with its carrier and tracking number;
 * 'delivered'; 'completed' when the return window closes; 'cancelled' when its hold ran out or the store cancelled it.
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'in_production', 'ready_to_ship', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the storefront and the back office name each state. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_production: 'In production',
  ready_to_ship: 'Ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The states of an order still in the store: not shipped, not cancelled. Its stock is held; it may still be cancelled. */
export const UNSHIPPED_ORDER_STATUSES = ['pending', 'confirmed', 'in_production', 'ready_to_ship'] as const satisfies readonly OrderStatus[];
/** The states of an order that has left the store. */
export const SHIPPED_ORDER_STATUSES = ['shipped', 'delivered', 'completed'] as const satisfies readonly OrderStatus[];

export const isUnshipped = (status: OrderStatus) => (UNSHIPPED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
export const hasShipped = (status: OrderStatus) => (SHIPPED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The workshop's stages of a made-to-order piece or ring, in order; the last one makes it ready to ship. */
export const PRODUCTION_STAGES = ['bench', 'setting', 'polishing', 'quality_check'] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];
export const PRODUCTION_STAGE_LABELS: Record<ProductionStage, string> = {
  bench: 'Stone to the bench',
  setting: 'Setting',
  polishing: 'Polishing',
  quality_check: 'Quality check',
};

/** The workshop's stage after `done` (null: none recorded yet), or null when the quality check is done. */
export function nextProductionStage(done: ProductionStage | null): ProductionStage | null {
  if (done === null) return PRODUCTION_STAGES[0];
  const i = PRODUCTION_STAGES.indexOf(done);
  return PRODUCTION_STAGES[i + 1] ?? null;
}

/** The steps staff take on an order (the order desk's and the back office's, docs/operations.md). */
export const ORDER_STEPS = ['confirm', 'paid', 'production', 'ready', 'ship', 'deliver', 'delay', 'complete', 'cancel', 'refund'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
export const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  confirm: 'Confirm with the shopper',
  paid: 'Record payment',
  production: 'Record workshop stage',
  ready: 'Mark packed, ready to ship',
  ship: 'Ship with tracking',
  deliver: 'Mark delivered',
  delay: 'Give a new ships-by date',
  complete: 'Complete',
  cancel: 'Cancel order',
  refund: 'Record refund and cancel',
};
/** Steps that move money or end a paid order: the password is asked again first. */
export const SENSITIVE_ORDER_STEPS: readonly OrderStep[] = ['refund'];

/** The carriers the store ships with. */
export const CARRIERS = ['ups', 'fedex', 'usps'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS' };

/** A tracking number as carriers print it, without the spaces and dashes a label groups it with, in capitals. */
export const cleanTrackingNumber = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

const digitsOf = (text: string) => [...text].map((c) => (/\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10));

/** UPS's check digit: the 15 characters after '1Z', letters as digits, every second one doubled, to a multiple of ten. */
function upsCheckDigitHolds(number: string): boolean {
  const body = digitsOf(number.slice(2, 17));
  const sum = body.reduce((s, v, i) => s + (i % 2 === 1 ? v * 2 : v), 0);
  return (10 - (sum % 10)) % 10 === Number(number[17]);
}

/** USPS's (and GS1's) mod-10 check digit: from the right, weights 3 and 1. */
function mod10CheckDigitHolds(number: string): boolean {
  const digits = [...number].map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((s, v, i) => s + v * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * Why a tracking number cannot be this carrier's, in the words the desk and the back office show; null when it can.
 * UPS: '1Z' and 16 letters or digits with its check digit. FedEx: 12, 15, 20 or 22 digits. USPS: 20 to 22 digits
 * starting 91–95 with its check digit (optionally after the '420' + ZIP routing prefix a scanner reads), or an
 * international number such as 'EA123456789US'.
 */
export function trackingNumberProblem(carrier: Carrier, raw: string): string | null {
  const number = cleanTrackingNumber(raw);
  const name = CARRIER_NAMES[carrier];
  if (number.length === 0) return 'The tracking number is required.';
  if (number.length > 40) return `A ${name} tracking number is at most 34 characters.`;
  switch (carrier) {
    case 'ups':
      if (!/^1Z[0-9A-Z]{16}$/.test(number)) return 'A UPS tracking number starts with 1Z and has 18 letters and digits, such as 1Z999AA10123456784.';
      return upsCheckDigitHolds(number) ? null : 'This UPS tracking number’s check digit does not match: please check it against the label.';
    case 'fedex':
      return /^(\d{12}|\d{15}|\d{20}|\d{22})$/.test(number) ? null : 'A FedEx tracking number has 12, 15, 20 or 22 digits.';
    case 'usps': {
      if (/^[A-Z]{2}\d{9}US$/.test(number)) return null;
      const domestic = number.replace(/^420(\d{9}|\d{5})(?=9[1-5]\d{18,20}$)/, '');
      if (!/^9[1-5]\d{18,20}$/.test(domestic)) return 'A USPS tracking number has 20 to 22 digits starting 91 to 95, or is an international one such as EA123456789US.';
      return mod10CheckDigitHolds(domestic) ? null : 'This USPS tracking number’s check digit does not match: please check it against the label.';
    }
  }
}

/**
 * The tracking number as the store keeps it: cleaned, and a USPS number without the routing prefix a scanner adds.
 * Only for a number `trackingNumberProblem` accepted.
 */
export function storedTrackingNumber(carrier: Carrier, raw: string): string {
  const number = cleanTrackingNumber(raw);
  return carrier === 'usps' ? number.replace(/^420(\d{9}|\d{5})(?=9[1-5]\d{18,20}$)/, '') : number;
}

/** The carrier's own tracking page for a number: built by the store from the carrier and a checked number, never taken from input. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
  }
}

/** What an order is for the steps' rules: its statuses, its lines' kinds, its workshop stage, its delivery. */
export interface LifecycleFacts {
  order_status: OrderStatus;
  payment_status: string;
  payment_mode: string;
  /** Whether a line is made for the shopper (a ring, a made-to-order piece): it goes through the workshop's stages. */
  made_to_order: boolean;
  /** The last workshop stage recorded, or null. */
  production_stage: ProductionStage | null;
  /** When it was delivered (ISO), once it was. */
  delivered_at: string | null;
}

/** Whether an order's money is final enough to let it leave: paid, or cash on delivery agreed with the shopper. */
export function mayLeaveTheStore(order: Pick<LifecycleFacts, 'order_status' | 'payment_status' | 'payment_mode'>): boolean {
  if (order.payment_status === 'paid') return true;
  return order.payment_mode === 'cod' && order.payment_status === 'pending' && order.order_status !== 'pending';
}

/**
 * Whether an order not yet in the workshop or packed is agreed: confirmed with the shopper, or paid (a PayPal order
 * is placed paid and stays 'pending' in §4's sense: nobody had to confirm it). Its payment is not in doubt.
 */
export function isAgreed(order: Pick<LifecycleFacts, 'order_status' | 'payment_status'>): boolean {
  if (order.order_status === 'confirmed') return order.payment_status === 'paid' || order.payment_status === 'pending';
  return order.order_status === 'pending' && order.payment_status === 'paid';
}

/** Whether the workshop may start: the order is agreed. */
export const mayStartProduction = isAgreed;

/** The day (ISO instant) a delivered order's return window closes: the delivery plus STORE_TERMS.returnDays. */
export function returnWindowEndsAt(deliveredAt: string): string {
  return new Date(new Date(deliveredAt).getTime() + STORE_TERMS.returnDays * 86_400_000).toISOString();
}

/** The steps an order can take now, in the order the back office offers them; each is re-checked when taken. */
export function allowedSteps(order: LifecycleFacts, now: Date): OrderStep[] {
  const steps: OrderStep[] = [];
  const s = order.order_status;
  const unshipped = isUnshipped(s);
  if (order.payment_status === 'pending') {
    if (s === 'pending' && order.payment_mode !== 'pay-wire') steps.push('confirm');
    if (s !== 'cancelled' && s !== 'completed') steps.push('paid');
  }
  if (order.made_to_order && (mayStartProduction(order) || s === 'in_production') && nextProductionStage(order.production_stage) !== null) steps.push('production');
  const agreed = isAgreed(order);
  if (!order.made_to_order && agreed) steps.push('ready');
  if ((s === 'ready_to_ship' || (agreed && !order.made_to_order)) && mayLeaveTheStore(order)) steps.push('ship');
  if (s === 'shipped') steps.push('deliver');
  if (agreed || s === 'in_production' || s === 'ready_to_ship') steps.push('delay');
  if (s === 'delivered' && order.payment_status === 'paid' && order.delivered_at !== null && returnWindowEndsAt(order.delivered_at) <= now.toISOString()) steps.push('complete');
  if (unshipped && order.payment_status === 'pending') steps.push('cancel');
  if (unshipped && order.payment_status === 'paid') steps.push('refund');
  return steps;
}

/** What the order's timeline records, each with its day: the shopper's order page and the back office show them. */
export const TIMELINE_STEPS = [
  'placed',
  'confirmed',
  'paid',
  'production',
  'ready',
  'shipped',
  'delivered',
  'delayed',
  'completed',
  'cancelled',
  // A return's steps (docs/decisions/021-returns-and-refunds.md): read from the return itself, `detail` its RMA.
  'return_authorized',
  'return_received',
  'return_inspected',
  'return_refunded',
  // Refunded as an exchange toward the shopper's new order.
  'return_exchanged',
  'return_declined',
  'return_cancelled',
  // A resize's or a repair's steps, read from its ticket: `detail` its number (RS-… a resize, RP-… a repair).
  'care_requested',
  'care_received',
  'care_in_work',
  'care_shipped',
  'care_cancelled',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** The largest ships-by date staff may give, counted from today: a year. */
export const MAX_DELAY_DAYS = 365;

/** Whether a new ships-by day (YYYY-MM-DD) is within what staff may promise: after `today`, within a year. */
export function delayDayProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return 'The new ships-by date must be a date in the form YYYY-MM-DD.';
  if (day <= today) return 'The new ships-by date must be after today.';
  if (day > addIsoDays(today, MAX_DELAY_DAYS)) return 'The new ships-by date must be within a year.';
  if (!isBusinessDay(dayFromIso(day))) return 'The workshop does not ship on that day (a weekend or a day the store is closed): please choose a business day.';
  return null;
}

/** Business days a loose diamond takes to leave the workshop: checked against its certificate, cleaned and packed. */
export const STONE_LEAD_DAYS = 5;

/** The business days an order takes to leave: its slowest line's (a ring's or a piece's own, a stone's STONE_LEAD_DAYS). */
export function orderLeadDays(lines: readonly { kind: string; lead_days: number | null }[]): number {
  return Math.max(0, ...lines.map((line) => (line.kind === 'diamond' ? STONE_LEAD_DAYS : (line.lead_days ?? STONE_LEAD_DAYS))));
}

/** The day (YYYY-MM-DD) an order placed at `createdAt` (ISO) is to leave the workshop, on the store's calendar. */
export function orderShipsBy(createdAt: string, lines: readonly { kind: string; lead_days: number | null }[]): string {
  return isoDayOf(addBusinessDays(storeToday(new Date(createdAt)), orderLeadDays(lines)));
}

/** How the shopper is told each workshop stage. */
const STAGE_DONE: Record<ProductionStage, string> = {
  bench: 'Your diamond went to our jeweler’s bench',
  setting: 'Your diamond was set',
  polishing: 'Your piece was polished',
  quality_check: 'Your piece passed our quality check',
};

const rma = (entry: { detail: string | null }) => (entry.detail ? ` ${entry.detail}` : '');
const careWord = (entry: { detail: string | null }) => (entry.detail?.startsWith('RP-') ? 'Repair' : 'Resize');

/** A timeline step in the shopper's words: the order page, the emails and the back office say these. */
export function timelineLabel(entry: { step: TimelineStep; stage: ProductionStage | null; detail: string | null }, carrier?: Carrier | null): string {
  switch (entry.step) {
    case 'placed':
      return 'Order placed';
    case 'confirmed':
      return 'Order confirmed with you';
    case 'paid':
      return 'Payment received';
    case 'production':
      return entry.stage ? STAGE_DONE[entry.stage] : 'In our workshop';
    case 'ready':
      return 'Packed and ready to ship';
    case 'shipped':
      return carrier ? `Shipped with ${CARRIER_NAMES[carrier]}, insured` : 'Shipped, insured';
    case 'delivered':
      return 'Delivered';
    case 'delayed':
      return entry.detail && isCalendarDay(entry.detail) ? `New ships-by date: ${formatShipDay(entry.detail)}` : 'New ships-by date';
    case 'completed':
      return 'Completed: the return window has closed';
    case 'cancelled':
      return 'Order cancelled';
    case 'return_authorized':
      return `Return${rma(entry)} authorized: your prepaid label is ready`;
    case 'return_received':
      return `Return${rma(entry)} received at our workshop`;
    case 'return_inspected':
      return `Return${rma(entry)} inspected and accepted`;
    case 'return_refunded':
      return `Return${rma(entry)} refunded`;
    case 'return_exchanged':
      return `Return${rma(entry)} refunded as an exchange toward your new order`;
    case 'return_declined':
      return `Return${rma(entry)} declined: the piece is sent back to you`;
    case 'care_requested':
      return entry.detail?.startsWith('RP-') ? `Repair ${entry.detail} opened` : `Resize${rma(entry)} requested: your prepaid label is ready`;
    case 'care_received':
      return `${careWord(entry)}${rma(entry)}: your piece reached our workshop`;
    case 'care_in_work':
      return `${careWord(entry)}${rma(entry)}: at the jeweler’s bench`;
    case 'care_shipped':
      return `${careWord(entry)}${rma(entry)}: shipped back to you, insured`;
    case 'care_cancelled':
      return `${careWord(entry)}${rma(entry)} cancelled`;
    case 'return_cancelled':
      return `Return${rma(entry)} cancelled`;
  }
}

const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** 'Friday, December 18, 2026': a day (YYYY-MM-DD) as the order page and the emails name a ships-by date. */
export function formatShipDay(day: string): string {
  return longDay.format(dayFromIso(day));
}

/** Whether an order is past its ships-by day (`today`, YYYY-MM-DD, the store's) without having shipped, once agreed. */
export function isLate(order: { ships_by: string | null; order_status: OrderStatus; payment_status: string }, today: string): boolean {
  const started = order.order_status === 'in_production' || order.order_status === 'ready_to_ship' || isAgreed(order);
  return order.ships_by !== null && order.ships_by < today && started;
}

/** Whether a line of an order is made for the shopper (a ring, a made-to-order piece), so the workshop makes it. */
export function isMadeToOrderLine(line: { kind: string; product: { made_to_order: boolean } | null }): boolean {
  return line.kind === 'ring' || (line.product?.made_to_order ?? false);
}
