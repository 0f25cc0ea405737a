import type { MetaDescriptor } from 'react-router';
import { STORE_NAME } from '../content/store';

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The site's public origin: PUBLIC_URL when configured, else the origin the request came in on (root loader). */
function originOf(matches: MetaArgs['matches']): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/**
 * Every page's head: title, description, canonical link and Open Graph tags. Use it from a route's `meta`:
 * `export const meta: Route.MetaFunction = (args) => pageMeta(args, { title, description })`.
 */
export function pageMeta(
  args: MetaArgs,
  page: { title: string; description: string; image?: string; noindex?: boolean },
): MetaDescriptor[] {
  const origin = originOf(args.matches);
  const url = `${origin}${args.location.pathname === '/' ? '/' : args.location.pathname.replace(/\/$/, '')}`;
  const title = page.title.includes(STORE_NAME) ? page.title : `${page.title} | ${STORE_NAME}`;
  const image = `${origin}${page.image ?? '/og-image.svg'}`;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: STORE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
