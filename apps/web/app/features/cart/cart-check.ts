import {
  DIAMOND_LOOKUP_MAX,
  RING_FAMILIES,
  RING_SIZE_MESSAGES,
  diamondTitle,
  dollarsToCents,
  formatCents,
  type Diamond,
  type DiamondLookupResponse,
  type VariantLookupResponse,
  type VariantState,
} from '@everstone/contract/core';
import { unitPriceOf, type CartLine, type DiamondCartLine, type ProductCartLine } from '../../lib/cart';

/**
 * The cart's check against the store (pure: no storage, no network). The cart keeps copies of what it holds, which
 * go stale: a stone sells, is reserved by another shopper, or is repriced; a piece is repriced, its shelf runs low
 * or empty, or it is withdrawn. Given the stored lines and the store's fresh records (one lookup per kind), it works
 * out the lines to store and what to tell the shopper.
 */

/** A loose diamond is one of a kind: a line can never hold more than one of it. */
export const MAX_DIAMOND_QUANTITY = 1;

/**
 * Why a line cannot be bought: a stone 'sold' or 'reserved'; a piece 'sold-out' (its shelf is empty); either
 * 'missing' (the store no longer has it, or a piece was withdrawn from sale).
 */
export type Unavailability = 'sold' | 'reserved' | 'missing' | 'sold-out';

export interface CartNotice {
  kind: 'price-changed' | 'unavailable' | 'quantity-limited';
  /** The line's check key (`checkKeyOf`): a stone's certificate number, a piece's variant. */
  key: string;
  message: string;
}

export interface CartCheckResult {
  /** The lines to store: fresh records with the shopper's quantities, lines the answers do not cover left as they were. */
  lines: CartLine[];
  /** Check keys of lines the store does not have (or no longer sells). */
  missing: string[];
  notices: CartNotice[];
}

/** What the store's lookups answer, one per kind. */
export interface StoreRecords {
  diamonds: DiamondLookupResponse;
  variants: VariantLookupResponse;
}

export const NO_RECORDS: StoreRecords = { diamonds: { data: [], missing: [] }, variants: { data: [], missing: [] } };

/**
 * What the check asks the store about for a line: a stone by its certificate number; a piece by its variant, so a
 * new ring size or engraving (which make it another line of the cart) does not ask again.
 */
export function checkKeyOf(line: CartLine): string {
  switch (line.kind) {
    case 'diamond':
      return line.certificate_number;
    case 'product':
      return `variant:${line.variant_id}`;
  }
}

const isPositiveId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0;

/** The diamond ids to ask the store about, each once. */
export function lookupIds(lines: readonly CartLine[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.kind === 'diamond' ? [l.diamondid] : [])).filter(isPositiveId))];
}

/** The variant ids to ask the store about, each once. */
export function variantLookupIds(lines: readonly CartLine[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.kind === 'product' ? [l.variant_id] : [])).filter(isPositiveId))];
}

/** The lookup's request bodies: an endpoint takes at most `max` ids at a time (the diamonds' DIAMOND_LOOKUP_MAX). */
export function lookupBatches(ids: readonly number[], max: number = DIAMOND_LOOKUP_MAX): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += max) batches.push(ids.slice(i, i + max));
  return batches;
}

/** Several lookup answers as one. */
export function mergeLookups<T>(answers: readonly { data: T[]; missing: number[] }[]): { data: T[]; missing: number[] } {
  return { data: answers.flatMap((a) => a.data), missing: answers.flatMap((a) => a.missing) };
}

/** A stored diamond line, as old carts may hold it (saved before records had a status). */
type StoredDiamondLine = Omit<DiamondCartLine, 'status'> & { status?: Diamond['status'] };

/**
 * Why a line cannot be bought, or null when it can. A stone saved without a status counts as available; a piece
 * whose shelf was last seen empty is sold out; `missing` holds the check keys of what the store no longer has.
 */
