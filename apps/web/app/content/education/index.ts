import { diamonds4cs } from './diamonds-4cs';
import { engagementRingBudgeting } from './engagement-ring-budgeting';
import { engagementRingDiamondShapes } from './engagement-ring-diamond-shapes';
import { engagementRingDiamondTypes } from './engagement-ring-diamond-types';
import { engagementRingMetal } from './engagement-ring-metal';
import { engagementRingSettings } from './engagement-ring-settings';
import { engagementRingSizing } from './engagement-ring-sizing';
import { fineJewelryEarrings } from './fine-jewelry-earrings';
import { gemstonesTypesGuide } from './gemstones-types-guide';
import { GUIDE_SLUGS, type Guide, type GuideSlug } from './types';
import { weddingBandStyles } from './wedding-band-styles';

export type { Block, EducationTopic, Figure, Guide, GuideSection, GuideSlug, LinkTo } from './types';
export { GUIDE_SLUGS } from './types';
export { EDUCATION_TOPICS, ENGAGEMENT_GUIDE_MENU } from './menus';

const BY_SLUG: Record<GuideSlug, Guide> = {
  'diamonds-4cs': diamonds4cs,
  'wedding-band-styles': weddingBandStyles,
  'fine-jewelry-earrings': fineJewelryEarrings,
  'gemstones-types-guide': gemstonesTypesGuide,
  'engagement-ring-settings': engagementRingSettings,
  'engagement-ring-diamond-types': engagementRingDiamondTypes,
  'engagement-ring-diamond-shapes': engagementRingDiamondShapes,
  'engagement-ring-metal': engagementRingMetal,
  'engagement-ring-sizing': engagementRingSizing,
  'engagement-ring-budgeting': engagementRingBudgeting,
};

/** Every guide in the order of the route table (§2). */
export const GUIDES: Guide[] = GUIDE_SLUGS.map((slug) => BY_SLUG[slug]);

const isGuideSlug = (slug: string): slug is GuideSlug => (GUIDE_SLUGS as readonly string[]).includes(slug);

/** The guide published at /pages/{slug}, or undefined for any other slug. */
export function findGuide(slug: string | undefined): Guide | undefined {
  return slug !== undefined && isGuideSlug(slug) ? BY_SLUG[slug] : undefined;
}

export const guidePath = (slug: GuideSlug) => `/pages/${slug}`;
