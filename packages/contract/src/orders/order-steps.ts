import { STORE_TERMS, UNPAID_HOLD_HOURS } from '../constants.ts';
import { formatAmount } from '../money.ts';
import type { Order, PaymentMethod } from './orders.ts';
import { APPOINTMENTS } from '../storefront/storefront-terms.ts';
import { storeDayOf } from './business-calendar.ts';
import { formatShipDay, returnWindowEndsAt, type ProductionStage } from './lifecycle.ts';

/**
 * What happens next with an order, said once for the confirmation email and the order page. Free of Zod, so
 * the storefront can show it without loading the schemas.
 */

/** 'EV-2026-K7M3QX': the shape of an order number (Crockford base32: no I, L, O or U), in any letter case. */
export const ORDER_NUMBER_PATTERN = /^EV-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/i;

// Orders are placed and held on the store's clock: the showroom's time zone, whatever the shopper's.
const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, month: '2-digit', day: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/** '07/14/2026 at 3:42 PM Eastern Time', as the confirmation email gives a hold's deadline (§9 MM/dd/yyyy). */
export function formatEasternTime(iso: string): string {
  const instant = new Date(iso);
  // Some ICU versions put a narrow no-break space before AM/PM; the email has a plain one.
  return `${dayFormat.format(instant)} at ${timeFormat.format(instant).replace(/\s/g, ' ')} Eastern Time`;
}

/** An unpaid order whose stones are still held until `hold_expires_at`: neither paid nor confirmed yet. */
export function isHeldUnpaid<T extends Pick<Order, 'order_status' | 'payment_status' | 'hold_expires_at'>>(order: T): order is T & { hold_expires_at: string } {
  return order.order_status === 'pending' && order.payment_status === 'pending' && order.hold_expires_at !== null;
}

/** '24 hours', '3 days': how UNPAID_HOLD_HOURS reads in a sentence. */
export function holdDuration(hours: number): string {
  return hours > 24 && hours % 24 === 0 ? `${hours / 24} days` : `${hours} hours`;
}

/** What the hold of each unpaid method waits for, as the order page, the emails and checkout say it. */
const HOLD_PURPOSES: Record<keyof typeof UNPAID_HOLD_HOURS, string> = {
  'pay-wire': 'while the transfer arrives',
  cod: 'while we confirm the delivery with you',
  'pay-credit': 'while we take your card payment by phone',
  'pay-multiple': 'while we arrange the payment with you',
  'pay-affirm': 'while you apply with Affirm',
  'pay-synchrony': 'while you apply for Synchrony financing',
};

const holdHoursOf = (method: PaymentMethod): number | null => (method in UNPAID_HOLD_HOURS ? UNPAID_HOLD_HOURS[method as keyof typeof UNPAID_HOLD_HOURS] : null);

/**
 * Checkout's payment-method info box: how long the diamonds are held for this method, before the order is placed.
 * Null for PayPal (paid when placed) and for the bank wire, whose box already says its 24 hours beside its price.
 */
export function holdNoticeOf(method: PaymentMethod): string | null {
  const hours = holdHoursOf(method);
  if (hours === null || method === 'pay-wire') return null;
  return `Your diamonds are held for you for ${holdDuration(hours)} ${HOLD_PURPOSES[method as keyof typeof UNPAID_HOLD_HOURS]}; an order not confirmed by then is cancelled and its diamonds go back on sale.`;
}

/** An unpaid wire order whose stones are still held: the shopper still has to send the transfer. */
export function awaitsWireTransfer<T extends Pick<Order, 'payment_mode' | 'order_status' | 'payment_status' | 'hold_expires_at'>>(
  order: T,
): order is T & { hold_expires_at: string } {
  return order.payment_mode === 'pay-wire' && order.order_status === 'pending' && order.payment_status === 'pending' && order.hold_expires_at !== null;
}

/**
 * The bank wire's details as label and value, in the order the email and the order page show them: the store's
 * account (present only while the order awaits the transfer), the order number as the reference and the amount.
 */
export function wireTransferDetails(order: Pick<Order, 'wire_transfer' | 'order_number' | 'total_price'>): Array<[string, string]> | null {
  const account = order.wire_transfer;
  if (!account) return null;
  return [
    ['Beneficiary', account.beneficiary],
    ['Bank', account.bank],
    ['Routing number (ABA)', account.routing_number],
    ['Account number', account.account_number],
    ['SWIFT', account.swift],
    ['Reference', order.order_number],
    ['Amount', `${formatAmount(order.total_price)} USD`],
  ];
}

