import type { ProductSummary } from '@everstone/contract/core';

/** Where a piece's card leads: its page, on the variant the card shows (the options the page reads from its query). */
export function productHref(p: Pick<ProductSummary, 'slug' | 'metal' | 'shape' | 'carat_total' | 'width_mm' | 'origin'>): string {
  const params = new URLSearchParams({ metal: p.metal });
  if (p.shape) params.set('shape', p.shape);
  if (p.carat_total !== null) params.set('carat', String(p.carat_total));
  if (p.width_mm !== null) params.set('width', String(p.width_mm));
  if (p.origin) params.set('origin', p.origin);
  const query = params.toString();
  return `/jewelry/${p.slug}${query ? `?${query}` : ''}`;
}
