/**
 * The life of a Home Preview after it is requested (§9: "$100 per replica ring charge refunded on return, maximum
 * two rings per order, two orders per six months, three-day possession, US only, free shipping both ways"), said
 * once for the server, the back office and the shopper's page: its states, the steps staff take between them and
 * when each is allowed, and the days that decide when a deposit may be kept. Free of Zod (the storefront's first
 * load). docs/decisions/022-home-preview-steps.md.
 *
 *   requested ─deposit→ deposit_taken ─ship→ shipped ─deliver (optional)→ delivered
 *   shipped | delivered ─receive (each replica; the last one)→ returned ─refund→ refunded
 *   shipped | delivered ─keep (a replica not back once possession + return transit have passed)→ deposit_kept
 *   requested ─cancel→ cancelled          deposit_taken ─cancel_refund→ cancelled
 *
 * Each step is one conditional UPDATE on the request (its status as it must still be), so two people at two
 * terminals never both act on one request.
 */
import { formatEasternTime } from '../orders/order-steps.ts';
import { formatTagPrice } from '../money.ts';
import { HOME_PREVIEW } from './special-requests.ts';

export const HOME_PREVIEW_STATUSES = ['requested', 'deposit_taken', 'shipped', 'delivered', 'returned', 'refunded', 'deposit_kept', 'cancelled'] as const;
export type HomePreviewStatus = (typeof HOME_PREVIEW_STATUSES)[number];

/** How the shopper's page and the back office name each state. */
export const HOME_PREVIEW_STATUS_LABELS: Record<HomePreviewStatus, string> = {
  requested: 'Requested',
  deposit_taken: 'Deposit taken',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Replicas returned',
  refunded: 'Deposit refunded',
  deposit_kept: 'Deposit kept',
  cancelled: 'Cancelled',
};

/**
 * The states that count toward the account's two requests every six months: every one but `cancelled`. A request
 * that shipped and came back (or whose deposit was kept) was a Home Preview the shopper had.
 */
export const HOME_PREVIEW_COUNTED_STATUSES = HOME_PREVIEW_STATUSES.filter((s) => s !== 'cancelled');

/** The states in which the replicas are with the shopper or on their way (out or back). */
export const HOME_PREVIEW_OUT_STATUSES = ['shipped', 'delivered'] as const satisfies readonly HomePreviewStatus[];

/** The steps staff take on a request, in the order the back office offers them. */
export const HOME_PREVIEW_STEPS = ['deposit', 'ship', 'deliver', 'receive', 'refund', 'keep', 'cancel', 'cancel_refund'] as const;
export type HomePreviewStep = (typeof HOME_PREVIEW_STEPS)[number];
export const HOME_PREVIEW_STEP_LABELS: Record<HomePreviewStep, string> = {
  deposit: 'Record deposit taken',
  ship: 'Ship with tracking',
  deliver: 'Mark delivered',
  receive: 'Record replicas received',
  refund: 'Record deposit refunded',
  keep: 'Keep deposit for missing replicas',
  cancel: 'Cancel request',
  cancel_refund: 'Refund deposit and cancel',
};
/** Steps that move money: the password is asked again first, as for an order's refund. */
export const SENSITIVE_HOME_PREVIEW_STEPS: readonly HomePreviewStep[] = ['refund', 'keep', 'cancel_refund'];

/** The store's words for a payment's reference (the card terminal's, the bank's): at most this long. */
export const HOME_PREVIEW_REFERENCE_MAX = 64;

/**
 * The days that decide when a replica counts as not returned.
 * - Possession (§9's three days) counts from the delivery when staff record it; without it, from the shipment plus
 *   `transitDays` (the carrier's ground time the store assumes), so the shopper never loses days to a delivery
 *   nobody recorded.
 * - A deposit may be kept only once the possession days and a return transit of `transitDays` more have passed:
 *   a replica sent back on the last day is still in the carrier's hands for a few days.
 */
export const HOME_PREVIEW_TIMING = { transitDays: 7 } as const;

const DAY_MS = 86_400_000;
const plusDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();

/** What a request is for the steps' rules. */
export interface HomePreviewFacts {
  status: HomePreviewStatus;
  shipped_at: string | null;
  delivered_at: string | null;
  rings: number;
  rings_returned: number;
}

