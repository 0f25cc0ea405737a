import { Link } from 'react-router';
import type { OfferContent } from '../../content/offers';
import { STORE } from '../../content/store';
import { ActionRow } from './actions';
import { PageHero } from './page-hero';
import { HighlightGrid, Section, StepList } from './section';

/** Where the products are not listed yet, the page says so and gives the ways to see them today. */
function CatalogNote({ of }: { of: string }) {
  return (
    <aside className="pg-catalog-note" aria-labelledby="catalog-note-title">
      <h3 id="catalog-note-title" className="pg-catalog-title">
        See every style today
      </h3>
      <p>
        Our full catalog of {of} is coming to the site; our jewelers can show you every style by appointment or on a
        call.
      </p>
      <ActionRow
        actions={[
          { label: 'Book an appointment', appointment: true },
          { label: `Call ${STORE.phone.display}`, href: STORE.phone.href, style: 'ghost' },
          { label: 'Send us a message', to: '/contact', style: 'link' },
        ]}
      />
    </aside>
  );
}

/**
 * The shared layout of the offer pages linked from the menus: hero, what it is, how it works, highlights, the
 * offer's terms, guides, next step.
 */
export function OfferPage({ content }: { content: OfferContent }) {
  const { about, steps, highlights, terms, guides, cta } = content;
  return (
    <div className="pg-page">
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead} image={content.image}>
        <ActionRow actions={content.heroActions} />
      </PageHero>

      <Section id="offer-about" title={about.title}>
        <div className="pg-prose pg-prose--columns">
          {about.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {content.catalogOf && <CatalogNote of={content.catalogOf} />}
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
