import { Link } from 'react-router';
import { ActionRow } from './actions';
import { ContentTabs } from './content-tabs';
import { Faq, type FaqEntry } from '../../components/ui/faq';
import { PageHero, type Figure } from './page-hero';
import { MediaText, Section, StepList } from './section';
import { RETURNS_TEXT, WARRANTY_TEXT } from '../../content/store-policies';

type Wearer = 'her' | 'him';
/** The catalog's style of each tab: its tiles and its "Shop all" lead to that listing. */
const TAB_STYLE: Record<string, string> = { metal: 'plain', diamond: 'diamond-band', anniversary: 'anniversary', eternity: 'eternity' };

const FOR: Record<Wearer, { to: string; label: string }> = {
  her: { to: '/bands-for-her', label: 'Bands for her' },
  him: { to: '/bands-for-him', label: 'Bands for him' },
};

interface BandStyle {
  name: string;
  file: string;
  alt: string;
  for: Wearer;
}

/** The four collections of §2, each with a description and its style tiles. */
const COLLECTIONS: ReadonlyArray<{ id: string; label: string; title: string; description: string; styles: BandStyle[] }> = [
  {
    id: 'metal',
    label: 'METAL BRANDS',
    title: 'Metal bands',
    description:
      'Plain metal bands are the classic wedding ring: polished or brushed, domed or flat, slim or bold, in yellow, white or rose gold or in platinum. A comfort-fit interior slides on easily and feels smooth all day.',
    styles: [
      { name: 'Classic Dome Band', file: 'band-classic-yellow', alt: 'Classic polished wedding band in yellow gold', for: 'her' },
      { name: 'Comfort Fit Band', file: 'band-comfort-platinum', alt: 'Wide comfort-fit wedding band in platinum', for: 'him' },
      { name: 'Brushed Flat Band', file: 'band-brushed-white', alt: 'Brushed-finish flat wedding band in white gold', for: 'him' },
      { name: 'Petite Band', file: 'band-petite-rose', alt: 'Petite polished wedding band in rose gold', for: 'her' },
    ],
  },
  {
    id: 'diamond',
    label: 'DIAMOND BRANDS',
    title: 'Diamond bands',
    description:
      'Diamond bands add sparkle to every day. Choose pavé for a fine line of light, channel-set stones that sit flush and smooth, or baguettes for a crisp, modern look.',
    styles: [
      { name: 'Pavé Diamond Band', file: 'band-pave-white', alt: 'Pavé diamond wedding band in white gold', for: 'her' },
      { name: 'Channel Set Band', file: 'band-channel-platinum', alt: 'Channel-set diamond band in platinum', for: 'him' },
      { name: 'Baguette Band', file: 'band-baguette-yellow', alt: 'Baguette diamond band in yellow gold', for: 'her' },
      { name: 'Inset Diamond Band', file: 'band-inlay-platinum', alt: 'Men’s platinum band with a row of inset diamonds', for: 'him' },
    ],
  },
  {
    id: 'anniversary',
    label: 'ANNIVERSARY RINGS',
    title: 'Anniversary rings',
    description:
      'An anniversary ring celebrates the years together. Diamonds run across the top of the band, so it stacks beautifully with an engagement ring and wedding band, and can be resized later.',
    styles: [
      { name: 'Five Stone Ring', file: 'band-five-stone-yellow', alt: 'Five-stone anniversary ring in yellow gold', for: 'her' },
      { name: 'Marquise Ring', file: 'band-marquise-rose', alt: 'Marquise diamond anniversary ring in rose gold', for: 'her' },
      { name: 'Half Pavé Band', file: 'band-half-pave-platinum', alt: 'Half-pavé anniversary band in platinum', for: 'her' },
    ],
  },
  {
    id: 'eternity',
    label: 'ETERNITY RINGS',
    title: 'Eternity rings',
    description:
      'An eternity ring is set with diamonds all the way around, an unbroken circle for never-ending love. Round, oval and emerald cuts each give the band a different rhythm of light.',
    styles: [
      { name: 'Round Eternity Ring', file: 'band-eternity-white', alt: 'Round diamond eternity ring in white gold', for: 'her' },
      { name: 'Emerald Cut Eternity', file: 'band-eternity-emerald', alt: 'Emerald-cut diamond eternity ring in platinum', for: 'her' },
      { name: 'Oval Eternity Ring', file: 'band-eternity-oval', alt: 'Oval diamond eternity ring in yellow gold', for: 'her' },
      { name: 'Rose Gold Eternity', file: 'band-eternity-rose', alt: 'Round diamond eternity ring in rose gold', for: 'her' },
    ],
  },
];

