/**
 * What a delivered order's lines may still become, said once for the server, the order desk, the back office and the
 * shopper's page: returned within the window (one return every six months per account, an engraving removed for a
 * fee), and the return's own steps from its authorization to its refund. Staff never type an eligibility: it is
 * computed here from the order's facts. Free of Zod (the storefront's first load). docs/decisions/021-returns-and-refunds.md.
 *
 *   authorized ─receive→ received ─inspect (passed)→ inspected ─refund→ refunded
 *   authorized ─cancel→ cancelled                  ─inspect (failed)→ rejected (sent back to the shopper)
 */
import { STORE_TERMS } from '../constants.ts';
import { formatTagPrice } from '../money.ts';
import { returnWindowEndsAt, type OrderStatus } from './lifecycle.ts';

/** §9 "one return per six months": an account's next return may be requested this many months after its last. */
export const RETURN_INTERVAL_MONTHS = 6;
/** What removing an engraving costs before an engraved piece can be returned, cents (the trade's usual $40). */
export const ENGRAVING_REMOVAL_CENTS = 4_000;
/** The first resize of a ring is free within this many sizes up or down. */
export const FREE_RESIZE_SIZES = 2;
/** §9: "diamonds above 1.99 carats need GIA re-check" — a returned one is re-checked before it is refunded or resold. */
export const GIA_RECHECK_ABOVE_CARAT = 1.99;
/** How long a return's prepaid label link works, days: the window's length, so a label taken late still reaches us. */
export const RETURN_LABEL_DAYS = STORE_TERMS.returnDays;
/** Why a shopper sends a piece back, as the return form offers them and the back office counts them. */
export const RETURN_REASONS = ['changed_mind', 'size', 'not_as_pictured', 'quality', 'arrived_damaged', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: 'Changed my mind',
  size: 'Wrong size',
  not_as_pictured: 'Not as pictured',
  quality: 'A quality concern',
  arrived_damaged: 'Arrived damaged',
  other: 'Another reason',
};
/** The most a shopper's note on a return may say. */
export const RETURN_NOTE_MAX = 500;

export const RETURN_STATUSES = ['authorized', 'received', 'inspected', 'refunded', 'rejected', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  authorized: 'Return authorized',
  received: 'Return received',
  inspected: 'Return inspected',
  refunded: 'Refunded',
  rejected: 'Return declined',
  cancelled: 'Return cancelled',
};
/** A return still in the store's hands: it holds its lines, and its order is not completed meanwhile. */
export const OPEN_RETURN_STATUSES = ['authorized', 'received', 'inspected'] as const satisfies readonly ReturnStatus[];
export const isOpenReturn = (status: ReturnStatus) => (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);

export const RETURN_STEPS = ['receive', 'inspect', 'refund', 'cancel'] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];
export const RETURN_STEP_LABELS: Record<ReturnStep, string> = { receive: 'Mark received', inspect: 'Record the inspection', refund: 'Refund', cancel: 'Cancel the return' };

/** The steps a return can take now. */
export function allowedReturnSteps(status: ReturnStatus): ReturnStep[] {
  switch (status) {
    case 'authorized':
      return ['receive', 'cancel'];
    case 'received':
      return ['inspect'];
    case 'inspected':
      return ['refund'];
    default:
      return [];
  }
}

/** The months after an instant, in UTC calendar months (31 Aug + 6 → 28 Feb or 1 Mar as the month allows: the end of it). */
export function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next.toISOString();
}