export interface NextSteps {
  title: string;
  /** Said before the wire instructions, when there are any. */
  lead: string[];
  /** The bank wire's details (`wireTransferDetails`) are shown between `lead` and `after`. */
  wire: boolean;
  after: string[];
}

// The confirmation email says these words too, to the account's unverified address: nothing the shopper typed is in
// them (the order page shows the phone number beside them).
type StepsOrder = Pick<
  Order,
  'payment_mode' | 'order_number' | 'total_price' | 'hold_expires_at' | 'order_status' | 'payment_status' | 'ships_by' | 'ships_by_changed' | 'production_stage'
> & { shipments: ReadonlyArray<Pick<Order['shipments'][number], 'carrier_name' | 'insured_value' | 'signature_required' | 'delivered_at'>> };

/** What the shopper was told happens next for a pending, unpaid order of this method (before the hold's words). */
function methodSteps(order: StepsOrder, total: string): string | null {
  switch (order.payment_mode) {
    case 'cod':
      return `You pay ${total} when your order is delivered. A member of our team will call you at the phone number you gave us within one business day to confirm the delivery.`;
    case 'pay-credit':
      return `Your card has not been charged. A member of our team will call you at the phone number you gave us within one business day to take your card payment of ${total} securely.`;
    case 'pay-synchrony':
      return `We will email you within one business day a link to apply for Synchrony financing for ${total}: no interest for ${STORE_TERMS.financing.interestFreeMonths} months on purchases of $${STORE_TERMS.financing.minimumPurchase} or more, subject to credit approval. Nothing has been charged.`;
    case 'pay-affirm':
      return `We will email you within one business day a link to pay ${total} with Affirm, subject to Affirm's approval. Nothing has been charged.`;
    case 'pay-multiple':
      return `A member of our team will call you at the phone number you gave us within one business day to arrange how the total of ${total} is split between your payment methods. Nothing has been charged.`;
    case 'pay-wire':
    case 'pay-paypal':
      return null;
  }
}

/** A pending order the team has confirmed with the shopper; the payment comes as agreed. */
function confirmedSteps(order: StepsOrder, total: string): string {
  switch (order.payment_mode) {
    case 'cod':
      return `Your order is confirmed. You pay ${total} when it is delivered; we will be in touch to arrange the delivery.`;
    case 'pay-credit':
      return `Your order is confirmed. We will take your card payment of ${total} as agreed with you by phone.`;
    case 'pay-multiple':
      return `Your order is confirmed. We will collect the total of ${total} as agreed with you by phone.`;
    case 'pay-synchrony':
    case 'pay-affirm':
      return `Your order is confirmed. We will email you as soon as ${order.payment_mode === 'pay-affirm' ? 'Affirm' : 'Synchrony'} has paid ${total}, and then arrange insured delivery.`;
    case 'pay-wire':
    case 'pay-paypal':
      return `Your order is confirmed. Your payment of ${total} is pending; we will email you as soon as it is received.`;
  }
}

/** 'Sunday, January 3, 2027': the store's day (New York's) of an instant, as the order page names a day in a sentence. */
export function formatStoreDay(iso: string): string {
  return formatShipDay(storeDayOf(new Date(iso)));
}

/** The last day (the store's) a delivered order may be sent back: the day its return window closes. */
export function returnByDay(deliveredAt: string): string {
  return formatStoreDay(returnWindowEndsAt(deliveredAt));
}

/** Where the workshop stands with a piece, after the stage it finished last, and what comes next. */
const STAGE_NOW: Record<ProductionStage, string> = {
  bench: 'Your diamond is at our jeweler’s bench; setting, polishing and a final quality check come next.',
  setting: 'Your diamond has been set; polishing and a final quality check come next.',
  polishing: 'Your piece has been polished; only our final quality check comes next.',
  quality_check: 'Your piece has passed our final quality check.',
};

/** How an agreed payment still to come is made, once the order is past confirming: said after where the order stands. */
function paymentToCome(order: StepsOrder, total: string): string | null {
  if (order.payment_status !== 'pending') return null;
  switch (order.payment_mode) {
    case 'cod':
      return `You pay ${total} when it is delivered.`;
    case 'pay-credit':
      return `We will take your card payment of ${total} as agreed with you by phone.`;
    case 'pay-multiple':
      return `We will collect the total of ${total} as agreed with you by phone.`;
    case 'pay-synchrony':
    case 'pay-affirm':
      return `We will email you as soon as ${order.payment_mode === 'pay-affirm' ? 'Affirm' : 'Synchrony'} has paid ${total}.`;
    case 'pay-wire':
    case 'pay-paypal':
      return `Your payment of ${total} is pending; we will email you as soon as it is received.`;
  }
}

