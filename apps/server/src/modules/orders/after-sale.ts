import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  CARE_STATUS_LABELS,
  afterSaleOf,
  centsToPrice,
  isOpenCare,
  type CareKind,
  type CareStatus,
  type CareTicket,
  needsGiaRecheck,
  timelineLabel,
  type AfterSaleFacts,
  type LineAfterSaleView,
  type OrderReturn,
  type OrderStatus,
  type ReturnReason,
  type ReturnStatus,
  type TimelineEntry,
  type TimelineStep,
} from '@everstone/contract';
import type { OrderCareTicketRow, OrderItemRow, OrderRow } from '../../db/schema.ts';
import type { ReturnRecords } from './returns-repository.ts';

/** A top-level line's number (1, 2, …) on its order, and its rows (a ring's parts under it). */
export function numberedLines(items: readonly OrderItemRow[]) {
  const top = items.filter((i) => i.parent_line_id === null);
  return top.map((item, index) => ({ line: index + 1, item, parts: items.filter((i) => i.parent_line_id === item.id) }));
}

/** The contract's facts of an order for its after-sale rules. */
export function afterSaleFactsOf(row: OrderRow, items: readonly OrderItemRow[], records: ReturnRecords, lastReturnAt: string | null, tickets: readonly OrderCareTicketRow[] = []): AfterSaleFacts {
  const inReturn = new Map<number, string>();
  for (const line of records.lines) {
    const r = records.returns.find((x) => x.id === line.return_id);
    if (r && r.status !== 'cancelled') inReturn.set(line.order_item_id, r.rma);
  }
  return {
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status,
    delivered_at: row.delivered_at,
    last_return_at: lastReturnAt,
    lines: numberedLines(items).map(({ line, item, parts }) => ({
      line,
      kind: item.kind,
      engraved: [item, ...parts].some((i) => i.engraving !== null && i.engraving !== ''),
      resizable: item.kind === 'ring' || [item, ...parts].some((i) => i.ring_size !== null),
      rma: inReturn.get(item.id) ?? null,
      resized: tickets.some((t) => t.order_item_id === item.id && t.kind === 'resize' && t.status !== 'cancelled'),
      ticket: tickets.find((t) => t.order_item_id === item.id && isOpenCare(t.status as CareStatus))?.number ?? null,
      gift: item.gift !== null,
    })),
  };
}

/** Each top-level line's after-sale rights at `now`, as the order's API answer shows them. */
export function afterSaleViewsOf(row: OrderRow, items: readonly OrderItemRow[], records: ReturnRecords, lastReturnAt: string | null, now: Date, tickets: readonly OrderCareTicketRow[] = []): LineAfterSaleView[] {
  return afterSaleOf(afterSaleFactsOf(row, items, records, lastReturnAt, tickets), now).map(({ engraving_fee_cents, ...rest }) => ({ ...rest, engraving_removal_fee: centsToPrice(engraving_fee_cents) }));
}

/** The order's returns as the API shows them: each with its line numbers and, once refunded, the refund's reference. */
export function returnViewsOf(items: readonly OrderItemRow[], records: ReturnRecords): OrderReturn[] {
  const numbered = numberedLines(items);
  const lineOf = new Map(numbered.map(({ line, item }) => [item.id, line]));
  return records.returns.map((r) => {
    const refund = records.refunds.find((f) => f.return_id === r.id && f.status === 'completed');
    const inIt = new Set(records.lines.filter((l) => l.return_id === r.id).map((l) => l.order_item_id));
    const stones = numbered.filter((l) => inIt.has(l.item.id)).flatMap(({ item, parts }) => [item, ...parts]).filter((i) => i.diamond_id !== null);
    return {
      rma: r.rma,
      status: r.status as ReturnStatus,
      status_label: RETURN_STATUS_LABELS[r.status as ReturnStatus],
      reason: r.reason as ReturnReason,
      reason_label: RETURN_REASON_LABELS[r.reason as ReturnReason],
      note: r.note,
      lines: records.lines.filter((l) => l.return_id === r.id).map((l) => lineOf.get(l.order_item_id)!).filter((n) => n !== undefined).sort((a, b) => a - b),
      refund: centsToPrice(r.refund_cents),
      fee: centsToPrice(r.fee_cents),
      requested_at: r.requested_at,
      label_expires_at: r.label_expires_at,
      received_at: r.received_at,
      inspected_at: r.inspected_at,
      closed_at: r.closed_at,
      refund_reference: refund?.reference ?? null,
      exchange_order_number: r.exchange_order_number,
      gia_recheck_needed: stones.some((s) => needsGiaRecheck(s.carat)),
      gia_recheck: r.gia_recheck,
    };
  });
}

