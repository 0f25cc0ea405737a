import type { ProductDetail, Variant } from '@everstone/contract/core';

/** One setting the shopper chose to try: the product, the variant (its metal and head shape) and a ring size. */
export interface Choice {
  product: ProductDetail;
  variantId: number;
  ringSize: string;
}

export function variantOf(choice: Choice): Variant {
  return choice.product.variants.find((v) => v.id === choice.variantId) ?? choice.product.variants[0]!;
}

/** The variant of `product` in `metal` with `shape`, or the nearest: the same metal, else the same shape. */
export function pickVariant(product: ProductDetail, metal: string, shape: string | null): Variant {
  const live = product.variants.filter((v) => v.available);
  const pool = live.length > 0 ? live : product.variants;
  return (
    pool.find((v) => v.metal === metal && v.shape === shape) ??
    pool.find((v) => v.metal === metal) ??
    pool.find((v) => v.shape === shape) ??
    pool[0]!
  );
}

/** The page's address for a choice of variants (the sign-in page brings the shopper back to it). */
export function homePreviewPath(variantIds: readonly number[]): string {
  const query = new URLSearchParams(variantIds.map((id) => ['variant', String(id)])).toString();
  return `/home-preview${query ? `?${query}` : ''}#home-preview-request`;
}

/** `?variant=ID` (at most two, positive whole numbers) of the page's address. */
export function variantIdsOf(url: URL, max: number): number[] {
  const ids = url.searchParams
    .getAll('variant')
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)].slice(0, max);
}
