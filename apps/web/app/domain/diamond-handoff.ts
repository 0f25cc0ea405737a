import type { Diamond } from '@everstone/contract/core';

/**
 * Stones handed from a list to the detail page with a navigation (§3: the record is carried to the detail
 * page), so the page shows at once without asking the API again. Loaders are not given the navigation's
 * state, so links put the record here as they are followed; the detail page's client loader takes it. A
 * fresh load or a shared link finds nothing here and is rendered from the server.
 */
const handed = new Map<string, Diamond>();

/** Call as the link to the stone is followed (its onClick, or just before navigate()). */
export function handOver(diamond: Diamond) {
  handed.clear();
  handed.set(String(diamond.diamondid), diamond);
}

/** The record handed over for this id, once. */
export function takeHandedOver(id: string): Diamond | null {
  const diamond = handed.get(id) ?? null;
  handed.delete(id);
  return diamond;
}
