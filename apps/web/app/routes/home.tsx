import { diamondListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/home';
import {
  Appointments,
  HomePreview,
  HomePromotion,
  RingPaths,
  TheBond,
  TheReserve,
  type InventoryCounts,
} from '../features/content/feature-blocks';
import { BestsellingRings, ExclusiveOffers, TrendingNow } from '../features/content/home-carousels';
import { HomeHero } from '../features/content/home-hero';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';
import homeHref from '../styles/home.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeHref }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Everstone | Certified Diamonds, Engagement Rings & Fine Jewelry',
    description:
      'Certified lab-grown, natural and color diamonds, engagement rings, wedding bands and fine jewelry. Build your ring, try it at home, or book a virtual or in-person appointment.',
  });

/** How many diamonds of each kind are in stock, for the 'Build Your Engagement Ring' block. */
export async function loader({ context }: Route.LoaderArgs): Promise<{ inventory: InventoryCounts }> {
  const api = serverApi(context);
  // A count the API cannot give is left out of the page, never a reason for the home page to fail.
  const count = async (tab: number) => {
    const res = await api.get(`/api/get-all-diamonds?active_tab=${tab}&per_page=1`, diamondListResponseSchema);
    return res.ok ? res.data.total : null;
  };
  const [natural, lab, color] = await Promise.all([count(1), count(2), count(3)]);
  return { inventory: { natural, lab, color } };
}

/** The home page, in the order of SPEC §2. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="home">
      <HomeHero />
      <HomePromotion />
      <TrendingNow />
      <RingPaths inventory={loaderData.inventory} />
      <TheBond />
      <BestsellingRings />
      <ExclusiveOffers />
      <HomePreview />
      <Appointments />
      <TheReserve />
    </div>
  );
}
