import type { MetalId, ShapeName } from '@everstone/contract/core';

/**
 * How a piece of jewelry on a line (the cart, checkout, an order) links to its product page and says how it is
 * supplied: the same words wherever the line is shown.
 */

/** What picks one variant of a piece: the choices its product page reads from the address. */
export interface VariantChoices {
  slug: string;
  metal: MetalId;
  shape: ShapeName | null;
  carat_total: number | null;
  /** A band's width, where the piece comes in several (absent or null otherwise). */
  width_mm?: number | null;
  origin: 'lab' | 'natural' | null;
}

/**
 * A piece's product page opened on the variant the shopper chose: `/jewelry/{slug}` with the options as the page's
 * query keys (metal, shape, carat, width, origin), so the link shows the same piece, not the default one.
 */
export function variantPath(v: VariantChoices): string {
  const params = new URLSearchParams({ metal: v.metal });
  if (v.shape) params.set('shape', v.shape);
  if (v.carat_total !== null) params.set('carat', String(v.carat_total));
  if (v.width_mm != null) params.set('width', String(v.width_mm));
  if (v.origin) params.set('origin', v.origin);
  return `/jewelry/${encodeURIComponent(v.slug)}?${params.toString()}`;
}

/** How a piece in the cart reaches the shopper: made to order after its lead time (stock null), or from the shelf. */
export function supplyText(line: { stock: number | null; lead_days: number }): string {
  return line.stock === null ? `Made to order — ships in ${line.lead_days} business days` : 'In stock';
}
