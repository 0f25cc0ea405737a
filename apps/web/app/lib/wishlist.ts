import type { Diamond } from '@everstone/contract/core';
import { createBrowserStore } from './browser-store';

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
