import { SHOWROOM_ADDRESS } from '@everstone/contract/core';

/** Facts about the store shown across pages: one place to change a phone number or an address. */
export const STORE = {
  name: 'Everstone',
  legalName: 'Everstone Fine Jewelry, Inc.',
  phone: { display: '1-800-555-0199', href: 'tel:+18005550199' },
  email: 'care@everstone.example',
  showroom: SHOWROOM_ADDRESS,
  /** §1: available seven days a week. */
  hours: 'Seven days a week, 10 am – 7 pm Eastern',
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'Pinterest', href: 'https://www.pinterest.com/' },
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
    { name: 'TikTok', href: 'https://www.tiktok.com/' },
  ],
} as const;

export const STORE_NAME = STORE.name;
