import type { Guide } from './types';

export const diamonds4cs: Guide = {
  slug: 'diamonds-4cs',
  topic: 'diamonds',
  title: 'The 4Cs of Diamond Quality',
  shortTitle: 'Diamond 4Cs',
  description:
    'Cut, color, clarity and carat explained: how each grade looks, where prices jump, and how GIA and IGI reports help you compare certified diamonds.',
  intro: [
    'Every diamond is described by four qualities: cut, color, clarity and carat weight. The Gemological Institute of America (GIA) introduced the 4Cs in the 1950s so that jewelers and shoppers anywhere could describe a diamond in the same words, and every major grading laboratory uses them today.',
    'No single C makes a diamond beautiful. The best value comes from knowing which grades you can see with your own eyes and which ones only show up on paper. This guide walks through each C in the order that matters most for beauty.',
  ],
  hero: {
    src: '/art/education/4cs-anatomy.svg',
    alt: 'Side view of a round brilliant diamond labelled table, crown, girdle, pavilion and culet, with light entering the top and reflecting back up.',
    width: 480,
    height: 300,
  },
  sections: [
    {
      id: 'cut',
      heading: 'Cut: where the sparkle comes from',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Cut grades how well a diamond’s facets return light to your eye. A well-cut diamond shows brightness (white light), fire (flashes of color) and scintillation (the play of light and dark as it moves). Cut is the only C shaped entirely by people, and it has the largest effect on how lively a diamond looks.',
        },
        {
          kind: 'paragraph',
          text: 'When a diamond is cut too deep or too shallow, light leaks out of the bottom or the sides and the stone looks glassy or dark in the center. For round brilliants, a table of about 54–60% and a total depth of about 59–63% usually signals good light return.',
        },
        {
          kind: 'table',
          caption: 'GIA cut grades for round brilliant diamonds',
          columns: ['Grade', 'What you see'],
          rows: [
            ['Excellent', 'Maximum brightness and fire; the top few percent of cutting. IGI’s equivalent top grade is Ideal.'],
            ['Very Good', 'Nearly as bright; differences are hard to see without a side-by-side comparison.'],
            ['Good', 'Noticeably less lively, usually cut to keep weight from the rough crystal.'],
            ['Fair and Poor', 'Dull or dark areas; not recommended for an engagement ring.'],
          ],
        },
        {
          kind: 'tip',
          title: 'Fancy shapes',
          text: 'Ovals, pears, emeralds and other fancy shapes do not receive an overall GIA cut grade. Judge them by polish and symmetry (Excellent or Very Good), a pleasing length-to-width ratio, and photos or video that show even sparkle.',
        },
      ],
    },
    {
      id: 'color',
      heading: 'Color: from D to Z',
      blocks: [
        {
          kind: 'paragraph',
          text: 'White diamonds are graded on how little color they have, from D (colorless) to Z (light yellow or brown). The steps are tiny: most people cannot tell adjacent grades apart, even side by side, and once a diamond is set the metal around it changes what you see.',
        },
        { kind: 'figure', figure: { src: '/art/education/color-scale.svg', alt: 'The color scale from D, colorless, through near colorless G to J and faint K to M, to light yellow at Z.', width: 480, height: 150 } },
        {
          kind: 'table',
          caption: 'Diamond color grades',
          columns: ['Grades', 'Category', 'In a ring'],
          rows: [
            ['D, E, F', 'Colorless', 'Icy white; a premium worth paying in platinum or white gold if you want the very best.'],
            ['G, H, I, J', 'Near colorless', 'Faces up white to the eye in most settings; the usual sweet spot for value.'],
            ['K, L, M', 'Faint', 'A slight warmth you can see, which suits yellow and rose gold.'],
            ['N to R', 'Very light', 'Visible yellow or brown tint.'],
            ['S to Z', 'Light', 'Clear tint; beyond Z, a diamond is graded as a fancy color.'],
          ],
        },
        {
          kind: 'paragraph',
          text: 'Larger diamonds show color more easily than small ones, and step cuts such as emerald and Asscher show it more than brilliant cuts. Fluorescence, a blue glow under ultraviolet light, is graded separately; faint or medium fluorescence rarely affects appearance and can even make a near-colorless diamond look whiter.',
        },
      ],
    },
    {
      id: 'clarity',
      heading: 'Clarity: inclusions and blemishes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Almost every diamond has tiny internal features (inclusions) or surface marks (blemishes), the fingerprints of how it formed. Clarity grades how many there are, how large they are, and how visible they are under 10× magnification.',
        },
        {
          kind: 'table',
          caption: 'Diamond clarity grades, from best to lowest',
          columns: ['Grade', 'Name', 'Under 10× magnification'],
          rows: [
            ['FL', 'Flawless', 'No inclusions or blemishes.'],
            ['IF', 'Internally Flawless', 'No inclusions; only minor surface blemishes.'],
            ['VVS1, VVS2', 'Very, Very Slightly Included', 'Inclusions extremely difficult for a trained grader to find.'],
            ['VS1, VS2', 'Very Slightly Included', 'Minor inclusions, difficult to see; almost always invisible to the eye.'],
            ['SI1, SI2', 'Slightly Included', 'Noticeable under magnification; SI1 is often still clean to the eye.'],
            ['I1, I2, I3', 'Included', 'Obvious inclusions that may be visible and, at I3, may affect durability.'],
          ],
        },
        {
          kind: 'paragraph',
          text: 'What matters in a ring is whether the diamond is eye-clean: free of inclusions you can see from about 6–12 inches away. Many VS2 and SI1 round brilliants are eye-clean and cost far less than VVS stones. Step cuts have large open facets, so choose VS2 or better for emerald and Asscher shapes.',
        },
      ],
    },
    {
      id: 'carat',
      heading: 'Carat weight and where prices jump',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Carat is a unit of weight, not size: one carat equals 0.2 grams, or 100 points, so a 0.75 ct diamond is a “75-pointer”. Two diamonds of the same weight can look different in size depending on their shape and how deep they are cut.',
        },
        {
          kind: 'paragraph',
          text: 'Price per carat rises with weight, and it jumps at the popular “magic sizes” of 0.50, 1.00, 1.50 and 2.00 carats. A 0.95 ct diamond looks the same size as a 1.00 ct on the hand, yet often costs noticeably less, so searching just below each threshold is one of the easiest ways to save.',
        },
        { kind: 'figure', figure: { src: '/art/education/carat-sizes.svg', alt: 'Round diamonds drawn to scale: 0.50 carat about 5.1 mm across, 1.00 carat about 6.4 mm, 1.50 carats about 7.4 mm and 2.00 carats about 8.1 mm.', width: 480, height: 200 } },
        {
          kind: 'table',
          caption: 'Typical face-up diameter of well-cut round diamonds',
          columns: ['Carat weight', 'Diameter', 'Buy just below'],
          rows: [
            ['0.50 ct', 'about 5.1 mm', '0.45–0.49 ct'],
            ['1.00 ct', 'about 6.4 mm', '0.90–0.99 ct'],
            ['1.50 ct', 'about 7.4 mm', '1.40–1.49 ct'],
            ['2.00 ct', 'about 8.1 mm', '1.80–1.99 ct'],
            ['3.00 ct', 'about 9.3 mm', '2.80–2.99 ct'],
          ],
        },
      ],
    },
    {
      id: 'certification',
      heading: 'Certification: GIA and IGI reports',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A grading report is an independent laboratory’s record of a diamond’s 4Cs, measurements, proportions, polish, symmetry and fluorescence, often with a map of its inclusions. Every diamond we sell comes with a report from GIA or IGI, and the report number is usually laser-inscribed on the diamond’s girdle so you can match the stone to its paperwork.',
        },
        {
          kind: 'list',
          items: [
            { term: 'GIA', text: 'The nonprofit institute that created the 4Cs; its reports are the benchmark for natural diamonds.' },
            { term: 'IGI', text: 'The International Gemological Institute grades a large share of the world’s lab-grown diamonds, and natural ones too.' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Compare diamonds graded by the same laboratory when you can, and always read the report number before you buy. In our diamond search you can filter by report and look up a stone by its certificate number.',
        },
      ],
    },
    {
      id: 'balance',
      heading: 'How to balance the 4Cs',
      blocks: [
        {
          kind: 'list',
          ordered: true,
          items: [
            { term: 'Cut first', text: 'Choose Excellent or Ideal for rounds; it does the most for sparkle.' },
            { term: 'Color second', text: 'G or H looks white in platinum and white gold; I to K is lovely in yellow or rose gold.' },
            { term: 'Clarity to eye-clean', text: 'VS2 or SI1 is usually enough for brilliant cuts.' },
            { term: 'Carat last', text: 'Spend what remains on size, and look just under 0.50, 1.00, 1.50 and 2.00 ct.' },
          ],
        },
        { kind: 'link', text: 'Ready to compare real stones?', link: { label: 'Search certified diamonds', to: '/diamond' } },
      ],
    },
  ],
  cta: {
    heading: 'Find your diamond',
    text: 'Filter thousands of GIA and IGI certified lab-grown, natural and color diamonds by cut, color, clarity, carat and price.',
    link: { label: 'Shop diamonds', to: '/diamond' },
  },
};
