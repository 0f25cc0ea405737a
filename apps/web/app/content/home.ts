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
  { title: 'ELEMENTS', image: `${ART}/cat-elements.svg`, href: '/collections/elements' },
  { title: 'THE BOUQUET', image: `${ART}/cat-the-bouquet.svg`, href: '/collections/the-bouquet' },
  { title: 'THE CERAMIC SERIES', image: `${ART}/cat-the-ceramic-series.svg`, href: '/collections/the-ceramic-series' },
  { title: 'WEDDING BANDS', image: `${ART}/cat-wedding-bands.svg`, href: '/bands-for-her' },
  { title: 'EARRINGS', image: `${ART}/cat-earrings.svg`, href: '/fine-jewelry/earrings' },
  { title: 'ANNIVERSARY RINGS', image: `${ART}/cat-anniversary-rings.svg`, href: '/bands-for-her?style=anniversary' },
  { title: 'ETERNITY RINGS', image: `${ART}/cat-eternity-rings.svg`, href: '/bands-for-her?style=eternity' },
  { title: 'TENNIS NECKLACES', image: `${ART}/cat-tennis-necklaces.svg`, href: '/fine-jewelry/necklaces?style=tennis-necklace' },
  { title: 'TENNIS BRACELETS', image: `${ART}/cat-tennis-bracelets.svg`, href: '/fine-jewelry/bracelets?style=tennis-bracelet' },
  { title: 'FINE JEWELRY', image: `${ART}/cat-fine-jewelry.svg`, href: '/fine-jewelry' },
];

/* ------------------------------------------------------------------------------------------------
 * Explore Our Bestselling Rings (§3: eight entries per tab, from the catalog; §4: ENGAGEMENT RINGS by default)
 * --------------------------------------------------------------------------------------------- */

export const BESTSELLING_TABS = [
  { id: 'engagement', label: 'ENGAGEMENT RINGS', listing: '/preset-rings', query: 'department=preset-rings' },
  { id: 'anniversary', label: 'ANNIVERSARY RINGS', listing: '/bands-for-her?style=anniversary', query: 'department=bands-for-her&style=anniversary' },
  { id: 'eternity', label: 'ETERNITY RINGS', listing: '/bands-for-her?style=eternity', query: 'department=bands-for-her&style=eternity' },
] as const;
export type BestsellingTabId = (typeof BESTSELLING_TABS)[number]['id'];
export const DEFAULT_BESTSELLING_TAB: BestsellingTabId = 'engagement';
/** §3: eight rings per tab, the catalog's best-selling of each. */
export const BESTSELLING_PER_TAB = 8;

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
  { label: 'natural diamonds', img: `${ART}/offer-natural-diamonds.svg`, href: '/diamond?active_tab=1&featured=1' },
  { label: 'bracelets', img: `${ART}/offer-bracelets.svg`, href: '/sale?style=tennis-bracelet' },
  { label: 'studs earrings', img: `${ART}/offer-stud-earrings.svg`, href: '/sale?style=studs' },
  { label: 'eternity rings', img: `${ART}/offer-eternity-rings.svg`, href: '/sale?style=eternity' },
  { label: 'anniversary band', img: `${ART}/offer-anniversary-band.svg`, href: '/sale?style=anniversary' },
  { label: 'lab diamonds', img: `${ART}/offer-lab-diamonds.svg`, href: '/diamond?active_tab=2&featured=1' },
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
