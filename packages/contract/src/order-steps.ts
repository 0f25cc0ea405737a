import { STORE_TERMS } from './constants.ts';
import { formatMoney } from './display.ts';
import type { Order } from './orders.ts';
import { APPOINTMENTS } from './storefront-terms.ts';

/**
 * What happens next with an order, said once for the confirmation email and the order page. Free of Zod, so
 * the storefront can show it without loading the schemas.
 */

// Orders are placed and held on the store's clock: the showroom's time zone, whatever the shopper's.
const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, month: '2-digit', day: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: APPOINTMENTS.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

/** '07/14/2026 at 3:42 PM Eastern Time', as the confirmation email gives the wire hold's deadline (§9 MM/dd/yyyy). */
export function formatEasternTime(iso: string): string {
  const instant = new Date(iso);
  // Some ICU versions put a narrow no-break space before AM/PM; the email has a plain one.
  return `${dayFormat.format(instant)} at ${timeFormat.format(instant).replace(/\s/g, ' ')} Eastern Time`;
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
    ['Amount', `${formatMoney(Number(order.total_price))} USD`],
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

/**
 * What happens next with an order: the confirmation email (apps/server/src/modules/orders/mail.ts) and the
 * order page both say these words. A pending order gets its payment method's steps; a paid, refunded,
 * cancelled or completed one says where it stands.
 */
export function nextStepsOf(order: Pick<Order, 'payment_mode' | 'order_number' | 'total_price' | 'hold_expires_at' | 'contact_number' | 'order_status' | 'payment_status'>): NextSteps {
  const total = formatMoney(Number(order.total_price));
  const said = (title: string, ...lead: string[]): NextSteps => ({ title, lead, wire: false, after: [] });

  if (order.payment_status === 'expired') {
    return said(
      'Order cancelled',
      `We did not receive the bank wire transfer for order ${order.order_number} within ${STORE_TERMS.wireHoldHours} hours, so the order has been cancelled and its diamonds have returned to our collection.`,
      'If you have already sent the transfer, please contact us and we will sort it out with you.',
    );
  }
  if (order.order_status === 'cancelled' && order.payment_status === 'refunded') {
    return said(
      'Order cancelled',
      `Order ${order.order_number} has been cancelled and your payment of ${total} has been refunded. Its diamonds have returned to our collection.`,
    );
  }
  if (order.order_status === 'cancelled') {
    return said('Order cancelled', `Order ${order.order_number} has been cancelled and its diamonds have returned to our collection. Nothing is due.`);
  }
  if (order.payment_status === 'refunded') return said('Payment refunded', `Your payment of ${total} has been refunded.`);
  if (order.order_status === 'completed') return said('Order complete', 'This order is complete. Thank you for choosing Everstone.');
  if (order.payment_status === 'paid') {
    return said('Payment received', order.payment_mode === 'pay-paypal' ? `Your PayPal payment of ${total} has been received.` : `Your payment of ${total} has been received.`);
  }
  if (order.payment_status === 'failed') {
    return said('Payment failed', `Your payment of ${total} did not go through and nothing has been charged. Please contact us, quoting your order number, and we will help you complete it.`);
  }

  const reserved = order.order_status === 'pending' ? ['Your diamonds are reserved for you while your order is pending; nobody else can buy them.'] : [];
  switch (order.payment_mode) {
    case 'pay-wire': {
      if (!awaitsWireTransfer(order)) break;
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
    case 'cod':
      return said(
        'What happens next',
        `You pay ${total} when your order is delivered. A member of our team will call you at ${order.contact_number} within one business day to confirm the delivery.`,
        ...reserved,
      );
    case 'pay-credit':
      return said(
        'What happens next',
        `Your card has not been charged. A member of our team will call you at ${order.contact_number} within one business day to take your card payment of ${total} securely.`,
        ...reserved,
      );
    case 'pay-synchrony':
      return said(
        'What happens next',
        `We will email you within one business day a link to apply for Synchrony financing for ${total}: no interest for ${STORE_TERMS.financing.interestFreeMonths} months on purchases of $${STORE_TERMS.financing.minimumPurchase} or more, subject to credit approval. Nothing has been charged.`,
        ...reserved,
      );
    case 'pay-affirm':
      return said(
        'What happens next',
        `We will email you within one business day a link to pay ${total} with Affirm, subject to Affirm's approval. Nothing has been charged.`,
        ...reserved,
      );
    case 'pay-multiple':
      return said(
        'What happens next',
        `A member of our team will call you at ${order.contact_number} within one business day to arrange how the total of ${total} is split between your payment methods. Nothing has been charged.`,
        ...reserved,
      );
    case 'pay-paypal':
      break;
  }
  return said('What happens next', `Your payment of ${total} is pending. We will email you as soon as it is received.`, ...reserved);
}
