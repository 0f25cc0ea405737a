import { FANCY_COLORS, FANCY_INTENSITIES } from '@everstone/contract/core';
import type { Guide } from './types';

type Intensity = (typeof FANCY_INTENSITIES)[number];

/** How each intensity the store grades looks; keyed by the contract's list so the two cannot drift apart. */
const INTENSITY_LOOKS: Record<Intensity, string> = {
  'Fancy Light': 'A soft, pastel tint; the first grade called a fancy color.',
  Fancy: 'Clear, moderate color you notice at once.',
  'Fancy Intense': 'Rich, strong color; a favorite balance of beauty and price.',
  'Fancy Vivid': 'The most saturated color, bright and pure; usually the most valuable grade.',
  'Fancy Deep': 'Strong color with a darker tone, such as cognac yellow or deep blue.',
};

const listInWords = (items: readonly string[]) =>
  `${items.slice(0, -1).join(', ').toLowerCase()} and ${items.at(-1)?.toLowerCase()}`;

export const engagementRingDiamondTypes: Guide = {
  slug: 'engagement-ring-diamond-types',
  topic: 'engagement',
  title: 'Natural, Lab-Grown and Color Diamonds',
  shortTitle: 'Diamond Types',
  description:
    'Natural versus lab-grown diamonds: the same chemistry and sparkle, how CVD and HPHT work, grading reports, price and value, and fancy color intensities.',
  intro: [
    'Every diamond we sell is a real diamond: crystallized carbon with a hardness of 10. What differs is where it grew. A natural diamond formed deep in the earth over billions of years; a lab-grown diamond formed in weeks above ground.',
    'Both are certified and graded on the same 4Cs. This guide explains how they compare, how lab diamonds are made, and what to know about diamonds in fancy colors.',
  ],
  hero: {
    src: '/art/education/diamond-types.svg',
    alt: 'Two identical round diamonds, one labelled natural, formed in the earth, and one labelled lab-grown, formed on a seed in a growth chamber.',
    width: 480,
    height: 220,
  },
  sections: [
    {
      id: 'natural',
      heading: 'Natural diamonds',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Natural diamonds crystallized roughly 90–120 miles below the surface, under immense heat and pressure, between about one and three and a half billion years ago. Volcanic eruptions carried them up in kimberlite pipes, where they are mined today. Their rarity and age are a large part of their appeal, and they hold more of their value over time than lab-grown diamonds.',
        },
        {
          kind: 'paragraph',
          text: 'Our natural diamonds are conflict-free: they come through the Kimberley Process and from suppliers who warrant that the stones were not used to finance conflict.',
        },
      ],
    },
    {
      id: 'lab-grown',
      heading: 'Lab-grown diamonds',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A lab-grown diamond has the same chemical composition, crystal structure, hardness and optical properties as a natural diamond. It shows the same brilliance and fire, and no one can tell the two apart by eye; only specialized laboratory instruments detect the tiny differences in how they grew. The US Federal Trade Commission recognizes lab-grown diamonds as diamonds.',
        },
        {
          kind: 'paragraph',
          text: 'Lab-grown diamonds are not simulants. Cubic zirconia and moissanite only imitate diamond and are different materials.',
        },
        {
          kind: 'subheading',
          text: 'How they are grown: CVD and HPHT',
        },
        {
          kind: 'list',
          items: [
            { term: 'HPHT (high pressure, high temperature)', text: 'recreates the conditions of the earth’s mantle: carbon dissolves in molten metal at around 1,400 °C and tens of thousands of atmospheres of pressure and crystallizes on a diamond seed.' },
            { term: 'CVD (chemical vapor deposition)', text: 'fills a vacuum chamber with a carbon-rich gas such as methane; a plasma breaks the gas apart and carbon atoms settle on a thin diamond seed plate, building the crystal layer by layer. Many CVD diamonds are then treated to improve their color.' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Neither method is better in itself. Both can produce exceptional diamonds; judge each stone by its grades and its report, not by how it was grown.',
        },
      ],
    },
    {
      id: 'reports',
      heading: 'Grading reports',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Natural and lab-grown diamonds are graded by independent laboratories on the same 4Cs. GIA is the benchmark for natural diamonds; IGI grades most of the lab-grown diamonds sold today. A lab-grown report clearly says the diamond is laboratory-grown, often names the growth method, and the girdle is laser-inscribed with the report number and a lab-grown mark.',
        },
      ],
    },
    {
      id: 'compare',
      heading: 'Natural and lab-grown compared',
      blocks: [
        {
          kind: 'table',
          caption: 'Natural and lab-grown diamonds side by side',
          columns: ['Quality', 'Natural', 'Lab-grown'],
          rows: [
            ['Chemistry', 'Pure carbon crystal', 'Pure carbon crystal'],
            ['Hardness', '10 on the Mohs scale', '10 on the Mohs scale'],
            ['Brilliance and fire', 'Identical', 'Identical'],
            ['Origin', 'Formed in the earth over billions of years', 'Grown in weeks by CVD or HPHT'],
            ['Grading', 'Mostly GIA', 'Mostly IGI'],
            ['Price', 'Higher; rarity priced in', 'Typically a fraction of a natural diamond of the same grades'],
            ['Resale value', 'Keeps some value', 'Low resale value'],
          ],
        },
      ],
    },
    {
      id: 'value',
      heading: 'Price and value',
      blocks: [
        {
          kind: 'paragraph',
          text: 'For the same budget, a lab-grown diamond can be much larger or of higher color and clarity than a natural one. A natural diamond offers rarity and a story billions of years old. Neither is an investment: buy the diamond you love to look at.',
        },
        {
          kind: 'paragraph',
          text: 'Our Lifetime Diamond Upgrade gives 100% of what you paid as credit toward a new certified diamond priced at least twice the original, so your first choice can grow with you.',
        },
      ],
    },
    {
      id: 'color-diamonds',
      heading: 'Color diamonds',
      blocks: [
        {
          kind: 'paragraph',
          text: `Beyond Z on the white scale, diamonds with strong natural color are graded as fancy colors. Traces of nitrogen make yellow diamonds, boron makes blue, natural radiation makes green, and distortions in the crystal produce pink and brown. We carry ${listInWords(FANCY_COLORS)} diamonds, natural and lab-grown.`,
        },
        {
          kind: 'paragraph',
          text: 'A color diamond is graded on its hue, its tone (how light or dark) and its saturation (how strong), summed up in an intensity grade. Deeper and stronger color is rarer and costs more; for color diamonds, intensity matters much more than clarity. Radiant and cushion cuts are often chosen because their facets concentrate color.',
        },
        { kind: 'figure', figure: { src: '/art/education/fancy-intensity.svg', alt: 'Yellow diamonds in five intensities from pale Fancy Light through Fancy, Fancy Intense and bright Fancy Vivid to dark Fancy Deep.', width: 480, height: 150 } },
        {
          kind: 'table',
          caption: 'The fancy color intensity grades we carry',
          columns: ['Intensity', 'What it looks like'],
          rows: FANCY_INTENSITIES.map((grade) => [grade, INTENSITY_LOOKS[grade]]),
        },
      ],
    },
  ],
  cta: {
    heading: 'Compare lab-grown, natural and color diamonds',
    text: 'Switch between the lab, natural and color tabs of our diamond search to compare certified stones side by side.',
    link: { label: 'Search diamonds', to: '/diamond' },
  },
};
