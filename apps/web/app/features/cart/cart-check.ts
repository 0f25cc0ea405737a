import {
  DIAMOND_LOOKUP_MAX,
  diamondTitle,
  dollarsToCents,
  formatCents,
  type Diamond,
  type DiamondLookupResponse,
} from '@everstone/contract/core';
import type { CartLine } from '../../lib/cart';

/**
 * The cart's check against the store (pure: no storage, no network). The cart keeps copies of diamond
 * records, which go stale: a stone sells, is reserved by another shopper, or is repriced. Given the stored
 * lines and the store's fresh records, it works out the lines to store and what to tell the shopper. Every line
 * is a loose diamond today; a kind the catalog adds brings its own check.
 */

/** A loose diamond is one of a kind: a line can never hold more than one of it. */
export const MAX_DIAMOND_QUANTITY = 1;

export type Unavailability = 'sold' | 'reserved' | 'missing';

export interface CartNotice {
  kind: 'price-changed' | 'unavailable' | 'quantity-limited';
  certificateNumber: string;
  message: string;
}

export interface CartCheckResult {
  /** The lines to store: fresh records with the shopper's quantities, unknown stones left as they were. */
  lines: CartLine[];
  /** Certificate numbers of lines whose stone the store does not have (or that name another stone). */
  missing: string[];
  notices: CartNotice[];
}

const isDiamondId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0;

/** The ids to ask the store about, each once. */
export function lookupIds(lines: readonly Pick<CartLine, 'diamondid'>[]): number[] {
  return [...new Set(lines.map((l) => l.diamondid).filter(isDiamondId))];
}

/** The lookup's request bodies: the endpoint takes at most DIAMOND_LOOKUP_MAX ids at a time. */
export function lookupBatches(ids: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += DIAMOND_LOOKUP_MAX) batches.push(ids.slice(i, i + DIAMOND_LOOKUP_MAX));
  return batches;
}

/** Several lookup answers as one. */
export function mergeLookups(answers: readonly DiamondLookupResponse[]): DiamondLookupResponse {
  return { data: answers.flatMap((a) => a.data), missing: answers.flatMap((a) => a.missing) };
}

/** Why a line cannot be bought, or null when it can. A record saved without a status counts as available. */
export function unavailability(
  line: Pick<CartLine, 'certificate_number'> & { status?: Diamond['status'] },
  missing: ReadonlySet<string>,
): Unavailability | null {
  if (missing.has(line.certificate_number)) return 'missing';
  if (line.status === 'sold' || line.status === 'reserved') return line.status;
  return null;
}

const UNAVAILABLE_TEXT: Record<Unavailability, string> = {
  sold: 'has been sold',
  reserved: 'has been reserved by another shopper',
  missing: 'is no longer in our inventory',
};

/** The short reason shown on a line marked 'No longer available'. */
export function unavailabilityReason(reason: Unavailability): string {
  return `This diamond ${UNAVAILABLE_TEXT[reason]}.`;
}

/**
 * Applies the store's answer to the stored lines. Lines the answer does not mention (added while it was on
 * its way) are kept as they are. A record whose certificate number differs from the stored one describes
 * another stone, so the stored stone counts as missing.
 */
export function reconcileCart(stored: readonly CartLine[], fresh: DiamondLookupResponse): CartCheckResult {
  const records = new Map(fresh.data.map((d) => [d.diamondid, d]));
  const unknownIds = new Set(fresh.missing);
  const lines: CartLine[] = [];
  const missing: string[] = [];
  const notices: CartNotice[] = [];
  const notify = (line: CartLine, kind: CartNotice['kind'], message: string) =>
    notices.push({ kind, certificateNumber: line.certificate_number, message });

  for (const line of stored) {
    const record = isDiamondId(line.diamondid) ? records.get(line.diamondid) : undefined;
    const asked = record !== undefined || unknownIds.has(line.diamondid) || !isDiamondId(line.diamondid);
    if (!asked) {
      lines.push(line);
      continue;
    }
    const wasAvailable = unavailability(line, new Set()) === null;
    if (!record || record.certificate_number !== line.certificate_number) {
      missing.push(line.certificate_number);
      lines.push(line);
      notify(line, 'unavailable', `The ${diamondTitle(line)} ${UNAVAILABLE_TEXT.missing}.`);
      continue;
    }
    const title = diamondTitle(record);
    const reason = unavailability(record, new Set());
    if (reason) {
      // Its price no longer matters; the stored status keeps the line marked even when a later check fails.
      lines.push({ ...record, kind: 'diamond', quantity: line.quantity });
      if (wasAvailable) notify(line, 'unavailable', `The ${title} ${UNAVAILABLE_TEXT[reason]} and is no longer available.`);
      continue;
    }
    const quantity = Math.min(line.quantity, MAX_DIAMOND_QUANTITY);
    lines.push({ ...record, kind: 'diamond', quantity });
    const priceCents = dollarsToCents(record.price);
    if (!Number.isFinite(line.price)) notify(line, 'price-changed', `The price of ${title} is ${formatCents(priceCents)}.`);
    else if (dollarsToCents(line.price) !== priceCents) {
      notify(line, 'price-changed', `The price of ${title} changed from ${formatCents(dollarsToCents(line.price))} to ${formatCents(priceCents)}.`);
    }
    if (quantity !== line.quantity) {
      notify(line, 'quantity-limited', `Each diamond is one of a kind, so the quantity of ${title} was set to ${quantity}.`);
    }
  }
  return { lines, missing, notices };
}

/** Whether storing `next` would change anything (so an unchanged cart is not written back). */
export function linesDiffer(current: readonly CartLine[], next: readonly CartLine[]): boolean {
  return JSON.stringify(current) !== JSON.stringify(next);
}

export interface PayableLines {
  /** The lines that can be bought, which checkout carries and the subtotal counts. */
  payable: CartLine[];
  unavailableCount: number;
}

export function payableLines(lines: readonly CartLine[], missing: ReadonlySet<string>): PayableLines {
  const payable = lines.filter((l) => unavailability(l, missing) === null);
  return { payable, unavailableCount: lines.length - payable.length };
}
