import type { Diamond } from '@everstone/contract/core';
import { createBrowserStore } from './browser-store';

/** §3: a cart line is the diamond record plus a quantity (default 1). */
export type CartLine = Diamond & { quantity: number };

const EMPTY: CartLine[] = [];

function parseCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return EMPTY;
  return raw.filter(
    (line): line is CartLine =>
      typeof line === 'object' && line !== null && typeof (line as CartLine).certificate_number === 'string',
  ).map((line) => ({ ...line, quantity: Math.max(1, Math.floor(Number(line.quantity) || 1)) }));
}

/** The cart, kept in localStorage under the key `cart` (§3). */
export const cartStore = createBrowserStore<CartLine[]>('cart', EMPTY, parseCart);

export function useCart(): CartLine[] {
  return cartStore.use();
}

/**
 * §4: add only when no line has the same certificate number (quantity 1). Returns what happened so the
 * detail page can show 'This diamond is already in your cart.' A storage failure is logged by the store.
 */
export function addToCart(diamond: Diamond): 'added' | 'duplicate' {
  let result: 'added' | 'duplicate' = 'added';
  cartStore.set((lines) => {
    if (lines.some((l) => l.certificate_number === diamond.certificate_number)) {
      result = 'duplicate';
      return lines;
    }
    return [...lines, { ...diamond, quantity: 1 }];
  });
  return result;
}

/** §4: remove by certificate number. */
export function removeFromCart(certificateNumber: string): void {
  cartStore.set((lines) => lines.filter((l) => l.certificate_number !== certificateNumber));
}

/** §4: change the quantity by plus or minus 1, never below 1 (nor above `max` when given). */
export function changeQuantity(certificateNumber: string, delta: 1 | -1, max = Number.POSITIVE_INFINITY): void {
  cartStore.set((lines) =>
    lines.map((l) =>
      l.certificate_number === certificateNumber ? { ...l, quantity: Math.min(max, Math.max(1, l.quantity + delta)) } : l,
    ),
  );
}

export function clearCart(): void {
  cartStore.set([]);
}

/** §3: the subtotal is the sum of price × quantity. */
export function cartSubtotal(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return Math.round(lines.reduce((sum, l) => sum + l.price * l.quantity, 0) * 100) / 100;
}
