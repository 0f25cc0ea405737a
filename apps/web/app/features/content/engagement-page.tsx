import { useState } from 'react';
import { Link } from 'react-router';
import { ActionRow } from './actions';
import { ContentTabs } from './content-tabs';
import { Faq, type FaqEntry } from '../../components/ui/faq';
import { PageHero, type Figure } from './page-hero';
import { MediaText, Section, StepList } from './section';
import { FINANCING_TEXT, RETURNS_TEXT, UPGRADE_TEXT, WARRANTY_TEXT } from '../../content/store-policies';

const art = (file: string, alt: string, width = 400, height = 300): Figure => ({ src: `/art/pages/${file}`, alt, width, height });

/* ------------------------------------------------------------------------------------------------
 * Ring collections (§2): one description and one image per style
 * --------------------------------------------------------------------------------------------- */

const COLLECTIONS: ReadonlyArray<{ id: string; name: string; description: string; image: Figure }> = [
  {
    id: 'solitaire',
    name: 'Solitaire',
    description:
      'A single diamond on a simple band: the most timeless engagement ring of all. With nothing to compete with it, the center stone’s shape, cut and sparkle take all the attention, and its clean lines sit beautifully beside any wedding band.',
    image: art('ring-solitaire.svg', 'Solitaire engagement ring: one round diamond held by four prongs on a plain platinum band.'),
  },
  {
    id: 'halo',
    name: 'Halo',
    description:
      'A circle of small pavé diamonds frames the center stone, adding brilliance and making it look larger than its carat weight. A halo can follow the outline of a round, oval, cushion or pear diamond.',
    image: art('ring-halo.svg', 'Halo engagement ring: a round diamond framed by a circle of small diamonds, in white gold.'),
  },
  {
    id: 'vintage',
    name: 'Vintage',
    description:
      'Inspired by Victorian, Edwardian and Art Deco jewelry, vintage rings are rich in detail: milgrain beading, filigree openwork and hand-engraved scrolls, for a romantic ring full of character.',
    image: art('ring-vintage.svg', 'Vintage engagement ring in yellow gold, with milgrain beading and scrollwork around the center diamond.'),
  },
  {
    id: 'side-stone',
    name: 'Side Stone',
    description:
      'Diamonds set along the shoulders of the band, from tapered baguettes to rows of brilliant rounds, add width and sparkle on either side of the center stone.',
    image: art('ring-side-stone.svg', 'Side stone engagement ring: baguette diamonds along both shoulders of a platinum band.'),
  },
  {
    id: 'three-stone',
    name: 'Three Stone',
    description:
      'A center diamond between two smaller stones, often said to stand for your past, present and future. The side stones can match the center or contrast with it, in shape or in color.',
    image: art('ring-three-stone.svg', 'Three stone engagement ring in rose gold: a center diamond between two smaller diamonds.'),
  },
  {
    id: 'pave',
    name: 'Pavé',
    description:
      'Tiny diamonds set closely along the band and held by small beads of metal, for a continuous line of sparkle that leads the eye to the center stone.',
    image: art('ring-pave.svg', 'Pavé engagement ring: small diamonds set along the white gold band below the center stone.'),
  },
  {
    id: 'hidden-halo',
    name: 'Hidden Halo',
    description:
      'A ring of small diamonds tucked beneath the center stone and seen from the side: a secret detail that adds sparkle from every angle while the ring keeps a clean solitaire look from above.',
    image: art('ring-hidden-halo.svg', 'Hidden halo engagement ring in rose gold: small diamonds set under the center stone.'),
  },
];

