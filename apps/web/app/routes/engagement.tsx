import type { Route } from './+types/engagement';
import { EngagementPage } from '../features/content/engagement-page';
import { pageMeta } from '../lib/seo';
import href from '../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Engagement Rings',
    description:
      'Build your own engagement ring with a certified lab-grown or natural diamond, choose from over 300 preset lab grown styles, or design a custom ring with our jewelers.',
    image: '/art/pages/hero-engagement.svg',
  });

export default function Engagement() {
  return <EngagementPage />;
}
