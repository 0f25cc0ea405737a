import type { OfferContent } from './types';
import { STORE } from '../store';

export const gemstoneRings: OfferContent = {
  slug: 'gemstone-rings',
  eyebrow: 'Gemstone rings',
  title: 'Gemstone Rings',
  lead: 'Sapphires, rubies, emeralds and color diamonds: engagement and fashion rings with a vivid touch of color.',
  image: {
    src: '/art/pages/hero-gemstone.svg',
    alt: 'Three gemstone rings: an emerald in platinum, a blue sapphire in yellow gold and a ruby three stone ring in platinum.',
    width: 800,
    height: 500,
  },
  heroActions: [
    { label: 'Book an appointment', appointment: true },
    { label: 'Browse color diamonds', to: '/diamond', style: 'ghost' },
  ],
  about: {
    title: 'Color With Meaning',
    paragraphs: [
      'A gemstone is a beautiful way to make a ring your own. Sapphires are famous for their blue but come in almost every color; rubies are the red variety of the same mineral; emeralds glow a deep, velvety green. Color diamonds add a rarer tint, from soft yellow and pink to blue.',
      'Sapphires and rubies rank 9 on the Mohs hardness scale, second only to diamond, so they are well suited to everyday wear. Emeralds are softer and usually contain natural inclusions, so a protective setting such as a halo or a bezel suits them best.',
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      { title: 'Choose your stone', text: 'Talk to a gemologist about color, size and durability, or search color diamonds online.' },
      { title: 'Choose the setting', text: 'A solitaire, halo or three stone setting, in platinum or gold.' },
      { title: 'Approve the design', text: 'We confirm every detail with you before your ring is made.' },
      { title: 'Crafted and delivered', text: 'Your ring is crafted, inspected and shipped free and fully insured.' },
    ],
  },
  highlights: {
    title: 'Popular Choices',
    items: [
      { title: 'Sapphire', text: 'Classic blue, or pink, yellow and teal: durable and full of meaning.' },
      { title: 'Ruby', text: 'A passionate red, as hard as sapphire and just as easy to wear.' },
      { title: 'Emerald', text: 'A rich green with a soft glow, best in a protective setting.' },
      { title: 'Color diamonds', text: 'Yellow, pink, blue and more, graded for the intensity of their color.' },
    ],
  },
  guides: [
    { to: '/pages/gemstones-types-guide', label: 'Gemstone guide', text: 'Types, colors and how to care for them.' },
    { to: '/engagement-ring-style#something-blue', label: 'Something blue', text: 'Sapphire accents with a hidden meaning.' },
    { to: '/pages/engagement-ring-settings', label: 'Ring settings', text: 'Which settings protect a softer stone.' },
  ],
  cta: {
    title: 'Find Your Color',
    text: 'Our gemologists can show you gemstones and color diamonds by video or in our New York showroom.',
    actions: [
      { label: 'Book an appointment', appointment: true },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Send us a message', to: '/contact', style: 'link' },
    ],
  },
};