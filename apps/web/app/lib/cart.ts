import {
  diamondUnitPrice,
  dollarsToCents,
  priceLines,
  type Diamond,
  type LineItem,
  type Pricing,
  type UnitPrice,
} from '@everstone/contract/core';
import { createBrowserStore } from './browser-store';

/**
 * The cart as the browser keeps it (§3: a list kept in localStorage under the key `cart`, loaded at start and saved
 * on every change), with §4's rules for changing it. The cart page, checkout, the detail page's Add to Cart and the
 * header's badge all read and change it through here.
 */

/** A loose diamond: §3's record of the stone, the quantity (default 1) and its kind. */
export type DiamondCartLine = Diamond & { kind: 'diamond'; quantity: number };

/**
 * A line of the cart, one member per kind of the contract's LINE_ITEM_KINDS: a loose diamond today; the catalog
 * adds a product variant and the ring builder a ring. Whatever shows, prices or sends a line switches on `kind`, so
 * a new kind does not compile until each of those places says what it does with it.
 */
export type CartLine = DiamondCartLine;

/**
 * The default branch of a switch on a line's kind: `kind` is `never` while every kind has its case, so a kind the
 * switch forgets is a compile error there.
 */
export function unknownKind(kind: never): never {
  throw new Error(`No case for the line kind ${String(kind)}`);
}

const EMPTY: CartLine[] = [];

/** A stored line, or null when it cannot be one. A line stored before lines had a kind is a loose diamond. */
function parseLine(raw: unknown): CartLine | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const stored = raw as Record<string, unknown>;
  const quantity = Math.max(1, Math.floor(Number(stored.quantity) || 1));
  switch (stored.kind ?? 'diamond') {
    case 'diamond':
      if (typeof stored.certificate_number !== 'string') return null;
      return { ...(stored as Diamond), kind: 'diamond', quantity };
    default:
      // A kind this store does not know (a cart written by a newer version) cannot be shown or priced.
      return null;
  }
}

function parseCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return EMPTY;
  return raw.map(parseLine).filter((line): line is CartLine => line !== null);
}

/** The cart, kept in localStorage under the key `cart` (§3). */
export const cartStore = createBrowserStore<CartLine[]>('cart', EMPTY, parseCart);

export function useCart(): CartLine[] {
  return cartStore.use();
}

/** What identifies a line within the cart: for a loose diamond, its certificate number (§4). */
export function cartLineKey(line: CartLine): string {
  switch (line.kind) {
    case 'diamond':
      return line.certificate_number;
  }
}

/**
 * §4: add only when no line has the same certificate number (quantity 1). Returns what happened so the
 * detail page can show 'This diamond is already in your cart.' A storage failure is logged by the store.
 */
export function addToCart(diamond: Diamond): 'added' | 'duplicate' {
  let result: 'added' | 'duplicate' = 'added';
  cartStore.set((lines) => {
    if (lines.some((l) => l.kind === 'diamond' && l.certificate_number === diamond.certificate_number)) {
      result = 'duplicate';
      return lines;
    }
    return [...lines, { ...diamond, kind: 'diamond', quantity: 1 }];
  });
  return result;
}

/** §4: remove by certificate number (a line's key). */
export function removeFromCart(key: string): void {
  cartStore.set((lines) => lines.filter((l) => cartLineKey(l) !== key));
}

/** §4: change the quantity by plus or minus 1, never below 1 (nor above `max` when given). */
export function changeQuantity(key: string, delta: 1 | -1, max = Number.POSITIVE_INFINITY): void {
  cartStore.set((lines) =>
    lines.map((l) => (cartLineKey(l) === key ? { ...l, quantity: Math.min(max, Math.max(1, l.quantity + delta)) } : l)),
  );
}

export function clearCart(): void {
  cartStore.set([]);
}

/**
 * What one unit of a line costs, in cents. A diamond's record carries its price in dollars (§3), converted here
 * once; a record saved without a usable price counts as nothing until the cart's check brings the store's.
 */
export function unitPriceOf(line: CartLine): UnitPrice {
  switch (line.kind) {
    case 'diamond':
      return diamondUnitPrice(Number.isFinite(line.price) ? dollarsToCents(line.price) : 0);
  }
}

/** The lines priced by the contract's one pricing function: subtotal, total with `method`, gift progress (§3, §9). */
export function priceCart(lines: readonly CartLine[], method: string | null): Pricing {
  return priceLines(
    lines.map((line) => ({ kind: line.kind, quantity: line.quantity, ...unitPriceOf(line) })),
    method,
  );
}

/** A line as the order API names it (the contract's line item). */
export function lineItemOf(line: CartLine): LineItem {
  switch (line.kind) {
    case 'diamond':
      return { kind: 'diamond', diamond_id: line.diamondid, quantity: 1 };
  }
}
