import type { Guide } from './types';

/**
 * US ring sizes follow a linear standard: the inner diameter grows 0.8128 mm (0.032 in) per whole size from
 * 11.63 mm at size 0. Computing the chart keeps every row on the standard instead of trusting hand-typed values.
 */
export function ringSizeDiameterMm(usSize: number): number {
  return 11.63 + 0.8128 * usSize;
}

export function ringSizeChartRows(from = 3, to = 13, step = 0.5): string[][] {
  const rows: string[][] = [];
  for (let size = from; size <= to; size += step) {
    const diameter = ringSizeDiameterMm(size);
    rows.push([String(size), diameter.toFixed(1), (Math.PI * diameter).toFixed(1)]);
  }
  return rows;
}

export const engagementRingSizing: Guide = {
  slug: 'engagement-ring-sizing',
  topic: 'engagement',
  title: 'Ring Size Guide',
  shortTitle: 'Ring Sizing',
  description:
    'How to measure your ring size at home with a ring or a strip of paper, a US ring size chart from 3 to 13 in millimeters, and tips for a surprise proposal.',
  intro: [
    'A ring that fits well slides over the knuckle with a little resistance and stays put without pinching. Finding that size takes only a few minutes and a ruler with millimeters.',
    'Below are two ways to measure at home, a full US size chart, and what to do if you are shopping for a surprise. If the size turns out wrong, resizing is free.',
  ],
  hero: {
    src: '/art/education/ring-size.svg',
    alt: 'A ring seen from above with its inner diameter marked across the inside, and a strip of paper wrapped around a finger to measure the circumference.',
    width: 480,
    height: 220,
  },
  sections: [
    {
      id: 'measure',
      heading: 'How to measure at home',
      blocks: [
        { kind: 'subheading', text: 'With a ring that already fits' },
        {
          kind: 'list',
          ordered: true,
          items: [
            'Choose a ring worn on the same finger, ideally a band without a large stone.',
            'Lay it flat on a ruler and measure the inside diameter, edge to edge, in millimeters.',
            'Find the closest inner diameter in the chart below; if it falls between two sizes, choose the larger.',
          ],
        },
        { kind: 'subheading', text: 'With a strip of paper or string' },
        {
          kind: 'list',
          ordered: true,
          items: [
            'Wrap a thin strip of paper or a non-stretchy string around the base of the finger, snug but not tight.',
            'Mark where the end overlaps, then lay it flat and measure the length in millimeters: this is the circumference.',
            'Check that the loop passes over your knuckle, then find the closest circumference in the chart.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'String stretches and paper can slip, so measure three or four times. For the most accurate result, a jeweler or our showroom can size your finger with professional sizing rings in minutes.',
        },
      ],
    },
    {
      id: 'fit',
      heading: 'How a ring should fit',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A well-fitted ring goes on with light pressure, needs a gentle twist to come off over the knuckle, and does not spin freely on the finger. If it leaves a deep mark or makes the finger swell, it is too small; if it slides off when you shake your hand, it is too large.',
        },
        {
          kind: 'paragraph',
          text: 'Engagement rings with a large center stone are top-heavy and tip sideways when loose. If your knuckles are much larger than the base of your fingers, a jeweler can add sizing beads, two small metal balls inside the band, that hold the ring upright while still letting it pass over the knuckle.',
        },
      ],
    },
    {
      id: 'tips',
      heading: 'Tips for an accurate size',
      blocks: [
        {
          kind: 'list',
          items: [
            { term: 'Measure at the end of the day', text: 'Fingers are largest in the evening and when warm; cold fingers measure small.' },
            { term: 'Mind the knuckle', text: 'If your knuckle is much larger than the base of your finger, size for the knuckle so the ring can go on and off.' },
            { term: 'Wide bands fit tighter', text: 'For bands 6 mm and wider, go up a quarter to a half size.' },
            { term: 'Use the right hand', text: 'The dominant hand is usually a little larger, so measure the hand the ring will be worn on.' },
          ],
        },
      ],
    },
    {
      id: 'chart',
      heading: 'US ring size chart',
      blocks: [
        {
          kind: 'paragraph',
          text: 'US and Canadian sizes step up by about 0.8 mm in inner diameter, or about 2.55 mm in circumference, per whole size.',
        },
        {
          kind: 'table',
          caption: 'US ring sizes with inner diameter and inner circumference in millimeters',
          columns: ['US size', 'Inner diameter (mm)', 'Inner circumference (mm)'],
          rows: ringSizeChartRows(),
        },
      ],
    },
    {
      id: 'surprise',
      heading: 'Sizing for a surprise proposal',
      blocks: [
        {
          kind: 'list',
          items: [
            'Borrow a ring your partner wears on the ring finger of the left hand (a right-hand ring may be a different size) and measure its inner diameter, or press it into soap to take an impression.',
            'Ask a close friend or family member, who may know the size or can find out.',
            'When in doubt, size up: a slightly large ring stays on safely until it is resized, while a small one cannot be worn at all.',
          ],
        },
      ],
    },
    {
      id: 'resizing',
      heading: 'Free resizing',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If the ring does not fit, we resize it free of charge. Most plain and pavé bands can be resized up or down by about one to two sizes. Full eternity bands, with stones all the way around, and true tension settings cannot be resized in the usual way, so confirm the size before ordering those styles.',
        },
        {
          kind: 'tip',
          title: 'Try the look at home',
          text: 'With Home Preview we send two 3D-printed replica rings to try on at home, with a complimentary consultation.',
        },
        { kind: 'link', link: { label: 'How Home Preview works', to: '/home-preview' } },
      ],
    },
  ],
  cta: {
    heading: 'Found your size?',
    text: 'Choose a setting, choose your size, and we will make your ring to fit, with free resizing if you need it.',
    link: { label: 'Shop engagement rings', to: '/engagement' },
  },
};