/** When an account may request its next return, after its last one (not cancelled) was requested at `lastAt`. */
export const nextReturnFrom = (lastAt: string) => addMonths(lastAt, RETURN_INTERVAL_MONTHS);

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/New_York' });
const shortDayWithYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });
/** 'Dec 28' (the store's day), with the year when it is not this one's. */
export function formatShortDay(iso: string, now: Date): string {
  const year = (d: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/New_York' }).format(d);
  return year(new Date(iso)) === year(now) ? shortDay.format(new Date(iso)) : shortDayWithYear.format(new Date(iso));
}

/** A line of a delivered order as the rules read it. */
export interface AfterSaleLine {
  /** The line's number on the order (1, 2, …). */
  line: number;
  kind: string;
  /** Whether the line (or a part of a ring) carries an engraving. */
  engraved: boolean;
  /** A ring, or a piece with a ring size: it can be resized. */
  resizable: boolean;
  /** The return it is in (not cancelled), if any. */
  rma: string | null;
  /** Whether a resize has been asked for it already (the first is free). */
  resized: boolean;
  /** The resize or repair ticket it is in while that is open (the piece is the store's to send back), if any. */
  ticket?: string | null;
  /** §9's free gift: it comes back with a return only when the return needs it (checkout/gifts.ts), never alone. */
  gift?: boolean;
}

/** The words for a gift line: its note on the order page, and the refusal of a return that asks for it alone. */
export const GIFT_LINE_NOTE = 'Your free gift: it comes back with a return only when what you keep falls below its threshold';
export const giftNotReturnable = (n: number) => `Line ${n} is your free gift: it is not returned on its own, only with a return that leaves you below its threshold, which adds it by itself.`;

/** What the order and its account are for the rules. */
export interface AfterSaleFacts {
  order_status: OrderStatus;
  payment_status: string;
  delivered_at: string | null;
  /** When the account's last return (any order, not cancelled) was requested, or null. */
  last_return_at: string | null;
  lines: readonly AfterSaleLine[];
}

/** What one delivered line may still become, with the shopper's words for it. */
export interface LineAfterSale {
  line: number;
  /** Whether a return of it may be requested now. */
  returnable: boolean;
  /** Until when its return window is open (ISO), for a delivered order. */
  return_until: string | null;
  /** What removing its engraving costs before it is refunded, cents (0 when not engraved). */
  engraving_fee_cents: number;
  /** When the account may return again, while the six-month rule stops it. */
  next_return_from: string | null;
  /** The return it is in, if any. */
  rma: string | null;
  /** Whether its first resize is still free. */
  free_resize: boolean;
  /** The open resize or repair ticket it is in, if any. */
  ticket: string | null;
  /** Whether a resize of it may be asked for now (a ring of a delivered order, in no return or open ticket). */
  resizable: boolean;
  /** The shopper's words: 'Returnable until Dec 28', 'Engraved: …', 'One return every six months: …', 'First resize free within two sizes'. */
  notes: string[];
}

const ENGRAVED_NOTE = `Engraved: returnable once the engraving is removed, for ${formatTagPrice(ENGRAVING_REMOVAL_CENTS)}`;

/** Each delivered line's eligibility at `now`; lines of an order not delivered (or not paid) may not be returned. */
export function afterSaleOf(facts: AfterSaleFacts, now: Date): LineAfterSale[] {
  const delivered = facts.order_status === 'delivered' && facts.delivered_at !== null;
  const until = facts.delivered_at ? returnWindowEndsAt(facts.delivered_at) : null;
  const windowOpen = delivered && until !== null && now.toISOString() < until && facts.payment_status === 'paid';
  const nextFrom = facts.last_return_at ? nextReturnFrom(facts.last_return_at) : null;
  const interval = nextFrom !== null && now.toISOString() < nextFrom;
  return facts.lines.map((line) => {
    const notes: string[] = [];
    const ticket = line.ticket ?? null;
    if (line.rma) notes.push(`In return ${line.rma}`);
    else if (ticket) notes.push(`In ${ticket.startsWith('RP-') ? 'repair' : 'resize'} ${ticket}: back with you soon`);
    else if (line.gift) {
      if (windowOpen) notes.push(GIFT_LINE_NOTE);
    } else if (windowOpen) {
      notes.push(`Returnable until ${formatShortDay(until!, now)}`);
      if (line.engraved) notes.push(ENGRAVED_NOTE);
      if (interval) notes.push(`One return every six months: your next is possible from ${formatShortDay(nextFrom!, now)}`);
    }
    const resizable = line.resizable && (delivered || facts.order_status === 'completed') && line.rma === null && ticket === null;
    const freeResize = resizable && !line.resized;
    if (freeResize) notes.push('First resize free within two sizes');
    return {
      line: line.line,
      returnable: windowOpen && !interval && line.rma === null && ticket === null && !line.gift,
      return_until: delivered ? until : null,
      engraving_fee_cents: line.engraved ? ENGRAVING_REMOVAL_CENTS : 0,
      next_return_from: interval ? nextFrom : null,
      rma: line.rma,
      free_resize: freeResize,
      ticket,
      resizable,
      notes,
    };
  });
}

/**
 * Why a return of `lines` (line numbers) cannot be requested now, in the shopper's words, or null when it can. The
 * server asks this again inside the transaction that authorizes the return.
 */
export function returnRequestProblem(eligibility: readonly LineAfterSale[], lines: readonly number[], facts: Pick<AfterSaleFacts, 'order_status' | 'payment_status' | 'delivered_at'> & { lines?: readonly AfterSaleLine[] }, now: Date): string | null {
  if (lines.length === 0) return 'Choose at least one piece to return.';
  if (new Set(lines).size !== lines.length) return 'Each piece can be chosen once.';
  if (facts.order_status !== 'delivered' || facts.delivered_at === null) return 'Only a delivered order can be returned.';
  if (facts.payment_status !== 'paid') return 'This order can be returned once its payment is complete.';
  if (returnWindowEndsAt(facts.delivered_at) <= now.toISOString()) return `The ${STORE_TERMS.returnDays}-day return window closed on ${formatShortDay(returnWindowEndsAt(facts.delivered_at), now)}.`;
  for (const n of lines) {
    const line = eligibility.find((l) => l.line === n);
    if (!line) return `This order has no line ${n}.`;
    if (line.rma) return `Line ${n} is already in return ${line.rma}.`;
    if (line.next_return_from) return `One return every six months: your next is possible from ${formatShortDay(line.next_return_from, now)}.`;
    if (facts.lines?.find((l) => l.line === n)?.gift) return giftNotReturnable(n);
    if (!line.returnable) return `Line ${n} cannot be returned.`;
  }
  return null;
}

/** What a return refunds: the lines' prices less the engraving removals. Never below zero. */
export function returnRefundCents(lines: readonly { total_cents: number; engraving_fee_cents: number }[]): number {
  return Math.max(0, lines.reduce((sum, l) => sum + l.total_cents - l.engraving_fee_cents, 0));
}

/** Whether a returned stone must have its GIA re-check recorded before the inspection passes it. */
export const needsGiaRecheck = (carat: number | null) => carat !== null && carat > GIA_RECHECK_ABOVE_CARAT;

/** RMA numbers: 'RMA-' and eight characters of the order numbers' alphabet (no 0/O, 1/I). */
export const RMA_PATTERN = /^RMA-[2-9A-HJ-NP-Z]{8}$/;
