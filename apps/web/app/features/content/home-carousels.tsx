import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router';
import { METAL_LABELS, formatTagPrice, type ProductSummary } from '@everstone/contract/core';
import {
  BESTSELLING_TABS,
  DEFAULT_BESTSELLING_TAB,
  OFFER_DISCOUNT,
  OFFER_TILES,
  TRENDING_ITEMS,
  type BestsellingTabId,
} from '../../content/home';
import { Carousel } from './carousel';
import { PieceArt } from '../../components/jewelry/piece-art';
import { variantPath } from '../../domain/piece-lines';
import { SafeImage } from '../../components/ui/safe-image';

/** 'Trending Now' (§2): the ten categories of §3, with 'Explore Now' to the style guide. */
export function TrendingNow() {
  return (
    <section className="home-section" aria-labelledby="trending-title">
      <div className="section-head section-head--split">
        <h2 id="trending-title" className="section-title">
          Trending Now
        </h2>
        <Link className="text-link" to="/engagement-ring-style">
          Explore Now
        </Link>
      </div>
      <Carousel
        variant="trending"
        label="Trending categories"
        slideKeys={TRENDING_ITEMS.map((item) => item.title)}
        slides={TRENDING_ITEMS.map((item) => (
          <Link className="tile tile--category" to={item.href}>
            <SafeImage className="tile-image" src={item.image} alt="" width={400} height={400} loading="lazy" />
            <span className="tile-title">{item.title}</span>
          </Link>
        ))}
      />
    </section>
  );
}

/** 'Explore Our Bestselling Rings' (§2, §4): three tabs, each its own carousel of the catalog's eight best sellers. */
export function BestsellingRings({ rings }: { rings: Record<BestsellingTabId, ProductSummary[]> }) {
  return (
    <section className="home-section" aria-labelledby="bestselling-title">
      <div className="section-head">
        <h2 id="bestselling-title" className="section-title">
          Explore Our Bestselling Rings
        </h2>
      </div>
      <Tabs.Root className="bestselling" defaultValue={DEFAULT_BESTSELLING_TAB}>
        <Tabs.List className="tab-list" aria-label="Ring type">
          {BESTSELLING_TABS.map((tab) => (
            <Tabs.Trigger key={tab.id} className="tab" value={tab.id}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {BESTSELLING_TABS.map((tab) => {
          const list = rings[tab.id];
          return (
            <Tabs.Content key={tab.id} className="tab-panel" value={tab.id}>
              {list.length === 0 ? (
                <p className="tab-empty">
                  These rings could not be loaded just now. <Link to={tab.listing}>See them all</Link>.
                </p>
              ) : (
                <Carousel
                  variant="bestselling"
                  label={`Bestselling ${tab.label.toLowerCase()}`}
                  slideKeys={list.map((ring) => ring.slug)}
                  slides={list.map((ring) => (
                    <Link className="tile tile--product" to={variantPath(ring)}>
                      <span className="tile-image tile-image--art">
                        <PieceArt design={ring.design} metal={ring.metal} title="" />
                      </span>
                      <span className="product-name">{ring.name}</span>
                      <span className="product-metal">{METAL_LABELS[ring.metal]}</span>
                      <span className="product-price">{ring.metals.length > 1 ? 'from ' : ''}{formatTagPrice(ring.price_cents)}</span>
                    </Link>
                  ))}
                />
              )}
              <p className="tab-more">
                <Link to={tab.listing}>Shop all {tab.label.toLowerCase()}</Link>
              </p>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </section>
  );
}

/** 'Exclusive Offers' (§2, §3, §9): six tiles, each up to 30% off. The header's 'Sale' link lands here. */
export function ExclusiveOffers() {
  return (
    <section id="exclusive-offers" className="home-section" aria-labelledby="offers-title">
      <div className="section-head">
        <h2 id="offers-title" className="section-title">
          Exclusive Offers
        </h2>
        <p className="section-lead">Limited-time savings across our most-loved categories.</p>
      </div>
      <Carousel
        variant="offers"
        label="Sale categories"
        slideKeys={OFFER_TILES.map((offer) => offer.label)}
        slides={OFFER_TILES.map((offer) => (
          <Link className="tile tile--offer" to={offer.href}>
            <SafeImage className="tile-image" src={offer.img} alt="" width={400} height={400} loading="lazy" />
            <span className="offer-text">
              <span className="offer-discount">{OFFER_DISCOUNT}</span>
              <span className="offer-label">{offer.label}</span>
            </span>
          </Link>
        ))}
      />
    </section>
  );
}
