import { formatEasternTime, type Order } from '@everstone/contract';

/**
 * What the store's team does next with an order, with the order desk's command that records it: said once, for
 * the store's copy of a new order (STORE_EMAIL) and the order desk's `show` (docs/operations.md). Staff are never
 * told to ship before the money is final.
 */
export function staffNextStep(
  order: Pick<Order, 'order_number' | 'order_status' | 'payment_status' | 'payment_mode' | 'hold_expires_at'>,
  reviewReason?: string | null,
  /** How a step is named to the reader: the desk's command by default; the back office names its buttons. */
  say: (step: 'paid' | 'confirm' | 'complete') => string = (step) => `"npm run orders -- ${step} ${order.order_number}"`,
): string {
  const command = say;
  const paid = command('paid');
  const confirm = command('confirm');

  if (order.order_status === 'cancelled' || order.order_status === 'completed') return `Nothing: the order is ${order.order_status}.`;
  if (order.payment_status === 'under_review') {
    return (
      `PayPal is reviewing this payment${reviewReason ? ` (${reviewReason})` : ''}: the money is not final yet, so do not ship. ` +
      'The diamonds stay held until PayPal completes or denies the payment; the store learns which by itself and emails you either way.'
    );
  }
  if (order.payment_status === 'paid') {
    const who = order.payment_mode === 'pay-paypal' ? 'Paid by PayPal' : 'Paid';
    return `${who}. Arrange insured delivery. Once it is delivered, record that with ${command('complete')}.`;
  }
  if (order.payment_status !== 'pending') return `Nothing: the payment is ${order.payment_status}.`;

  if (order.order_status === 'confirmed') {
    return order.payment_mode === 'cod'
      ? `Confirmed with the shopper: arrange the delivery. Once the courier has collected the cash, record it with ${paid}.`
      : `Confirmed with the shopper. Once the payment has arrived, record it with ${paid}.`;
  }

  const until = order.hold_expires_at ? formatEasternTime(order.hold_expires_at) : null;
  const deadline = until ? ` before ${until}, or the order is cancelled and its diamonds go back on sale` : '';
  switch (order.payment_mode) {
    case 'pay-wire':
      return until
        ? `Watch for the bank wire quoting ${order.order_number}. The diamonds are held until ${until}; record the transfer with ${paid} before then, or the order is cancelled.`
        : `Watch for the bank wire quoting ${order.order_number}, and record the transfer with ${paid}.`;
    case 'cod':
      return `Call the shopper within one business day to confirm the delivery, and record that with ${confirm}${deadline}. Once the courier has collected the cash, record it with ${paid}.`;
    case 'pay-credit':
      return `Call the shopper within one business day to take the card payment, then record it with ${paid}${deadline}.`;
    case 'pay-synchrony':
    case 'pay-affirm':
      return `Email the shopper the financing link within one business day. Once the lender has approved the application, record that with ${confirm}${deadline}; once the lender has paid, record it with ${paid}.`;
    case 'pay-multiple':
      return `Call the shopper within one business day to arrange the split between payment methods, and record the agreement with ${confirm}${deadline}; record the payment with ${paid} once it has all arrived.`;
    case 'pay-paypal':
      return `Nothing until PayPal's payment arrives; record it with ${paid} if it arrives outside the store.`;
  }
}
