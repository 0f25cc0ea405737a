/**
 * Resize and repair tickets (docs/decisions/024-resize-and-repair-tickets.md): a ring sent back to be resized, asked
 * for by the shopper from a ring line of a delivered order, or a piece brought to the showroom for a repair, opened
 * by staff. Their states, steps and rules, in one place for the server, the order page and the back office. Free of
 * Zod (the storefront's first load).
 */
import { RING_SIZE_UNKNOWN, RING_SIZES } from '../ring-builder/ring-choices.ts';
import { FREE_RESIZE_SIZES } from './after-sale.ts';

export const CARE_KINDS = ['resize', 'repair'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const CARE_KIND_LABELS: Record<CareKind, string> = { resize: 'Resize', repair: 'Repair' };

export const CARE_STATUSES = ['requested', 'received', 'in_work', 'shipped_back', 'cancelled'] as const;
export type CareStatus = (typeof CARE_STATUSES)[number];
export const CARE_STATUS_LABELS: Record<CareStatus, string> = {
  requested: 'Requested: waiting for the piece',
  received: 'Received at our workshop',
  in_work: 'At the jeweler’s bench',
  shipped_back: 'Shipped back to you',
  cancelled: 'Cancelled',
};
/** A ticket still in the store's hands or on its way to it: it holds its line. */
export const OPEN_CARE_STATUSES = ['requested', 'received', 'in_work'] as const satisfies readonly CareStatus[];
export const isOpenCare = (status: CareStatus) => (OPEN_CARE_STATUSES as readonly CareStatus[]).includes(status);

export const CARE_STEPS = ['receive', 'start', 'ship', 'cancel'] as const;
export type CareStep = (typeof CARE_STEPS)[number];
export const CARE_STEP_LABELS: Record<CareStep, string> = { receive: 'Mark the piece received', start: 'Start the work', ship: 'Ship it back', cancel: 'Cancel the ticket' };

/** The steps a ticket can take now. */
export function allowedCareSteps(status: CareStatus): CareStep[] {
  switch (status) {
    case 'requested':
      return ['receive', 'cancel'];
    case 'received':
      return ['start', 'cancel'];
    case 'in_work':
      return ['ship'];
    default:
      return [];
  }
}

/** A ticket's number names its kind: RS- for a resize, RP- for a repair, and eight characters of the order numbers' alphabet. */
export const CARE_NUMBER_PATTERN = /^R[SP]-[2-9A-HJ-NP-Z]{8}$/;
export const careKindOfNumber = (number: string): CareKind => (number.startsWith('RS-') ? 'resize' : 'repair');

/** The most a shopper's note or a repair's description may say. */
export const CARE_NOTE_MAX = 500;

/**
 * Whether a resize from `from` to `to` is free: the ring's first, within FREE_RESIZE_SIZES sizes (a ring ordered
 * without its size is sized for free once).
 */
export function isFreeResize(from: string | null, to: string, first: boolean): boolean {
  if (!first) return false;
  if (from === null || from === RING_SIZE_UNKNOWN || !RING_SIZES.includes(from)) return true;
  return Math.abs(Number(to) - Number(from)) <= FREE_RESIZE_SIZES;
}

/** What a line is for the resize rules. */
export interface ResizeFacts {
  order_status: string;
  kind: string;
  resizable: boolean;
  /** The size it was made in (or 'unknown'), null when none was given. */
  size: string | null;
  /** The open ticket it is in, or the return (not cancelled) it is in. */
  ticket: string | null;
  rma: string | null;
}

/** Why a resize of a line to `to` cannot be asked for, in the shopper's words, or null when it can. */
export function resizeProblem(line: ResizeFacts | undefined, lineNumber: number, to: string): string | null {
  if (!line) return `This order has no line ${lineNumber}.`;
  if (line.order_status !== 'delivered' && line.order_status !== 'completed') return 'A ring can be resized once it has been delivered.';
  if (!line.resizable) return `Line ${lineNumber} is not a ring that can be resized.`;
  if (line.ticket) return `Line ${lineNumber} is already in ${careKindOfNumber(line.ticket) === 'resize' ? 'resize' : 'repair'} ${line.ticket}.`;
  if (line.rma) return `Line ${lineNumber} is in return ${line.rma}.`;
  if (!RING_SIZES.includes(to)) return 'Please choose the new size, from 3 to 13.';
  if (line.size === to) return `The ring is already size ${to}.`;
  return null;
}
