import type { Diamond, MetalId, PieceDesign, ShapeName } from '@everstone/contract/core';
import { createBrowserStore } from '../lib/browser-store';

/**
 * Diamonds a shopper saved with a heart, kept in the browser. Whole records are kept so the wishlist page
 * shows them at once; the page refreshes them from the API to show current prices and availability.
 */
const EMPTY: Diamond[] = [];

function parseWishlist(raw: unknown): Diamond[] {
  if (!Array.isArray(raw)) return EMPTY;
  return raw.filter((d): d is Diamond => typeof d === 'object' && d !== null && Number.isInteger((d as Diamond).diamondid));
}

export const wishlistStore = createBrowserStore<Diamond[]>('wishlist', EMPTY, parseWishlist);

export function useWishlist(): Diamond[] {
  return wishlistStore.use();
}

export function toggleWishlist(diamond: Diamond): void {
  wishlistStore.set((list) =>
    list.some((d) => d.diamondid === diamond.diamondid)
      ? list.filter((d) => d.diamondid !== diamond.diamondid)
      : [...list, diamond],
  );
}

export function removeFromWishlist(diamondid: number): void {
  wishlistStore.set((list) => list.filter((d) => d.diamondid !== diamondid));
}

/** A piece of jewelry saved with a heart: the variant as it was shown, so the wishlist draws it at once. */
export interface SavedPiece {
  variant_id: number;
  slug: string;
  name: string;
  metal: MetalId;
  shape: ShapeName | null;
  carat_total: number | null;
  width_mm: number | null;
  origin: 'lab' | 'natural' | null;
  price_cents: number;
  design: PieceDesign;
}

const NO_PIECES: SavedPiece[] = [];

function parsePieces(raw: unknown): SavedPiece[] {
  if (!Array.isArray(raw)) return NO_PIECES;
  return raw.filter(
    (p): p is SavedPiece =>
      typeof p === 'object' && p !== null && Number.isInteger((p as SavedPiece).variant_id) && typeof (p as SavedPiece).slug === 'string' && typeof (p as SavedPiece).design === 'object',
  );
}

/** Saved pieces of jewelry, beside the saved stones, kept in the browser. */
export const pieceWishlistStore = createBrowserStore<SavedPiece[]>('wishlist_pieces', NO_PIECES, parsePieces);

export function useSavedPieces(): SavedPiece[] {
  return pieceWishlistStore.use();
}

export function togglePiece(piece: SavedPiece): void {
  pieceWishlistStore.set((list) => (list.some((p) => p.variant_id === piece.variant_id) ? list.filter((p) => p.variant_id !== piece.variant_id) : [...list, piece]));
}

export function removePiece(variantId: number): void {
  pieceWishlistStore.set((list) => list.filter((p) => p.variant_id !== variantId));
}
