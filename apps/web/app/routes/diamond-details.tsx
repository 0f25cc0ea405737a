import { data } from 'react-router';
import { colorLabel, diamondTitle, formatPrice, orNA, type Diamond } from '@everstone/contract/core';
import type { Route } from './+types/diamond-details';
import { DiamondPage, NoDiamond } from '../features/diamond-details/diamond-page';
import { DETAIL_OFFERS, NO_DIAMOND_MESSAGE } from '../features/diamond-details/offers';
import { api, lazySchema, serverApi, type ApiClient } from '../lib/api';
import { takeHandedOver } from '../lib/diamond-handoff';
import { pageMeta } from '../lib/seo';
import detailHref from '../styles/diamond-details.css?url';

type DetailData = { diamond: Diamond | null };

/** Diamond ids are positive whole numbers; anything else cannot name a stone. */
const DIAMOND_ID = /^[1-9]\d{0,11}$/;

// The schema (and Zod) loads with the answer, never in the page's first download.
const diamondAnswer = lazySchema((c) => c.diamondResponseSchema);

/** GET /api/diamonds/{id}: the stone, 'none' for an unknown id, or a failure to report. */
async function loadDiamond(api: ApiClient, id: string): Promise<Diamond | 'none'> {
  const res = await api.get(`/api/diamonds/${id}`, diamondAnswer);
  if (res.ok) return res.data.data;
  if (res.status === 404 || res.status === 400) return 'none';
  throw data('The diamond could not be loaded', { status: 502 });
}

/**
 * A fresh load or a shared link: the stone is fetched by id and rendered on the server. An id that names
 * no stone answers 404 with the page's 'No diamond data available' (§8) inside the site's layout.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.diamondid;
  if (!DIAMOND_ID.test(id)) return data<DetailData>({ diamond: null }, { status: 404 });
  const diamond = await loadDiamond(serverApi(context), id);
  return diamond === 'none' ? data<DetailData>({ diamond: null }, { status: 404 }) : data<DetailData>({ diamond });
}

/** In the browser: the handed-over record when there is one, else the stone straight from the API. */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<DetailData> {
  const id = params.diamondid;
  if (!DIAMOND_ID.test(id)) return { diamond: null };
  const handed = takeHandedOver(id);
  if (handed) return { diamond: handed };
  const diamond = await loadDiamond(api, id);
  return { diamond: diamond === 'none' ? null : diamond };
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData?.diamond;
  if (!d) {
    return pageMeta(args, {
      title: NO_DIAMOND_MESSAGE,
      description: 'This diamond could not be found. Browse our certified lab-grown, natural and color diamonds.',
      noindex: true,
    });
  }
  return pageMeta(args, {
    title: diamondTitle(d),
    description: `${diamondTitle(d)}: ${colorLabel(d)} color, ${orNA(d.clarity?.name)} clarity, ${orNA(d.cut?.full_name)} cut, certified by ${orNA(d.certificate_company?.dl_name)} (report ${d.certificate_number}). ${formatPrice(d.price)} with free insured shipping and ${DETAIL_OFFERS.returnDays}-day returns.`,
  });
};

export default function DiamondDetails({ loaderData }: Route.ComponentProps) {
  // The loaders settle where the record comes from (the navigation or the API), so the server's HTML and
  // the hydrating browser always render the same stone.
  const { diamond } = loaderData;
  return (
    <>
      {/* With a precedence, so it is sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={detailHref} precedence="default" />
      {/* Keyed by stone, so moving from one stone to another starts with a fresh viewer, steps and cart button. */}
      {diamond ? <DiamondPage key={diamond.diamondid} diamond={diamond} /> : <NoDiamond />}
    </>
  );
}
