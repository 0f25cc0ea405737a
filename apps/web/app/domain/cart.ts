import {
  diamondUnitPrice,
  dollarsToCents,
  lineKey,
  priceLines,
  productUnitPrice,
  ringUnitPrice,
  type Diamond,
  type LineItem,
  type Pricing,
  type UnitPrice,
} from '@everstone/contract/core';
import { MAX_PRODUCT_QUANTITY, cartStore, type CartLine, type ProductCartLine, type RingCartLine } from './cart-store';

/**
 * §4's rules for changing the cart, and its prices. The cart page, checkout, the detail page's Add to Cart and the
 * builder's Add to Cart change it through here; the lines and the stored cart itself are cart-store.ts, which is all
 * the header's badge needs on every page.
 */
export { MAX_PRODUCT_QUANTITY, cartStore, useCart, type CartLine, type DiamondCartLine, type ProductCartLine, type RingCartLine } from './cart-store';

/**
 * The default branch of a switch on a line's kind: `kind` is `never` while every kind has its case, so a kind the
 * switch forgets is a compile error there.
 */
export function unknownKind(kind: never): never {
  throw new Error(`No case for the line kind ${String(kind)}`);
}

/**
 * What identifies a line within the cart: a loose diamond's certificate number (§4); a piece's variant with its
 * ring size and engraving (the contract's line key), so one ring in two sizes is two lines.
 */
export function cartLineKey(line: CartLine): string {
  switch (line.kind) {
    case 'diamond':
      return line.certificate_number;
    case 'product':
    case 'ring':
      return lineKey(lineItemOf(line));
  }
}

/**
 * The most of a line the cart allows: one loose diamond; a piece up to its shelf's units (less what the cart's
 * other lines of the same variant hold: one ring in two sizes shares one shelf), or ten made to order.
 */
export function maxQuantityOf(line: CartLine, lines: readonly CartLine[] = []): number {
  switch (line.kind) {
    case 'diamond':
    case 'ring':
      return 1;
    case 'product': {
      if (line.stock === null) return MAX_PRODUCT_QUANTITY;
      const key = cartLineKey(line);
      const others = lines.reduce((sum, l) => sum + (l.kind === 'product' && l.variant_id === line.variant_id && cartLineKey(l) !== key ? l.quantity : 0), 0);
      return Math.max(1, Math.min(MAX_PRODUCT_QUANTITY, line.stock - others));
    }
  }
}

/** Units of a stocked piece the cart's lines of that variant hold together. */
function unitsInCart(lines: readonly CartLine[], variantId: number): number {
  return lines.reduce((sum, l) => sum + (l.kind === 'product' && l.variant_id === variantId ? l.quantity : 0), 0);
}

export type AddProductResult = 'added' | 'increased' | 'at-limit';

/**
 * Adds a piece: a line with the same variant, size and engraving gains `line.quantity` more, up to what the shelf
 * holds (`at-limit` when nothing more can be added).
 */
export function addProductToCart(line: ProductCartLine): AddProductResult {
  let result: AddProductResult = 'added';
  cartStore.set((lines) => {
    const key = cartLineKey(line);
    const existing = lines.find((l) => cartLineKey(l) === key);
    // Every unit of a stocked piece already in the cart, whatever its size or engraving, is one fewer on the shelf.
    if (line.stock !== null && unitsInCart(lines, line.variant_id) >= line.stock) {
      result = 'at-limit';
      return lines;
    }
    if (!existing) return [...lines, { ...line, quantity: Math.min(line.quantity, maxQuantityOf(line, lines)) }];
    const max = maxQuantityOf(line, lines);
    if (existing.quantity >= max) {
      result = 'at-limit';
      return lines;
    }
    result = 'increased';
    return lines.map((l) => (cartLineKey(l) === key ? { ...line, quantity: Math.min(max, l.quantity + line.quantity) } : l));
  });
  return result;
}

/**
 * Changes a piece's ring size or engraving in the cart. When another line already holds the same variant with
 * those choices, the two become one line (up to the quantity the piece allows).
 */