function Collections() {
  return (
    <Section
      id="collections-title"
      eyebrow="Collections"
      title="Find Your Band"
      lead="From timeless metal bands to rings set with diamonds all the way around."
      center
    >
      <ContentTabs
        label="Wedding band collections"
        items={COLLECTIONS.map((collection) => ({
          id: collection.id,
          label: collection.label,
          content: (
            <>
              <h3 className="visually-hidden">{collection.title}</h3>
              <p className="pg-tab-lead">{collection.description}</p>
              <ul className="pg-tiles">
                {collection.styles.map((style) => (
                  <li key={style.file}>
                    <Link className="pg-tile-link" to={`${FOR[style.for].to}?style=${TAB_STYLE[collection.id]}`}>
                      <img src={`/art/pages/${style.file}.svg`} alt={style.alt} width={400} height={300} loading="lazy" />
                      <span className="pg-tile-name">{style.name}</span>
                      <span className="pg-tile-for">{FOR[style.for].label}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <ActionRow
                className="pg-actions--center"
                actions={[
                  { label: `Shop ${collection.title.toLowerCase()} for her`, to: `/bands-for-her?style=${TAB_STYLE[collection.id]}` },
                  ...(collection.id === 'metal' || collection.id === 'diamond'
                    ? [{ label: `Shop ${collection.title.toLowerCase()} for him`, to: `/bands-for-him?style=${TAB_STYLE[collection.id]}`, style: 'ghost' as const }]
                    : []),
                ]}
              />
            </>
          ),
        }))}
      />
    </Section>
  );
}

const FAQ: readonly FaqEntry[] = [
  {
    id: 'match',
    question: 'Should my wedding band match my engagement ring?',
    answer:
      'It does not have to. Many people match the metal so the two rings wear evenly side by side, while others mix metals on purpose. If your engagement ring has a low setting or a halo, a contoured or curved band sits flush against it.',
  },
  {
    id: 'width',
    question: 'How wide should a wedding band be?',
    answer:
      'Slim bands of about 2 mm suit a delicate engagement ring and stack easily; 4 to 6 mm is a classic width for men’s bands; wider bands make a bold statement. A wide band fits more snugly, so you may want a quarter size larger.',
    more: (
      <p>
        <Link to="/pages/wedding-band-styles">Read the wedding band styles guide</Link>
      </p>
    ),
  },
  {
    id: 'eternity-or-anniversary',
    question: 'What is the difference between an eternity ring and an anniversary ring?',
    answer:
      'An eternity ring has diamonds all the way around the band. An anniversary ring usually has diamonds across the top only, which makes it more comfortable between fingers and easier to resize. Because its diamonds circle the whole band, a full eternity ring generally cannot be resized, so confirm the size before ordering.',
  },
  {
    id: 'metal',
    question: 'Which metal is best for a wedding band?',
    answer:
      'Platinum is naturally white, dense and hypoallergenic. 14k gold is durable for everyday wear, while 18k gold has a richer color and is slightly softer. White gold is often rhodium plated for a bright finish that may need renewing over the years.',
    more: (
      <p>
        <Link to="/pages/engagement-ring-metal">Compare precious metals</Link>
      </p>
    ),
  },
  {
    id: 'policies',
    question: 'Can I return or resize my band?',
    answer: `${RETURNS_TEXT} ${WARRANTY_TEXT}`,
  },
];

const art = (file: string, alt: string, width = 800, height = 500): Figure => ({ src: `/art/pages/${file}`, alt, width, height });

export function WeddingBandsPage() {
  return (
    <div className="pg-page">
      <PageHero
        eyebrow="Wedding bands"
        title="Wedding Bands"
        lead="Bands for her and for him, crafted in yellow, white and rose gold and in platinum: polished classics, diamond bands, anniversary rings and eternity rings."
        image={art('hero-wedding-bands.svg', 'A wide platinum wedding band beside a yellow gold diamond eternity ring.')}
      >
        <ActionRow
          actions={[
            { label: 'Bands for her', to: '/bands-for-her' },
            { label: 'Bands for him', to: '/bands-for-him', style: 'ghost' },
          ]}
        />
      </PageHero>

      <Collections />

      <section className="pg-section pg-section--mist" aria-labelledby="custom-title">
        <div className="pg-inner">
          <MediaText image={art('custom-set.svg', 'A rose gold halo engagement ring resting on a matching pavé band.')} reverse>
            <p className="pg-eyebrow">Customize</p>
            <h2 id="custom-title" className="pg-section-title">
              A Band Made for Your Ring
            </h2>
            <p>
              Our jewelers can shape a band to follow the curve of your engagement ring, match its metal and its
              diamonds, or set a gemstone into it. Send us a photo of your ring or bring it to an appointment.
            </p>
            <p>We reply to every custom design request within a day.</p>
            <ActionRow
              actions={[
                { label: 'Design a custom band', to: '/custom-rings' },
                { label: 'Book an appointment', appointment: true, style: 'ghost' },
              ]}
            />
          </MediaText>
        </div>
      </section>

      <Section id="education-title" eyebrow="Education" title="Know Before You Choose" center>
        <ul className="pg-cards pg-cards--two">
          <li className="pg-card">
            <img src="/art/pages/band-channel-platinum.svg" alt="" width={400} height={300} loading="lazy" />
            <div className="pg-card-body">
              <h3 className="pg-card-title">Wedding band styles</h3>
              <p>Profiles, widths, finishes and settings: how each one looks, feels and pairs with an engagement ring.</p>
              <ActionRow actions={[{ label: 'Read the guide', to: '/pages/wedding-band-styles' }]} />
            </div>
          </li>
          <li className="pg-card">
            <img src="/art/pages/band-classic-yellow.svg" alt="" width={400} height={300} loading="lazy" />
            <div className="pg-card-body">
              <h3 className="pg-card-title">Choosing a metal</h3>
              <p>Platinum or gold, white, yellow or rose: how each metal wears, how it is cared for, and what it costs.</p>
              <ActionRow actions={[{ label: 'Compare metals', to: '/pages/engagement-ring-metal' }]} />
            </div>
          </li>
        </ul>
      </Section>

      <Section id="design-title" eyebrow="Design" title="Designing Your Wedding Set" tone="mist" center>
        <StepList
          steps={[
            { title: 'Start with the ring', text: 'Tell us about your engagement ring, or choose the two together, so the band sits beautifully beside it.' },
            { title: 'Choose the metal', text: 'Match the metal of your engagement ring, or mix metals for a look of your own.' },
            { title: 'Pick width and profile', text: 'Slim or wide, domed or flat, polished or brushed: each changes how the band looks and feels.' },
            { title: 'Add diamonds, or not', text: 'Keep it plain, or add pavé, channel-set or eternity diamonds for extra sparkle.' },
          ]}
        />
      </Section>

      <Section id="faq-title" title="Wedding Band FAQs" center>
        <Faq items={FAQ} defaultOpen={FAQ[0]!.id} />
      </Section>
    </div>
  );
}
