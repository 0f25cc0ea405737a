import { diamondListResponseSchema, productListResponseSchema, type ProductSummary } from '@everstone/contract';
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
import { BESTSELLING_PER_TAB, BESTSELLING_TABS, type BestsellingTabId } from '../content/home';
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

/**
 * How many diamonds of each kind are in stock, for the 'Build Your Engagement Ring' block, and the catalog's best
 * sellers for 'Explore Our Bestselling Rings'.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ inventory: InventoryCounts; bestsellers: Record<BestsellingTabId, ProductSummary[]> }> {
  const api = serverApi(context);
  // A count the API cannot give is left out of the page, never a reason for the home page to fail.
  const count = async (tab: number) => {
    const res = await api.get(`/api/get-all-diamonds?active_tab=${tab}&per_page=1`, diamondListResponseSchema);
    return res.ok ? res.data.total : null;
  };
  const best = async (query: string) => {
    const res = await api.get(`/api/products?${query}&sort=best`, productListResponseSchema);
    return res.ok ? res.data.data.slice(0, BESTSELLING_PER_TAB) : [];
  };
  const [natural, lab, color, ...lists] = await Promise.all([count(1), count(2), count(3), ...BESTSELLING_TABS.map((tab) => best(tab.query))]);
  const bestsellers = Object.fromEntries(BESTSELLING_TABS.map((tab, i) => [tab.id, lists[i] as ProductSummary[]])) as Record<BestsellingTabId, ProductSummary[]>;
  return { inventory: { natural: natural as number | null, lab: lab as number | null, color: color as number | null }, bestsellers };
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
      <BestsellingRings rings={loaderData.bestsellers} />
      <ExclusiveOffers />
      <HomePreview />
      <Appointments />
      <TheReserve />
    </div>
  );
}
