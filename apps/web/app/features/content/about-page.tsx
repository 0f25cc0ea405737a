import type { ReactNode } from 'react';
import { ActionRow } from './actions';
import { PageHero, type Figure } from './page-hero';
import { MediaText } from './section';

/** §2: the sustainability figures, exactly as the store states them. */
const IMPACT = [
  { value: '52,000+', unit: '', label: 'Trees planted', sentence: 'over 52,000 trees planted' },
  { value: '1,155,000', unit: 'kg', label: 'Of carbon saved', sentence: '1,155,000 kg of carbon saved' },
] as const;

const art = (file: string, alt: string, width = 400, height = 300): Figure => ({ src: `/art/pages/${file}`, alt, width, height });

function StoryBlock({
  id,
  eyebrow,
  title,
  image,
  reverse,
  tone = 'plain',
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  image: Figure;
  reverse?: boolean;
  tone?: 'plain' | 'mist';
  children: ReactNode;
}) {
  return (
    <section className={`pg-section pg-section--${tone}`} aria-labelledby={id}>
      <div className="pg-inner">
        <MediaText image={image} reverse={reverse}>
          <p className="pg-eyebrow">{eyebrow}</p>
          <h2 id={id} className="pg-section-title">
            {title}
          </h2>
          {children}
        </MediaText>
      </div>
    </section>
  );
}

export function AboutPage() {
  return (
    <div className="pg-page">
      <PageHero
        eyebrow="About us"
        title="Our Story"
        lead="We believe the ring that marks your love story should be as thoughtful as the story itself: beautifully designed, carefully made and honestly sold."
        image={art('story-dreamers.svg', 'A designer’s sketchbook with a ring drawing beside the finished platinum halo ring.', 800, 500)}
      />

      <section className="pg-section" aria-labelledby="dreamers-title">
        <div className="pg-inner">
          <div className="pg-section-head pg-section-head--center">
            <p className="pg-eyebrow">Designed by dreamers</p>
            <h2 id="dreamers-title" className="pg-section-title">
              Every Ring Begins as a Dream
            </h2>
          </div>
          <p className="pg-quote">
            Our designers draw on the great traditions of fine jewelry and on the stories our customers share with us,
            refining every setting until its proportions feel just right on the hand.
          </p>
        </div>
      </section>

      <StoryBlock
        id="craft-title"
        eyebrow="Artisanal craft"
        title="Made by Hand, Made to Last"
        image={art('story-craft.svg', 'A yellow gold three stone ring on a jeweler’s ring mandrel beside a file.')}
        tone="mist"
      >
        <p>
          Each ring is crafted to order by skilled jewelers who shape, set and polish it by hand. Before a piece leaves
          the workshop it is inspected closely: every prong is checked, every stone is secure, every surface gleams.
        </p>
        <p>The result is jewelry made to be worn every day, for a lifetime, and handed down after that.</p>
      </StoryBlock>

      <StoryBlock
        id="trust-title"
        eyebrow="Trust"
        title="A Promise You Can Count On"
        image={art('story-trust.svg', 'A diamond grading report with a diamond and a gold seal.')}
        reverse
      >
        <p>
          Every diamond we sell is conflict-free and comes with a grading report from GIA or IGI, so you know exactly
          what you are buying. Every order ships free and fully insured.
        </p>
        <p>
          Our 30-day returns, free resizing and lifetime warranty look after your jewelry long after it arrives, and our
          gemologists are here to answer your questions seven days a week.
        </p>
        <ActionRow
          actions={[
            { label: 'Talk to a gemologist', to: '/contact' },
            { label: 'Read our terms', to: '/terms', style: 'link' },
          ]}
        />
      </StoryBlock>

      <StoryBlock
        id="sustainability-title"
        eyebrow="Sustainability"
        title="Caring for the World We Share"
        image={art('story-trees.svg', 'Young trees growing on a green hillside under the sun.')}
        tone="mist"
      >
        <p>
          We want the world your jewelry is worn in to be a greener one. We offer lab-grown diamonds, created without
          mining, alongside conflict-free natural diamonds, and we give back by planting trees.
        </p>
        <p>
          So far that means {IMPACT[0].sentence} and {IMPACT[1].sentence}.
        </p>
        <ul className="pg-stats">
          {IMPACT.map((item) => (
            <li key={item.label} className="pg-stat">
              <span className="pg-stat-value">
                {item.value}
                {item.unit && <span className="pg-stat-unit">{` ${item.unit}`}</span>}
              </span>
              <span className="pg-stat-label">{item.label}</span>
            </li>
          ))}
        </ul>
      </StoryBlock>

      <section className="pg-cta" aria-labelledby="story-cta">
        <div className="pg-inner pg-cta-inner">
          <h2 id="story-cta" className="pg-section-title">
            Begin Your Own Story
          </h2>
          <p className="pg-section-lead">Find the ring that is right for you, online or with a gemologist by your side.</p>
          <ActionRow
            className="pg-actions--center"
            actions={[
              { label: 'Shop engagement rings', to: '/engagement' },
              { label: 'Book an appointment', appointment: true, style: 'ghost' },
            ]}
          />
        </div>
      </section>
    </div>
  );
}
