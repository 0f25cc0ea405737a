import {
  DIAMOND_LOOKUP_MAX,
  METAL_LABELS,
  RING_FAMILIES,
  RING_SIZE_MESSAGES,
  diamondTitle,
  dollarsToCents,
  formatCents,
  ringLeadDays,
  ringPrice,
  type Diamond,
  type DiamondLookupResponse,
  type VariantLookupResponse,
  type VariantState,
} from '@everstone/contract/core';
import { unitPriceOf, type CartLine, type DiamondCartLine, type ProductCartLine, type RingCartLine } from '../../domain/cart';
import { anotherSettingPath, anotherStonePath, ringViewOfLine } from '../../domain/ring-lines';

/**
 * The cart's check against the store (pure: no storage, no network). The cart keeps copies of what it holds, which
 * go stale: a stone sells, is reserved by another shopper, or is repriced; a piece is repriced, its shelf runs low
 * or empty, or it is withdrawn; either part of a built ring does any of these. Given the stored lines and the
 * store's fresh records (one lookup per kind), it works out the lines to store and what to tell the shopper.
 */

/** A loose diamond is one of a kind: a line can never hold more than one of it. */
export const MAX_DIAMOND_QUANTITY = 1;

/**
 * Why a line cannot be bought: a stone 'sold' or 'reserved'; a piece 'sold-out' (its shelf is empty); either
 * 'missing' (the store no longer has it, or a piece was withdrawn from sale).
 */
export type Unavailability = 'sold' | 'reserved' | 'missing' | 'sold-out';

export interface CartNotice {
  kind: 'price-changed' | 'unavailable' | 'quantity-limited' | 'removed';
  /** The line's check key (`checkKeyOf`): a stone's certificate number, a piece's variant, a ring's stone. */
  key: string;
  message: string;
  /** What the shopper can do about it, where the store offers a way on (another stone for a ring's setting). */
  action?: { to: string; label: string };
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
 * new ring size or engraving (which make it another line of the cart) does not ask again; a built ring by its stone,
 * which is in one ring at most (both its parts are asked about together).
 */
export function checkKeyOf(line: CartLine): string {
  switch (line.kind) {
    case 'diamond':
      return line.certificate_number;
    case 'product':
      return `variant:${line.variant_id}`;
    case 'ring':
      return `ring:${line.diamond.certificate_number}`;
  }
}

/** The key `missing` holds for a ring whose stone, or whose setting, the store no longer has. */
export function ringPartKey(line: RingCartLine, part: 'stone' | 'setting'): string {
  return `${checkKeyOf(line)}:${part}`;
}

const isPositiveId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0;

/** The diamond ids to ask the store about, each once: loose stones and the stones of rings. */
export function lookupIds(lines: readonly CartLine[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.kind === 'diamond' ? [l.diamondid] : l.kind === 'ring' ? [l.diamond.diamondid] : [])).filter(isPositiveId))];
}

/** The variant ids to ask the store about, each once: pieces and the settings of rings. */
export function variantLookupIds(lines: readonly CartLine[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.kind === 'diamond' ? [] : [l.variant_id])).filter(isPositiveId))];
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
 * whose shelf was last seen empty is sold out; a ring cannot be bought when either of its parts cannot;
 * `missing` holds the check keys of what the store no longer has.
 */
export function unavailability(line: StoredDiamondLine | ProductCartLine | RingCartLine, missing: ReadonlySet<string>): Unavailability | null {
  switch (line.kind) {
    case 'diamond':
      if (missing.has(line.certificate_number)) return 'missing';
      if (line.status === 'sold' || line.status === 'reserved') return line.status;
      // A stone the store took off sale is, to the shopper, no longer in the inventory.
      if (line.status === 'hidden') return 'missing';
      return null;
    case 'product':
      if (missing.has(checkKeyOf(line))) return 'missing';
      return line.stock === 0 ? 'sold-out' : null;
    case 'ring':
      return ringUnavailability(line, missing)?.reason ?? null;
  }
}

export type RingUnavailability = { part: 'stone' | 'setting'; reason: Unavailability };

