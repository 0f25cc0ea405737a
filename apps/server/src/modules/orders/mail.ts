import {
  PAYMENT_METHOD_LABELS,
  STORE_TERMS,
  WIRE_TRANSFER,
  formatUsd,
  type Order,
  type PaymentMethod,
} from '@everstone/contract';
import { composeMail, fields, paragraph, type MailBlock, type OutgoingMail } from '../mail/compose.ts';
import { formatShowroomTime } from '../appointments/schedule.ts';

const easternTime = (iso: string) => {
  const when = formatShowroomTime(new Date(iso));
  return `${when.date} at ${when.time} Eastern Time`;
};

/** What happens next for each payment method: honest about what the store does, and that nothing is charged yet. */
export function nextSteps(order: Pick<Order, 'payment_mode' | 'order_number' | 'total_price' | 'hold_expires_at' | 'contact_number'>): MailBlock[] {
  const total = `$${formatUsd(order.total_price)}`;
  const mode = order.payment_mode as PaymentMethod;
  const reserved = paragraph('Your diamonds are reserved for you while your order is pending; nobody else can buy them.');
  switch (mode) {
    case 'pay-wire':
      return [
        paragraph(
          `Please send ${total} by bank wire transfer, quoting your order number ${order.order_number} as the reference. ` +
            `We hold your diamonds for ${STORE_TERMS.wireHoldHours} hours, until ${easternTime(order.hold_expires_at!)}.`,
        ),
        fields([
          ['Beneficiary', WIRE_TRANSFER.beneficiary],
          ['Bank', WIRE_TRANSFER.bank],
          ['Routing number (ABA)', WIRE_TRANSFER.routingNumber],
          ['Account number', WIRE_TRANSFER.accountNumber],
          ['SWIFT', WIRE_TRANSFER.swift],
          ['Reference', order.order_number],
          ['Amount', `${total} USD`],
        ]),
        paragraph(
          'If the transfer has not arrived by then, the order is cancelled and the diamonds return to our collection. ' +
            'We will email you as soon as your payment is received.',
        ),
      ];
    case 'cod':
      return [
        paragraph(
          `You pay ${total} when your order is delivered. A member of our team will call you at ${order.contact_number} within one business day to confirm the delivery.`,
        ),
        reserved,
      ];
    case 'pay-credit':
      return [
        paragraph(
          `Your card has not been charged. A member of our team will call you at ${order.contact_number} within one business day to take your card payment of ${total} securely.`,
        ),
        reserved,
      ];
    case 'pay-synchrony':
      return [
        paragraph(
          `We will email you within one business day a link to apply for Synchrony financing for ${total}: no interest for ${STORE_TERMS.financing.interestFreeMonths} months on purchases of $${STORE_TERMS.financing.minimumPurchase} or more, subject to credit approval. Nothing has been charged.`,
        ),
        reserved,
      ];
    case 'pay-affirm':
      return [
        paragraph(`We will email you within one business day a link to pay ${total} with Affirm, subject to Affirm's approval. Nothing has been charged.`),
        reserved,
      ];
    case 'pay-multiple':
      return [
        paragraph(
          `A member of our team will call you at ${order.contact_number} within one business day to arrange how the total of ${total} is split between your payment methods. Nothing has been charged.`,
        ),
        reserved,
      ];
    case 'pay-paypal':
      return [paragraph(`Your PayPal payment of ${total} has been received.`)];
  }
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
