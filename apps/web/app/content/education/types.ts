/**
 * The shape of the education guides (/pages/:slug): plain data, so a guide is written once and rendered by one
 * route. Text is plain text; links are their own blocks so every internal link stays a router <Link>.
 */

export const GUIDE_SLUGS = [
  'diamonds-4cs',
  'wedding-band-styles',
  'fine-jewelry-earrings',
  'gemstones-types-guide',
  'engagement-ring-settings',
  'engagement-ring-diamond-types',
  'engagement-ring-diamond-shapes',
  'engagement-ring-metal',
  'engagement-ring-sizing',
  'engagement-ring-budgeting',
] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/** The education top menu's topics; a guide belongs to one of them. */
export type EducationTopic = 'engagement' | 'diamonds' | 'bands' | 'jewelry' | 'gemstone';

/** An illustration from /art/education (or a shape drawing from /shapes); width and height reserve its space. */
export interface Figure {
  src: string;
  /** What the picture shows, for people who cannot see it; '' only when the text beside it says it all. */
  alt: string;
  width: number;
  height: number;
  caption?: string;
}

export interface LinkTo {
  label: string;
  to: string;
}

export type Block =
  | { kind: 'paragraph'; text: string }
  /** A sub-heading (h3) inside a section. */
  | { kind: 'subheading'; text: string }
  /** Items may lead with a bold term: "Term: explanation". */
  | { kind: 'list'; ordered?: boolean; items: Array<string | { term: string; text: string }> }
  /** The first cell of each row names the row (a row header). */
  | { kind: 'table'; caption: string; columns: string[]; rows: string[][] }
  | { kind: 'figure'; figure: Figure }
  | { kind: 'tip'; title: string; text: string }
  | { kind: 'link'; link: LinkTo; text?: string };

export interface GuideSection {
  /** The fragment the table of contents links to. */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface Guide {
  slug: GuideSlug;
  topic: EducationTopic;
  title: string;
  /** A short name for menus and the "Keep learning" cards. */
  shortTitle: string;
  /** The meta description (about 150 characters) and the "Keep learning" card text. */
  description: string;
  intro: string[];
  hero: Figure;
  sections: GuideSection[];
  cta: { heading: string; text: string; link: LinkTo };
}
