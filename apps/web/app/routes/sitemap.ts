import type { Route } from './+types/sitemap';
import { appContext } from '../lib/app-context';
import { PUBLIC_PAGES } from '../content/public-pages';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.get(appContext).publicUrl ?? new URL(request.url).origin).replace(/\/$/, '');
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
