import { bandsForHer } from './bands-for-her';
import { bandsForHim } from './bands-for-him';
import { customRings } from './custom-rings';
import { fineJewelry } from './fine-jewelry';
import { gemstoneRings } from './gemstone-rings';
import { homePreview } from './home-preview';
import { presetRings } from './preset-rings';
import type { OfferContent, OfferSlug } from './types';

export { OFFER_SLUGS, type OfferContent, type OfferSlug } from './types';

/**
 * The offer pages, by slug. Their products are not listed on the site yet; the catalog replaces these bodies here,
 * and routes/offers/offer.tsx serves whatever this holds.
 */
export const OFFERS: Record<OfferSlug, OfferContent> = {
  'bands-for-him': bandsForHim,
  'bands-for-her': bandsForHer,
  'home-preview': homePreview,
  'gemstone-rings': gemstoneRings,
  'preset-rings': presetRings,
  'custom-rings': customRings,
  'fine-jewelry': fineJewelry,
};

/** The offer at a path's slug, or undefined. */
export function findOffer(slug: string): OfferContent | undefined {
  return Object.hasOwn(OFFERS, slug) ? OFFERS[slug as OfferSlug] : undefined;
}
