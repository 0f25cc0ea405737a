import type { Guide } from './types';

export const fineJewelryEarrings: Guide = {
  slug: 'fine-jewelry-earrings',
  topic: 'jewelry',
  title: 'Diamond Earrings Guide',
  shortTitle: 'Diamond Earrings',
  description:
    'Studs, halo studs, hoops and drops explained: what carat total weight means, how big each size looks, and screw backs versus push backs.',
  intro: [
    'Diamond earrings are the piece of fine jewelry most people wear every day. The right pair depends on the style you love, how much sparkle you want near your face, and how securely they need to stay put.',
    'Here is what to know about the four classic styles, how earring weights are written, and which backs to choose.',
  ],
  hero: {
    src: '/art/education/earrings.svg',
    alt: 'Four earring styles side by side: a round diamond stud, a halo stud, a diamond hoop and a pear-shaped drop.',
    width: 480,
    height: 200,
  },
  sections: [
    {
      id: 'studs',
      heading: 'Diamond studs',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A stud is a single diamond on a post that sits on the earlobe. Round diamonds give the most sparkle and the classic look; princess, cushion and oval studs are quietly distinctive. The setting shapes the style: four prongs show the most diamond, three-prong “martini” settings sit closer to the lobe, and a bezel rim of metal is the most secure and sleek.',
        },
        {
          kind: 'paragraph',
          text: 'Good studs are a matched pair: the two diamonds should be close in size, color and clarity. Earrings are seen from a distance, so near-colorless colors such as G to I and eye-clean clarity such as SI1 give excellent value.',
        },
      ],
    },
    {
      id: 'carat-total-weight',
      heading: 'Carat total weight (ct tw)',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Earrings are described by carat total weight: the combined weight of every diamond in the pair. A pair of 1 ct tw studs holds two diamonds of about 0.50 ct each, not two one-carat stones. Because price per carat rises with size, two 0.50 ct diamonds cost much less than one 1.00 ct diamond.',
        },
        {
          kind: 'table',
          caption: 'Round diamond studs by total weight',
          columns: ['Total weight', 'Each diamond', 'Approximate diameter'],
          rows: [
            ['0.50 ct tw', '0.25 ct', '4.1 mm'],
            ['1.00 ct tw', '0.50 ct', '5.1 mm'],
            ['1.50 ct tw', '0.75 ct', '5.8 mm'],
            ['2.00 ct tw', '1.00 ct', '6.4 mm'],
            ['3.00 ct tw', '1.50 ct', '7.4 mm'],
          ],
        },
        {
          kind: 'tip',
          title: 'Read the total',
          text: 'For halo studs, ct tw also counts the small diamonds in the halo, so compare the center stones’ weights when you compare prices.',
        },
      ],
    },
    {
      id: 'halo',
      heading: 'Halo studs',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A halo stud surrounds the center diamond with a ring of small pavé diamonds. The halo makes the earring look considerably larger than the center alone and adds a frame of sparkle, so it is a smart way to get presence for less. The extra metal also protects the center stone’s edge.',
        },
      ],
    },
    {
      id: 'hoops',
      heading: 'Hoops and huggies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Diamond hoops carry a row of diamonds along the front, or along the front and inside (“inside-out” hoops) so they sparkle from every angle. Huggies are small hoops, around 10–15 mm across, that hug the lobe closely; they are comfortable enough to sleep in and stack well with studs in a second piercing.',
        },
        {
          kind: 'paragraph',
          text: 'Most hoops close with a hinged snap or a latch that clicks into place. Larger hoops look dramatic but weigh more; hollow or lighter designs keep them comfortable all day.',
        },
      ],
    },
    {
      id: 'drops',
      heading: 'Drops and dangles',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Drop earrings hang below the lobe and move as you do, catching light from every direction. Pear and oval diamonds make graceful drops, and a diamond drop under a stud gives two looks in one. Keep the total length in proportion to your neck and hairstyle, and choose a secure back, since drops have more weight pulling on the post.',
        },
      ],
    },
    {
      id: 'backs',
      heading: 'Screw backs or push backs?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The back holds the earring on the post. Push backs are quick and familiar; screw backs take a moment longer but almost never come loose, which is why we recommend them for valuable studs.',
        },
        {
          kind: 'table',
          caption: 'Earring backs compared',
          columns: ['Back', 'How it works', 'Best for'],
          rows: [
            ['Push back (butterfly)', 'Slides onto a smooth post and is held by friction', 'Everyday, lighter studs; easy on and off'],
            ['Screw back', 'Twists onto a threaded post', 'Valuable or larger studs; the most secure'],
            ['Locking push back', 'Slides on and grips a grooved post until you squeeze it', 'A secure fit without threading'],
            ['Lever back', 'A hinged arm closes against the earring', 'Drops and dangles'],
          ],
        },
        {
          kind: 'paragraph',
          text: 'Friction backs loosen with wear, so check that they still grip firmly. Push a new back on if an old one slides too freely.',
        },
      ],
    },
    {
      id: 'care',
      heading: 'Choosing and caring for earrings',
      blocks: [
        {
          kind: 'list',
          items: [
            'For everyday wear, choose studs or huggies that do not catch on clothing; save long drops for occasions.',
            'Round and oval faces suit drops that add length; longer faces suit studs and round hoops.',
            'Clean diamonds with warm water, a drop of mild dish soap and a soft toothbrush, behind the stone too, where lotion and oil build up.',
            'Take earrings off before swimming, exercising or sleeping in larger styles, and store each pair separately so diamonds do not scratch other jewelry.',
          ],
        },
      ],
    },
  ],
  cta: {
    heading: 'Find your earrings',
    text: 'Diamond studs, halo studs, hoops and drops in platinum and gold, with lab-grown and natural diamonds.',
    link: { label: 'Shop fine jewelry', to: '/fine-jewelry' },
  },
};
