import type { ReactNode } from 'react';
import type { Figure } from './page-hero';

/** A titled band of a content page (h2), plain or on the mist background, within the page's measure. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  center = false,
  className = '',
  children,
}: {
  /** The heading's id, which also names the section for assistive technology. */
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  tone?: 'plain' | 'mist';
  center?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={`pg-section pg-section--${tone} ${className}`.trim()} aria-labelledby={id}>
      <div className="pg-inner">
        <div className={center ? 'pg-section-head pg-section-head--center' : 'pg-section-head'}>
          {eyebrow && <p className="pg-eyebrow">{eyebrow}</p>}
          <h2 id={id} className="pg-section-title">
            {title}
          </h2>
          {lead && <p className="pg-section-lead">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Text beside an illustration; `reverse` puts the picture on the right on wide screens. */
export function MediaText({ image, reverse = false, children }: { image: Figure; reverse?: boolean; children: ReactNode }) {
  return (
    <div className={reverse ? 'pg-media-text pg-media-text--reverse' : 'pg-media-text'}>
      <div className="pg-media">
        <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
      </div>
      <div className="pg-media-body">{children}</div>
    </div>
  );
}

export interface Step {
  title: string;
  text: ReactNode;
}

/** Numbered steps of a process, in order: an ordered list, so the numbers are announced too. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="pg-steps">
      {steps.map((step, i) => (
        <li key={step.title} className="pg-step">
          <span className="pg-step-number" aria-hidden="true">
            {i + 1}
          </span>
          <h3 className="pg-step-title">{step.title}</h3>
          <p className="pg-step-text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Short highlights in a grid of cards (h3 each). */
export function HighlightGrid({ items }: { items: readonly { title: string; text: ReactNode }[] }) {
  return (
    <ul className="pg-highlights">
      {items.map((item) => (
        <li key={item.title} className="pg-highlight">
          <h3 className="pg-highlight-title">{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
