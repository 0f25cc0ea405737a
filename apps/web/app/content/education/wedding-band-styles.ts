import type { Guide } from './types';

export const weddingBandStyles: Guide = {
  slug: 'wedding-band-styles',
  topic: 'bands',
  title: 'Wedding Band Styles Guide',
  shortTitle: 'Wedding Band Styles',
  description:
    'Classic, comfort fit, eternity, half-eternity, curved, milgrain and knife-edge wedding bands explained, with men’s band widths and tips for pairing.',
  intro: [
    'A wedding band is the ring you will wear every day for decades, so comfort matters as much as looks. Bands differ in profile (the shape of the metal in cross-section), width, finish and whether they carry diamonds.',
    'This guide explains the styles you will meet when shopping, how each one feels on the hand, and how to pair a band with an engagement ring.',
  ],
  hero: {
    src: '/art/education/band-profiles.svg',
    alt: 'Cross-sections of four band profiles: flat, domed, comfort fit with a rounded inside, and knife edge with a ridge on top.',
    width: 480,
    height: 220,
  },
  sections: [
    {
      id: 'classic',
      heading: 'Classic bands',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The classic band is a plain ring of precious metal with no stones. Its outside is either flat, for a modern, architectural look, or domed (also called half-round or court), which softens the edges and reflects light along its curve. Women’s classic bands are most often 2–3 mm wide, a width that sits neatly beside most engagement rings.',
        },
        {
          kind: 'paragraph',
          text: 'A plain band is the easiest ring to resize, polish and engrave, and it never needs a stone checked. Finishes change its character: high polish is bright and mirror-like, while brushed (satin) and hammered finishes hide everyday scratches and soften to a gentle sheen over time.',
        },
      ],
    },
    {
      id: 'comfort-fit',
      heading: 'Standard fit and comfort fit',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A standard-fit band is flat on the inside. A comfort-fit band has a rounded inner surface, so less metal touches your finger and the ring slides over the knuckle more easily. Comfort fit is especially welcome in bands 5 mm and wider.',
        },
        {
          kind: 'tip',
          title: 'Try the size',
          text: 'Because the inside is domed, a comfort-fit band can feel slightly looser than a standard band of the same size. If you are between sizes, try both fits before you decide.',
        },
      ],
    },
    {
      id: 'diamond-bands',
      heading: 'Eternity and half-eternity bands',
      blocks: [
        {
          kind: 'paragraph',
          text: 'An eternity band carries a continuous line of matched diamonds all the way around, a symbol of never-ending love. Because stones circle the whole ring, a full eternity band cannot be resized in the usual way and must be ordered in the exact size.',
        },
        {
          kind: 'paragraph',
          text: 'A half-eternity band sets diamonds across the top half only. It shows the same sparkle from above, costs less, feels more comfortable between the fingers, and its plain lower half can be resized. Both styles come in pavé, prong, channel and shared-prong settings, with round, emerald-cut, oval or baguette diamonds.',
        },
        { kind: 'figure', figure: { src: '/art/education/band-eternity.svg', alt: 'A full eternity band with diamonds all the way around beside a half-eternity band with diamonds across the top only.', width: 480, height: 200 } },
      ],
    },
    {
      id: 'curved',
      heading: 'Curved and contour bands',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Some engagement rings sit low, or have a halo or a wide head that keeps a straight band from lying flush. A curved (contour) band dips or notches around the center stone so the two rings nestle together with no gap. Choose the band with the engagement ring in hand, since every curve is made to fit a particular profile.',
        },
        {
          kind: 'paragraph',
          text: 'Chevron and V-shaped bands are a bolder version of the same idea, pointing toward the center stone; open “shadow” bands trace the outline of a halo.',
        },
      ],
    },
    {
      id: 'details',
      heading: 'Milgrain and knife edge',
      blocks: [
        {
          kind: 'list',
          items: [
            { term: 'Milgrain', text: 'A row of tiny metal beads along the edges, first popular in the Edwardian and Art Deco eras. It adds vintage texture and pairs naturally with vintage-style engagement rings.' },
            { term: 'Knife edge', text: 'Two sloping sides meet in a fine ridge on top. The band catches the light along its crest and looks slimmer than its width, which makes it a favorite under a solitaire.' },
            { term: 'Beveled and grooved', text: 'Angled edges or a center groove add definition to a plain band without stones.' },
          ],
        },
      ],
    },
    {
      id: 'mens',
      heading: 'Men’s bands and widths',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Men’s wedding bands usually measure 4–8 mm across, with 6 mm the most popular. Proportion is the guide: slimmer fingers suit 4–5 mm, larger hands carry 7–8 mm well. Wide bands cover more skin and feel snugger, so many people go up a quarter or half size for bands of 8 mm or more.',
        },
        {
          kind: 'table',
          caption: 'Men’s band widths at a glance',
          columns: ['Width', 'Look', 'Best for'],
          rows: [
            ['4 mm', 'Slim and understated', 'Slender fingers, or anyone new to wearing rings'],
            ['5 mm', 'Classic, lightly substantial', 'Most hands; a safe choice for a surprise'],
            ['6 mm', 'The most popular width', 'Average to larger hands'],
            ['7–8 mm', 'Bold and modern', 'Larger hands; choose comfort fit'],
          ],
        },
        {
          kind: 'paragraph',
          text: 'Platinum and gold can be resized and repaired for a lifetime. Alternative metals such as tungsten are very scratch-resistant but cannot be resized, so a change in finger size means a new ring.',
        },
      ],
    },
    {
      id: 'pairing',
      heading: 'Pairing a band with an engagement ring',
      blocks: [
        {
          kind: 'list',
          items: [
            'Match the metal, or mix metals on purpose: a yellow gold band beside a platinum engagement ring can look deliberate and modern.',
            'Match the width of the engagement ring’s band, or go slightly narrower so the center stone stays the focus.',
            'Check that the two rings sit flush; if they do not, a curved band or a higher setting solves it.',
            'Think about stacking: an anniversary or eternity band can be added later on either side.',
          ],
        },
      ],
    },
  ],
  cta: {
    heading: 'Find your wedding band',
    text: 'Explore classic, diamond, eternity and anniversary bands in platinum and 14k or 18k gold, for her and for him.',
    link: { label: 'Shop wedding bands', to: '/wedding-brands' },
  },
};
