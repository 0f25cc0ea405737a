import type { Route } from './+types/terms';
import { TermsPage } from '../features/content/terms-page';
import { pageMeta } from '../lib/seo';
import { STORE } from '../content/store';
import href from '../styles/pages.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Terms & Conditions',
    description: `The terms of shopping at ${STORE.name}: orders and payment, bank-wire holds, shipping, 30-day returns, Home Preview, warranty and upgrades, promotions and financing.`,
  });

export default function Terms() {
  return <TermsPage />;
}
