import type { Route } from './+types/engagement-ring-style';
import { findGuide, guidePath } from '../../content/education';
import { RING_STYLES } from '../../content/education/ring-styles';
import { RingStylePage } from '../../features/content/ring-style-page';
import { pageMeta } from '../../lib/seo';
import href from '../../styles/education.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Engagement Ring Education: Styles, Settings and Diamonds',
    description:
      'Learn the engagement ring styles, from solitaire, halo and vintage to three stone, pavé and Luxe, with guides to settings, diamond types, shapes, metals, sizing and budget.',
  });

/** The styles with their related guides resolved to titles, so the guides' full text stays on the server. */
export function loader() {
  return {
    styles: RING_STYLES.map((style) => ({
      ...style,
      related: style.related.map((slug) => ({ to: guidePath(slug), label: findGuide(slug)?.title ?? slug })),
    })),
  };
}

export default function EngagementRingStyle({ loaderData }: Route.ComponentProps) {
  return <RingStylePage styles={loaderData.styles} />;
}
