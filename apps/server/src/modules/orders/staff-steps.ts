import { PRODUCTION_STAGE_LABELS, formatEasternTime, formatShipDay, isMadeToOrderLine, mayLeaveTheStore, nextProductionStage, returnWindowEndsAt, type Order, type OrderStep } from '@everstone/contract';

/**
 * What the store's team does next with an order, with the order desk's command that records it: said once, for
 * the store's copy of a new order (STORE_EMAIL) and the order desk's `show` (docs/operations.md). Staff are never
 * told to ship before the money is final.
 */
export function staffNextStep(
  order: Pick<Order, 'order_number' | 'order_status' | 'payment_status' | 'payment_mode' | 'hold_expires_at'> &
    Partial<Pick<Order, 'lines' | 'production_stage' | 'ships_by'>> & { delivered_at?: string | null },
  reviewReason?: string | null,
  /** How a step is named to the reader: the desk's command by default; the back office names its buttons. */
  say: (step: OrderStep, argument?: string) => string = (step, argument) => `"npm run orders -- ${step} ${order.order_number}${argument ? ` ${argument}` : ''}"`,
): string {
  const command = say;
  const paid = command('paid');
  const confirm = command('confirm');
  const madeToOrder = (order.lines ?? []).some(isMadeToOrderLine);
  const by = order.ships_by ? ` It is to ship by ${formatShipDay(order.ships_by)}.` : '';
  const ship = command('ship', '--carrier ups|fedex|usps --tracking NUMBER');

  if (order.order_status === 'cancelled' || order.order_status === 'completed') return `Nothing: the order is ${order.order_status}.`;
  if (order.order_status === 'shipped') {
    const cash = order.payment_status === 'pending' && order.payment_mode === 'cod' ? ` Once the courier has collected the cash, record it with ${paid}.` : '';
    return `Shipped. Once the carrier has delivered it, record that with ${command('deliver')}.${cash}`;
  }
  if (order.order_status === 'delivered') {
    if (order.payment_status === 'pending') return `Delivered, not paid yet: once the cash has been collected, record it with ${paid}.`;
    const closes = order.delivered_at ? ` on ${formatEasternTime(returnWindowEndsAt(order.delivered_at))}` : '';
    return `Delivered. The return window closes${closes}; the store then completes the order by itself.`;
  }
  if (order.order_status === 'ready_to_ship') {
    return mayLeaveTheStore(order) ? `Ready to ship. Send it insured and record the parcel with ${ship}.${by}` : `Ready, but the money is not final: record the payment with ${paid} before it leaves.${by}`;
  }
  if (order.order_status === 'in_production') {
    const next = nextProductionStage(order.production_stage ?? null);
    return `In the workshop: ${next ? PRODUCTION_STAGE_LABELS[next].toLowerCase() : 'the quality check'} is next. Record each stage as it is finished with ${command('production', next ?? 'quality_check')}.${by}`;
  }
  if (order.payment_status === 'under_review') {
    return (
      `PayPal is reviewing this payment${reviewReason ? ` (${reviewReason})` : ''}: the money is not final yet, so do not ship. ` +
      'The diamonds stay held until PayPal completes or denies the payment; the store learns which by itself and emails you either way.'
    );
  }
  if (order.payment_status === 'paid') {
    const who = order.payment_mode === 'pay-paypal' ? 'Paid by PayPal' : 'Paid';
    return madeToOrder
      ? `${who}. Send it to the workshop, and record each stage as it is finished, starting with ${command('production', 'bench')}.${by}`
      : `${who}. Pack it with ${command('ready')}, then send it insured and record the parcel with ${ship}.${by}`;
  }
  if (order.payment_status !== 'pending') return `Nothing: the payment is ${order.payment_status}.`;

  if (order.order_status === 'confirmed') {
    const make = madeToOrder ? ` The workshop may start: record each stage with ${command('production', 'bench')}.` : '';
    return order.payment_mode === 'cod'
      ? `Confirmed with the shopper.${make} ${madeToOrder ? 'Once its quality check is recorded, ship' : 'Ship'} it with ${ship}; once the courier has collected the cash, record it with ${paid}.${by}`
      : `Confirmed with the shopper.${make} Once the payment has arrived, record it with ${paid}; it leaves only once paid.${by}`;
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
