import {
  diamondUnitPrice,
  dollarsToCents,
  lineKey,
  priceLines,
  productUnitPrice,
  ringUnitPrice,
  type Diamond,
  type LineItem,
  type MetalId,
  type PieceDesign,
  type Pricing,
  type ProductFamily,
  type RingPrice,
  type ShapeName,
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
 * A piece of jewelry: the variant, how many, the ring size and engraving chosen for it, and what the cart shows of
 * it as the product page gave it (the cart's check renews the price and the stock from the store).
 */
export interface ProductCartLine {
  kind: 'product';
  variant_id: number;
  quantity: number;
  ring_size: string | null;
  engraving: string | null;
  slug: string;
  name: string;
  family: ProductFamily;
  sku: string;
  metal: MetalId;
  shape: ShapeName | null;
  carat_total: number | null;
  /** A band's width, where the piece comes in several widths (null otherwise; absent on lines saved before). */
  width_mm?: number | null;
  origin: 'lab' | 'natural' | null;
  /** The variant's price when last seen, cents, without the engraving. */
  variant_cents: number;
  /** What an engraving adds to one unit, cents (0 without one). */
  engraving_cents: number;
  /** Business days to the workshop's door. */
  lead_days: number;
  /** Units on the shelf when last seen; null when made to order (no limit on the quantity but the line's). */
  stock: number | null;
  engravable: boolean;
  resizable: boolean;
  design: PieceDesign;
}

/**
 * A ring built in the ring builder: its center stone (the loose diamond's record as step 3 gave it), the setting's
 * variant, the size and engraving, and the itemized price when last seen (the cart's check renews it). One ring is
 * one line: removing it removes stone and setting together, and its stone cannot also be in the cart loose.
 */
export interface RingCartLine {
  kind: 'ring';
  quantity: 1;
  diamond: Diamond;
  variant_id: number;
  setting_slug: string;
  setting_name: string;
  sku: string;
  metal: MetalId;
  shape: ShapeName;
  origin: 'lab' | 'natural' | null;
  ring_size: string;
  engraving: string | null;
  /** The ring's price when last seen, itemized, cents (with the engraving when there is one). */
  price: RingPrice;
  /** Business days to the workshop's door. */
  lead_days: number;
  /** The setting with this stone in its head, for the pictures. */
  design: PieceDesign;
}

/**
 * A line of the cart, one member per kind of the contract's LINE_ITEM_KINDS: a loose diamond, a piece of jewelry or
 * a built ring. Whatever shows, prices or sends a line switches on `kind`, so a new kind does not
 * compile until each of those places says what it does with it.
 */
export type CartLine = DiamondCartLine | ProductCartLine | RingCartLine;

/** How many of one piece a line may hold: the shelf's units when stocked, else the contract's line maximum. */
export const MAX_PRODUCT_QUANTITY = 10;

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
    case 'product':
      if (typeof stored.variant_id !== 'number' || typeof stored.name !== 'string' || typeof stored.design !== 'object' || stored.design === null) return null;
      return { ...(stored as unknown as ProductCartLine), kind: 'product', quantity: Math.min(MAX_PRODUCT_QUANTITY, quantity) };
    case 'ring': {
      const diamond = stored.diamond as Record<string, unknown> | null;
      const price = stored.price as Record<string, unknown> | null;
      if (typeof diamond !== 'object' || diamond === null || typeof diamond.certificate_number !== 'string' || typeof stored.variant_id !== 'number') return null;
      if (typeof price !== 'object' || price === null || !Number.isInteger(price.totalCents) || typeof stored.design !== 'object' || stored.design === null) return null;
      if (typeof stored.ring_size !== 'string') return null;
      return { ...(stored as unknown as RingCartLine), kind: 'ring', quantity: 1 };
    }
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

/**
 * What one unit of a line costs, in cents. A diamond's record carries its price in dollars (§3), converted here
 * once; a record saved without a usable price counts as nothing until the cart's check brings the store's.
 */
export function unitPriceOf(line: CartLine): UnitPrice {
  switch (line.kind) {
    case 'diamond':
      return diamondUnitPrice(Number.isFinite(line.price) ? dollarsToCents(line.price) : 0);
    case 'product':
      return productUnitPrice((Number.isInteger(line.variant_cents) ? line.variant_cents : 0) + (line.engraving ? line.engraving_cents : 0));
    case 'ring':
      return ringUnitPrice(line.price.totalCents);
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
