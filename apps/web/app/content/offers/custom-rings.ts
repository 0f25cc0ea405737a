import type { OfferContent } from './types';
import { WARRANTY_TEXT } from '../store-policies';
import { STORE } from '../store';

export const customRings: OfferContent = {
  slug: 'custom-rings',
  eyebrow: 'Custom design',
  title: 'Custom Engagement Rings',
  lead: 'Bring us your idea, whether a sketch, a photo or just a feeling, and our jewelers will turn it into a ring that exists nowhere else.',
  image: { src: '/art/pages/hero-custom.svg', alt: 'A pencil sketch of a custom engagement ring beside the finished yellow gold ring.', width: 800, height: 500 },
  heroActions: [
    { label: 'Start your design', href: '#custom-ring-request' },
    { label: 'Book an appointment', appointment: true, style: 'ghost' },
  ],
  about: {
    title: 'One of a Kind, Made for You',
    paragraphs: [
      'A custom ring starts with a conversation. Tell us what you love, perhaps a family heirloom, a detail from a photo or a shape you cannot stop thinking about, and a designer works with you to bring it to life.',
      'You choose the diamond or gemstone and the metal, and we show you detailed drawings of your design. Nothing is made until you approve it. We reply to every custom design request within a day.',
    ],
  },
  steps: {
    title: 'Our Design Process',
    items: [
      { title: 'Share your idea', text: 'Tell us about it in the form on this page, with photos or a sketch, or book an appointment by video or in our showroom.' },
      { title: 'Design together', text: 'A designer refines the details with you and helps you choose the perfect stone and metal.' },
      { title: 'Approve', text: 'Review detailed drawings of your ring. Nothing is made until you are happy.' },
      { title: 'Crafted and delivered', text: 'Our jewelers craft and inspect your ring, then ship it free and fully insured.' },
    ],
  },
  highlights: {
    title: 'What to Expect',
    items: [
      { title: 'A reply within a day', text: 'We answer every custom design request within a day.' },
      { title: 'Any diamond', text: 'A certified lab-grown, natural or color diamond, or a precious gemstone.' },
      { title: 'Expert guidance', text: 'Gemologists available seven days a week.' },
      { title: 'Lifetime warranty', text: WARRANTY_TEXT },
    ],
  },
  guides: [
    { to: '/pages/engagement-ring-settings', label: 'Ring settings', text: 'Prong, bezel, halo and more.' },
    { to: '/pages/engagement-ring-metal', label: 'Choosing a metal', text: 'Platinum and gold compared.' },
    { to: '/pages/engagement-ring-budgeting', label: 'Budgeting', text: 'Plan a custom ring around your budget.' },
  ],
  cta: {
    title: 'Start Your Custom Ring',
    text: 'Send us your idea today. We reply within a day.',
    actions: [
      { label: 'Send us your idea', href: '#custom-ring-request' },
      { label: 'Book an appointment', appointment: true, style: 'ghost' },
      { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'link' },
    ],
  },
};