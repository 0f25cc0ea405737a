import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OfferContent } from '../../content/offers';
import { ActionRow } from './actions';
import { PageHero } from './page-hero';
import { HighlightGrid, Section, StepList } from './section';

/**
 * The shared layout of the offer pages linked from the menus: hero, what it is, how it works, highlights, the
 * offer's terms, guides, next step. A listing passes its pieces as `children`, shown right under a compact hero.
 */
export function OfferPage({ content, children, compactHero = false }: { content: OfferContent; children?: ReactNode; compactHero?: boolean }) {
  const { about, steps, highlights, terms, guides, cta } = content;
  return (
    <div className="pg-page">
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead} image={compactHero ? undefined : content.image}>
        {!compactHero && <ActionRow actions={content.heroActions} />}
      </PageHero>

      {children}

      <Section id="offer-about" title={about.title}>
        <div className="pg-prose pg-prose--columns">
          {about.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </Section>

      <Section id="offer-steps" title={steps.title} lead={steps.lead} tone="mist">
        <StepList steps={steps.items} />
      </Section>

      <Section id="offer-highlights" title={highlights.title}>
        <HighlightGrid items={highlights.items} />
      </Section>

      {terms && (
        <Section id="terms-title" title={terms.title} tone="mist">
          <ul className="pg-terms-list">
            {terms.items.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p className="pg-fineprint">
            {terms.source.before}
            <Link to={terms.source.link.to}>{terms.source.link.label}</Link>
            {terms.source.after}
          </p>
        </Section>
      )}

      {guides && guides.length > 0 && (
        <Section id="offer-guides" title="Helpful Guides" tone={terms ? 'plain' : 'mist'}>
          <ul className="pg-guide-list">
            {guides.map((guide) => (
              <li key={guide.to}>
                <Link className="pg-guide-card" to={guide.to}>
                  <span className="pg-guide-label">{guide.label}</span>
                  <span className="pg-guide-text">{guide.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <section className="pg-cta" aria-labelledby="offer-cta">
        <div className="pg-inner pg-cta-inner">
          <h2 id="offer-cta" className="pg-section-title">
            {cta.title}
          </h2>
          <p className="pg-section-lead">{cta.text}</p>
          <ActionRow actions={cta.actions} className="pg-actions--center" />
        </div>
      </section>
    </div>
  );
}
