/**
 * The header's navigation (§2). ENGAGEMENT, WEDDING and Diamonds have their routes; the spec gives the others
 * none, so each leads to the page of the store that best answers it rather than to nowhere.
 */
export interface NavItem {
  label: string;
  to: string;
}

export const PRIMARY_NAV: NavItem[] = [
  { label: 'ENGAGEMENT', to: '/engagement' },
  { label: 'WEDDING', to: '/wedding-brands' },
  { label: 'Diamonds', to: '/diamond' },
];

/** Shown after the primary items: the white header's set and the home header's set differ (§2). */
export const SECONDARY_NAV: Record<'light' | 'dark', NavItem[]> = {
  light: [
    { label: 'High Jewelry', to: '/collections/the-reserve' },
    { label: 'Jewelry', to: '/fine-jewelry' },
    { label: 'Collections', to: '/collections' },
  ],
  dark: [
    { label: 'Gifts', to: '/gifts' },
    { label: 'Sale', to: '/sale' },
  ],
};

export const FOOTER_LINKS: Array<{ title: string; links: NavItem[] }> = [
  {
    title: 'Company',
    links: [
      { label: 'Our Story', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Terms & Conditions', to: '/terms' },
      { label: 'Privacy Policy', to: '/policy' },
    ],
  },
  {
    title: 'Education',
    links: [
      { label: 'Engagement Ring Guide', to: '/engagement-ring-style' },
      { label: 'Diamond 4Cs', to: '/pages/diamonds-4cs' },
      { label: 'Diamond Shapes', to: '/pages/engagement-ring-diamond-shapes' },
      { label: 'Ring Settings', to: '/pages/engagement-ring-settings' },
      { label: 'Metals', to: '/pages/engagement-ring-metal' },
      { label: 'Ring Sizing', to: '/pages/engagement-ring-sizing' },
    ],
  },
  {
    title: 'Shop',
    links: [
      { label: 'Engagement Rings', to: '/engagement-rings' },
      { label: 'Wedding Bands', to: '/wedding-brands' },
      { label: 'Loose Diamonds', to: '/diamond' },
      { label: 'Preset Rings', to: '/preset-rings' },
      { label: 'Gemstone Rings', to: '/gemstone-rings' },
      { label: 'Fine Jewelry', to: '/fine-jewelry' },
    ],
  },
  {
    title: 'Customer Care',
    links: [
      { label: 'Home Preview', to: '/home-preview' },
      { label: 'Custom Rings', to: '/custom-rings' },
      { label: 'Returns & Shipping', to: '/terms#returns' },
      { label: 'Financing', to: '/pages/engagement-ring-budgeting' },
      { label: 'Wishlist', to: '/wishlist' },
    ],
  },
];
