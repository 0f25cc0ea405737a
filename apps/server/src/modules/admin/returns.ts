import { allowedReturnSteps, centsToPrice, formatAmount, type AdminReturnStepResponse, type AdminReturnSummary, type AuditAction, type ReturnReason, type ReturnStatus, type ReturnStep } from '@everstone/contract';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { OrderDesk, RecordReturnStep, Returns } from '../orders/index.ts';
import { adminOrderOf } from './orders.ts';

/** What a return's step takes besides its RMA. */
export type ReturnStepInput =
  | { step: 'inspect'; passed: boolean; note?: string | null | undefined; gia_recheck?: string | null | undefined }
  | { step: 'refund'; reference?: string | null | undefined }
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
        return returns.refund(rma, { reference: input.reference }, how);
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
    refund: `Return ${r.rma} is refunded: ${formatAmount(centsToPrice(r.refund_cents))}${done.view.refund_reference ? ` (reference ${done.view.refund_reference})` : ''}. The shopper was emailed.`,
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
