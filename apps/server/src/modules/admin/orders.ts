import {
  AUDIT_ACTION_LABELS,
  ORDER_STEP_LABELS,
  type AdminOrder,
  type AdminOrderStepResponse,
  type AuditAction,
  type OrderStep,
} from '@everstone/contract';
import type { Actor, AuditLog } from '../audit/index.ts';
import { holdsOf, staffNextStep, stepsOf, type DeskOrder, type OrderDesk, type RecordStep } from '../orders/index.ts';

/** How the back office names a step in the order's next-step text: the button's own label. */
const button = (step: 'paid' | 'confirm' | 'complete') => `“${ORDER_STEP_LABELS[step]}”`;

/** An order as the back office's order page shows it: the shopper's order, its holds, its history and its steps. */
export async function adminOrderOf(desk: OrderDesk, audit: AuditLog, orderNumber: string): Promise<AdminOrder> {
  const { order, items } = await desk.findWithItems(orderNumber);
  const entries = await audit.of('order', order.order_number);
  const { id: _id, ...shown } = order;
  return {
    ...shown,
    next_step: staffNextStep(order, null, button),
    steps: stepsOf(order),
    holds: holdsOf(order, items),
    history: [
      { at: order.created_at, what: 'Placed by the shopper', by: null },
      ...entries.map((e) => ({ at: e.at, what: AUDIT_ACTION_LABELS[e.action], by: e.actor.email })),
    ],
  };
}

const STEP_ACTIONS: Record<OrderStep, AuditAction> = {
  confirm: 'order.confirm',
  paid: 'order.payment',
  complete: 'order.complete',
  cancel: 'order.cancel',
  refund: 'order.refund',
};

const STEP_DONE: Record<OrderStep, (o: DeskOrder) => string> = {
  confirm: (o) => `Order ${o.order_number} is confirmed; its hold no longer runs out.`,
  paid: (o) => `Payment recorded for order ${o.order_number}. The shopper was emailed.`,
  complete: (o) => `Order ${o.order_number} is completed; its stones are sold.`,
  cancel: (o) => `Order ${o.order_number} is cancelled; its stones are back on sale. The shopper was emailed.`,
  refund: (o) => `The refund is recorded and order ${o.order_number} is cancelled; its stones are back on sale. The shopper was emailed.`,
};

/**
 * One step on one order by a staff member, with its audit entry in the step's own transaction (the order's statuses
 * as they were and became). The desk's rules answer 409 with the reason when the order cannot take the step.
 */
export async function runOrderStep(desk: OrderDesk, audit: AuditLog, step: OrderStep, orderNumber: string, actor: Actor): Promise<AdminOrderStepResponse> {
  const record: RecordStep = (trx, before, after) =>
    audit.record(trx, actor, {
      action: STEP_ACTIONS[step],
      subject: { type: 'order', id: after.order_number },
      before: { order_status: before.order_status, payment_status: before.payment_status },
      after: { order_status: after.order_status, payment_status: after.payment_status },
    });
  const changed = await (step === 'confirm'
    ? desk.confirm(orderNumber, record)
    : step === 'paid'
      ? desk.recordPayment(orderNumber, record)
      : step === 'complete'
        ? desk.complete(orderNumber, record)
        : desk.cancel(orderNumber, { refunded: step === 'refund', record }));
  return { message: STEP_DONE[step](changed), order: await adminOrderOf(desk, audit, changed.order_number) };
}
