import {
  AUDIT_ACTION_LABELS,
  CARRIER_NAMES,
  formatTagPrice,
  priceToCents,
  type AdminHomePreview,
  type AdminHomePreviewStepResponse,
  type AuditAction,
  type AuditEntry,
  type Carrier,
  type HomePreviewStep,
  type OrderHistoryEntry,
} from '@everstone/contract';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { HomePreviewDesk, RecordHomePreviewStep, StaffHomePreview } from '../home-preview/index.ts';

const STEP_ACTIONS: Record<HomePreviewStep, AuditAction> = {
  deposit: 'home_preview.deposit',
  ship: 'home_preview.ship',
  deliver: 'home_preview.deliver',
  receive: 'home_preview.receive',
  refund: 'home_preview.refund',
  keep: 'home_preview.keep',
  cancel: 'home_preview.cancel',
  cancel_refund: 'home_preview.cancel_refund',
};

const amount = (price: string | null) => formatTagPrice(priceToCents(price ?? '0') ?? 0);

const STEP_DONE: Record<HomePreviewStep, (p: StaffHomePreview) => string> = {
  deposit: (p) => `The deposit of ${amount(p.deposit)} is recorded for Home Preview ${p.number} (reference ${p.deposit_reference}). It can ship.`,
  ship: (p) => `Home Preview ${p.number} is shipped with ${p.parcel!.carrier_name} ${p.parcel!.tracking_number}. The shopper was emailed the tracking link.`,
  deliver: (p) => `Home Preview ${p.number} is delivered; the shopper’s days with the replicas count from now.`,
  receive: (p) =>
    p.status === 'returned'
      ? `Every replica of Home Preview ${p.number} is back. Refund the deposit of ${amount(p.deposit)}.`
      : `Recorded: ${p.rings.filter((r) => r.returned_at).length} of ${p.rings.length} replicas of Home Preview ${p.number} back.`,
  refund: (p) => `The refund of ${amount(p.refunded)} is recorded for Home Preview ${p.number}. The shopper was emailed.`,
  keep: (p) => `${amount(p.kept)} of the deposit is kept for Home Preview ${p.number}${priceToCents(p.refunded ?? '0') ? ` and ${amount(p.refunded)} refunded` : ''}. The shopper was emailed why.`,
  cancel: (p) => `Home Preview ${p.number} is cancelled. The shopper was emailed.`,
  cancel_refund: (p) => `The refund of ${amount(p.refunded)} is recorded and Home Preview ${p.number} is cancelled. The shopper was emailed.`,
};

/** A history entry's words: the audit's label, with the parcel, the reference or the replicas the step recorded. */
function entryText(e: AuditEntry): string {
  const label = AUDIT_ACTION_LABELS[e.action];
  const a = e.after ?? {};
  if (e.action === 'home_preview.ship' && typeof a.tracking_number === 'string') return `${label} (${CARRIER_NAMES[a.carrier as Carrier] ?? String(a.carrier)} ${a.tracking_number})`;
  if (e.action === 'home_preview.receive' && Array.isArray(a.replicas)) return `${label}: replica ${a.replicas.join(' and ')}`;
  const reference = a.deposit_reference ?? a.refund_reference;
  return typeof reference === 'string' ? `${label} (reference ${reference})` : label;
}

/** A request with its history: requested by the shopper, then each staff step from the audit log. */
export async function withHistory(audit: AuditLog, preview: StaffHomePreview): Promise<AdminHomePreview> {
  const entries = await audit.of('home_preview', preview.number);
  const history: OrderHistoryEntry[] = [
    { at: preview.created_at, what: 'Requested by the shopper', by: null },
    ...entries.map((e) => ({ at: e.at, what: entryText(e), by: e.actor.email })),
  ];
  // The shopper's own cancel is theirs, not a staff change: it is not on the audit log.
  if (preview.cancelled_at && !entries.some((e) => e.action === 'home_preview.cancel' || e.action === 'home_preview.cancel_refund')) {
    history.push({ at: preview.cancelled_at, what: 'Cancelled by the shopper', by: null });
  }
  return { ...preview, history };
}

/** What a step takes besides the request. */
export type HomePreviewStepInput =
  | { step: 'deposit' | 'refund' | 'cancel_refund'; reference: string }
  | { step: 'ship'; carrier: Carrier; tracking_number: string }
  | { step: 'receive'; replicas: number[] }
  | { step: 'keep'; reference?: string | undefined }
  | { step: 'deliver' | 'cancel' };

/**
 * One step on one Home Preview by a staff member, with its audit entry in the step's own transaction (the status as
 * it was and became, and what the step recorded). 409 with where it stands when the request cannot take the step,
 * 422 when what was typed cannot be right.
 */
export async function runHomePreviewStep(desk: HomePreviewDesk, audit: AuditLog, input: HomePreviewStepInput, number: string, actor: Actor): Promise<AdminHomePreviewStepResponse> {
  const record: RecordHomePreviewStep = (trx, before, after, detail) =>
    audit.record(trx, actor, {
      action: STEP_ACTIONS[input.step],
      subject: { type: 'home_preview', id: after.number },
      before: { status: before.status },
      after: { status: after.status, ...detail },
    });
  const changed = await (() => {
    switch (input.step) {
      case 'deposit':
        return desk.deposit(number, input.reference, record);
      case 'ship':
        return desk.ship(number, { carrier: input.carrier, trackingNumber: input.tracking_number }, record);
      case 'deliver':
        return desk.deliver(number, record);
      case 'receive':
        return desk.receive(number, input.replicas, record);
      case 'refund':
        return desk.refund(number, input.reference, record);
      case 'keep':
        return desk.keep(number, input.reference ?? null, record);
      case 'cancel':
        return desk.cancel(number, record);
      case 'cancel_refund':
        return desk.cancelRefund(number, input.reference, record);
    }
  })();
  return { message: STEP_DONE[input.step](changed), preview: await withHistory(audit, changed) };
}

