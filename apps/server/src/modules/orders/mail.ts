import { PAYMENT_METHOD_LABELS, STORE_TERMS, formatEasternTime, formatUsd, nextStepsOf, wireTransferDetails, type Order } from '@everstone/contract';
import { composeMail, fields, paragraph, quote, type MailBlock, type OutgoingMail } from '../mail/compose.ts';

/**
 * What happens next, in the words the order page also shows (the contract's `nextStepsOf`), with the bank's
 * details between the wire instructions' paragraphs.
 */
function nextSteps(order: Order): MailBlock[] {
  const steps = nextStepsOf(order);
  const details = steps.wire ? wireTransferDetails(order) : null;
  const wire: MailBlock[] = details ? [fields(details)] : [];
  return [...steps.lead.map(paragraph), ...wire, ...steps.after.map(paragraph)];
}

function itemBlocks(order: Order): MailBlock[] {
  return [
    fields(order.items.map((item) => [`${item.description} (certificate ${item.certificate_number})`, `$${formatUsd(item.price)}`])),
    fields([
      ['Order number', order.order_number],
      ['Payment method', PAYMENT_METHOD_LABELS[order.payment_mode]],
      ['Shipping', 'Free insured shipping'],
      ['Total', `$${formatUsd(order.total_price)} USD`],
    ]),
  ];
}

export function orderConfirmationMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Your Everstone order ${order.order_number}`,
    greeting: `Dear ${order.user_name},`,
    blocks: [
      paragraph(`Thank you for your order. We have received order ${order.order_number}:`),
      ...itemBlocks(order),
      ...nextSteps(order),
      paragraph('Questions about your order? Simply reply to this email, quoting your order number.'),
    ],
  });
}

/** What the store's team does next for an order of this method, and the desk command that records it. */
function staffNextStep(order: Order): string {
  const paid = `npm run orders -- paid ${order.order_number}`;
  switch (order.payment_mode) {
    case 'pay-wire':
      return `Watch for the bank wire quoting ${order.order_number}. The diamonds are held until ${formatEasternTime(order.hold_expires_at!)}; record the transfer with "${paid}" before then, or the order is cancelled.`;
    case 'cod':
      return `Call the shopper within one business day to confirm the delivery. Once the courier has collected the cash, record it with "${paid}".`;
    case 'pay-credit':
      return `Call the shopper within one business day to take the card payment, then record it with "${paid}".`;
    case 'pay-synchrony':
    case 'pay-affirm':
      return `Email the shopper the financing link within one business day. Once the lender has paid, record it with "${paid}".`;
    case 'pay-multiple':
      return `Call the shopper within one business day to arrange the split between payment methods, then record the payment with "${paid}".`;
    case 'pay-paypal':
      return 'Paid by PayPal. Arrange insured delivery.';
  }
}

/** The store's copy of a new order: who ordered what, how they pay, and what the team does next. */
export function newOrderNoticeMail(order: Order, contactEmail: string, storeEmail: string): OutgoingMail {
  const a = order.address;
  return composeMail({
    to: storeEmail,
    replyTo: contactEmail,
    subject: `New order ${order.order_number}: $${formatUsd(order.total_price)}, ${PAYMENT_METHOD_LABELS[order.payment_mode]}`,
    greeting: 'A new order has been placed.',
    blocks: [
      fields([
        ['Customer', order.user_name],
        ['Email', contactEmail],
        ['Phone', order.contact_number],
        ['Deliver to', [a.street, a.apartment, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ')],
        ...(order.is_gift ? [['Gift', 'Yes'] as [string, string]] : []),
      ]),
      ...(order.notes ? [paragraph('The shopper’s notes:'), quote(order.notes)] : []),
      ...itemBlocks(order),
      paragraph(staffNextStep(order)),
    ],
  });
}

/** An order cancelled without the shopper asking: why, its items, and what they can do now. */
function cancelledMail(order: Order, to: string, storeEmail: string, why: string, now: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Your Everstone order ${order.order_number} has been cancelled`,
    greeting: `Dear ${order.user_name},`,
    blocks: [paragraph(why), ...itemBlocks(order), paragraph(now)],
  });
}

export function holdExpiredMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(
    order,
    to,
    storeEmail,
    `We did not receive the bank wire transfer for order ${order.order_number} within ${STORE_TERMS.wireHoldHours} hours, so the order has been cancelled and its diamonds have returned to our collection.`,
    'If you have already sent the transfer, please reply to this email and we will sort it out with you.',
  );
}

/** PayPal held the payment for review and then denied it: the order is cancelled and its diamonds released. */
export function paymentDeniedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(
    order,
    to,
    storeEmail,
    `PayPal reviewed the payment for order ${order.order_number} and did not complete it, so no money has been taken and the order has been cancelled. Its diamonds have returned to our collection.`,
    'If you would still like these diamonds, reply to this email and we will help you place the order again with another payment method.',
  );
}

/** Staff recorded the payment of an order (a bank wire arrived, a card was charged by phone). */
export function paymentReceivedMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to,
    replyTo: storeEmail,
    subject: `Payment received for your Everstone order ${order.order_number}`,
    greeting: `Dear ${order.user_name},`,
    blocks: [
      paragraph(`We have received your payment of $${formatUsd(order.total_price)} for order ${order.order_number}. Thank you.`),
      ...itemBlocks(order),
      paragraph('We will contact you to arrange insured delivery. Questions? Simply reply to this email, quoting your order number.'),
    ],
  });
}

/** The store cancelled an order (at the shopper's request, or because it could not be completed). */
export function storeCancelledMail(order: Order, to: string, storeEmail: string): OutgoingMail {
  return cancelledMail(order, to, storeEmail, nextStepsOf(order).lead.join(' '), 'If you have any questions, simply reply to this email.');
}
