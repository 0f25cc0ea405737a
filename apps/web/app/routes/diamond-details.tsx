import { data } from 'react-router';
import { colorLabel, diamondTitle, formatPrice, orNA, readBuild, type Diamond, type PriceBand, type RingBuild, type SettingFit } from '@everstone/contract/core';
import type { Route } from './+types/diamond-details';
import { DiamondPage, NoDiamond } from '../features/diamond-details/diamond-page';
import { DETAIL_OFFERS, NO_DIAMOND_MESSAGE } from '../features/diamond-details/offers';
import { loadBuildParts } from '../features/ring-builder/build-parts';
import { BuilderNav } from '../features/ring-builder/builder-nav';
import { api, lazySchema, serverApi, type ApiClient } from '../lib/api';
import { takeHandedOver } from '../domain/diamond-handoff';
import { pageMeta } from '../lib/seo';
import detailHref from '../styles/diamond-details.css?url';
import builderHref from '../styles/ring-builder.css?url';

/** The stone, and the ring build the address carries with what the steps show of it (its chosen stone and setting). */
type DetailData = { diamond: Diamond | null; build: RingBuild; chosen: Diamond | null; setting: SettingFit | null; band: PriceBand | null };

/** Diamond ids are positive whole numbers; anything else cannot name a stone. */
const DIAMOND_ID = /^[1-9]\d{0,11}$/;

// The schema (and Zod) loads with the answer, never in the page's first download.
const diamondAnswer = lazySchema((c) => c.diamondResponseSchema);
const bandAnswer = lazySchema((c) => c.priceBandListResponseSchema);

/**
 * Where the stone's price sits among the similar stones on sale; null when the store cannot say (a stone not on
 * sale, too few similar ones, the search still loading): the page then shows no band, never an error.
 */
async function loadBand(api: ApiClient, id: string): Promise<PriceBand | null> {
  try {
    const res = await api.get(`/api/diamond-price-bands?ids=${id}`, bandAnswer);
    return res.ok ? (res.data.data[0] ?? null) : null;
  } catch {
    return null;
  }
}

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
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = params.diamondid;
  const { build } = readBuild(new URL(request.url).searchParams);
  const none = { diamond: null, build, chosen: null, setting: null, band: null };
  if (!DIAMOND_ID.test(id)) return data<DetailData>(none, { status: 404 });
  const client = serverApi(context);
  const [diamond, parts, band] = await Promise.all([loadDiamond(client, id), loadBuildParts(client, build), loadBand(client, id)]);
  return diamond === 'none' ? data<DetailData>(none, { status: 404 }) : data<DetailData>({ diamond, build, chosen: parts.stone, setting: parts.setting, band });
}

/** In the browser: the handed-over record when there is one, else the stone straight from the API. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs): Promise<DetailData> {
  const id = params.diamondid;
  const { build } = readBuild(new URL(request.url).searchParams);
  if (!DIAMOND_ID.test(id)) return { diamond: null, build, chosen: null, setting: null, band: null };
  const parts = loadBuildParts(api, build);
  const band = loadBand(api, id);
  const handed = takeHandedOver(id);
  const diamond = handed ?? (await loadDiamond(api, id));
  const { stone, setting } = await parts;
  return { diamond: diamond === 'none' ? null : diamond, build, chosen: stone, setting, band: diamond === 'none' ? null : await band };
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
  const { diamond, build, chosen, setting, band } = loaderData;
  return (
    <>
      {/* With a precedence, so it is sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={detailHref} precedence="default" />
      <link rel="stylesheet" href={builderHref} precedence="default" />
      {/* Keyed by stone, so moving from one stone to another starts with a fresh viewer, steps and cart button. */}
      {diamond ? (
        <DiamondPage
          key={diamond.diamondid}
          diamond={diamond}
          build={build}
          settingName={setting?.name ?? null}
          band={band}
          steps={<BuilderNav current={1} build={build} parts={{ stone: chosen, setting }} />}
        />
      ) : (
        <NoDiamond />
      )}
    </>
  );
}
