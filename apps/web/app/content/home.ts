/**
 * The home page's static content (SPEC §2 "Home page", §3 trending items, bestselling entries and offer tiles).
 * Field names follow §3: a trending item has a title and an image, a bestselling entry an image and a title,
 * an offer tile an img and a label. Links lead to pages that exist (§2 route table).
 */

const ART = '/art/home';

/* ------------------------------------------------------------------------------------------------
 * Promotion (§1, §9): the home page's free-gift offer
 * --------------------------------------------------------------------------------------------- */

export const HOME_PROMOTION = {
  necklace: { gift: 'free diamond necklace', minimumSpendDollars: 1_000, condition: 'with purchases of $1k or more' },
  studs: { gift: 'free diamond studs', minimumSpendDollars: 2_500, condition: 'with a spend of $2.5k or more' },
  /** §9 legal terms: one free gift per customer. */
  fineprint: 'One gift per customer.',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Trending Now (§3: ten categories)
 * --------------------------------------------------------------------------------------------- */

export const TRENDING_TITLES = [
  'ELEMENTS',
  'THE BOUQUET',
  'THE CERAMIC SERIES',
  'WEDDING BANDS',
  'EARRINGS',
  'ANNIVERSARY RINGS',
  'ETERNITY RINGS',
  'TENNIS NECKLACES',
  'TENNIS BRACELETS',
  'FINE JEWELRY',
] as const;
export type TrendingTitle = (typeof TRENDING_TITLES)[number];

export interface TrendingItem {
  title: TrendingTitle;
  image: string;
  href: string;
}

export const TRENDING_ITEMS: readonly TrendingItem[] = [
  { title: 'ELEMENTS', image: `${ART}/cat-elements.svg`, href: '/engagement' },
  { title: 'THE BOUQUET', image: `${ART}/cat-the-bouquet.svg`, href: '/gemstone-rings' },
  { title: 'THE CERAMIC SERIES', image: `${ART}/cat-the-ceramic-series.svg`, href: '/bands-for-him' },
  { title: 'WEDDING BANDS', image: `${ART}/cat-wedding-bands.svg`, href: '/wedding-brands' },
  { title: 'EARRINGS', image: `${ART}/cat-earrings.svg`, href: '/pages/fine-jewelry-earrings' },
  { title: 'ANNIVERSARY RINGS', image: `${ART}/cat-anniversary-rings.svg`, href: '/bands-for-her' },
  { title: 'ETERNITY RINGS', image: `${ART}/cat-eternity-rings.svg`, href: '/wedding-brands' },
  { title: 'TENNIS NECKLACES', image: `${ART}/cat-tennis-necklaces.svg`, href: '/fine-jewelry' },
  { title: 'TENNIS BRACELETS', image: `${ART}/cat-tennis-bracelets.svg`, href: '/fine-jewelry' },
  { title: 'FINE JEWELRY', image: `${ART}/cat-fine-jewelry.svg`, href: '/fine-jewelry' },
];

/* ------------------------------------------------------------------------------------------------
 * Explore Our Bestselling Rings (§3: eight static entries per tab; §4: ENGAGEMENT RINGS by default)
 * --------------------------------------------------------------------------------------------- */

export const BESTSELLING_TABS = [
  { id: 'engagement', label: 'ENGAGEMENT RINGS' },
  { id: 'anniversary', label: 'ANNIVERSARY RINGS' },
  { id: 'eternity', label: 'ETERNITY RINGS' },
] as const;
export type BestsellingTabId = (typeof BESTSELLING_TABS)[number]['id'];
export const DEFAULT_BESTSELLING_TAB: BestsellingTabId = 'engagement';

export interface BestsellingRing {
  id: string;
  title: string;
  metal: string;
  /** The lowest price of the style (smallest center stone or band width), in cents. */
  priceFromCents: number;
  image: string;
  href: string;
}

export const BESTSELLING_RINGS: Record<BestsellingTabId, readonly BestsellingRing[]> = {
  engagement: [
    { id: 'aurelia-solitaire', title: 'Aurelia Solitaire', metal: 'Platinum', priceFromCents: 129_000, image: `${ART}/ring-solitaire-platinum.svg`, href: '/engagement' },
    { id: 'celeste-halo', title: 'Celeste Halo', metal: 'Platinum', priceFromCents: 178_000, image: `${ART}/ring-halo-platinum.svg`, href: '/preset-rings' },
    { id: 'secret-halo-cathedral', title: 'Secret Halo Cathedral', metal: '18K Yellow Gold', priceFromCents: 189_000, image: `${ART}/ring-hidden-halo-yellow-gold.svg`, href: '/engagement' },
    { id: 'trinity-three-stone', title: 'Trinity Three Stone', metal: 'Platinum', priceFromCents: 245_000, image: `${ART}/ring-three-stone-platinum.svg`, href: '/engagement' },
    { id: 'luna-pave', title: 'Luna Pavé', metal: '14K Rose Gold', priceFromCents: 148_000, image: `${ART}/ring-pave-rose-gold.svg`, href: '/preset-rings' },
    { id: 'heirloom-filigree', title: 'Heirloom Filigree', metal: '18K Yellow Gold', priceFromCents: 219_000, image: `${ART}/ring-vintage-yellow-gold.svg`, href: '/engagement' },
    { id: 'tapered-baguette', title: 'Tapered Baguette', metal: 'Platinum', priceFromCents: 205_000, image: `${ART}/ring-side-stone-platinum.svg`, href: '/preset-rings' },
    { id: 'petite-halo', title: 'Petite Halo', metal: '14K Rose Gold', priceFromCents: 165_000, image: `${ART}/ring-halo-rose-gold.svg`, href: '/engagement' },
  ],
  anniversary: [
    { id: 'shared-prong-anniversary', title: 'Shared Prong Anniversary Band', metal: 'Platinum', priceFromCents: 115_000, image: `${ART}/band-anniversary-platinum.svg`, href: '/wedding-brands' },
    { id: 'seven-stone-anniversary', title: 'Seven Stone Anniversary Band', metal: '14K Yellow Gold', priceFromCents: 98_000, image: `${ART}/band-anniversary-yellow-gold.svg`, href: '/wedding-brands' },
    { id: 'blush-anniversary', title: 'Blush Anniversary Band', metal: '14K Rose Gold', priceFromCents: 98_000, image: `${ART}/band-anniversary-rose-gold.svg`, href: '/wedding-brands' },
    { id: 'baguette-channel', title: 'Baguette Channel Band', metal: '18K Yellow Gold', priceFromCents: 169_000, image: `${ART}/band-baguette-yellow-gold.svg`, href: '/wedding-brands' },
    { id: 'petite-pave', title: 'Petite Pavé Band', metal: 'Platinum', priceFromCents: 75_000, image: `${ART}/band-pave-platinum.svg`, href: '/wedding-brands' },
    { id: 'marquise-garland', title: 'Marquise Garland Band', metal: '14K Rose Gold', priceFromCents: 142_000, image: `${ART}/band-marquise-rose-gold.svg`, href: '/wedding-brands' },
    { id: 'oval-east-west', title: 'East-West Oval Band', metal: 'Platinum', priceFromCents: 198_000, image: `${ART}/band-oval-platinum.svg`, href: '/wedding-brands' },
    { id: 'sapphire-anniversary', title: 'Sapphire Anniversary Band', metal: '14K Yellow Gold', priceFromCents: 134_000, image: `${ART}/band-sapphire-yellow-gold.svg`, href: '/wedding-brands' },
  ],
  eternity: [
    { id: 'classic-eternity', title: 'Classic Eternity Ring', metal: 'Platinum', priceFromCents: 179_000, image: `${ART}/band-eternity-platinum.svg`, href: '/wedding-brands' },
    { id: 'golden-eternity', title: 'Golden Eternity Ring', metal: '18K Yellow Gold', priceFromCents: 165_000, image: `${ART}/band-eternity-yellow-gold.svg`, href: '/wedding-brands' },
    { id: 'rose-eternity', title: 'Rose Eternity Ring', metal: '14K Rose Gold', priceFromCents: 165_000, image: `${ART}/band-eternity-rose-gold.svg`, href: '/wedding-brands' },
    { id: 'emerald-cut-eternity', title: 'Emerald Cut Eternity Ring', metal: 'Platinum', priceFromCents: 345_000, image: `${ART}/band-eternity-emerald-cut.svg`, href: '/wedding-brands' },
    { id: 'oval-eternity', title: 'Oval Eternity Ring', metal: '18K Yellow Gold', priceFromCents: 289_000, image: `${ART}/band-eternity-oval.svg`, href: '/wedding-brands' },
    { id: 'sapphire-eternity', title: 'Sapphire Eternity Ring', metal: 'Platinum', priceFromCents: 225_000, image: `${ART}/band-eternity-sapphire.svg`, href: '/wedding-brands' },
    { id: 'baguette-eternity', title: 'Baguette Eternity Ring', metal: 'Platinum', priceFromCents: 268_000, image: `${ART}/band-eternity-baguette.svg`, href: '/wedding-brands' },
    { id: 'micro-pave-eternity', title: 'Micro Pavé Eternity Ring', metal: '14K Rose Gold', priceFromCents: 119_000, image: `${ART}/band-eternity-pave-rose-gold.svg`, href: '/wedding-brands' },
  ],
};

/* ------------------------------------------------------------------------------------------------
 * Exclusive Offers (§3: six labels; §9: each tile shows 'up to 30% off')
 * --------------------------------------------------------------------------------------------- */

export const OFFER_LABELS = [
  'natural diamonds',
  'bracelets',
  'studs earrings',
  'eternity rings',
  'anniversary band',
  'lab diamonds',
] as const;
export type OfferLabel = (typeof OFFER_LABELS)[number];

export const OFFER_DISCOUNT = 'up to 30% off';

export interface OfferTile {
  label: OfferLabel;
  img: string;
  href: string;
}

export const OFFER_TILES: readonly OfferTile[] = [
  { label: 'natural diamonds', img: `${ART}/offer-natural-diamonds.svg`, href: '/diamond' },
  { label: 'bracelets', img: `${ART}/offer-bracelets.svg`, href: '/fine-jewelry' },
  { label: 'studs earrings', img: `${ART}/offer-stud-earrings.svg`, href: '/pages/fine-jewelry-earrings' },
  { label: 'eternity rings', img: `${ART}/offer-eternity-rings.svg`, href: '/wedding-brands' },
  { label: 'anniversary band', img: `${ART}/offer-anniversary-band.svg`, href: '/bands-for-her' },
  { label: 'lab diamonds', img: `${ART}/offer-lab-diamonds.svg`, href: '/diamond' },
];

/* ------------------------------------------------------------------------------------------------
 * Posters of the feature blocks
 * --------------------------------------------------------------------------------------------- */

export const HOME_ART = {
  heroDiamond: `${ART}/hero-diamond.svg`,
  buildRing: `${ART}/poster-build-ring.svg`,
  presetRings: `${ART}/poster-preset-rings.svg`,
  theBond: `${ART}/poster-the-bond.svg`,
  homePreview: `${ART}/poster-home-preview.svg`,
  appointment: `${ART}/poster-appointment.svg`,
  theReserve: `${ART}/poster-the-reserve.svg`,
} as const;
