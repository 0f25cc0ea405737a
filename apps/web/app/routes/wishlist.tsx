import type { Route } from './+types/wishlist';
import { pageMeta } from '../lib/seo';
import { WishlistPage } from '../features/wishlist/wishlist-page';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your Wishlist',
    description: 'The diamonds you saved with a heart, kept on this device.',
    noindex: true,
  });

export default function Wishlist() {
  return <WishlistPage />;
}
