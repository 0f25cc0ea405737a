import { CARE_KIND_LABELS, allowedCareSteps, priceToCents, type AdminTicketSummary, type CareKind, type CareStatus, type Carrier, allowedReturnSteps, centsToPrice, formatAmount, type AdminReturnStepResponse, type AdminReturnSummary, type AuditAction, type ReturnReason, type ReturnStatus, type ReturnStep } from '@everstone/contract';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Care, CareStepBy, OrderDesk, RecordReturnStep, Returns } from '../orders/index.ts';
import { adminOrderOf } from './orders.ts';

/** What a return's step takes besides its RMA. */
export type ReturnStepInput =
  | { step: 'inspect'; passed: boolean; note?: string | null | undefined; gia_recheck?: string | null | undefined }
  | { step: 'refund'; reference?: string | null | undefined; exchange_order?: string | null | undefined }
  | { step: 'receive' | 'cancel' };

/** The audit's action of a step: an inspection that declines is its own action, so the log says which it was. */
const actionOf = (input: ReturnStepInput): AuditAction =>
  input.step === 'inspect' ? (input.passed ? 'return.inspect' : 'return.decline') : (`return.${input.step}` as const);

/**
 * One step on one return by a staff member, with its audit entry in the step's own transaction (the return's status
 * as it was and became, its RMA, and what the step recorded), answered with the order as the back office shows it.
 */
export async function runReturnStep(returns: Returns, desk: OrderDesk, audit: AuditLog, input: ReturnStepInput, rma: string, actor: Actor): Promise<AdminReturnStepResponse> {
  const record: RecordReturnStep = (trx, before, after, orderNumber, detail) =>
    audit.record(trx, actor, {
      action: actionOf(input),
      subject: { type: 'order', id: orderNumber },
      before: { rma: before.rma, return_status: before.status },
      after: { rma: after.rma, return_status: after.status, ...detail },
    });
  const how = { by: actor.email, record };
  const done = await (() => {
    switch (input.step) {
      case 'receive':
        return returns.receive(rma, how);
      case 'inspect':
        return returns.inspect(rma, { passed: input.passed, note: input.note, giaRecheck: input.gia_recheck }, how);
      case 'refund':
        return returns.refund(rma, { reference: input.reference, exchangeOrder: input.exchange_order }, how);
      case 'cancel':
        return returns.cancel(rma, how);
    }
  })();
  const r = done.ret;
  const message = {
    receive: `Return ${r.rma} is received. Inspect it next. The shopper was emailed.`,
    inspect:
      r.status === 'inspected'
        ? `Return ${r.rma} passed its inspection: its stones are back on sale and stocked pieces back in stock. Refund ${formatAmount(centsToPrice(r.refund_cents))} next.`
        : `Return ${r.rma} is declined: send the piece back to the shopper, insured. The shopper was emailed.`,
    refund: `Return ${r.rma} is refunded${r.exchange_order_number ? ` as an exchange toward order ${r.exchange_order_number}` : ''}: ${formatAmount(centsToPrice(r.refund_cents))}${done.view.refund_reference ? ` (reference ${done.view.refund_reference})` : ''}. The shopper was emailed.`,
    cancel: `Return ${r.rma} is cancelled; its label no longer works. The shopper was emailed.`,
  }[input.step];
  return { message, order: await adminOrderOf(desk, audit, done.order.order_number) };
}

/** The back office's queue of returns in the store's hands, oldest first. */
export async function returnQueueOf(returns: Returns): Promise<AdminReturnSummary[]> {
  return (await returns.openReturns()).map(({ ret, orderNumber, userName, lines }) => ({
    rma: ret.rma,
    order_number: orderNumber,
    user_name: userName,
    status: ret.status as ReturnStatus,
    reason: ret.reason as ReturnReason,
    requested_at: ret.requested_at,
    refund: centsToPrice(ret.refund_cents),
    lines,
    steps: allowedReturnSteps(ret.status as ReturnStatus) as ReturnStep[],
  }));
}

/** What a ticket's step takes besides its number. */
export type CareStepInput =
  | { step: 'start'; fee?: string | null | undefined; reference?: string | null | undefined }
  | { step: 'ship'; carrier: Carrier; tracking_number: string }
  | { step: 'receive' | 'cancel' };

/** One step on one resize or repair by a staff member, with its audit entry in the step's own transaction. */
export async function runCareStep(care: Care, desk: OrderDesk, audit: AuditLog, input: CareStepInput, number: string, actor: Actor): Promise<AdminReturnStepResponse> {
  const how: CareStepBy = {
    by: actor.email,
    record: (trx, before, after, orderNumber, detail) =>
      audit.record(trx, actor, {
        action: `care.${input.step}`,
        subject: { type: 'order', id: orderNumber },
        before: before ? { ticket: before.number, ticket_status: before.status } : null,
        after: { ticket: after.number, ticket_status: after.status, ...detail },
      }),
  };
  const done = await (() => {
    switch (input.step) {
      case 'receive':
        return care.receive(number, how);
      case 'start':
        return care.start(number, { fee: input.fee, reference: input.reference }, how);
      case 'ship':
        return care.ship(number, { carrier: input.carrier, trackingNumber: input.tracking_number }, how);
      case 'cancel':
        return care.cancel(number, how);
    }
  })();
  const t = done.view;
  const name = `${CARE_KIND_LABELS[t.kind]} ${t.number}`;
  const message = {
    receive: `${name}: the piece is received. The shopper was emailed.`,
    start: `${name} is at the bench${t.fee && priceToCents(t.fee) ? ` (fee ${formatAmount(t.fee)} recorded)` : ''}.`,
    ship: `${name} is shipped back with ${done.order.shipments.at(-1)!.carrier_name} ${done.order.shipments.at(-1)!.tracking_number}. The shopper was emailed the tracking link.`,
    cancel: `${name} is cancelled. The shopper was emailed.`,
  }[input.step];
  return { message, order: await adminOrderOf(desk, audit, done.order.order_number) };
}

/** A repair opened by staff for a piece brought in, on the audit log. */
export async function openRepair(care: Care, desk: OrderDesk, audit: AuditLog, orderNumber: string, request: { line: number; description: string }, actor: Actor): Promise<AdminReturnStepResponse> {
  const done = await care.openRepair(orderNumber, request, {
    by: actor.email,
    record: (trx, _before, after, number, detail) => audit.record(trx, actor, { action: 'care.repair', subject: { type: 'order', id: number }, after: { ticket: after.number, ticket_status: after.status, ...detail } }),
  });
  return { message: `Repair ${done.view.number} is open for line ${done.view.line}; the piece is recorded received.`, order: await adminOrderOf(desk, audit, done.order.order_number) };
}

/** The back office's queue of open resizes and repairs, oldest first. */
export async function ticketQueueOf(care: Care): Promise<AdminTicketSummary[]> {
  return (await care.openTickets()).map(({ ticket: t, orderNumber, userName, line }) => ({
    number: t.number,
    kind: t.kind as CareKind,
    order_number: orderNumber,
    user_name: userName,
    status: t.status as CareStatus,
    requested_at: t.requested_at,
    line,
    summary: t.kind === 'resize' ? `Size ${t.from_size && t.from_size !== 'unknown' ? `${t.from_size} → ` : ''}${t.to_size}${t.free ? ', free' : ''}` : (t.description ?? ''),
    steps: allowedCareSteps(t.status as CareStatus),
  }));
}