/**
 * Which part of a ring keeps it from being bought, and why: its stone (sold, reserved, or gone from the store) before
 * its setting (no longer made as chosen); null when both can be had.
 */
export function ringUnavailability(line: RingCartLine, missing: ReadonlySet<string>): RingUnavailability | null {
  if (missing.has(ringPartKey(line, 'stone'))) return { part: 'stone', reason: 'missing' };
  const status = line.diamond.status;
  if (status === 'sold' || status === 'reserved') return { part: 'stone', reason: status };
  if (status === 'hidden') return { part: 'stone', reason: 'missing' };
  if (missing.has(ringPartKey(line, 'setting'))) return { part: 'setting', reason: 'missing' };
  return null;
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

/** The short reason shown under that mark (a ring's says which part: `ringUnavailabilityReason`). */
export function unavailabilityReason(reason: Unavailability, kind: CartLine['kind'] = 'diamond'): string {
  if (kind === 'product') return reason === 'sold-out' ? 'Every one we had in stock has been sold.' : 'This piece is no longer available.';
  if (kind === 'ring') return 'This ring can no longer be made as it was built.';
  return `This diamond ${UNAVAILABLE_TEXT[reason === 'sold-out' ? 'sold' : reason]}.`;
}

/** What became of a ring's part, under its mark: 'The diamond in this ring has been sold.' */
export function ringUnavailabilityReason(u: RingUnavailability): string {
  if (u.part === 'setting') return 'Its setting is no longer available in this metal and shape.';
  return `The diamond in this ring ${UNAVAILABLE_TEXT[u.reason === 'sold-out' ? 'sold' : u.reason]}.`;
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
    case 'ring':
      // The builder does not add a ring without a size; a line stored by hand may still lack one.
      return line.ring_size ? null : RING_SIZE_MESSAGES.required;
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
  const notify = (line: CartLine, kind: CartNotice['kind'], message: string, action?: CartNotice['action']) =>
    notices.push({ kind, key: checkKeyOf(line), message, ...(action ? { action } : {}) });

  for (const line of stored) {
    if (line.kind === 'ring') {
      const id = line.diamond.diamondid;
      const stoneAsked = records.has(id) || unknownIds.has(id) || !isPositiveId(id);
      const settingAsked = states.has(line.variant_id) || unknownVariants.has(line.variant_id) || !isPositiveId(line.variant_id);
      if (!stoneAsked && !settingAsked) lines.push(line);
      else {
        const stone = stoneAsked ? { record: isPositiveId(id) ? records.get(id) : undefined } : null;
        const setting = settingAsked ? { state: states.get(line.variant_id) } : null;
        lines.push(reconcileRing(line, stone, setting, { missing, notify }));
      }
      continue;
    }
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

type CheckOut = { missing: string[]; notify(line: CartLine, kind: CartNotice['kind'], message: string, action?: CartNotice['action']): void };

/**
 * One built ring against its two parts as the store has them now (`stone` and `setting` are null when that lookup
 * did not answer for it). A stone sold, reserved or gone, or a setting no longer made as chosen, marks the whole
 * ring, with a way to choose another stone for the same setting (or another setting for the same stone). Otherwise
 * the ring takes today's prices of both parts, split as the builder splits them (the contract's `ringPrice`), and
 * the setting's name and lead time.
 */
function reconcileRing(
  line: RingCartLine,
  stone: { record: Diamond | undefined } | null,
  setting: { state: VariantState | undefined } | null,
  out: CheckOut,
): RingCartLine {
  const view = ringViewOfLine(line);
  const ring = line.setting_name;
  let fresh: RingCartLine = line;
  let gone = false;
  if (stone) {
    const record = stone.record;
    const before = line.diamond.status;
    const wasAvailable = before !== 'sold' && before !== 'reserved';
    if (!record || record.certificate_number !== line.diamond.certificate_number) {
      gone = true;
      out.missing.push(ringPartKey(line, 'stone'));
      out.notify(line, 'unavailable', `The diamond in your ${ring} is no longer in our inventory.`, {
        to: anotherStonePath(view),
        label: 'Choose another diamond for this setting',
      });
    } else {
      fresh = { ...fresh, diamond: record };
      if (record.status === 'sold' || record.status === 'reserved') {
        gone = true;
        // The stored status keeps the ring marked; the shopper is told once.
        if (wasAvailable) {
          out.notify(line, 'unavailable', `The diamond in your ${ring} ${UNAVAILABLE_TEXT[record.status]}, so the ring cannot be ordered as it is.`, {
            to: anotherStonePath(view),
            label: 'Choose another diamond for this setting',
          });
        }
      }
    }
  }
  if (setting) {
    const state = setting.state;
    if (!state || state.discontinued || !state.available || state.stock === 0) {
      gone = true;
      out.missing.push(ringPartKey(line, 'setting'));
      out.notify(line, 'unavailable', `The ${ring} setting is no longer available in ${METAL_LABELS[line.metal]}, so your ring cannot be made as it is.`, {
        to: anotherSettingPath(view),
        label: 'Choose another setting for this diamond',
      });
    } else {
      fresh = { ...fresh, setting_name: state.name, setting_slug: state.slug, lead_days: ringLeadDays(state.lead_days) };
    }
  }
  // A ring that cannot be bought keeps the price it was last seen at: a new one is not news.
  if (gone) return fresh;
  const stoneCents = stone && Number.isFinite(fresh.diamond.price) ? dollarsToCents(fresh.diamond.price) : line.price.stoneCents;
  const state = setting?.state;
  const price = ringPrice({
    stoneCents,
    settingVariantCents: state ? state.price_cents : line.price.settingCents + line.price.sideStonesCents,
    // The setting's side stones as the store prices them now, else as they were split when the ring was built.
    settingStonesCents: state?.stones_cents ?? line.price.sideStonesCents,
    engraved: Boolean(line.engraving),
  });
  if (price.totalCents !== line.price.totalCents) {
    out.notify(line, 'price-changed', `The price of your ${ring} changed from ${formatCents(line.price.totalCents)} to ${formatCents(price.totalCents)}.`);
  }
  return { ...fresh, price };
}

/**
 * A stone is in the cart once: addToCart and addRingToCart keep it so, but a cart written before (or in two tabs at
 * once) may hold it loose as well as in a ring, or in two rings. The ring is kept (the newest, when two hold it),
 * the other lines dropped, each with a notice. Returns `lines` itself when there is nothing to drop.
 */
export function keepStonesInRings(lines: readonly CartLine[]): { lines: readonly CartLine[]; notices: CartNotice[] } {
  const rings = new Map<string, RingCartLine>();
  for (const l of lines) if (l.kind === 'ring') rings.set(l.diamond.certificate_number, l);
  if (rings.size === 0) return { lines, notices: [] };
  const notices: CartNotice[] = [];
  const kept = lines.filter((l) => {
    if (l.kind === 'diamond') {
      const ring = rings.get(l.certificate_number);
      if (!ring) return true;
      notices.push({
        kind: 'removed',
        key: checkKeyOf(l),
        message: `The ${diamondTitle(l)} is set in your ${ring.setting_name}, so it is no longer in your cart as a loose diamond as well.`,
      });
      return false;
    }
    if (l.kind === 'ring' && rings.get(l.diamond.certificate_number) !== l) {
      notices.push({
        kind: 'removed',
        key: checkKeyOf(l),
        message: `Your cart held two rings with the same diamond (certificate ${l.diamond.certificate_number}): the ${l.setting_name} added last is kept.`,
      });
      return false;
    }
    return true;
  });
  return notices.length === 0 ? { lines, notices } : { lines: kept, notices };
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

/** What the lines are called together: 'diamond(s)', 'piece(s)' or 'ring(s)' when all are of one kind, else 'item(s)'. */
export function linesNoun(lines: readonly Pick<CartLine, 'kind'>[]): string {
  const kinds = new Set(lines.map((l) => l.kind));
  const one = lines.length === 1;
  if (kinds.size === 1 && kinds.has('diamond')) return one ? 'diamond' : 'diamonds';
  if (kinds.size === 1 && kinds.has('product')) return one ? 'piece' : 'pieces';
  if (kinds.size === 1 && kinds.has('ring')) return one ? 'ring' : 'rings';
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
