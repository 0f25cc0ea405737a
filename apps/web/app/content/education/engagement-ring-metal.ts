import type { Guide } from './types';

export const engagementRingMetal: Guide = {
  slug: 'engagement-ring-metal',
  topic: 'engagement',
  title: 'Engagement Ring Metals Guide',
  shortTitle: 'Ring Metals',
  description:
    'Platinum 950, 14k and 18k gold, white gold and rhodium plating, rose gold, metal allergies and durability: how to choose the metal for your ring.',
  intro: [
    'The metal is most of what you see of a ring besides the diamond, and it decides how the ring wears over the years. Color, weight, durability, care and skin sensitivity all play a part.',
    'Fine engagement rings are made in platinum or in 14k or 18k gold, in white, yellow or rose. Here is how they differ.',
  ],
  hero: {
    src: '/art/education/metal-swatches.svg',
    alt: 'Four metal swatches: platinum, 14k white gold, 14k yellow gold and 14k rose gold.',
    width: 480,
    height: 160,
  },
  sections: [
    {
      id: 'platinum',
      heading: 'Platinum',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Jewelry platinum is usually Pt950: 95% pure platinum. It is naturally white, so it never needs plating and never fades to yellow, and it is one of the most hypoallergenic metals. Platinum is dense, so a platinum ring feels noticeably heavier than the same ring in gold.',
        },
        {
          kind: 'paragraph',
          text: 'Platinum scratches like any metal, but a scratch displaces the metal rather than removing it. Over time the surface takes on a soft, satin patina, which some people love and a jeweler can polish back to a mirror shine. Because so little metal is lost, platinum prongs hold diamonds very securely. It costs more than gold, partly because a platinum ring contains more metal by weight.',
        },
      ],
    },
    {
      id: 'karats',
      heading: '14k and 18k gold',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Pure 24k gold is too soft for a ring, so it is alloyed with other metals for strength and color. The karat tells you how much gold is in the alloy, out of 24 parts.',
        },
        {
          kind: 'table',
          caption: 'Gold karats compared',
          columns: ['Karat', 'Gold content', 'Stamp', 'Wear'],
          rows: [
            ['24k', '99.9%', '999', 'Too soft for rings'],
            ['18k', '75%', '750', 'Richer color, softer, scratches more easily'],
            ['14k', '58.3%', '585', 'Harder and more scratch-resistant, costs less'],
            ['10k', '41.7%', '417', 'Hardest, paler color'],
          ],
        },
        {
          kind: 'paragraph',
          text: '14k is the practical choice for an everyday ring: it resists scratches and dents better and costs less. 18k has a warmer, more saturated color and is preferred by those with sensitive skin, since it contains more gold and less of the alloy metals.',
        },
      ],
    },
    {
      id: 'white-gold',
      heading: 'White gold and rhodium plating',
      blocks: [
        {
          kind: 'paragraph',
          text: 'White gold is gold alloyed with white metals such as palladium, silver or nickel. The alloy is a soft, slightly warm gray, so white gold rings are plated with rhodium, a bright white metal of the platinum family. The plating wears thin with time, faster on the palm side, and a faint warm tone can show through.',
        },
        {
          kind: 'tip',
          title: 'Replating',
          text: 'Plan on rhodium replating every year or two depending on wear. It takes a jeweler about an hour and restores the bright white finish.',
        },
      ],
    },
    {
      id: 'yellow-gold',
      heading: 'Yellow gold',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Yellow gold is gold alloyed with silver and copper. It is the traditional choice, needs no plating, and flatters warm skin tones. It is also forgiving of diamond color: a near-colorless diamond in the I to K range looks bright and white against yellow metal.',
        },
      ],
    },
    {
      id: 'rose-gold',
      heading: 'Rose gold',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Copper gives rose gold its pink glow; the more copper, the rosier the color. Copper also makes the alloy harder, so 14k rose gold is among the most durable golds. Rose gold never needs plating, and its color deepens subtly with age. It looks lovely with morganite, with warm-toned diamonds and against every skin tone.',
        },
      ],
    },
    {
      id: 'choosing',
      heading: 'Matching metal, diamond and band',
      blocks: [
        {
          kind: 'paragraph',
          text: 'White metals make a colorless diamond look icy and bright, and they show any warmth in a lower-color diamond. Yellow and rose gold reflect warm light into the stone, so a diamond in the G to K range faces up beautifully. Many rings combine the two: a yellow or rose gold band with a platinum or white gold head keeps the diamond looking white.',
        },
        {
          kind: 'paragraph',
          text: 'Choose the same metal for the engagement ring and the wedding band if you want them to wear evenly: two different metals rubbing together over years wear at different rates, the softer one faster.',
        },
      ],
    },
    {
      id: 'allergies',
      heading: 'Metal allergies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Nickel is the most common cause of jewelry allergies, and some white gold alloys contain it. Once rhodium plating wears, the alloy touches the skin and can cause redness or itching. If you have sensitive skin, choose platinum, 18k yellow gold, or white gold alloyed with palladium instead of nickel. Copper sensitivities with rose gold are uncommon.',
        },
      ],
    },
    {
      id: 'durability',
      heading: 'Durability and care',
      blocks: [
        {
          kind: 'table',
          caption: 'Ring metals compared',
          columns: ['Metal', 'Color', 'Durability', 'Upkeep', 'Price'],
          rows: [
            ['Platinum 950', 'Naturally white', 'Excellent; holds stones securely', 'Polish to remove patina', 'Highest'],
            ['14k white gold', 'Bright white when plated', 'Very good', 'Rhodium replating', 'Moderate'],
            ['14k yellow gold', 'Warm yellow', 'Very good', 'Occasional polish', 'Moderate'],
            ['18k yellow gold', 'Rich yellow', 'Good; softer', 'Occasional polish', 'Higher'],
            ['14k rose gold', 'Soft pink', 'Very good', 'Occasional polish', 'Moderate'],
          ],
        },
        {
          kind: 'list',
          items: [
            'Take rings off in pools and hot tubs: chlorine can weaken gold alloys over time.',
            'Remove rings for the gym, gardening and heavy lifting to avoid dents and bent prongs.',
            'Have prongs checked once a year; a jeweler can re-tip worn prongs before a stone loosens.',
          ],
        },
      ],
    },
  ],
  cta: {
    heading: 'Choose your metal',
    text: 'Explore our engagement ring settings in platinum and in white, yellow and rose gold.',
    link: { label: 'Shop engagement rings', to: '/engagement' },
  },
};
