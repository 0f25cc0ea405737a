import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  bankWirePrice,
  buildToParams,
  centsToPrice,
  colorLabel,
  diamondTitle,
  dollarsToCents,
  financingText,
  formatMoney,
  formatPrice,
  orNA,
  pricePerCarat,
  type Diamond,
  type PriceBand,
  type RingBuild,
} from '@everstone/contract/core';
import { PriceBandPanel } from './price-band';
import { AddToCart } from './add-to-cart';
import { DetailAccordion } from './detail-accordion';
import { DETAIL_OFFERS, NO_DIAMOND_MESSAGE } from './offers';
import { shipsByText } from './ship-date';
import { diamondSpecs } from './specs';
import { StoneViewer } from './stone-viewer';
import { TrustBadges } from './trust-badges';

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
      price: centsToPrice(dollarsToCents(d.price)),
      priceCurrency: 'USD',
      availability: d.status === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  });
  return json.replace(/</g, '\\u003c');
}

export function NoDiamond() {
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
  // §3: the record's price is dollars; bankWirePrice is the contract's pricing of one stone by wire.
  const perCarat = pricePerCarat(diamond.price, diamond.carat_weight);
  return (
    <div className="dd-price-block">
      <p className="dd-price">
        <span className="visually-hidden">Price </span>
        {formatPrice(diamond.price)}
      </p>
      {perCarat !== null && <p className="dd-per-carat">{formatPrice(perCarat)} per carat</p>}
      <p className="dd-wire">
        Bank wire price <strong>{formatMoney(bankWirePrice(diamond.price))}</strong>
      </p>
      <p className="dd-finance">{financingText(dollarsToCents(diamond.price))}</p>
      <p className="dd-returns">Free insured shipping · {DETAIL_OFFERS.returnDays} day returns</p>
    </div>
  );
}

/**
 * A stone's page. `steps` is the ring builder's navigation (the route composes it), and `build` the ring build the
 * address carries, which "Choose this diamond" goes on with.
 */
export function DiamondPage({
  diamond,
  build,
  steps,
  settingName = null,
  band = null,
}: {
  diamond: Diamond;
  build: RingBuild;
  steps: ReactNode;
  settingName?: string | null;
  /** Where its price sits among the similar stones on sale, when the store can say. */
  band?: PriceBand | null;
}) {
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
      {steps}
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
          <AddToCart diamond={diamond} build={build} settingName={settingName} />
          {band && diamond.status === 'available' && <PriceBandPanel diamond={diamond} band={band} detailQuery={buildToParams({ ...build, diamond: null }).toString()} />}
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
