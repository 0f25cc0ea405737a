import type { Route } from './+types/thankyou';
import { ThankYouPage } from '../features/orders/thank-you-page';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Thank You for Your Order',
    description: 'Your Everstone order has been placed.',
    noindex: true,
  });

export default function ThankYou() {
  return <ThankYouPage />;
}
