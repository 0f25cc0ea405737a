import type { Diamond, MetalId, PieceDesign, ProductFamily, RingPrice, ShapeName } from '@everstone/contract/core';
import { createBrowserStore } from '../lib/browser-store';

/**
 * The cart as the browser keeps it (§3: a list kept in localStorage under the key `cart`, loaded at start and saved
 * on every change): its lines and the store every page reads (the header's badge counts them). §4's rules for
 * changing it and its prices are cart.ts.
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
      if (typeof price !== 'object' || price === null || !Number.isInteger(price.totalCents) || (price.totalCents as number) < 0 || typeof stored.design !== 'object' || stored.design === null) return null;
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
