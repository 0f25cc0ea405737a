import type { OfferContent } from './types';
import { RETURNS_TEXT, WARRANTY_TEXT } from '../store-policies';
import { STORE } from '../store';

export const bandsForHim: OfferContent = {
  slug: 'bands-for-him',
  eyebrow: 'Wedding bands',
  title: 'Men’s Wedding Bands',
  lead: 'Bands for him in platinum and gold, from polished classics to brushed and diamond-set styles, made to be worn every day.',
  image: { src: '/art/pages/hero-bands-him.svg', alt: 'Two men’s wedding bands: a wide brushed platinum band and a polished yellow gold band.', width: 800, height: 500 },
  heroActions: [
    { label: 'Book an appointment', appointment: true },
    { label: 'Explore wedding bands', to: '/wedding-brands', style: 'ghost' },
  ],
  about: {
    title: 'Built for Every Day',
    paragraphs: [
      'For many men, a wedding band is the one piece of jewelry worn every single day, so it has to feel as good as it looks. Our bands come in platinum and in yellow, white and rose gold, in widths from understated to bold.',
      'Choose a polished or brushed finish, a rounded dome or a crisp flat profile, and a comfort-fit interior that slides easily over the knuckle. For a little sparkle, a row of diamonds can be set into the band.',
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      { title: 'Talk to a jeweler', text: 'Book a virtual or in-person appointment, or call us, and tell us the style, metal and width you like.' },
      { title: 'Find the size', text: 'We help you find the right size. Wide bands fit more snugly, so we take the width into account.' },
      { title: 'Crafted for you', text: 'Your band is made to order and inspected before it leaves the workshop.' },
      { title: 'Delivered', text: 'It ships free and fully insured, right to your door.' },
    ],
  },
  highlights: {
    title: 'Why Choose Everstone',
    items: [
      { title: 'Platinum and gold', text: 'Naturally white platinum, or yellow, white and rose gold.' },
      { title: 'Comfort fit', text: 'A rounded interior that is easy to put on and comfortable all day.' },
      { title: 'Lifetime warranty', text: WARRANTY_TEXT },
      { title: '30-day returns', text: RETURNS_TEXT },
    ],
  },
  guides: [
    { to: '/pages/wedding-band-styles', label: 'Wedding band styles', text: 'Profiles, widths and finishes explained.' },
    { to: '/pages/engagement-ring-metal', label: 'Choosing a metal', text: 'Platinum or gold, and how each one wears.' },
    { to: '/pages/engagement-ring-sizing', label: 'Ring sizing', text: 'How to find the right size, even as a surprise.' },
  ],
  cta: {
    title: 'Find His Band',
    text: `Our jewelers are here to help ${STORE.hours.charAt(0).toLowerCase()}${STORE.hours.slice(1)}.`,
    actions: [
      { label: 'Book an appointment', appointment: true },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Send us a message', to: '/contact', style: 'link' },
    ],
  },
};