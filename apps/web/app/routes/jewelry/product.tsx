import { data, useLocation } from 'react-router';
import { METAL_LABELS, centsToPrice, formatCents, variantLabel, type ProductDetail } from '@everstone/contract/core';
import type { Route } from './+types/product';
import { ProductPage } from '../../features/jewelry/product-page';
import { chooseVariant, optionsFromSearch } from '@everstone/contract/core';
import { lazySchema, serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import jewelryHref from '../../styles/jewelry.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: jewelryHref }];

const productAnswer = lazySchema((c) => c.productDetailSchema);

/** Slugs are lower-case words joined by dashes; anything else names no piece. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A piece by its slug, rendered on the server; an unknown slug is the site's 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!SLUG.test(params.slug) || params.slug.length > 120) throw data(null, { status: 404 });
  const res = await serverApi(context).get(`/api/products/${params.slug}`, productAnswer);
  if (!res.ok) {
    if (res.status === 404) throw data(null, { status: 404 });
    throw data('The piece could not be loaded', { status: 502 });
  }
  return { product: res.data as ProductDetail };
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  const variant = chooseVariant(product, optionsFromSearch(new URLSearchParams(args.location.search), product));
  const tags = pageMeta(args, {
    title: `${product.name}, ${METAL_LABELS[variant.metal]}`,
    description: `${product.description.slice(0, 150)} ${formatCents(variant.price_cents)}, free insured shipping and 30-day returns.`,
  });
  // Product structured data for search engines: the variant shown, its price and whether it can be ordered.
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: variant.sku,
    brand: { '@type': 'Brand', name: 'Everstone' },
    material: METAL_LABELS[variant.metal],
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: centsToPrice(variant.price_cents),
      availability: variant.available ? (variant.stock === null ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock') : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    additionalProperty: [{ '@type': 'PropertyValue', name: 'Variant', value: variantLabel(variant, product.family) }],
  };
  return [...tags, { 'script:ld+json': structured }];
};

export default function JewelryProduct({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const location = useLocation();
  const variant = chooseVariant(product, optionsFromSearch(new URLSearchParams(location.search), product));
  // Keyed by product, so moving to a related piece starts with fresh choices; the variant follows the address.
  return <ProductPage key={product.slug} product={product} variant={variant} />;
}