export function updateProductChoices(key: string, choices: { ring_size?: string | null; engraving?: string | null; engraving_cents?: number }): void {
  cartStore.set((lines) => {
    const line = lines.find((l) => cartLineKey(l) === key);
    if (!line || line.kind !== 'product') return lines;
    const updated: ProductCartLine = { ...line, ...choices };
    const newKey = cartLineKey(updated);
    if (newKey === key) return lines.map((l) => (cartLineKey(l) === key ? updated : l));
    const twin = lines.find((l) => cartLineKey(l) === newKey);
    const rest = lines.filter((l) => cartLineKey(l) !== key);
    if (!twin) return lines.map((l) => (cartLineKey(l) === key ? updated : l));
    return rest.map((l) => (cartLineKey(l) === newKey ? { ...updated, quantity: Math.min(maxQuantityOf(updated), twin.quantity + line.quantity) } : l));
  });
}

/**
 * §4: add only when no line has the same certificate number (quantity 1). Returns what happened so the
 * detail page can show 'This diamond is already in your cart.' A storage failure is logged by the store.
 */
export function addToCart(diamond: Diamond): 'added' | 'duplicate' | 'in-ring' {
  let result: 'added' | 'duplicate' | 'in-ring' = 'added';
  cartStore.set((lines) => {
    if (lines.some((l) => l.kind === 'diamond' && l.certificate_number === diamond.certificate_number)) {
      result = 'duplicate';
      return lines;
    }
    // A stone set in a ring in the cart cannot also be bought loose.
    if (lines.some((l) => l.kind === 'ring' && l.diamond.certificate_number === diamond.certificate_number)) {
      result = 'in-ring';
      return lines;
    }
    return [...lines, { ...diamond, kind: 'diamond', quantity: 1 }];
  });
  return result;
}

export type AddRingResult = 'added' | 'replaced-loose' | 'replaced-ring';

/**
 * Adds a built ring. Its stone is one of a kind, so the cart keeps it once: the same stone loose in the cart becomes
 * this ring ('replaced-loose'), and a ring already built with it is replaced by this build ('replaced-ring').
 */
export function addRingToCart(ring: RingCartLine): AddRingResult {
  let result: AddRingResult = 'added';
  cartStore.set((lines) => {
    const cert = ring.diamond.certificate_number;
    const rest = lines.filter((l) => {
      if (l.kind === 'diamond' && l.certificate_number === cert) {
        result = 'replaced-loose';
        return false;
      }
      if (l.kind === 'ring' && l.diamond.certificate_number === cert) {
        result = 'replaced-ring';
        return false;
      }
      return true;
    });
    return [...rest, { ...ring, quantity: 1 }];
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
    // A ring is one of a kind: its quantity stays 1.
    lines.map((l) => (cartLineKey(l) === key && l.kind !== 'ring' ? { ...l, quantity: Math.min(max, Math.max(1, l.quantity + delta)) } : l)),
  );
}

export function clearCart(): void {
  cartStore.set([]);
}

/** A stored amount priceLines cannot take (not whole cents, or below 0: an edited cart) counts as nothing. */
const cents = (v: number) => (Number.isInteger(v) && v > 0 ? v : 0);

/**
 * What one unit of a line costs, in cents. A diamond's record carries its price in dollars (§3), converted here
 * once; a record saved without a usable price counts as nothing until the cart's check brings the store's.
 */
export function unitPriceOf(line: CartLine): UnitPrice {
  switch (line.kind) {
    case 'diamond':
      return diamondUnitPrice(Number.isFinite(line.price) && line.price > 0 ? dollarsToCents(line.price) : 0);
    case 'product':
      return productUnitPrice(cents(line.variant_cents) + (line.engraving ? cents(line.engraving_cents) : 0));
    case 'ring':
      return ringUnitPrice(line.price);
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
    case 'product':
      return { kind: 'product', variant_id: line.variant_id, quantity: line.quantity, ring_size: line.ring_size, engraving: line.engraving };
    case 'ring':
      return { kind: 'ring', diamond_id: line.diamond.diamondid, variant_id: line.variant_id, quantity: 1, ring_size: line.ring_size, engraving: line.engraving };
  }
}
