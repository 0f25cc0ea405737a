import { data } from 'react-router';
import type { Route } from './+types/guide';
import { GUIDES, findGuide, guidePath } from '../../content/education';
import { GuidePage } from '../../features/content/guide-page';
import { pageMeta } from '../../lib/seo';
import href from '../../styles/education.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  // The root ErrorBoundary shows the not-found page, with a real 404 status.
  if (!guide) throw data(null, { status: 404 });
  const others = GUIDES.filter((g) => g.slug !== guide.slug).map((g) => ({
    to: guidePath(g.slug),
    title: g.shortTitle,
    description: g.description,
  }));
  return { guide, others };
}

export const meta: Route.MetaFunction = (args) => {
  const guide = args.loaderData?.guide;
  if (!guide) return [{ title: 'Page not found | Everstone' }, { name: 'robots', content: 'noindex' }];
  return pageMeta(args, { title: guide.title, description: guide.description });
};

export default function Guide({ loaderData, params }: Route.ComponentProps) {
  return <GuidePage guide={loaderData.guide} others={loaderData.others} path={`/pages/${params.slug}`} />;
}