/** The day an order still in the store is to leave, in a sentence's words; a moved date says it is the new one. */
function shipsBySentence(order: StepsOrder, promise: string): string | null {
  if (order.ships_by === null) return null;
  const day = formatShipDay(order.ships_by);
  return order.ships_by_changed ? `It will now ship by ${day}, the new date we emailed you.` : `${promise} ${day}.`;
}

/**
 * Where an order stands after the sale, from the workshop to the shopper's door, or null while it is not that far:
 * its own words for each state, then how a payment still to come is made.
 */
function afterSaleSteps(order: StepsOrder, total: string): NextSteps | null {
  const said = (title: string, ...lead: Array<string | null>): NextSteps => ({ title, lead: lead.filter((t) => t !== null), wire: false, after: [] });
  const sentences = (...parts: Array<string | null>) => parts.filter((t) => t !== null).join(' ');
  const parcel = order.shipments.at(-1);
  switch (order.order_status) {
    case 'in_production':
      return said(
        'Being made in our workshop',
        sentences(
          'Your piece is being made in our workshop.',
          order.production_stage && STAGE_NOW[order.production_stage],
          shipsBySentence(order, 'It is on schedule to ship by'),
        ),
        paymentToCome(order, total),
      );
    case 'ready_to_ship':
      return said(
        'Ready to ship',
        sentences(
          'Your order has passed our final checks and is packed, ready to leave with our insured carrier.',
          shipsBySentence(order, 'It ships by'),
          'We will email you its tracking number the day it leaves.',
        ),
        paymentToCome(order, total),
      );
    case 'shipped':
      return said(
        'On its way',
        parcel
          ? `Your order is on its way with ${parcel.carrier_name}, insured for ${formatAmount(parcel.insured_value)}. Follow it with the tracking link below.` +
              (parcel.signature_required ? ' A signature is required on delivery, so please make sure someone can receive it.' : '')
          : 'Your order is on its way, insured.',
        paymentToCome(order, total),
      );
    case 'delivered': {
      const delivered = parcel?.delivered_at;
      return said(
        'Delivered',
        delivered ? `Your order was delivered on ${formatStoreDay(delivered)}. We hope you love it.` : 'Your order has been delivered. We hope you love it.',
        delivered
          ? `If anything is not right, you may return it until ${returnByDay(delivered)}, ${STORE_TERMS.returnDays} days from delivery, and a ring’s first resize is free.`
          : `If anything is not right, you may return it within ${STORE_TERMS.returnDays} days of delivery, and a ring’s first resize is free.`,
      );
    }
    default:
      return null;
  }
}

/**
 * What happens next with an order: the confirmation email (apps/server/src/modules/orders/mail.ts) and the
 * order page both say these words. A pending order gets its payment method's steps and the end of its hold; a
 * confirmed one how the payment comes; one in the workshop, packed, shipped or delivered where it is on its way to
 * the shopper; a paid, reviewed, refunded, cancelled or completed one where it stands.
 */