/** How a closed return ends on the timeline. */
const CLOSED_STEP: Partial<Record<ReturnStatus, TimelineStep>> = { refunded: 'return_refunded', rejected: 'return_declined', cancelled: 'return_cancelled' };

/** A return's steps on its order's timeline, each with its RMA: authorized, received, inspected, then how it closed. */
export function returnTimelineOf(records: ReturnRecords): TimelineEntry[] {
  return records.returns.flatMap((r) => {
    const steps: [TimelineStep, string | null][] = [
      ['return_authorized', r.requested_at],
      ['return_received', r.received_at],
      // A declined return's inspection is its closing step.
      ['return_inspected', r.status === 'rejected' ? null : r.inspected_at],
      [r.exchange_order_number ? 'return_exchanged' : (CLOSED_STEP[r.status as ReturnStatus] ?? 'return_cancelled'), CLOSED_STEP[r.status as ReturnStatus] ? r.closed_at : null],
    ];
    return steps.flatMap(([step, at]): TimelineEntry[] => (at ? [{ step, at, label: timelineLabel({ step, stage: null, detail: r.rma }), stage: null, detail: r.rma }] : []));
  });
}

/** The order's resize and repair tickets as the API shows them. */
export function ticketViewsOf(items: readonly OrderItemRow[], tickets: readonly OrderCareTicketRow[]): CareTicket[] {
  const lineOf = new Map(numberedLines(items).map(({ line, item }) => [item.id, line]));
  return tickets.map((t) => ({
    number: t.number,
    kind: t.kind as CareKind,
    status: t.status as CareStatus,
    status_label: CARE_STATUS_LABELS[t.status as CareStatus],
    line: lineOf.get(t.order_item_id) ?? 0,
    from_size: t.from_size,
    to_size: t.to_size,
    description: t.description,
    free: t.free === 1,
    fee: t.fee_cents === null ? null : centsToPrice(t.fee_cents),
    requested_at: t.requested_at,
    received_at: t.received_at,
    work_started_at: t.work_started_at,
    shipped_at: t.shipped_at,
    closed_at: t.closed_at,
    label_expires_at: t.label_expires_at,
  }));
}

/** A ticket's steps on its order's timeline, each with its number: requested (or opened), received, at the bench, shipped back or cancelled. */
export function ticketTimelineOf(tickets: readonly OrderCareTicketRow[]): TimelineEntry[] {
  return tickets.flatMap((t) => {
    // A repair is opened with the piece in hand: its opening is its receipt.
    const steps: [TimelineStep, string | null][] = [
      ['care_requested', t.requested_at],
      ['care_received', t.kind === 'repair' ? null : t.received_at],
      ['care_in_work', t.work_started_at],
      ['care_shipped', t.shipped_at],
      ['care_cancelled', t.status === 'cancelled' ? t.closed_at : null],
    ];
    return steps.flatMap(([step, at]): TimelineEntry[] => (at ? [{ step, at, label: timelineLabel({ step, stage: null, detail: t.number }), stage: null, detail: t.number }] : []));
  });
}
