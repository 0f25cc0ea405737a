import type { ReactNode } from 'react';
import { POLICIES_UPDATED } from '../../content/store-policies';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <article className="pg-legal" aria-labelledby="legal-title">
      <header className="pg-legal-header">
        <p className="pg-eyebrow">Legal</p>
        <h1 id="legal-title" className="pg-hero-title">
          {title}
        </h1>
        <p className="pg-legal-updated">
          Last updated: <time dateTime={POLICIES_UPDATED.iso}>{POLICIES_UPDATED.label}</time>
        </p>
        <div className="pg-legal-intro">{intro}</div>
      </header>
      <div className="pg-legal-layout">
        <nav className="pg-legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="pg-legal-toc-title">
            Contents
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="pg-legal-body">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} className="pg-legal-section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                <span className="pg-legal-number">{i + 1}.</span> {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
