import type { OfferContent } from './types';
import { FINANCING_TEXT, RETURNS_TEXT } from '../store-policies';
import { STORE } from '../store';

export const presetRings: OfferContent = {
  slug: 'preset-rings',
  metaTitle: 'Preset Lab Grown Engagement Rings',
  eyebrow: 'Engagement rings',
  title: 'Preset Lab Grown Rings',
  lead: 'Over 300 styles of lab-grown diamond engagement rings, with the center stone already chosen and set: certified, beautiful and easy to choose.',
  image: {
    src: '/art/pages/hero-preset.svg',
    alt: 'Three preset engagement rings on display: a yellow gold halo ring, a platinum solitaire and a yellow gold three stone ring.',
    width: 800,
    height: 500,
  },
  heroActions: [
    { label: 'Book an appointment', appointment: true },
    { label: 'Build your own ring', to: '/diamond', style: 'ghost' },
  ],
  about: {
    title: 'Ready to Love',
    paragraphs: [
      'Preset rings take the guesswork out of choosing. Our designers have matched each setting with a lab-grown diamond of the right shape, size and quality, so every ring is complete just as you see it.',
      'Lab-grown diamonds are real diamonds, with the same sparkle and hardness as mined diamonds, and usually cost far less than a natural diamond of the same size and quality, so your budget goes further.',
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      { title: 'Pick a style', text: 'Solitaire, halo, three stone, vintage and more: over 300 styles to choose from.' },
      { title: 'Choose metal and size', text: 'Platinum or gold, in the ring size you need.' },
      { title: 'We finish your ring', text: 'Your ring is crafted and inspected before it ships.' },
      { title: 'Delivered', text: 'It arrives free and fully insured, with its diamond grading report.' },
    ],
  },
  highlights: {
    title: 'Why Preset',
    items: [
      { title: 'Over 300 styles', text: 'Every classic engagement ring style, and many modern ones.' },
      { title: 'Certified diamonds', text: 'Lab-grown center diamonds graded by IGI or GIA.' },
      { title: 'Easy financing', text: FINANCING_TEXT },
      { title: '30-day returns', text: RETURNS_TEXT },
    ],
  },
  guides: [
    { to: '/pages/engagement-ring-diamond-types', label: 'Lab-grown or natural', text: 'How the two diamond types compare.' },
    { to: '/engagement-ring-style', label: 'Engagement ring styles', text: 'Find the style that suits you.' },
    { to: '/pages/engagement-ring-budgeting', label: 'Budgeting', text: 'How to get the most from your budget.' },
  ],
  cta: {
    title: 'See Every Preset Style',
    text: 'Our jewelers can show you all 300+ styles by video, by phone or in our New York showroom.',
    actions: [
      { label: 'Book an appointment', appointment: true },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Explore engagement rings', to: '/engagement', style: 'link' },
    ],
  },
};