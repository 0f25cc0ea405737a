import type { Guide } from './types';

export const engagementRingSettings: Guide = {
  slug: 'engagement-ring-settings',
  topic: 'engagement',
  title: 'Engagement Ring Settings Guide',
  shortTitle: 'Ring Settings',
  description:
    'Prong, bezel, channel, pavé, tension, cathedral and halo settings compared for security, sparkle, snagging and upkeep, so you can choose with confidence.',
  intro: [
    'The setting is the metal framework that holds your diamond. It decides how much light reaches the stone, how well the stone is protected, how high it sits on your finger, and how the ring feels day to day.',
    'A setting has two parts: the head, which grips the center stone, and the band, also called the shank. Below are the settings you will see most often, with the trade-offs of each.',
  ],
  hero: {
    src: '/art/education/settings.svg',
    alt: 'Top views of four settings: a diamond held by four prongs, a diamond in a bezel rim, small diamonds in a channel and tiny pavé diamonds held by beads.',
    width: 480,
    height: 200,
  },
  sections: [
    {
      id: 'prong',
      heading: 'Prong setting',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Slim metal claws (prongs) grip the diamond and lift it up to the light. It is the classic solitaire setting because it shows the most of the stone and lets light in from the sides. Four prongs show a little more diamond and give a squarer outline; six prongs hold more securely and keep a round diamond looking round.',
        },
        {
          kind: 'paragraph',
          text: 'Prong tips can be rounded, pointed (claw), flat (tab) or V-shaped; V-prongs protect the fragile points of pear, marquise, princess and heart shapes. Prongs wear over the years, so have them checked once a year and re-tipped when thin.',
        },
      ],
    },
    {
      id: 'bezel',
      heading: 'Bezel setting',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A thin rim of metal wraps all the way around the diamond (a full bezel) or around its sides only (a half bezel). It is the most secure setting there is: nothing snags on knits or hair, and the girdle is shielded from knocks. It suits nurses, doctors, athletes and anyone who works with their hands. The trade-off is a little less light from the sides and a more modern, minimal look.',
        },
      ],
    },
    {
      id: 'channel',
      heading: 'Channel setting',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Small diamonds sit in a track between two walls of metal, edge to edge, with no prongs between them. Channel setting is smooth to the touch and protects the stones’ edges, which makes it popular for side stones and wedding bands with round, princess or baguette diamonds.',
        },
      ],
    },
    {
      id: 'pave',
      heading: 'Pavé and micro-pavé',
      blocks: [
        {
          kind: 'paragraph',
          text: 'In a pavé (French for “paved”) setting, rows of tiny diamonds are held by little beads of metal so the surface looks paved in sparkle. Micro-pavé uses even smaller stones. Pavé adds a great deal of brilliance for its cost. The tiny stones can work loose after hard knocks, so a yearly check is wise, and a band paved more than halfway around is hard to resize.',
        },
      ],
    },
    {
      id: 'tension',
      heading: 'Tension setting',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The diamond appears to float, held between the two ends of the band by the pressure of the metal. True tension settings are precision-engineered and are usually made for hard stones such as diamond and sapphire; they generally cannot be resized. Tension-style rings give the same look with a hidden bezel or prongs, and can be sized more easily.',
        },
      ],
    },
    {
      id: 'cathedral',
      heading: 'Cathedral setting',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Graceful arches of metal rise from the band to the head, like the arches of a cathedral. The arches lift and frame the center stone, add height and make the diamond look more prominent. A higher setting catches more light but also more knocks, and it may need a straight or curved band chosen to sit well beside it.',
        },
        { kind: 'figure', figure: { src: '/art/education/settings-profile.svg', alt: 'Side views of a cathedral setting, with arches rising from the band to a raised diamond, and a tension setting, with the diamond held between the open ends of the band.', width: 480, height: 200 } },
      ],
    },
    {
      id: 'halo',
      heading: 'Halo and hidden halo',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A halo is a ring of small pavé diamonds around the center stone. It makes the center look noticeably larger, adds sparkle and protects the center’s edge. A hidden halo sits under the center stone, seen only from the side: a surprise of sparkle that keeps the top view clean.',
        },
      ],
    },
    {
      id: 'profile',
      heading: 'Low or high profile',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Any of these settings can hold the center stone high or low. A high setting lets more light into the diamond and gives it presence, but it catches more easily on clothing and takes more knocks. A low setting sits close to the finger, feels secure and slips under gloves, with a little less light from the sides.',
        },
        {
          kind: 'paragraph',
          text: 'The height also decides how a wedding band sits beside the ring. If the head is low or wide, a straight band may leave a gap, and a curved band or a setting with a raised basket lets the two rings sit flush.',
        },
      ],
    },
    {
      id: 'compare',
      heading: 'Settings compared',
      blocks: [
        {
          kind: 'table',
          caption: 'How the main settings compare',
          columns: ['Setting', 'Security', 'Light and sparkle', 'Snagging', 'Upkeep'],
          rows: [
            ['Prong', 'Good (better with six)', 'Highest', 'Can catch', 'Check prongs yearly'],
            ['Bezel', 'Highest', 'Good', 'None', 'Very low'],
            ['Channel', 'High', 'Good', 'None', 'Low'],
            ['Pavé', 'Moderate', 'Very high', 'Low', 'Check stones yearly'],
            ['Tension', 'High when well made', 'High', 'Low', 'Not easily resized'],
            ['Cathedral', 'Good', 'High', 'Higher profile can knock', 'Check prongs yearly'],
            ['Halo', 'High for the center', 'Very high', 'Low to moderate', 'Check pavé yearly'],
          ],
        },
        {
          kind: 'tip',
          title: 'Think about your day',
          text: 'If you work with your hands, a bezel or a low-set prong setting is easier to live with. If maximum sparkle matters most, a prong setting or a halo is hard to beat.',
        },
      ],
    },
  ],
  cta: {
    heading: 'Choose your setting',
    text: 'Browse solitaire, halo, pavé, hidden halo and three-stone settings, then pair one with the diamond you choose.',
    link: { label: 'Shop engagement ring settings', to: '/engagement' },
  },
};
