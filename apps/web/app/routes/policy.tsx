import type { Route } from './+types/policy';
import { PolicyPage } from '../features/content/policy-page';
import { pageMeta } from '../lib/seo';
import { STORE } from '../content/store';
import href from '../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Privacy Policy',
    description: `What personal information ${STORE.name} collects, why, what is kept in your browser, how long we keep it, who we share it with, and your US state privacy rights.`,
  });

export default function Policy() {
  return <PolicyPage />;
}
