import type { Route } from './+types/sitemap';
import { productSlugsResponseSchema } from '@everstone/contract';
import { appContext } from '../lib/app-context';
import { serverApi } from '../lib/api';
import { PUBLIC_PAGES } from '@everstone/contract/core';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = (context.get(appContext).publicUrl ?? new URL(request.url).origin).replace(/\/$/, '');
  // Every piece's page too; when the catalog cannot answer, the pages that do not depend on it are still listed.
  const pieces = await serverApi(context).get('/api/sitemap/products', productSlugsResponseSchema);
  const paths = [...PUBLIC_PAGES, ...(pieces.ok ? pieces.data.data.map((p) => `/jewelry/${p.slug}`) : [])];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
