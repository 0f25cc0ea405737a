import { Link, data } from 'react-router';
import { bankWirePrice, colorLabel, diamondTitle, formatMoney, formatPrice, orNA, type Diamond } from '@everstone/contract/core';
import type { Route } from './+types/diamond-details';
import { AddToCart } from '../features/diamond-details/add-to-cart';
import { DetailAccordion } from '../features/diamond-details/detail-accordion';
import { DETAIL_OFFERS, NO_DIAMOND_MESSAGE } from '../features/diamond-details/offers';
import { diamondSpecs } from '../features/diamond-details/specs';
import { StepIndicator } from '../features/diamond-details/step-indicator';
import { StoneViewer } from '../features/diamond-details/stone-viewer';
import { TrustBadges } from '../features/diamond-details/trust-badges';
import { api, lazySchema, serverApi, type ApiClient } from '../lib/api';
import { takeHandedOver } from '../lib/diamond-handoff';
import { pageMeta } from '../lib/seo';
import { shipsByText } from '../features/diamond-details/ship-date';
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

/** schema.org Product data, so a shared link shows the stone's price and availability in search results. */
function productJsonLd(d: Diamond, title: string): string {
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    sku: d.certificate_number,
    description: `${colorLabel(d)} color, ${orNA(d.clarity?.name)} clarity, ${orNA(d.cut?.full_name)} cut, ${orNA(d.certificate_company?.dl_name)} certified`,
    offers: {
      '@type': 'Offer',
      price: d.price.toFixed(2),
      priceCurrency: 'USD',
      availability: d.status === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  });
  return json.replace(/</g, '\\u003c');
}

function NoDiamond() {
  return (
    <section className="page-message dd-empty" aria-labelledby="dd-empty-title">
      <h1 id="dd-empty-title">{NO_DIAMOND_MESSAGE}</h1>
      <p>This diamond may have been removed from our inventory, or the link may be mistyped.</p>
      <p>
        <Link className="button" to="/diamond">
          Browse diamonds
        </Link>
      </p>
    </section>
  );
}

function PriceBlock({ diamond }: { diamond: Diamond }) {
  return (
    <div className="dd-price-block">
      <p className="dd-price">
        <span className="visually-hidden">Price </span>
        {formatPrice(diamond.price)}
      </p>
      <p className="dd-wire">
        Bank wire price <strong>{formatMoney(bankWirePrice(diamond.price))}</strong>
      </p>
      <p className="dd-finance">
        {diamond.price >= DETAIL_OFFERS.noInterestMinimum
          ? `Financing from $${DETAIL_OFFERS.financingFrom}/mo at 0% APR · no interest for ${DETAIL_OFFERS.noInterestMonths} months`
          : `Financing with no interest for ${DETAIL_OFFERS.noInterestMonths} months on purchases of ${formatPrice(DETAIL_OFFERS.noInterestMinimum)} or more`}
      </p>
      <p className="dd-returns">Free insured shipping · {DETAIL_OFFERS.returnDays} day returns</p>
    </div>
  );
}

function DiamondPage({ diamond }: { diamond: Diamond }) {
  const title = diamondTitle(diamond);
  return (
    <div className="dd">
      <nav className="dd-crumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/diamond">Diamonds</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <p className="dd-eyebrow">Create Your Diamond Ring</p>
      <StepIndicator />
      <div className="dd-main">
        <div className="dd-media">
          <StoneViewer diamond={diamond} title={title} />
        </div>
        <div className="dd-info">
          <h1 className="dd-title">{title}</h1>
          <p className="dd-cert-number">
            {orNA(diamond.certificate_company?.dl_name)} certificate <span>{diamond.certificate_number}</span>
            {diamond.is_superdeal === 1 ? <span className="dd-deal">Featured deal</span> : null}
          </p>
          <PriceBlock diamond={diamond} />
          {diamond.status === 'available' ? (
            // 'Today' is the store's day on both sides; only a render straddling midnight could differ.
            <p className="dd-ships" id="dd-ships-by" suppressHydrationWarning>
              {shipsByText()}
            </p>
          ) : null}
          <AddToCart diamond={diamond} />
          <section className="dd-specs" aria-labelledby="dd-specs-title">
            <h2 id="dd-specs-title">Specifications</h2>
            <dl>
              {diamondSpecs(diamond).map((row) => (
                <div key={row.label} className="dd-spec">
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <DetailAccordion diamond={diamond} />
        </div>
      </div>
      <TrustBadges />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(diamond, title) }} />
    </div>
  );
}

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
