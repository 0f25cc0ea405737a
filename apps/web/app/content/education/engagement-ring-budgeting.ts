import { formatPrice } from '@everstone/contract/core';
import { FINANCING, FINANCING_TEXT } from './facts';
import type { Guide } from './types';

export const engagementRingBudgeting: Guide = {
  slug: 'engagement-ring-budgeting',
  topic: 'engagement',
  title: 'How Much to Spend on an Engagement Ring',
  shortTitle: 'Budgeting',
  description: `Why the three months’ salary rule is a myth, where to spend across the 4Cs, lab-grown value, and financing from ${formatPrice(FINANCING.fromMonthly)}/mo at ${FINANCING.apr}% APR.`,
  intro: [
    'The right budget for an engagement ring is the one you are comfortable with. A ring should be a joy to give and to wear, not a debt that lingers into married life.',
    'Once you know your number, a few informed choices about the diamond and the setting make it go much further. Here is how to plan.',
  ],
  hero: {
    src: '/art/education/budget.svg',
    alt: 'A chart of where to spend first: cut, then color, then clarity, then carat weight.',
    width: 480,
    height: 200,
  },
  sections: [
    {
      id: 'myth',
      heading: 'The “three months’ salary” myth',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The idea that a ring should cost a set number of months’ pay did not come from tradition. It came from diamond advertising: a 1930s De Beers campaign suggested one month’s salary, and a 1980s campaign raised it to two. “Three months” grew from there. None of it is a rule.',
        },
        {
          kind: 'paragraph',
          text: 'Start instead from your savings, your other goals and what feels right to you both. Many couples talk about the budget together, and plenty of beautiful rings cost far less than any salary rule.',
        },
      ],
    },
    {
      id: 'set-budget',
      heading: 'Setting your number',
      blocks: [
        {
          kind: 'list',
          ordered: true,
          items: [
            { term: 'Look at what you have', text: 'start from savings you can spend without touching your emergency fund, plus what you can comfortably set aside each month.' },
            { term: 'Decide how you will pay', text: 'in full, or spread over time with financing. A monthly payment that fits easily matters more than the headline price.' },
            { term: 'Set a range, not a single figure', text: 'a range of about 10% either way leaves room for the diamond that catches your eye.' },
            { term: 'Choose your priorities', text: 'size, sparkle, a natural or lab-grown diamond, a particular shape or a detailed setting. Knowing what matters most tells you where to save.' },
            { term: 'Compare like with like', text: 'compare certified diamonds with the same grades from the same laboratory, so price differences mean something.' },
          ],
        },
      ],
    },
    {
      id: 'plan',
      heading: 'Plan the whole cost',
      blocks: [
        {
          kind: 'list',
          items: [
            { term: 'Center stone', text: 'usually the largest share of the budget.' },
            { term: 'Setting', text: 'a simple solitaire costs less than a pavé, halo or three-stone setting, and platinum costs more than gold.' },
            { term: 'Wedding bands', text: 'you will likely buy two within a year.' },
            { term: 'Insurance', text: 'a jewelry policy or rider typically costs a small percentage of the ring’s value each year.' },
          ],
        },
      ],
    },
    {
      id: 'four-cs',
      heading: 'Where to spend across the 4Cs',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The 4Cs do not contribute equally to beauty. Spend first where your eye will notice, and save where only a grading report will.',
        },
        {
          kind: 'table',
          caption: 'Where to spend and where to save',
          columns: ['The C', 'Spend here', 'Save here'],
          rows: [
            ['Cut', 'Excellent or Ideal: it drives sparkle', 'Never compromise on cut'],
            ['Color', 'G–H in platinum or white gold', 'I–K looks white in yellow or rose gold'],
            ['Clarity', 'Eye-clean is enough', 'VS2 or SI1 instead of VVS or flawless'],
            ['Carat', 'The size you love', 'Just below 0.50, 1.00, 1.50 and 2.00 ct'],
          ],
        },
      ],
    },
    {
      id: 'stretch',
      heading: 'Choices that stretch a budget',
      blocks: [
        {
          kind: 'list',
          items: [
            'Oval, pear and marquise diamonds look larger per carat than rounds and usually cost less per carat.',
            'A halo makes the center stone look larger and adds sparkle for a modest cost.',
            '14k gold costs less than platinum and wears very well.',
            'A slim band makes the center stone look larger by comparison.',
          ],
        },
      ],
    },
    {
      id: 'lab-grown',
      heading: 'The value of lab-grown diamonds',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A lab-grown diamond is chemically and optically identical to a natural diamond and typically costs a fraction of the price for the same grades. That difference can buy a larger diamond, a higher color or clarity, a platinum setting, or simply a smaller bill. Lab-grown diamonds have little resale value, so choose one for its beauty, not as an investment.',
        },
        { kind: 'link', text: 'Not sure which to choose?', link: { label: 'Natural and lab-grown diamonds compared', to: '/pages/engagement-ring-diamond-types' } },
      ],
    },
    {
      id: 'financing',
      heading: 'Financing',
      blocks: [
        { kind: 'paragraph', text: `${FINANCING_TEXT} Spreading the cost lets you choose the ring you want today while keeping your savings intact.` },
        {
          kind: 'tip',
          title: 'Borrow wisely',
          text: `Read the terms before you apply, and plan payments so the balance is paid off within the ${FINANCING.interestFreeMonths}-month promotional period.`,
        },
      ],
    },
    {
      id: 'value',
      heading: 'Value that lasts',
      blocks: [
        {
          kind: 'list',
          items: [
            'Free insured shipping and 30-day returns.',
            'Free resizing and a lifetime warranty.',
            'Lifetime Diamond Upgrade: 100% of the price you paid as credit toward a new certified diamond priced at least twice the original.',
          ],
        },
      ],
    },
  ],
  cta: {
    heading: 'Find a diamond in your budget',
    text: 'Set your price range in our diamond search and compare certified lab-grown and natural diamonds side by side.',
    link: { label: 'Search diamonds', to: '/diamond' },
  },
};
