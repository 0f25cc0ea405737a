import type { ReactNode } from 'react';
import type { Figure } from '../../content/types';

export type { Figure };

/** The banner at the top of a content page: the page's one h1, a lead, an illustration and calls to action. */
export function PageHero({
  eyebrow,
  title,
  lead,
  image,
  children,
  titleId = 'page-title',
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  image?: Figure;
  /** Calls to action under the lead. */
  children?: ReactNode;
  titleId?: string;
}) {
  return (
    <section className={image ? 'pg-hero' : 'pg-hero pg-hero--text'} aria-labelledby={titleId}>
      <div className="pg-hero-inner">
        <div className="pg-hero-copy">
          {eyebrow && <p className="pg-eyebrow">{eyebrow}</p>}
          <h1 id={titleId} className="pg-hero-title">
            {title}
          </h1>
          <p className="pg-hero-lead">{lead}</p>
          {children}
        </div>
        {image && (
          <div className="pg-hero-media">
            <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" />
          </div>
        )}
      </div>
    </section>
  );
}
