import { data } from 'react-router';
import { COLLECTIONS, DEPARTMENTS, productQueryToParams, type CollectionId, type Department, type ProductListResponse } from '@everstone/contract/core';
import type { Route } from './+types/listing';
import { findOffer } from '../../content/offers';
import { Listing } from '../../features/jewelry/listing';
import { listingQuery } from '../../features/jewelry/listing-url';
import { OfferPage } from '../../features/content/offer-page';
import { PageHero } from '../../features/content/page-hero';
import { lazySchema, serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import pagesHref from '../../styles/pages.css?url';
import jewelryHref from '../../styles/jewelry.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: pagesHref },
  { rel: 'stylesheet', href: jewelryHref },
];

const listAnswer = lazySchema((c) => c.productListResponseSchema);

/** The department a route's path names, and the collection of /collections/{id}. */
function departmentAt(pattern: string, collection: string | undefined): { department: Department; collection: (typeof COLLECTIONS)[number] | null } | null {
  if (collection !== undefined) {
    const found = COLLECTIONS.find((c) => c.id === collection);
    return found ? { department: DEPARTMENTS.find((d) => d.id === 'collections')!, collection: found } : null;
  }
  // The route's own path ('/preset-rings'), however the router spells it (with or without its slashes).
  const path = `/${pattern.replace(/^\/+|\/+$/g, '')}`;
  const department = DEPARTMENTS.find((d) => d.path === path);
  return department ? { department, collection: null } : null;
}

/**
 * Every jewelry listing (routes.ts gives each department its path): the department's pieces as the address's
 * filters, sort and page ask, through the catalog's API.
 */
export async function loader({ request, params, pattern, context }: Route.LoaderArgs) {
  const found = departmentAt(pattern, params.collection);
  if (!found) throw data(null, { status: 404 });
  const { department, collection } = found;
  const url = new URL(request.url);
  const query = listingQuery(url.searchParams, department.id as never);
  if (collection) query.collections = [collection.id as CollectionId];
  const path = collection ? `/collections/${collection.id}` : department.path;
  const res = await serverApi(context).get(`/api/products?${productQueryToParams(query, true).toString()}`, listAnswer);
  if (!res.ok) throw data('The pieces could not be loaded', { status: 502 });
  const result: ProductListResponse = res.data;
  // A page past the last one is not a page of this listing.
  if (query.page > 1 && result.data.length === 0) throw data(null, { status: 404 });
  return {
    departmentId: department.id,
    path,
    query,
    result,
    collection: collection ? { id: collection.id, label: collection.label, blurb: collection.blurb } : null,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  const department = DEPARTMENTS.find((d) => d.id === loaded.departmentId)!;
  const offer = findOffer(department.id);
  const title = loaded.collection ? `${loaded.collection.label} Collection` : (offer?.metaTitle ?? department.title);
  const description = loaded.collection?.blurb ?? offer?.lead ?? department.intro;
  const filtered = args.location.search !== '' && args.location.search !== '?';
  // Filtered and later pages are views of one listing: only the listing itself is indexed.
  return pageMeta(args, { title, description, noindex: filtered });
};

export default function JewelryListing({ loaderData }: Route.ComponentProps) {
  const { departmentId, path, query, result, collection } = loaderData;
  const department = DEPARTMENTS.find((d) => d.id === departmentId)!;
  const offer = collection ? undefined : findOffer(department.id);
  const listing = <Listing path={path} query={query} result={result} />;
  if (offer) {
    return (
      <OfferPage content={offer} compactHero>
        {listing}
      </OfferPage>
    );
  }
  return (
    <div className="pg-page">
      <PageHero eyebrow={collection ? 'Collection' : 'Shop'} title={collection ? collection.label : department.title} lead={collection ? collection.blurb : department.intro} />
      {listing}
    </div>
  );
}