export function unavailability(line: StoredDiamondLine | ProductCartLine, missing: ReadonlySet<string>): Unavailability | null {
  switch (line.kind) {
    case 'diamond':
      if (missing.has(line.certificate_number)) return 'missing';
      if (line.status === 'sold' || line.status === 'reserved') return line.status;
      return null;
    case 'product':
      if (missing.has(checkKeyOf(line))) return 'missing';
      return line.stock === 0 ? 'sold-out' : null;
  }
}

const UNAVAILABLE_TEXT: Record<'sold' | 'reserved' | 'missing', string> = {
  sold: 'has been sold',
  reserved: 'has been reserved by another shopper',
  missing: 'is no longer in our inventory',
};

/** The mark on a line that cannot be bought: 'Sold out' for a piece whose shelf is empty, else 'No longer available'. */
export function unavailabilityTitle(reason: Unavailability): string {
  return reason === 'sold-out' ? 'Sold out' : 'No longer available';
}

/** The short reason shown under that mark. */
export function unavailabilityReason(reason: Unavailability, kind: CartLine['kind'] = 'diamond'): string {
  if (kind === 'product') return reason === 'sold-out' ? 'Every one we had in stock has been sold.' : 'This piece is no longer available.';
  return `This diamond ${UNAVAILABLE_TEXT[reason === 'sold-out' ? 'sold' : reason]}.`;
}

/**
 * What a line still lacks before it can be ordered, or null: a ring needs a size (the store refuses an order of a
 * ring without one), which the shopper chooses on the line.
 */
export function lineProblem(line: CartLine): string | null {
  switch (line.kind) {
    case 'diamond':
      return null;
    case 'product':
      return RING_FAMILIES.includes(line.family) && !line.ring_size ? RING_SIZE_MESSAGES.required : null;
  }
}

/**
 * Applies the store's answers to the stored lines. Lines an answer does not mention (added while it was on its way)
 * are kept as they are. A stone record whose certificate number differs from the stored one describes another
 * stone, so the stored stone counts as missing.
 */
