import type { Action, Figure } from '../types';

/** The slugs of the offer pages linked from the menus and the footer, each served at /{slug}. */
export const OFFER_SLUGS = ['bands-for-him', 'bands-for-her', 'home-preview', 'gemstone-rings', 'preset-rings', 'custom-rings', 'fine-jewelry'] as const;
export type OfferSlug = (typeof OFFER_SLUGS)[number];

/** The offers whose pages are jewelry listings: their text is the editorial around the pieces (routes/jewelry/listing.tsx). */
export const LISTING_OFFER_SLUGS = ['bands-for-him', 'bands-for-her', 'gemstone-rings', 'preset-rings', 'fine-jewelry'] as const satisfies readonly OfferSlug[];

/**
 * The offers whose pages are forms of their own, their text the editorial around them: the custom ring request
 * (routes/custom-rings.tsx) and Home Preview (routes/home-preview.tsx).
 */
export const FORM_OFFER_SLUGS = ['custom-rings', 'home-preview'] as const satisfies readonly OfferSlug[];

/** One offer page: hero, what it is, how it works, highlights, its terms when it has them, guides, next step. */
export interface OfferContent {
  slug: OfferSlug;
  /** The page's title in the browser and in search results, when it says more than the heading. */
  metaTitle?: string;
  eyebrow: string;
  title: string;
  lead: string;
  image: Figure;
  heroActions: readonly Action[];
  /** What the offer is. */
  about: { title: string; paragraphs: readonly string[] };
  /** How it works, step by step. */
  steps: { title: string; lead?: string; items: readonly { title: string; text: string }[] };
  highlights: { title: string; items: readonly { title: string; text: string }[] };
  /** The offer's own terms (§9), with where the full terms are. */
  terms?: {
    title: string;
    items: readonly string[];
    source: { before: string; link: { to: string; label: string }; after: string };
  };
  /** Guides of the education pages worth reading next. */
  guides?: readonly { to: string; label: string; text: string }[];
  cta: { title: string; text: string; actions: readonly Action[] };
}
