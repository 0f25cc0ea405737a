import type { Guide } from './types';

export const gemstonesTypesGuide: Guide = {
  slug: 'gemstones-types-guide',
  topic: 'gemstone',
  title: 'Gemstone Guide: Sapphire, Ruby, Emerald and More',
  shortTitle: 'Gemstone Types',
  description:
    'Sapphire, ruby, emerald, morganite, aquamarine and moissanite compared: Mohs hardness, everyday durability, treatments and how to care for each gem.',
  intro: [
    'Colored gemstones bring personality to an engagement ring or a piece of fine jewelry, and many carry centuries of meaning. They also differ far more than diamonds do in how well they stand up to daily wear.',
    'This guide compares the most popular gems for rings, explains what the Mohs hardness scale tells you, and shows how to keep each one looking its best.',
  ],
  hero: {
    src: '/art/education/gemstones.svg',
    alt: 'Six gemstones drawn as cut stones: a blue sapphire, a red ruby, a green emerald, a peach morganite, a pale blue aquamarine and a colorless moissanite.',
    width: 480,
    height: 200,
  },
  sections: [
    {
      id: 'hardness',
      heading: 'Hardness and durability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The Mohs scale ranks minerals from 1 (talc) to 10 (diamond) by which one can scratch another. It is a ranking, not a measurement: diamond at 10 is several times harder than corundum (sapphire and ruby) at 9. Household dust contains quartz at 7, so gems below 7 slowly lose their polish; for a ring worn every day, 8 or higher is a good rule.',
        },
        {
          kind: 'paragraph',
          text: 'Hardness is only part of durability. Toughness, a stone’s resistance to chipping and breaking, matters too: emerald is hard enough to resist scratches but has natural fractures that make it brittle.',
        },
        {
          kind: 'table',
          caption: 'Ring gemstones compared',
          columns: ['Gem', 'Mineral', 'Mohs hardness', 'Everyday ring?'],
          rows: [
            ['Diamond', 'Carbon', '10', 'Excellent'],
            ['Moissanite', 'Silicon carbide', '9.25', 'Excellent'],
            ['Sapphire', 'Corundum', '9', 'Excellent'],
            ['Ruby', 'Corundum', '9', 'Excellent'],
            ['Aquamarine', 'Beryl', '7.5–8', 'Good, with some care'],
            ['Morganite', 'Beryl', '7.5–8', 'Good, with some care'],
            ['Emerald', 'Beryl', '7.5–8', 'With care; choose a protective setting'],
          ],
        },
      ],
    },
    {
      id: 'sapphire',
      heading: 'Sapphire',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Sapphire is corundum in every color except red, and at 9 on the Mohs scale it is the hardest gem after diamond. Royal and cornflower blue are the classics, and the traditional “something blue”; pink, yellow, teal, white and the rare pinkish-orange padparadscha are just as durable. Most sapphires are heated to improve color and clarity, a stable, accepted treatment that should be disclosed. Sapphire is the birthstone for September.',
        },
      ],
    },
    {
      id: 'ruby',
      heading: 'Ruby',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Ruby is red corundum, colored by chromium, and shares sapphire’s hardness of 9. The most prized rubies are a pure, vivid red, sometimes called “pigeon’s blood” in the trade. Heat treatment is common and permanent; ask about lead-glass-filled rubies, which are much less durable and should be priced accordingly. Ruby is the birthstone for July.',
        },
      ],
    },
    {
      id: 'emerald',
      heading: 'Emerald',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Emerald is green beryl, colored by chromium and vanadium. Almost every emerald has visible inclusions, called its jardin (garden), and most are filled with oil or resin to improve clarity. With a hardness of 7.5–8 but low toughness, emerald is best in a bezel or a setting with protected corners; the step-cut “emerald cut” was developed partly to protect the gem’s edges. Emerald is the birthstone for May.',
        },
      ],
    },
    {
      id: 'morganite',
      heading: 'Morganite',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Morganite is pink-to-peach beryl, colored by manganese, and usually very clean and bright. Its soft blush color is beautiful in rose gold and with a diamond halo. At 7.5–8 it resists scratching well but not as well as sapphire, so an everyday morganite ring may need an occasional professional polish to keep its luster.',
        },
      ],
    },
    {
      id: 'aquamarine',
      heading: 'Aquamarine',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Aquamarine is blue-to-greenish-blue beryl, named for sea water. It typically forms large, clean crystals, so even big stones can be eye-clean. Most aquamarine is gently heated to turn green tones bluer. With the same hardness as morganite, it is a good ring stone with sensible care. Aquamarine is the birthstone for March.',
        },
      ],
    },
    {
      id: 'moissanite',
      heading: 'Moissanite',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Moissanite is silicon carbide. It was first found in a meteor crater, but the moissanite used in jewelry is lab-created. At 9.25 it is extremely durable. It is not a diamond: it has more fire (dispersion of about 0.104 against diamond’s 0.044), so it flashes more rainbow color, and it is doubly refractive, which can make facet edges look slightly doubled. It costs a fraction of a diamond of the same size.',
        },
        {
          kind: 'tip',
          title: 'Lab-grown diamond or moissanite?',
          text: 'A lab-grown diamond is a real diamond with a diamond’s hardness and optical properties. Moissanite is a different mineral that looks similar. Both are excellent value; they simply sparkle differently.',
        },
      ],
    },
    {
      id: 'care',
      heading: 'Caring for gemstones',
      blocks: [
        {
          kind: 'list',
          items: [
            'Clean every gem with warm water, a little mild dish soap and a soft brush, then rinse and pat dry.',
            'Ultrasonic cleaners are usually safe for untreated diamond, sapphire, ruby and moissanite, but never for emerald or fracture-filled stones; avoid steam and heat for emerald.',
            'Store gems apart: a harder stone will scratch a softer one, and diamonds scratch everything.',
            'Take rings off for heavy work, the gym and the pool, and have prongs checked once a year.',
          ],
        },
      ],
    },
  ],
  cta: {
    heading: 'Find a ring with color',
    text: 'Sapphire, ruby, emerald and other gemstone rings, from solitaires to halos and three-stone designs.',
    link: { label: 'Shop gemstone rings', to: '/gemstone-rings' },
  },
};
