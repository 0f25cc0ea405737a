import { data } from 'react-router';
import type { Route } from './+types/offer';
import { findOffer } from '../../content/offers';
import { OfferPage } from '../../features/content/offer-page';
import { pageMeta } from '../../lib/seo';
import href from '../../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

/**
 * The offer pages linked from the menus and the footer (/bands-for-him, /home-preview, …): one module for all of
 * them (routes.ts gives each its own path), their text from app/content/offers/. The text travels with the
 * loader, so the browser's bundle does not carry every offer's.
 */
export function loader({ pattern }: Route.LoaderArgs) {
  // The route's own path ('/bands-for-him'), whatever the case or the trailing slash the address was typed with.
  const offer = findOffer(pattern.replace(/^\//, ''));
  // The root ErrorBoundary shows the not-found page, with a real 404 status.
  if (!offer) throw data(null, { status: 404 });
  return { offer };
}

export const meta: Route.MetaFunction = (args) => {
  const offer = args.loaderData?.offer;
  if (!offer) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, { title: offer.metaTitle ?? offer.title, description: offer.lead, image: offer.image.src });
};

export default function Offer({ loaderData }: Route.ComponentProps) {
  return <OfferPage content={loaderData.offer} />;
}
