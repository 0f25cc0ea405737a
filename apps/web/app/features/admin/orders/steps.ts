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
    does: 'The payment is recorded as received and the order becomes Confirmed. Its hold no longer runs out.',
    email: 'The shopper is emailed that the payment was received.',
    danger: false,
  },
  complete: {
    does: 'The order is marked delivered (Completed), and its stones are sold for good.',
    email: 'No email is sent to the shopper.',
    danger: false,
  },
  cancel: {
    does: 'The order is cancelled and its stones go back on sale in the search. Nothing is due from the shopper.',
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
