import type { ShapeName } from './products.ts';
import type { MetalId } from '../ring-builder/ring-choices.ts';
import type { ProductDetail, Variant } from './product-schemas.ts';

/*
 * A jewelry piece's page keeps the variant shown in its address (`/jewelry/{slug}?metal=…&shape=…`): the options it
 * names, the variant they lead to, and the query that names a variant. The storefront and the browser journeys read
 * and write that address through these alone.
 */

/** The options a product page keeps in its address, in the order they are matched. */
export interface VariantOptions {
  metal: MetalId | null;
  shape: ShapeName | null;
  carat: number | null;
  width: number | null;
  origin: 'lab' | 'natural' | null;
}

/** The options named by a page's query (`metal`, `shape`, `carat`, `origin`); what names nothing is ignored. */
export function optionsFromSearch(search: URLSearchParams, product: Pick<ProductDetail, 'options'>): VariantOptions {
  const metal = search.get('metal');
  const shape = search.get('shape');
  const carat = Number(search.get('carat'));
  const width = Number(search.get('width'));
  const origin = search.get('origin');
  return {
    metal: product.options.metal.includes(metal as MetalId) ? (metal as MetalId) : null,
    shape: product.options.shape.includes(shape as ShapeName) ? (shape as ShapeName) : null,
    carat: search.has('carat') && product.options.carat_total.includes(carat) ? carat : null,
    width: search.has('width') && product.options.width_mm.includes(width) ? width : null,
    origin: origin === 'lab' || origin === 'natural' ? (product.options.origin.includes(origin) ? origin : null) : null,
  };
}

/**
 * The variant the options name. An option left open, or a combination the product does not make, falls back to
 * the variant closest to what was asked: the metal matters most, then the shape, the carat weight, the width and the origin;
 * among equals the page's default variant, then an available one, then the cheapest.
 */
export function chooseVariant(product: Pick<ProductDetail, 'variants' | 'default_variant_id'>, wanted: VariantOptions): Variant {
  const fallback = product.variants.find((v) => v.id === product.default_variant_id) ?? product.variants[0]!;
  const score = (v: Variant) =>
    (wanted.metal === null ? (v.metal === fallback.metal ? 1 : 0) : v.metal === wanted.metal ? 8 : 0) * 10000 +
    (wanted.shape === null ? (v.shape === fallback.shape ? 1 : 0) : v.shape === wanted.shape ? 8 : 0) * 1000 +
    (wanted.carat === null ? (v.carat_total === fallback.carat_total ? 1 : 0) : v.carat_total === wanted.carat ? 8 : 0) * 100 +
    (wanted.width === null ? (v.width_mm === fallback.width_mm ? 1 : 0) : v.width_mm === wanted.width ? 8 : 0) * 10 +
    (wanted.origin === null ? (v.origin === fallback.origin ? 1 : 0) : v.origin === wanted.origin ? 8 : 0);
  return [...product.variants].sort(
    (a, b) =>
      score(b) - score(a) ||
      Number(b.id === fallback.id) - Number(a.id === fallback.id) ||
      Number(b.available) - Number(a.available) ||
      a.price_cents - b.price_cents,
  )[0]!;
}

/** The query that names a variant on its product's page (only the options the product has). */
export function variantSearch(product: Pick<ProductDetail, 'options'>, v: Pick<Variant, 'metal' | 'shape' | 'carat_total' | 'width_mm' | 'origin'>): string {
  const params = new URLSearchParams();
  if (product.options.metal.length > 1) params.set('metal', v.metal);
  if (product.options.shape.length > 1 && v.shape) params.set('shape', v.shape);
  if (product.options.carat_total.length > 1 && v.carat_total !== null) params.set('carat', String(v.carat_total));
  if (product.options.width_mm.length > 1 && v.width_mm !== null) params.set('width', String(v.width_mm));
  if (product.options.origin.length > 1 && v.origin) params.set('origin', v.origin);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The variant a choice of one option leads to: that option changed, the others kept as near as the product allows. */
export function withOption(product: Pick<ProductDetail, 'variants' | 'default_variant_id'>, current: Variant, change: Partial<VariantOptions>): Variant {
  return chooseVariant(product, {
    metal: current.metal,
    shape: current.shape,
    carat: current.carat_total,
    width: current.width_mm,
    origin: current.origin,
    ...change,
  });
}
