import type { Route } from './+types/robots';
import { appContext } from '../lib/app-context';

/** Shopping pages that depend on the visitor (cart, wishlist, accounts) are not for crawlers. */
const PRIVATE = ['/cart', '/checkout', '/wishlist', '/signin', '/signup', '/profile', '/resetpassword', '/reset-password/', '/verify-email/', '/thankyou', '/orders/', '/wallet-simulator/', '/newsletter/', '/api/', '/admin'];

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.get(appContext).publicUrl ?? new URL(request.url).origin).replace(/\/$/, '');
  const body = ['User-agent: *', ...PRIVATE.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
