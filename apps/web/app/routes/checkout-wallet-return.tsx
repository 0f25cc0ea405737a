import type { Route } from './+types/checkout-wallet-return';
import { WalletReturnPage } from '../features/checkout/wallet-return-page';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Completing Your PayPal Payment',
    description: 'Your PayPal payment is being confirmed and your order placed.',
    noindex: true,
  });

export default function WalletReturn() {
  return <WalletReturnPage />;
}
