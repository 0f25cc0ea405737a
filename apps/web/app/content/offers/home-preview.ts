import type { OfferContent } from './types';
import { HOME_PREVIEW_TERMS } from '../store-policies';
import { STORE } from '../store';

export const homePreview: OfferContent = {
  slug: 'home-preview',
  metaTitle: 'Home Preview: Try Rings at Home',
  eyebrow: 'Try before you buy',
  title: 'Home Preview',
  lead: 'Try on up to two 3D-printed replica rings at home, with a complimentary consultation with one of our gemologists. Shipping is free both ways.',
  image: { src: '/art/pages/hero-home-preview.svg', alt: 'The Home Preview box holding two replica engagement rings.', width: 800, height: 500 },
  heroActions: [
    { label: 'Request a Home Preview', href: '#home-preview-request' },
    { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
  ],
  about: {
    title: 'What Is Home Preview?',
    paragraphs: [
      'Choosing a ring online is easier when you can see it on a hand. Home Preview sends you replicas of the rings you are considering: 3D-printed copies that show the size, shape and proportions of each design, so you can try them on at home and see how they look with your everyday style.',
      'Every Home Preview comes with a complimentary consultation with one of our gemologists, who can talk you through the diamond, the setting and the size.',
    ],
  },
  steps: {
    title: 'How It Works',
    items: [
      {
        title: 'Choose your styles',
        text: 'Choose up to two engagement ring settings on this page, each in its metal and center stone shape, with your ring size.',
      },
      { title: 'Receive your replicas', text: 'Our team calls to take a $100 deposit per replica ring, refunded when they come back, and ships them to you for free.' },
      { title: 'Try them for three days', text: 'Wear them, compare them, and book your complimentary consultation with a gemologist.' },
      { title: 'Send them back', text: 'Return shipping is free too. Once the replicas are back, we refund your replica charge.' },
    ],
  },
  highlights: {
    title: 'Why Try at Home',
    items: [
      { title: 'See the real size', text: 'Replicas show the true proportions of each ring on the hand.' },
      { title: 'Free shipping both ways', text: 'Nothing to pay for delivery or for the return.' },
      { title: 'Expert advice', text: 'A complimentary consultation with one of our gemologists.' },
      { title: 'No commitment', text: 'Your replica charge is refunded when the replicas come back.' },
    ],
  },
  guides: [
    { to: '/engagement-ring-style', label: 'Engagement ring styles', text: 'Solitaire, halo, vintage and more.' },
    { to: '/pages/engagement-ring-diamond-shapes', label: 'Diamond shapes', text: 'How each shape looks on the hand.' },
    { to: '/pages/engagement-ring-sizing', label: 'Ring sizing', text: 'Use your Home Preview to confirm the size.' },
  ],
  terms: {
    title: 'Home Preview Terms',
    items: HOME_PREVIEW_TERMS,
    source: { before: 'The full terms are part of our ', link: { to: '/terms#home-preview', label: 'Terms & Conditions' }, after: '.' },
  },
  cta: {
    title: 'Ready to Try Them On?',
    text: 'Tell us which two rings you would like to try, and we will send your Home Preview.',
    actions: [
      { label: 'Request a Home Preview', href: '#home-preview-request' },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
      { label: 'Explore engagement rings', to: '/engagement', style: 'link' },
    ],
  },
};