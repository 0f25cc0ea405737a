import type { EducationTopic } from './types';

/** The education top menu (§2): one entry per topic, Engagement Rings first. */
export const EDUCATION_TOPICS: Array<{ topic: EducationTopic; label: string; to: string }> = [
  { topic: 'engagement', label: 'Engagement Rings', to: '/engagement-ring-style' },
  { topic: 'diamonds', label: 'Diamonds', to: '/pages/diamonds-4cs' },
  { topic: 'bands', label: 'Wedding Bands', to: '/pages/wedding-band-styles' },
  { topic: 'jewelry', label: 'Fine Jewelry', to: '/pages/fine-jewelry-earrings' },
  { topic: 'gemstone', label: 'Gemstone', to: '/pages/gemstones-types-guide' },
];

/** The engagement ring side menu (§2): Style is the education page itself. */
export const ENGAGEMENT_GUIDE_MENU: Array<{ label: string; to: string }> = [
  { label: 'Style', to: '#solitaire' },
  { label: 'Settings', to: '/pages/engagement-ring-settings' },
  { label: 'Diamond Types', to: '/pages/engagement-ring-diamond-types' },
  { label: 'Diamond Shapes', to: '/pages/engagement-ring-diamond-shapes' },
  { label: 'Metal', to: '/pages/engagement-ring-metal' },
  { label: 'Ring Sizing', to: '/pages/engagement-ring-sizing' },
  { label: 'Budgeting', to: '/pages/engagement-ring-budgeting' },
];
