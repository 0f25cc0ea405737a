import { SHAPES, shapeImageName } from '@everstone/contract/core';
import type { Guide, GuideSection } from './types';

type ShapeName = (typeof SHAPES)[number];

interface ShapeFacts {
  style: 'Brilliant' | 'Step';
  ratio: string;
  bowTie: 'None' | 'Possible' | 'Common';
  text: string;
}

/** Typical length-to-width ratios are the ranges buyers and cutters treat as classic for each shape. */
const SHAPE_FACTS: Record<ShapeName, ShapeFacts> = {
  Round: {
    style: 'Brilliant',
    ratio: '1.00–1.01',
    bowTie: 'None',
    text: 'The round brilliant, with 57 or 58 facets, is the most brilliant shape of all and the most popular for engagement rings. Its symmetry returns the most light, and it suits every setting. It also costs the most per carat, because cutting a round from a rough crystal loses the most material.',
  },
  Princess: {
    style: 'Brilliant',
    ratio: '1.00–1.05',
    bowTie: 'None',
    text: 'A square brilliant with sharp corners and a crisp, modern look. Princess cuts keep more of the rough crystal, so they cost less per carat than rounds. Protect the four corners with V-prongs, since points are where a diamond is most likely to chip.',
  },
  Cushion: {
    style: 'Brilliant',
    ratio: '1.00–1.05 square, up to about 1.30 elongated',
    bowTie: 'Possible',
    text: 'A square or rectangle with rounded corners, like a pillow. Cushions have large facets that throw broad flashes of fire, and come in “chunky” patterns or “crushed ice” patterns full of small sparkles. They are a favorite for vintage styles and for fancy color diamonds.',
  },
  Oval: {
    style: 'Brilliant',
    ratio: '1.30–1.50',
    bowTie: 'Common',
    text: 'An elongated round with nearly the same sparkle. Ovals look larger than rounds of the same carat weight and make the finger look longer. Most buyers prefer 1.35–1.45; check photos for a strong bow-tie.',
  },
  Emerald: {
    style: 'Step',
    ratio: '1.30–1.60',
    bowTie: 'None',
    text: 'A rectangular step cut with cut corners and long, open facets that create a “hall of mirrors” effect: bold flashes of light rather than glitter. The open table shows inclusions and color more readily, so choose VS2 or better and a color that suits your metal.',
  },
  Pear: {
    style: 'Brilliant',
    ratio: '1.45–1.75',
    bowTie: 'Common',
    text: 'A teardrop that blends the round and the marquise. Pears look large for their weight and elongate the finger. Look for even shoulders and a point that lines up with the rounded end, and protect the point with a V-prong. Traditionally the point faces the fingertip.',
  },
  Asscher: {
    style: 'Step',
    ratio: '1.00–1.05',
    bowTie: 'None',
    text: 'A square step cut with deeply cut corners, created by the Asscher brothers in Amsterdam in 1902. Its concentric facets form a windmill pattern, and its Art Deco character suits vintage settings. Like the emerald cut, it rewards higher clarity.',
  },
  Radiant: {
    style: 'Brilliant',
    ratio: '1.00–1.05 square, 1.20–1.50 rectangular',
    bowTie: 'Possible',
    text: 'A square or rectangle with trimmed corners and brilliant facets, combining an emerald cut’s outline with a round’s sparkle. Radiants hide small inclusions well, are durable thanks to their cropped corners, and intensify color, so they are popular for fancy color diamonds.',
  },
  Marquise: {
    style: 'Brilliant',
    ratio: '1.85–2.20',
    bowTie: 'Common',
    text: 'A long, boat-shaped brilliant with two points. The marquise has the largest face-up area per carat of any shape, so it looks strikingly big and slims the finger. Choose a setting that protects both points, and check that the two halves are symmetrical.',
  },
  Heart: {
    style: 'Brilliant',
    ratio: '0.90–1.10',
    bowTie: 'Possible',
    text: 'The romantic shape, and the hardest to cut well. Look for two even lobes, a clear cleft and a crisp point. Hearts below about half a carat lose definition once set, so choose 0.50 ct or more for a center stone.',
  },
};

