import { data } from 'react-router';
import { HOME_PREVIEW, type ProductDetail } from '@everstone/contract/core';
import type { Route } from './+types/home-preview';
import { findOffer } from '../content/offers';
import { OfferPage } from '../features/content/offer-page';
import { HomePreviewFlow } from '../features/home-preview/home-preview-flow';
import { variantIdsOf } from '../features/home-preview/choices';
import { lazySchema, serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';
import pagesHref from '../styles/pages.css?url';
import href from '../styles/special-requests.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: pagesHref },
  { rel: 'stylesheet', href },
];

const listAnswer = lazySchema((c) => c.productListResponseSchema);
const lookupAnswer = lazySchema((c) => c.variantLookupResponseSchema);
const productAnswer = lazySchema((c) => c.productDetailSchema);

/**
 * /home-preview: the offer's editorial around the request itself. The settings to choose from come with the page;
 * `?variant=ID` (a product page's "Try at home", or the way back from sign-in) opens with that setting chosen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const offer = findOffer('home-preview');
  if (!offer) throw data(null, { status: 404 });
  const client = serverApi(context);
  const listing = await client.get('/api/products?department=engagement-rings', listAnswer);
  const ids = variantIdsOf(new URL(request.url), HOME_PREVIEW.maxRings);
  const preselected: { product: ProductDetail; variantId: number }[] = [];
  if (ids.length > 0) {
    const found = await client.post('/api/products/variants/lookup', { ids }, lookupAnswer);
    for (const variant of found.ok ? found.data.data : []) {
      const product = await client.get(`/api/products/${variant.slug}`, productAnswer);
      if (product.ok && product.data.family === 'setting' && !preselected.some((p) => p.product.id === product.data.id)) {
        preselected.push({ product: product.data, variantId: variant.id });
      }
    }
  }
  return {
    offer,
    settings: listing.ok ? listing.data.data : [],
    total: listing.ok ? listing.data.total : 0,
    preselected,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const offer = args.loaderData?.offer;
  if (!offer) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, { title: offer.metaTitle ?? offer.title, description: offer.lead, image: offer.image.src });
};

export default function HomePreviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <OfferPage content={loaderData.offer}>
      <section id="home-preview-request" className="pg-section cr-section" aria-label="Request a Home Preview">
        <div className="pg-inner">
          <HomePreviewFlow settings={loaderData.settings} total={loaderData.total} preselected={loaderData.preselected} />
        </div>
      </section>
    </OfferPage>
  );
}
