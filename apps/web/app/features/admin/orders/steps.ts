import { ORDER_STEP_LABELS, type OrderStep } from '@everstone/contract';

/**
 * What each step of the order desk does, as its confirmation says it before it is taken (docs/operations.md, "The
 * life of an order"), and which email the shopper gets.
 */
export const STEP_EFFECTS: Record<OrderStep, { does: string; email: string; danger: boolean }> = {
  confirm: {
    does: 'The order becomes Confirmed: you have agreed it with the shopper. Its hold no longer runs out, so its stones stay reserved until it is paid or cancelled.',
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  paid: {
    does: 'The payment is recorded as received; a pending order becomes Confirmed and its hold no longer runs out.',
    email: 'The shopper is emailed that the payment was received.',
    danger: false,
  },
  production: {
    does: 'Records the workshop stage just finished, with today’s date and your name. The first stage puts the order In production; the quality check makes it Ready to ship.',
    email: 'At the first stage the shopper is emailed that the piece is being made; later stages show on their order page.',
    danger: false,
  },
  ready: {
    does: 'The order is packed and becomes Ready to ship.',
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  ship: {
    does: 'Records the parcel with its carrier, tracking number and insured value; the order becomes Shipped and its stones are sold for good.',
    email: 'The shopper is emailed the tracking number and a link to the carrier’s tracking page.',
    danger: false,
  },
  deliver: {
    does: 'The order becomes Delivered and its return window starts today.',
    email: 'The shopper is emailed that it was delivered.',
    danger: false,
  },
  delay: {
    does: 'Promises a new ships-by date. The date first promised stays on the order for the on-time figures.',
    email: 'The shopper is emailed the new date, with your reason if you give one.',
    danger: false,
  },
  complete: {
    does: 'The order becomes Completed: its return window has closed. The store does this by itself once the window closes.',
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  cancel: {
    does: 'The order is cancelled and its stones go back on sale in the search. Nothing is due from the shopper. An order that has shipped cannot be cancelled.',
    email: 'The shopper is emailed that the order was cancelled.',
    danger: true,
  },
  refund: {
    does: 'Records that the payment has been refunded (make the refund itself at the bank, the card terminal or PayPal first), then cancels the order; its stones go back on sale in the search.',
    email: 'The shopper is emailed that the order was cancelled and the payment refunded.',
    danger: true,
  },
};

export const stepLabel = (step: OrderStep) => ORDER_STEP_LABELS[step];