function shapeSection(name: ShapeName): GuideSection {
  const facts = SHAPE_FACTS[name];
  // Asscher is a family name and keeps its capital.
  const inText = name === 'Asscher' ? name : name.toLowerCase();
  return {
    id: shapeImageName(name),
    heading: name,
    blocks: [
      {
        kind: 'figure',
        figure: { src: `/shapes/${shapeImageName(name)}.svg`, alt: `${name} diamond, top view`, width: 96, height: 96 },
      },
      { kind: 'paragraph', text: facts.text },
      {
        kind: 'list',
        items: [
          { term: 'Facet style', text: facts.style === 'Step' ? 'step cut' : 'brilliant cut' },
          { term: 'Typical length-to-width ratio', text: facts.ratio },
        ],
      },
      { kind: 'link', link: { label: `Search ${inText} diamonds`, to: '/diamond' } },
    ],
  };
}

export const engagementRingDiamondShapes: Guide = {
  slug: 'engagement-ring-diamond-shapes',
  topic: 'engagement',
  title: 'Diamond Shapes Guide',
  shortTitle: 'Diamond Shapes',
  description:
    'Round, princess, cushion, oval, emerald, pear, Asscher, radiant, marquise and heart diamonds: typical length-to-width ratios, the bow-tie effect and tips.',
  intro: [
    'Shape is the outline of a diamond seen from above, and it sets the personality of a ring more than any other choice. Cut, by contrast, is how well the facets are arranged to return light, and it is graded separately.',
    'Shapes fall into two families. Brilliant cuts, such as round, oval and pear, have many triangular and kite-shaped facets that make them sparkle. Step cuts, such as emerald and Asscher, have long parallel facets that give broad, elegant flashes of light.',
  ],
  hero: {
    src: '/art/education/shapes-outline.svg',
    alt: 'Outlines of ten diamond shapes: round, princess, cushion, oval, emerald, pear, Asscher, radiant, marquise and heart.',
    width: 480,
    height: 200,
  },
  sections: [
    {
      id: 'ratio',
      heading: 'Length-to-width ratio',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The length-to-width (L/W) ratio is a diamond’s length divided by its width, and it tells you how square or elongated the shape is. A round is 1.00; a 1.40 oval is 40% longer than it is wide. There is no correct ratio, only the one you find most beautiful, but each shape has a classic range, and stones within it tend to look balanced.',
        },
        { kind: 'figure', figure: { src: '/art/education/lw-ratio.svg', alt: 'An oval diamond measured 8.4 mm long and 6 mm wide, a length-to-width ratio of 1.40.', width: 480, height: 200 } },
      ],
    },
    {
      id: 'bow-tie',
      heading: 'The bow-tie effect',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Elongated brilliant shapes, mainly oval, pear and marquise, can show a dark band across the middle shaped like a bow-tie, where light passes through instead of returning to your eye. Almost every elongated brilliant has some bow-tie; what matters is whether it is faint and shifts as the stone moves or stays dark and obvious. Photos and video of the actual diamond are the best way to judge it.',
        },
        { kind: 'figure', figure: { src: '/art/education/bow-tie.svg', alt: 'Two oval diamonds: one with a faint grey bow-tie across its middle, one with a strong dark bow-tie.', width: 480, height: 210 } },
      ],
    },
    ...SHAPES.map(shapeSection),
    {
      id: 'compare',
      heading: 'Shapes at a glance',
      blocks: [
        {
          kind: 'table',
          caption: 'Diamond shapes compared',
          columns: ['Shape', 'Facets', 'Typical L/W ratio', 'Bow-tie'],
          rows: SHAPES.map((name) => {
            const facts = SHAPE_FACTS[name];
            return [name, facts.style, facts.ratio, facts.bowTie];
          }),
        },
        {
          kind: 'tip',
          title: 'Look larger for the weight',
          text: 'Marquise, oval and pear diamonds spread more of their weight across the top than round, cushion or Asscher diamonds, so they look larger per carat. Our diamond search lets you filter by shape and by L/W ratio.',
        },
      ],
    },
  ],
  cta: {
    heading: 'Find your shape',
    text: 'Choose one or several shapes in our diamond search and narrow the results by carat, cut, color, clarity and L/W ratio.',
    link: { label: 'Search diamonds by shape', to: '/diamond' },
  },
};
