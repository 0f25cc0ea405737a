import type { Route } from './+types/about';
import { AboutPage } from '../features/content/about-page';
import { pageMeta } from '../lib/seo';
import { STORE } from '../content/store';
import href from '../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Our Story',
    description: `How ${STORE.name} designs and crafts its jewelry: designed by dreamers, made by hand, backed by certified diamonds and a lifetime warranty, with over 52,000 trees planted.`,
    image: '/art/pages/story-dreamers.svg',
  });

export default function About() {
  return <AboutPage />;
}
