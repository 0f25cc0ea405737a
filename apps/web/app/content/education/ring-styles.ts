import { LUXE_MIN_CENTER_CARAT } from './facts';
import type { Figure, GuideSlug, LinkTo } from './types';

/** One engagement ring style on the education page (§2): image, shop link, description, three related guides. */
export interface RingStyle {
  id: string;
  name: string;
  image: Figure;
  description: string[];
  shop: LinkTo;
  related: [GuideSlug, GuideSlug, GuideSlug];
}

const art = (file: string, alt: string): Figure => ({ src: `/art/education/${file}`, alt, width: 400, height: 300 });

export const RING_STYLES: RingStyle[] = [
  {
    id: 'solitaire',
    name: 'Solitaire',
    image: art('style-solitaire.svg', 'Solitaire engagement ring: a single round diamond held by four prongs above a plain band.'),
    description: [
      'A solitaire is a single diamond on a plain band, the purest expression of an engagement ring. With nothing competing for attention, the center stone’s shape and cut take the spotlight, so this is the style in which an excellent cut pays off most.',
      'Four or six prongs let in the most light, while a bezel gives a sleek, secure alternative. A solitaire also sits comfortably beside almost any wedding band.',
    ],
    shop: { label: 'Shop solitaire rings', to: '/engagement' },
    related: ['engagement-ring-settings', 'engagement-ring-diamond-shapes', 'diamonds-4cs'],
  },
  {
    id: 'halo',
    name: 'Halo',
    image: art('style-halo.svg', 'Halo engagement ring: a round center diamond framed by a circle of small pavé diamonds.'),
    description: [
      'A halo frames the center diamond with a circle of small pavé diamonds. The frame makes the center look noticeably larger and adds a ring of extra sparkle, which makes the halo one of the best ways to get more presence within a budget.',
      'Halos follow the outline of the center stone, whether round, oval, cushion or pear, and can be doubled for even more brilliance. Because the head is wider, a curved band often sits best beside it.',
    ],
    shop: { label: 'Shop halo rings', to: '/engagement' },
    related: ['engagement-ring-settings', 'engagement-ring-diamond-shapes', 'engagement-ring-budgeting'],
  },
  {
    id: 'vintage',
    name: 'Vintage',
    image: art('style-vintage.svg', 'Vintage-style engagement ring: a cushion diamond in a milgrain-edged head with engraved scrollwork on the band.'),
    description: [
      'Vintage-inspired rings borrow details from the Victorian, Edwardian and Art Deco eras: milgrain beading, filigree openwork, hand-engraved scrolls and crisp geometric lines.',
      'They pair naturally with old-world shapes such as the cushion, Asscher and emerald cut, and the textured metal catches light differently from a polished band. Engraved and milgrain details may need restoring after resizing, so confirm the size before you order.',
    ],
    shop: { label: 'Shop vintage rings', to: '/engagement' },
    related: ['engagement-ring-settings', 'engagement-ring-metal', 'engagement-ring-diamond-shapes'],
  },
  {
    id: 'side-stone',
    name: 'Side Stone',
    image: art('style-side-stone.svg', 'Side stone engagement ring: a round center diamond with smaller diamonds set along both shoulders of the band.'),
    description: [
      'Side-stone rings set diamonds or gemstones along the shoulders of the band, flanking the center stone. They range from a pair of tapered baguettes to channel-set rows and shared-prong diamonds running halfway around.',
      'The side stones add width and sparkle, so the ring looks fuller on the hand and the center looks bolder. Channel and bezel-set side stones sit flush and resist snagging.',
    ],
    shop: { label: 'Shop side stone rings', to: '/engagement' },
    related: ['engagement-ring-settings', 'diamonds-4cs', 'wedding-band-styles'],
  },
  {
    id: 'three-stone',
    name: 'Three Stone',
    image: art('style-three-stone.svg', 'Three stone engagement ring: a larger round diamond between two smaller round diamonds.'),
    description: [
      'A three-stone ring sets a center diamond between two smaller stones, often said to stand for your past, present and future.',
      'The side stones can match the center’s shape or contrast with it: pears or tapered baguettes beside a round, trapezoids beside an emerald cut. Matching color and clarity across all three keeps the ring harmonious, and side stones of around half the center’s weight usually look balanced.',
    ],
    shop: { label: 'Shop three stone rings', to: '/engagement' },
    related: ['engagement-ring-diamond-shapes', 'diamonds-4cs', 'engagement-ring-budgeting'],
  },
  {
    id: 'pave',
    name: 'Pavé',
    image: art('style-pave.svg', 'Pavé engagement ring: a round center diamond on a band lined with rows of tiny diamonds.'),
    description: [
      'A pavé ring lines the band with tiny diamonds set close together and held by small beads of metal, so the band looks paved with light. Micro-pavé uses even smaller stones for a finer glitter.',
      'Pavé adds a great deal of sparkle for its cost and makes the center stone look brighter. Have the small stones checked once a year, and note that bands paved more than halfway around are harder to resize.',
    ],
    shop: { label: 'Shop pavé rings', to: '/preset-rings' },
    related: ['engagement-ring-settings', 'engagement-ring-sizing', 'wedding-band-styles'],
  },
  {
    id: 'hidden-halo',
    name: 'Hidden Halo',
    image: art('style-hidden-halo.svg', 'Hidden halo engagement ring seen from the side: a row of small diamonds circles the base of the center diamond beneath it.'),
    description: [
      'A hidden halo places a ring of small diamonds beneath the center stone, around its base, where it shows from the side rather than from above.',
      'From the top the ring reads as a clean solitaire; from every other angle it reveals a surprise of sparkle. It flatters ovals, rounds and cushions, and pairs beautifully with a pavé or a plain band.',
    ],
    shop: { label: 'Shop hidden halo rings', to: '/preset-rings' },
    related: ['engagement-ring-settings', 'engagement-ring-diamond-types', 'engagement-ring-metal'],
  },
  {
    id: 'something-blue',
    name: 'Something Blue',
    image: art('style-something-blue.svg', 'Something Blue engagement ring: a round diamond flanked by two blue sapphires.'),
    description: [
      'Something Blue rings bring the wedding tradition of “something old, something new, something borrowed, something blue” into the ring itself. A blue sapphire can be the center stone, flank a diamond as side stones, or peek out from beneath the center.',
      'Sapphire rates 9 on the Mohs hardness scale, second only to diamond, so it stands up to everyday wear. Royal blue looks crisp in platinum or white gold and warm in yellow gold.',
    ],
    shop: { label: 'Shop something blue rings', to: '/engagement' },
    related: ['gemstones-types-guide', 'engagement-ring-metal', 'engagement-ring-settings'],
  },
  {
    id: 'luxe',
    name: 'Luxe',
    image: art('style-luxe.svg', `Luxe engagement ring: a large ${LUXE_MIN_CENTER_CARAT}-carat oval diamond held by six prongs on a pavé band.`),
    description: [
      `Luxe rings are our statement collection, starting at a ${LUXE_MIN_CENTER_CARAT}-carat center stone. At that size, cut, color and clarity are easier to see, so choose an excellent cut, a near-colorless color and eye-clean clarity, certified by GIA or IGI.`,
      `Lab-grown diamonds bring a ${LUXE_MIN_CENTER_CARAT}-carat center within reach for a fraction of the natural price. Six prongs or a sturdy basket hold a larger stone securely.`,
    ],
    shop: { label: `Shop ${LUXE_MIN_CENTER_CARAT}-carat center stones`, to: '/diamond' },
    related: ['engagement-ring-diamond-types', 'diamonds-4cs', 'engagement-ring-budgeting'],
  },
];