function RingCollections() {
  return (
    <Section
      id="collections-title"
      eyebrow="Ring collections"
      title="Find Your Style"
      lead="Seven classic engagement ring styles, each available with a lab-grown or natural diamond."
      tone="mist"
      center
    >
      <ContentTabs
        label="Engagement ring styles"
        items={COLLECTIONS.map((style) => ({
          id: style.id,
          label: style.name,
          content: (
            <div className="pg-style">
              <img
                className="pg-style-image"
                src={style.image.src}
                alt={style.image.alt}
                width={style.image.width}
                height={style.image.height}
                loading="lazy"
              />
              <div className="pg-style-body">
                <h3 className="pg-style-title">{style.name} engagement rings</h3>
                <p>{style.description}</p>
                <ActionRow
                  actions={[
                    { label: `Shop ${style.name.toLowerCase()} settings`, to: `/engagement-rings?style=${style.id}` },
                    { label: `${style.name} preset rings`, to: `/preset-rings?style=${style.id}`, style: 'ghost' },
                    { label: `About ${style.name.toLowerCase()} rings`, to: `/engagement-ring-style#${style.id}`, style: 'link' },
                  ]}
                />
              </div>
            </div>
          ),
        }))}
      />
    </Section>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Diamond education: natural or lab-grown (§2, §4: the toggle only switches content)
 * --------------------------------------------------------------------------------------------- */

type DiamondOrigin = 'natural' | 'lab';

const DIAMOND_ORIGINS: Record<DiamondOrigin, { button: string; title: string; image: Figure; text: string; points: string[]; shop: string }> = {
  natural: {
    button: 'Natural diamonds',
    title: 'Natural diamonds',
    image: art('diamond-natural.svg', 'A rough natural diamond crystal in rock beside the polished diamond cut from it.'),
    text: 'Natural diamonds formed deep within the earth, where carbon was crystallized by intense heat and pressure over one to three billion years, then carried toward the surface by ancient volcanic eruptions. Each one is mined, then cut and polished.',
    points: [
      'Rare by nature, with a history billions of years long.',
      'Graded for cut, color, clarity and carat by GIA or IGI.',
      'Sourced conflict-free.',
      'Priced higher than a lab-grown diamond of the same size and quality, reflecting their rarity.',
    ],
    shop: 'Shop natural diamonds',
  },
  lab: {
    button: 'Lab-grown diamonds',
    title: 'Lab-grown diamonds',
    image: art('diamond-lab.svg', 'A lab-grown diamond forming on a seed plate inside a growth chamber, beside the finished diamond.'),
    text: 'Lab-grown diamonds are real diamonds: the same crystal of carbon, with the same chemical, physical and optical properties as a mined diamond. They grow in weeks rather than billions of years, from a thin diamond seed, using high pressure and high temperature (HPHT) or chemical vapor deposition (CVD).',
    points: [
      'Look the same as natural diamonds: only specialized equipment can tell them apart.',
      'Graded on the same 4Cs by IGI or GIA; the report states that the diamond is laboratory-grown.',
      'Usually cost far less than a natural diamond of the same size and quality, so your budget goes further.',
      'Created without mining.',
    ],
    shop: 'Shop lab-grown diamonds',
  },
};

function DiamondEducation() {
  const [type, setType] = useState<DiamondOrigin>('natural');
  return (
    <Section
      id="education-title"
      eyebrow="Diamond education"
      title="Natural or Lab-Grown?"
      lead="Both are real diamonds, graded on the same 4Cs. Here is how they differ."
      tone="mist"
      center
    >
      <div className="pg-toggle" role="group" aria-label="Diamond type">
        {(Object.keys(DIAMOND_ORIGINS) as DiamondOrigin[]).map((key) => (
          <button
            key={key}
            type="button"
            className="pg-toggle-button"
            aria-pressed={type === key}
            aria-controls={`diamond-type-${key}`}
            onClick={() => setType(key)}
          >
            {DIAMOND_ORIGINS[key].button}
          </button>
        ))}
      </div>
      {(Object.keys(DIAMOND_ORIGINS) as DiamondOrigin[]).map((key) => {
        const item = DIAMOND_ORIGINS[key];
        return (
          <div key={key} id={`diamond-type-${key}`} className="pg-toggle-panel" hidden={type !== key}>
            <MediaText image={item.image}>
              <h3 className="pg-style-title">{item.title}</h3>
              <p>{item.text}</p>
              <ul className="pg-checklist">
                {item.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <ActionRow
                actions={[
                  { label: item.shop, to: '/diamond' },
                  { label: 'Compare diamond types', to: '/pages/engagement-ring-diamond-types', style: 'link' },
                ]}
              />
            </MediaText>
          </div>
        );
      })}
    </Section>
  );
}

/* ------------------------------------------------------------------------------------------------
 * FAQ (§2: five questions)
 * --------------------------------------------------------------------------------------------- */

const FAQ: readonly FaqEntry[] = [
  {
    id: 'ring-size',
    question: 'How do I find the right ring size?',
    answer:
      'Our ring sizing guide shows how to measure a finger at home or size a ring she already wears. If the ring does not fit when it arrives, resizing is free.',
    more: (
      <p>
        <Link to="/pages/engagement-ring-sizing">Read the ring sizing guide</Link>
      </p>
    ),
  },
  {
    id: 'certified',
    question: 'Are your diamonds certified and conflict-free?',
    answer:
      'Yes. Every diamond we sell comes with a grading report from GIA or IGI that records its cut, color, clarity and carat weight, and every diamond is conflict-free.',
    more: (
      <p>
        <Link to="/pages/diamonds-4cs">Learn about the 4Cs</Link>
      </p>
    ),
  },
  {
    id: 'try-on',
    question: 'Can I try a ring on before I buy?',
    answer:
      'Yes. With Home Preview you can try up to two 3D-printed replica rings at home, with free shipping both ways. You can also book a virtual appointment or visit our New York showroom.',
    more: (
      <p>
        <Link to="/home-preview">How Home Preview works</Link>
      </p>
    ),
  },
  {
    id: 'returns',
    question: 'What if I change my mind?',
    answer: `${RETURNS_TEXT} ${WARRANTY_TEXT} ${UPGRADE_TEXT}`,
    more: (
      <p>
        <Link to="/terms#returns">Read our return policy</Link>
      </p>
    ),
  },
  {
    id: 'financing',
    question: 'Do you offer financing?',
    answer: `Yes. ${FINANCING_TEXT} Financing is subject to approval by our financing partner.`,
  },
];

/* ------------------------------------------------------------------------------------------------
 * The page
 * --------------------------------------------------------------------------------------------- */

export function EngagementPage() {
  return (
    <div className="pg-page">
      <PageHero
        eyebrow="Engagement rings"
        title="Engagement Rings"
        lead="Certified, conflict-free lab-grown and natural diamonds in rings crafted for you. Build your own in three steps, choose from over 300 preset styles, or design something entirely new."
        image={art('hero-engagement.svg', 'A platinum solitaire engagement ring beside a rose gold halo ring.', 800, 500)}
      >
        <ActionRow
          actions={[
            { label: 'Build your ring', to: '/diamond' },
            { label: 'Shop preset rings', to: '/preset-rings', style: 'ghost' },
          ]}
        />
      </PageHero>

      <Section id="ways-title" title="2 Easy Ways to Shop" center>
        <ul className="pg-cards pg-cards--two">
          <li className="pg-card">
            <img src="/art/pages/way-build.svg" alt="" width={400} height={300} loading="lazy" />
            <div className="pg-card-body">
              <h3 className="pg-card-title">Build Your Own Ring</h3>
              <p>
                Choose a diamond, choose a setting, complete your ring. Pick a certified lab-grown, natural or color
                diamond and see every detail of your stone before it is set, or start with the setting you love and see
                only the diamonds it can hold.
              </p>
              <ActionRow
                actions={[
                  { label: 'Start with a diamond', to: '/diamond' },
                  { label: 'Start with a setting', to: '/engagement-rings', style: 'ghost' },
                ]}
              />
            </div>
          </li>
          <li className="pg-card">
            <img src="/art/pages/way-preset.svg" alt="" width={400} height={300} loading="lazy" />
            <div className="pg-card-body">
              <h3 className="pg-card-title">Preset Lab Grown Rings</h3>
              <p>
                Over 300 styles of lab-grown diamond engagement rings, designed with the center stone already matched
                and set: the easiest way to find a ring you love.
              </p>
              <ActionRow actions={[{ label: 'Shop preset rings', to: '/preset-rings' }]} />
            </div>
          </li>
        </ul>
      </Section>

      <section className="pg-section pg-section--mist" aria-labelledby="custom-title">
        <div className="pg-inner">
          <MediaText image={art('hero-custom.svg', 'A pencil sketch of a custom engagement ring beside the finished ring.', 800, 500)}>
            <p className="pg-eyebrow">Custom design</p>
            <h2 id="custom-title" className="pg-section-title">
              Make It Entirely Yours
            </h2>
            <p>
              Have a design in mind? Bring us a sketch, a photo or simply an idea. Our jewelers and gemologists help you
              choose the diamond and the metal, refine every detail, and show you your design before anything is made.
            </p>
            <p>We reply to every custom design request within a day.</p>
            <ActionRow
              actions={[
                { label: 'Start a custom ring', to: '/custom-rings' },
                { label: 'Talk to a jeweler', to: '/contact', style: 'ghost' },
              ]}
            />
          </MediaText>
        </div>
      </section>

      <Section id="process-title" eyebrow="Our design process" title="From First Idea to Forever" center>
        <StepList
          steps={[
            {
              title: 'Consultation',
              text: 'Tell us about your style, your budget and the diamond you have in mind, by video, by phone or in our New York showroom.',
            },
            {
              title: 'Diamond and setting',
              text: 'Choose a certified lab-grown or natural diamond and the setting that suits it, with a gemologist’s advice whenever you want it.',
            },
            {
              title: 'Your approval',
              text: 'For a custom ring we share detailed drawings of your design. Nothing is made until you approve it.',
            },
            {
              title: 'Crafted and delivered',
              text: 'Our jewelers craft and set your ring, inspect it, and ship it to you free and fully insured.',
            },
          ]}
        />
      </Section>

      <RingCollections />

      <section className="pg-section pg-section--plain" aria-labelledby="preview-title">
        <div className="pg-inner pg-promo">
          {/* The poster is a shortcut for pointer users; the button below is the same link for everyone. */}
          <Link to="/home-preview" className="pg-promo-poster" tabIndex={-1} aria-hidden="true">
            <img src="/art/pages/poster-home-preview.svg" alt="" width={800} height={500} loading="lazy" />
          </Link>
          <div className="pg-promo-body">
            <p className="pg-eyebrow">Try before you buy</p>
            <h2 id="preview-title" className="pg-section-title">
              Home Preview
            </h2>
            <p>
              Not sure which style is right? Try on up to two 3D-printed replica rings at home, with free shipping both
              ways and a complimentary consultation with one of our gemologists.
            </p>
            <ActionRow actions={[{ label: 'How Home Preview works', to: '/home-preview' }]} />
          </div>
        </div>
      </section>

      <DiamondEducation />

      <Section id="faq-title" title="Engagement Ring FAQs" center>
        <Faq items={FAQ} defaultOpen={FAQ[0]!.id} />
      </Section>
    </div>
  );
}