export function nextStepsOf(order: StepsOrder): NextSteps {
  const total = formatAmount(order.total_price);
  const said = (title: string, ...lead: string[]): NextSteps => ({ title, lead, wire: false, after: [] });
  const hours = holdHoursOf(order.payment_mode);

  if (order.payment_status === 'expired') {
    if (order.payment_mode === 'pay-wire') {
      return said(
        'Order cancelled',
        `We did not receive the bank wire transfer for order ${order.order_number} within ${STORE_TERMS.wireHoldHours} hours, so the order has been cancelled and its diamonds have returned to our collection.`,
        'If you have already sent the transfer, please contact us and we will sort it out with you.',
      );
    }
    return said(
      'Order cancelled',
      `We held the diamonds of order ${order.order_number} for ${holdDuration(hours ?? 0)}, but the order was not confirmed in that time, so it has been cancelled and its diamonds have returned to our collection. Nothing is due.`,
      'If you would still like them, please contact us and we will gladly help you order again.',
    );
  }
  if (order.order_status === 'cancelled' && order.payment_status === 'refunded') {
    return said(
      'Order cancelled',
      `Order ${order.order_number} has been cancelled and your payment of ${total} has been refunded. Its diamonds have returned to our collection.`,
    );
  }
  if (order.order_status === 'cancelled' && order.payment_status === 'failed' && order.payment_mode === 'pay-paypal') {
    return said(
      'Order cancelled',
      `PayPal reviewed your payment for order ${order.order_number} and did not complete it, so nothing has been taken and the order has been cancelled. Its diamonds have returned to our collection.`,
    );
  }
  if (order.order_status === 'cancelled') {
    return said('Order cancelled', `Order ${order.order_number} has been cancelled and its diamonds have returned to our collection. Nothing is due.`);
  }
  if (order.payment_status === 'refunded') return said('Payment refunded', `Your payment of ${total} has been refunded.`);
  if (order.order_status === 'completed') {
    return said(
      'Order complete',
      'This order is complete. Thank you for choosing Everstone.',
      'Its return window has closed; our lifetime warranty stays with your piece. For its care or a resize, simply contact us.',
    );
  }
  const afterSale = afterSaleSteps(order, total);
  if (afterSale) return afterSale;
  if (order.payment_status === 'paid') {
    return said('Payment received', order.payment_mode === 'pay-paypal' ? `Your PayPal payment of ${total} has been received.` : `Your payment of ${total} has been received.`);
  }
  if (order.payment_status === 'under_review') {
    return said(
      'PayPal is reviewing your payment',
      `PayPal is reviewing your payment of ${total} before releasing it to us. Your diamonds are held for you meanwhile; nobody else can buy them.`,
      'We will email you as soon as PayPal completes the payment, and then arrange insured delivery. If PayPal does not approve it, the order is cancelled and nothing is taken.',
    );
  }
  if (order.payment_status === 'failed') {
    return said('Payment failed', `Your payment of ${total} did not go through and nothing has been charged. Please contact us, quoting your order number, and we will help you complete it.`);
  }
  if (order.order_status === 'confirmed') return said('What happens next', confirmedSteps(order, total));

  if (awaitsWireTransfer(order)) {
    return {
      title: 'Complete your payment by bank wire',
      lead: [
        `Please send ${total} by bank wire transfer, quoting your order number ${order.order_number} as the reference. ` +
          `We hold your diamonds for ${STORE_TERMS.wireHoldHours} hours, until ${formatEasternTime(order.hold_expires_at)}.`,
      ],
      wire: true,
      after: [
        'If the transfer has not arrived by then, the order is cancelled and the diamonds return to our collection. ' +
          'We will email you as soon as your payment is received.',
      ],
    };
  }
  const steps = methodSteps(order, total) ?? `Your payment of ${total} is pending. We will email you as soon as it is received.`;
  if (isHeldUnpaid(order) && hours !== null && order.payment_mode !== 'pay-wire') {
    const purpose = HOLD_PURPOSES[order.payment_mode as keyof typeof UNPAID_HOLD_HOURS];
    return said(
      'What happens next',
      steps,
      `We hold your diamonds for ${holdDuration(hours)}, until ${formatEasternTime(order.hold_expires_at)}, ${purpose}; nobody else can buy them meanwhile. ` +
        'If your order has not been confirmed by then, it is cancelled and the diamonds return to our collection.',
    );
  }
  // An order placed before holds had an end (or one the team confirmed): its stones stay reserved.
  return said('What happens next', steps, 'Your diamonds are reserved for you while your order is pending; nobody else can buy them.');
}

/** One line for the Order History: how long the stones are held, or that PayPal is reviewing; null otherwise. */
export function holdSummaryOf(order: Pick<Order, 'payment_mode' | 'order_status' | 'payment_status' | 'hold_expires_at'>): string | null {
  if (order.order_status === 'pending' && order.payment_status === 'under_review') {
    return 'PayPal is reviewing your payment; your diamonds are held for you meanwhile.';
  }
  if (!isHeldUnpaid(order)) return null;
  if (order.payment_mode === 'pay-wire') {
    return `We hold your diamonds until ${formatEasternTime(order.hold_expires_at)} while your bank wire arrives; the wire instructions are on the order page and in your confirmation email.`;
  }
  return `We hold your diamonds until ${formatEasternTime(order.hold_expires_at)} while your order is confirmed; what happens next is on the order page and in your confirmation email.`;
}
