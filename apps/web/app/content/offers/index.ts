import { bandsForHer } from './bands-for-her';
import { bandsForHim } from './bands-for-him';
import { customRings } from './custom-rings';
import { fineJewelry } from './fine-jewelry';
import { gemstoneRings } from './gemstone-rings';
import { homePreview } from './home-preview';
import { presetRings } from './preset-rings';
import type { OfferContent, OfferSlug } from './types';

export { FORM_OFFER_SLUGS, LISTING_OFFER_SLUGS, OFFER_SLUGS, type OfferContent, type OfferSlug } from './types';

/**
 * The offer pages' text, by slug: the editorial around the forms of Home Preview and custom rings (routes/home-preview.tsx, routes/custom-rings.tsx), the
 * editorial around the pieces for the five listings (routes/jewelry/listing.tsx).
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
