import { formatCents } from '@everstone/contract';
import type { WalletPaymentRow } from '../../db/schema.ts';
import { composeMail, fields, paragraph, type OutgoingMail } from '../mail/index.ts';

// These go to the account's address, which nobody has verified, so they greet no one by the name typed at checkout.

/** Sent when a captured wallet payment was given back (a stone sold in the moment it was paid for). */
export function walletRefundMail(payment: WalletPaymentRow, storeEmail: string): OutgoingMail {
  const amount = formatCents(payment.amount_cents);
  return composeMail({
    to: payment.contact_email,
    replyTo: storeEmail,
    subject: `Your Everstone PayPal payment of ${amount} has been refunded`,
    greeting: 'Hello,',
    blocks: [
      paragraph(payment.failure ?? `We have refunded your PayPal payment of ${amount} in full.`),
      fields([
        ['Refunded', `${amount} USD`],
        ['PayPal transaction', payment.capture_id],
        ['Our reference', payment.reference],
      ]),
      paragraph('PayPal usually shows a refund within a few days. No order was placed, so there is nothing else to cancel.'),
      paragraph('We are sorry for the disappointment. Reply to this email and our gemologists will gladly help you find a similar diamond.'),
    ],
  });
}

/**
 * Sent when a payment due back (its stone sold in the moment it was paid for) ends without money changing hands:
 * PayPal held it for review, then declined it.
 */
export function walletReviewDeniedMail(payment: WalletPaymentRow, storeEmail: string): OutgoingMail {
  const amount = formatCents(payment.amount_cents);
  return composeMail({
    to: payment.contact_email,
    replyTo: storeEmail,
    subject: `Your Everstone PayPal payment of ${amount} was not taken`,
    greeting: 'Hello,',
    blocks: [
      paragraph(
        `The diamond you paid for was bought by another shopper in the moment your PayPal payment went through, so we could not place your order. PayPal then declined the payment after its review: nothing was charged, and nothing needs refunding.`,
      ),
      fields([
        ['Not charged', `${amount} USD`],
        ['Our reference', payment.reference],
      ]),
      paragraph('We are sorry for the disappointment. Reply to this email and our gemologists will gladly help you find a similar diamond.'),
    ],
  });
}
