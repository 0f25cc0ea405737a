import {
  AUDIT_ACTION_LABELS,
  ORDER_DOCUMENT_LABELS,
  ORDER_STEP_LABELS,
  PRODUCTION_STAGE_LABELS,
  centsToPrice,
  isLate,
  nextProductionStage,
  priceToCents,
  storeDayOf,
  type AdminOrder,
  type AdminOrderStepResponse,
  type AuditAction,
  type Carrier,
  type OrderDocument,
  type OrderStep,
  type ProductionStage,
} from '@everstone/contract';
import type { Actor, AuditLog } from '../audit/index.ts';
import { holdsOf, staffNextStep, stepsOf, type DeskOrder, type OrderDesk, type RecordStep, type StepBy } from '../orders/index.ts';

/** How the back office names a step in the order's next-step text: the button's own label (the workshop's names its stage). */
const button = (step: OrderStep, argument?: string) =>
  step === 'production' && argument && argument in PRODUCTION_STAGE_LABELS
    ? `“Record ${PRODUCTION_STAGE_LABELS[argument as ProductionStage].toLowerCase()} done”`
    : `“${ORDER_STEP_LABELS[step]}”`;

/** Which document a download or a link was of, as the order's history says it: ' (Invoice)', ' (Insurance documentation, line 2)'. */
function documentOf(after: Record<string, unknown> | null): string {
  const document = after?.document;
  if (typeof document !== 'string' || !(document in ORDER_DOCUMENT_LABELS)) return '';
  return ` (${ORDER_DOCUMENT_LABELS[document as OrderDocument]}${typeof after?.line === 'number' ? `, line ${after.line}` : ''})`;
}

/** An order as the back office's order page shows it: the shopper's order, its holds, its history and its steps. */
export async function adminOrderOf(desk: OrderDesk, audit: AuditLog, orderNumber: string, now: Date = new Date()): Promise<AdminOrder> {
  const { order, items } = await desk.findWithItems(orderNumber);
  const entries = await audit.of('order', order.order_number);
  const { id: _id, delivered_at: _delivered, ...shown } = order;
  return {
    ...shown,
    next_step: staffNextStep(order, null, button),
    steps: stepsOf(order, now),
    holds: holdsOf(order, items),
    history: [
      { at: order.created_at, what: 'Placed by the shopper', by: null },
      ...entries.map((e) => {
        // A workshop entry says which stage, a shipment its parcel: the audit keeps both in what the step recorded.
        const stage = e.action === 'order.production' ? (e.after?.production_stage as ProductionStage | undefined) : undefined;
        const parcel = e.action === 'order.ship' && typeof e.after?.tracking_number === 'string' ? ` (${String(e.after.carrier).toUpperCase()} ${e.after.tracking_number})` : '';
        const what = stage ? `${AUDIT_ACTION_LABELS[e.action]}: ${PRODUCTION_STAGE_LABELS[stage]}` : `${AUDIT_ACTION_LABELS[e.action]}${parcel}${documentOf(e.after)}`;
        return { at: e.at, what, by: e.actor.email };
      }),
    ],
    made_to_order: order.made_to_order,
    next_stage: order.made_to_order && order.order_status !== 'cancelled' ? nextProductionStage(order.production_stage) : null,
    late: isLate(order, storeDayOf(now)),
    signature_required_from: centsToPrice(desk.signatureRequiredFromCents),
  };
}

const STEP_ACTIONS: Record<OrderStep, AuditAction> = {
  confirm: 'order.confirm',
  paid: 'order.payment',
  production: 'order.production',
  ready: 'order.ready',
  ship: 'order.ship',
  deliver: 'order.deliver',
  delay: 'order.delay',
  complete: 'order.complete',
  cancel: 'order.cancel',
  refund: 'order.refund',
};

const STEP_DONE: Record<OrderStep, (o: DeskOrder) => string> = {
  confirm: (o) => `Order ${o.order_number} is confirmed; its hold no longer runs out.`,
  paid: (o) => `Payment recorded for order ${o.order_number}. The shopper was emailed.`,
  production: (o) =>
    o.order_status === 'ready_to_ship'
      ? `The quality check of order ${o.order_number} is recorded: it is ready to ship.`
      : `${PRODUCTION_STAGE_LABELS[o.production_stage!]} is recorded for order ${o.order_number}.${o.production_stage === 'bench' ? ' The shopper was emailed that it is being made.' : ''}`,
  ready: (o) => `Order ${o.order_number} is packed and ready to ship.`,
  ship: (o) => `Order ${o.order_number} is shipped with ${o.shipments.at(-1)!.carrier_name} ${o.shipments.at(-1)!.tracking_number}; its stones are sold. The shopper was emailed the tracking link.`,
  deliver: (o) => `Order ${o.order_number} is delivered; its return window is open. The shopper was emailed.`,
  delay: (o) => `Order ${o.order_number} now ships by ${o.ships_by}. The shopper was emailed the new date.`,
  complete: (o) => `Order ${o.order_number} is completed.`,
  cancel: (o) => `Order ${o.order_number} is cancelled; its stones are back on sale. The shopper was emailed.`,
  refund: (o) => `The refund is recorded and order ${o.order_number} is cancelled; its stones are back on sale. The shopper was emailed.`,
};

/** What a step takes besides the order: the workshop's stage, the parcel, the new ships-by day. */
export type StepInput =
  | { step: 'production'; stage: ProductionStage }
  | { step: 'ship'; carrier: Carrier; tracking_number: string; insured_value?: string | undefined }
  | { step: 'delay'; ships_by: string; reason?: string | undefined }
  | { step: Exclude<OrderStep, 'production' | 'ship' | 'delay'> };

/**
 * One step on one order by a staff member, with its audit entry in the step's own transaction (the order's statuses
 * as they were and became, and what the step recorded). The desk's rules answer 409 with the reason when the order
 * cannot take the step, 422 when what was typed cannot be right.
 */
export async function runOrderStep(desk: OrderDesk, audit: AuditLog, input: StepInput, orderNumber: string, actor: Actor): Promise<AdminOrderStepResponse> {
  const step = input.step;
  const record: RecordStep = (trx, before, after, detail) =>
    audit.record(trx, actor, {
      action: STEP_ACTIONS[step],
      subject: { type: 'order', id: after.order_number },
      before: { order_status: before.order_status, payment_status: before.payment_status },
      after: { order_status: after.order_status, payment_status: after.payment_status, ...detail },
    });
  const how: StepBy = { by: actor.email, record };
  const changed = await (() => {
    switch (input.step) {
      case 'confirm':
        return desk.confirm(orderNumber, how);
      case 'paid':
        return desk.recordPayment(orderNumber, how);
      case 'production':
        return desk.production(orderNumber, input.stage, how);
      case 'ready':
        return desk.ready(orderNumber, how);
      case 'ship':
        return desk.ship(orderNumber, { carrier: input.carrier, trackingNumber: input.tracking_number, insuredCents: input.insured_value === undefined ? undefined : (priceToCents(input.insured_value) ?? -1) }, how);
      case 'deliver':
        return desk.deliver(orderNumber, how);
      case 'delay':
        return desk.delay(orderNumber, { shipsBy: input.ships_by, reason: input.reason ?? null }, how);
      case 'complete':
        return desk.complete(orderNumber, how);
      case 'cancel':
      case 'refund':
        return desk.cancel(orderNumber, { refunded: input.step === 'refund', ...how });
    }
  })();
  return { message: STEP_DONE[step](changed), order: await adminOrderOf(desk, audit, changed.order_number) };
}