export function reconcileCart(stored: readonly CartLine[], fresh: DiamondLookupResponse, variants: VariantLookupResponse = NO_RECORDS.variants): CartCheckResult {
  const records = new Map(fresh.data.map((d) => [d.diamondid, d]));
  const unknownIds = new Set(fresh.missing);
  const states = new Map(variants.data.map((v) => [v.id, v]));
  const unknownVariants = new Set(variants.missing);
  const lines: CartLine[] = [];
  const missing: string[] = [];
  const notices: CartNotice[] = [];
  const notify = (line: CartLine, kind: CartNotice['kind'], message: string) => notices.push({ kind, key: checkKeyOf(line), message });

  for (const line of stored) {
    if (line.kind === 'product') {
      const asked = states.has(line.variant_id) || unknownVariants.has(line.variant_id) || !isPositiveId(line.variant_id);
      if (!asked) lines.push(line);
      else lines.push(reconcileProduct(line, states.get(line.variant_id), { missing, notify }));
      continue;
    }
    const record = isPositiveId(line.diamondid) ? records.get(line.diamondid) : undefined;
    const asked = record !== undefined || unknownIds.has(line.diamondid) || !isPositiveId(line.diamondid);
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
    const reason = unavailability({ ...record, kind: 'diamond', quantity: line.quantity }, new Set());
    if (reason) {
      // Its price no longer matters; the stored status keeps the line marked even when a later check fails.
      lines.push({ ...record, kind: 'diamond', quantity: line.quantity });
      if (wasAvailable) notify(line, 'unavailable', `The ${title} ${UNAVAILABLE_TEXT[reason === 'reserved' ? 'reserved' : 'sold']} and is no longer available.`);
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

/**
 * One piece against its variant as the store has it now: withdrawn or unknown is missing; an empty shelf is sold out
 * (kept on the line as a stock of 0, so the line stays marked when a later check fails); otherwise the line takes the
 * new price, lead time and shelf, and a quantity above the shelf is lowered to it.
 */
function reconcileProduct(
  line: ProductCartLine,
  state: VariantState | undefined,
  out: { missing: string[]; notify(line: CartLine, kind: CartNotice['kind'], message: string): void },
): ProductCartLine {
  if (!state || state.discontinued) {
    out.missing.push(checkKeyOf(line));
    out.notify(line, 'unavailable', `The ${line.name} is no longer available.`);
    return line;
  }
  const fresh: ProductCartLine = { ...line, name: state.name, slug: state.slug, lead_days: state.lead_days, stock: state.stock, variant_cents: state.price_cents };
  if (!state.available || state.stock === 0) {
    // A sold-out piece's new price is not news; it was already marked if its shelf was empty last time.
    if (line.stock !== 0) out.notify(line, 'unavailable', `The ${state.name} is sold out.`);
    return { ...fresh, stock: 0 };
  }
  const before = Number.isInteger(line.variant_cents) ? unitPriceOf(line).unitCents : null;
  const after = unitPriceOf(fresh).unitCents;
  if (before === null) out.notify(line, 'price-changed', `The price of ${state.name} is ${formatCents(after)}.`);
  else if (before !== after) out.notify(line, 'price-changed', `The price of ${state.name} changed from ${formatCents(before)} to ${formatCents(after)}.`);
  if (state.stock !== null && line.quantity > state.stock) {
    const n = state.stock;
    out.notify(line, 'quantity-limited', `Only ${n} of the ${state.name} ${n === 1 ? 'is' : 'are'} in stock, so its quantity was lowered to ${n}.`);
    return { ...fresh, quantity: n };
  }
  return fresh;
}

/** Whether storing `next` would change anything (so an unchanged cart is not written back). */
export function linesDiffer(current: readonly CartLine[], next: readonly CartLine[]): boolean {
  return JSON.stringify(current) !== JSON.stringify(next);
}

export interface PayableLines {
  /** The lines that can be bought, which checkout carries and the subtotal counts. */
  payable: CartLine[];
  unavailableCount: number;
  /** The lines that cannot be bought (marked on the page, for the shopper to remove). */
  unavailable: CartLine[];
}

export function payableLines(lines: readonly CartLine[], missing: ReadonlySet<string>): PayableLines {
  const payable = lines.filter((l) => unavailability(l, missing) === null);
  const unavailable = lines.filter((l) => unavailability(l, missing) !== null);
  return { payable, unavailableCount: unavailable.length, unavailable };
}

/** What the lines are called together: 'diamond(s)' or 'piece(s)' when all are of one kind, else 'item(s)'. */
export function linesNoun(lines: readonly Pick<CartLine, 'kind'>[]): string {
  const kinds = new Set(lines.map((l) => l.kind));
  const one = lines.length === 1;
  if (kinds.size === 1 && kinds.has('diamond')) return one ? 'diamond' : 'diamonds';
  if (kinds.size === 1 && kinds.has('product')) return one ? 'piece' : 'pieces';
  return one ? 'item' : 'items';
}

/**
 * What stands between the cart and checkout, in the shopper's words, or null: lines marked unavailable (to remove),
 * then rings without a size (to choose).
 */
export function checkoutBlocker(lines: readonly CartLine[], missing: ReadonlySet<string>): string | null {
  const reasons = lines.map((l) => unavailability(l, missing));
  const unavailable = lines.filter((_, i) => reasons[i] !== null);
  if (unavailable.length > 0) {
    const marks = [...new Set(reasons.flatMap((r) => (r ? [unavailabilityTitle(r)] : [])))].join(' or ');
    return `Remove the ${linesNoun(unavailable)} marked ${marks} to check out.`;
  }
  const unsized = lines.filter((l) => lineProblem(l) !== null).length;
  if (unsized > 0) return unsized === 1 ? 'Choose the ring size of your ring to check out.' : 'Choose the ring size of each ring to check out.';
  return null;
}
