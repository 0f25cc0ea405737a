import type { OfferContent } from './types';
import { FREE_GIFT_TEXT } from '../store-policies';
import { STORE } from '../store';

export const fineJewelry: OfferContent = {
  slug: 'fine-jewelry',
  eyebrow: 'Fine jewelry',
  title: 'Fine Jewelry',
  lead: 'Diamond studs, tennis necklaces, tennis bracelets and pendants: pieces to wear every day and treasure for a lifetime.',
  image: {
    src: '/art/pages/hero-fine-jewelry.svg',
    alt: 'Fine jewelry: a diamond tennis necklace, a diamond pendant and a pair of diamond stud earrings.',
    width: 800,
    height: 500,
  },
  heroActions: [
    { label: 'Book an appointment', appointment: true },
    { label: 'Earrings guide', to: '/pages/fine-jewelry-earrings', style: 'ghost' },
  ],
  about: {
    title: 'Everyday Brilliance',
    paragraphs: [
      'Our fine jewelry is set with conflict-free diamonds in gold and platinum: classic diamond studs, tennis necklaces and bracelets lined with diamonds, and pendants that sit just right at the collarbone.',
      FREE_GIFT_TEXT,
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      { title: 'Tell us what you love', text: 'A gift or a treat for yourself: share the piece, the metal and the budget you have in mind.' },
      { title: 'See the pieces', text: 'Our jewelers show you the options by video, by phone or in our New York showroom.' },
      { title: 'Crafted and checked', text: 'Every piece is inspected before it ships.' },
      { title: 'Delivered', text: 'Free and fully insured shipping on every order.' },
    ],
  },
  highlights: {
    title: 'Our Collection',
    items: [
      { title: 'Diamond studs', text: 'Timeless round and fancy-shape studs in a range of sizes.' },
      { title: 'Tennis necklaces', text: 'An unbroken line of diamonds around the neck.' },
      { title: 'Tennis bracelets', text: 'Flexible, secure and brilliant from every angle.' },
      { title: 'Free gift', text: 'A diamond necklace when you spend over $1,000, or diamond earrings over $2,500.' },
    ],
  },
  guides: [
    { to: '/pages/fine-jewelry-earrings', label: 'Earrings guide', text: 'Studs, hoops and drops, and how to choose.' },
    { to: '/pages/diamonds-4cs', label: 'The 4Cs', text: 'Cut, color, clarity and carat explained.' },
    { to: '/pages/gemstones-types-guide', label: 'Gemstone guide', text: 'Add color with sapphires, rubies and emeralds.' },
  ],
  cta: {
    title: 'Find the Perfect Piece',
    text: 'Our jewelers will help you choose, for yourself or as a gift.',
    actions: [
      { label: 'Book an appointment', appointment: true },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Send us a message', to: '/contact', style: 'link' },
    ],
  },
};