/** When the three days of possession end (ISO instant): from the delivery, else from the shipment plus the transit. */
export function homePreviewPossessionEndsAt(f: Pick<HomePreviewFacts, 'shipped_at' | 'delivered_at'>): string | null {
  const start = f.delivered_at ?? (f.shipped_at ? plusDays(f.shipped_at, HOME_PREVIEW_TIMING.transitDays) : null);
  return start ? plusDays(start, HOME_PREVIEW.possessionDays) : null;
}

/** From when a deposit may be kept for a replica not back (ISO instant): the possession's end plus the return transit. */
export function homePreviewKeepFrom(f: Pick<HomePreviewFacts, 'shipped_at' | 'delivered_at'>): string | null {
  const ends = homePreviewPossessionEndsAt(f);
  return ends ? plusDays(ends, HOME_PREVIEW_TIMING.transitDays) : null;
}

/** What is kept for replicas not back: $100 each (§9), never more than the deposit. */
export const homePreviewKeptCents = (missing: number) => missing * HOME_PREVIEW.depositCentsPerRing;

/** The steps a request can take now, in the order the back office offers them; each is re-checked when taken. */
export function homePreviewSteps(f: HomePreviewFacts, now: Date): HomePreviewStep[] {
  switch (f.status) {
    case 'requested':
      return ['deposit', 'cancel'];
    case 'deposit_taken':
      return ['ship', 'cancel_refund'];
    case 'shipped':
    case 'delivered': {
      const steps: HomePreviewStep[] = f.status === 'shipped' ? ['deliver', 'receive'] : ['receive'];
      const keepFrom = homePreviewKeepFrom(f);
      if (f.rings_returned < f.rings && keepFrom !== null && keepFrom <= now.toISOString()) steps.push('keep');
      return steps;
    }
    case 'returned':
      return ['refund'];
    case 'refunded':
    case 'deposit_kept':
    case 'cancelled':
      return [];
  }
}

export const HOME_PREVIEW_STEP_MESSAGES = {
  notFound: 'No Home Preview request has that number.',
  reference: 'The payment’s reference is required (the card terminal’s or the bank’s).',
  referenceTooLong: `The reference must not be longer than ${HOME_PREVIEW_REFERENCE_MAX} characters.`,
  noReplicas: 'Choose the replicas that came back.',
  unknownReplica: 'This request has no replica with that number.',
  trackingTaken: 'This tracking number is already recorded for another Home Preview.',
} as const;

/** Why a request cannot take a step: 'Home Preview HP-2026-K7M3QX cannot ship: it is requested.' */
export function homePreviewRefusal(number: string, what: string, why: string): string {
  return `Home Preview ${number} cannot ${what}: ${why}.`;
}

/** 'it is deposit refunded' reads badly: each state as a sentence's end. */
export function homePreviewWhere(status: HomePreviewStatus): string {
  switch (status) {
    case 'requested':
      return 'it is requested, its deposit not taken yet';
    case 'deposit_taken':
      return 'its deposit is taken and it has not shipped';
    case 'shipped':
      return 'it has shipped';
    case 'delivered':
      return 'it is delivered';
    case 'returned':
      return 'its replicas are back';
    case 'refunded':
      return 'its deposit is refunded';
    case 'deposit_kept':
      return 'its deposit is kept';
    case 'cancelled':
      return 'it is cancelled';
  }
}

/** The answer when another step won the race between reading a request and changing it. */
export const homePreviewChangedMeanwhile = (number: string, status: HomePreviewStatus) =>
  `Home Preview ${number} changed meanwhile: ${homePreviewWhere(status)}. Nothing was done.`;

/** The refusal of a keep before its time, naming when it may be taken. */
export const homePreviewKeepTooEarly = (number: string, keepFrom: string) =>
  homePreviewRefusal(
    number,
    'keep the deposit yet',
    `the replicas are the shopper's for ${HOME_PREVIEW.possessionDays} days and may be on their way back until ${formatEasternTime(keepFrom)}`,
  );

/** Why the deposit was kept, in the words the shopper's email and page say. */
export function homePreviewKeptReason(missing: readonly string[], keepFrom: string): string {
  const each = formatTagPrice(HOME_PREVIEW.depositCentsPerRing);
  const which = missing.length === 1 ? `the replica ${missing[0]} was` : `the replicas ${missing.join(' and ')} were`;
  return `${which[0]!.toUpperCase()}${which.slice(1)} not back with us by ${formatEasternTime(keepFrom)} (${HOME_PREVIEW.possessionDays} days with you and ${HOME_PREVIEW_TIMING.transitDays} days for the return trip), so we kept ${each} for each replica not returned, as our Home Preview terms say.`;
}
