import type { Route } from './+types/wedding-bands';
import { WeddingBandsPage } from '../features/content/wedding-bands-page';
import { pageMeta } from '../lib/seo';
import href from '../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Wedding Bands',
    description:
      'Wedding bands for her and for him: classic metal bands, diamond bands, anniversary rings and eternity rings in yellow, white and rose gold and platinum.',
    image: '/art/pages/hero-wedding-bands.svg',
  });

export default function WeddingBands() {
  return <WeddingBandsPage />;
}
