import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DiamondTypeId } from '@everstone/contract/core';
import { TABS } from './labels';

const STEPS = [
  { n: 1, title: 'Choose a Diamond' },
  { n: 2, title: 'Choose a Setting' },
  { n: 3, title: 'Complete Ring' },
] as const;

/**
 * The ring builder's three steps. Each can be clicked and the chosen one is highlighted; the later steps say
 * they follow the choice of a diamond and lead back to it, so no step is a dead end.
 */
export function BuilderSteps() {
  const [active, setActive] = useState<1 | 2 | 3>(1);
  return (
    <nav className="ds-steps" aria-label="Ring builder steps">
      <ol className="ds-steps__list">
        {STEPS.map((step) => (
          <li key={step.n}>
            <button
              type="button"
              className="ds-step"
              aria-current={active === step.n ? 'step' : undefined}
              onClick={() => setActive(step.n)}
            >
              <span className="ds-step__number" aria-hidden="true">
                {step.n}
              </span>
              <span className="ds-step__title">
                <span className="visually-hidden">Step {step.n}: </span>
                {step.title}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {active !== 1 && (
          <div className="ds-step-note">
            <p>
              {active === 2
                ? 'Choose a Setting comes after your diamond: pick a diamond below, then choose the setting that will hold it.'
                : 'Complete Ring is the last step: once your diamond and setting are chosen, you review and complete your ring here.'}
            </p>
            <p className="ds-step-note__actions">
              <button type="button" className="ds-text-button" onClick={() => setActive(1)}>
                Back to choosing a diamond
              </button>
              <Link className="ds-text-button" to="/engagement">
                Browse ring settings
              </Link>
            </p>
          </div>
        )}
      </div>
    </nav>
  );
}

/**
 * LAB DIAMONDS, NATURAL DIAMONDS and COLOR DIAMONDS as tabs over the filters and results (arrow keys move
 * between them and choose).
 */
export function TypeTabs({ value, onChange, panelId }: { value: DiamondTypeId; onChange: (tab: DiamondTypeId) => void; panelId: string }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      e.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? last
      : null;
    if (next === null) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onChange(TABS[next]!.id);
  };
  return (
    <div className="ds-tabs" role="tablist" aria-label="Diamond type">
      {TABS.map((tab, i) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`ds-tab-${tab.id}`}
            type="button"
            role="tab"
            className="ds-tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
