import type { OfferContent } from './types';
import { WARRANTY_TEXT } from '../store-policies';
import { STORE } from '../store';

export const bandsForHer: OfferContent = {
  slug: 'bands-for-her',
  eyebrow: 'Wedding bands',
  title: 'Women’s Wedding Bands',
  lead: 'Plain bands, pavé, anniversary and eternity rings, designed to sit beautifully beside your engagement ring.',
  image: {
    src: '/art/pages/hero-bands-her.svg',
    alt: 'A stack of three women’s bands: a yellow gold diamond eternity ring, a white gold pavé band and a plain rose gold band.',
    width: 800,
    height: 500,
  },
  heroActions: [
    { label: 'Book an appointment', appointment: true },
    { label: 'Explore wedding bands', to: '/wedding-brands', style: 'ghost' },
  ],
  about: {
    title: 'A Band to Wear Beside Your Ring',
    paragraphs: [
      'Your wedding band sits beside your engagement ring every day, so the two should belong together. Choose a slim plain band for a quiet contrast, a pavé or channel-set band for extra light, or an eternity ring with diamonds all the way around.',
      'If your engagement ring has a low setting or a halo, a contoured band curves around it so the rings sit flush. Our jewelers can match the metal and the diamonds of a ring you already have.',
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      { title: 'Share your ring', text: 'Send us a photo of your engagement ring or bring it to an appointment, or choose the two together.' },
      { title: 'Choose a style', text: 'Plain, pavé, channel set, anniversary or eternity, in the metal that matches.' },
      { title: 'Confirm the size', text: 'A full eternity ring generally cannot be resized, so we confirm your size before it is made.' },
      { title: 'Crafted and delivered', text: 'Your band is made to order, inspected, and shipped free and fully insured.' },
    ],
  },
  highlights: {
    title: 'Why Choose Everstone',
    items: [
      { title: 'Made to match', text: 'Bands shaped and set to pair with your engagement ring.' },
      { title: 'Conflict-free diamonds', text: 'Every diamond we set is conflict-free.' },
      { title: 'Lifetime warranty', text: WARRANTY_TEXT },
      { title: 'Free insured shipping', text: 'Every order ships free and fully insured.' },
    ],
  },
  guides: [
    { to: '/pages/wedding-band-styles', label: 'Wedding band styles', text: 'Pavé, channel, eternity and more, explained.' },
    { to: '/pages/engagement-ring-metal', label: 'Choosing a metal', text: 'Match or mix: how the metals compare.' },
    { to: '/pages/engagement-ring-sizing', label: 'Ring sizing', text: 'Get the size right, especially for eternity rings.' },
  ],
  cta: {
    title: 'Find Your Perfect Match',
    text: 'Bring your engagement ring to an appointment, or send us a photo, and we will help you find the band that completes it.',
    actions: [
      { label: 'Book an appointment', appointment: true },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Send us a message', to: '/contact', style: 'link' },
    ],
  },
};