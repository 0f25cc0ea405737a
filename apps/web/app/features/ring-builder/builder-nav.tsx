import { Link } from 'react-router';
import type { BuilderStep, RingBuild } from '@everstone/contract/core';
import { stepItems, type KnownParts } from './steps';

const HINTS: Record<BuilderStep, string> = {
  1: 'Pick a certified diamond',
  2: 'Pick the ring that holds it',
  3: 'Size, engraving and review',
};

/**
 * §2: the ring builder's three steps, on every page of the builder (the diamond search, a diamond's page, the
 * settings for a stone, the finished ring). Each step is a link carrying the build, so any step can be opened at any
 * time; the page's own step is highlighted and marked as the current step. A step shows what was chosen in it with a
 * way to change it, and the last step says what must come first while something is missing (its page explains and
 * links there as well, so no step is a dead end). Its styles are ring-builder.css, which each page showing it loads.
 */
export function BuilderNav({ current, build, parts }: { current: BuilderStep; build: RingBuild; parts: KnownParts }) {
  const items = stepItems(current, build, parts);
  return (
    <nav className="rb-steps" aria-label="Ring builder steps">
      <ol className="rb-steps__list">
        {items.map((step) => (
          <li key={step.n} className={step.current ? 'rb-step is-current' : step.chosen ? 'rb-step is-done' : 'rb-step'}>
            <Link className="rb-step__link" to={step.href} aria-current={step.current ? 'step' : undefined}>
              <span className="rb-step__number" aria-hidden="true">
                {step.chosen && !step.current ? '✓' : step.n}
              </span>
              <span className="rb-step__text">
                <span className="rb-step__label">
                  <span className="visually-hidden">Step {step.n}: </span>
                  {step.label}
                </span>
                {!step.chosen && <span className="rb-step__hint">{step.needs ?? HINTS[step.n]}</span>}
              </span>
            </Link>
            {step.chosen && (
              <p className="rb-step__chosen">
                <Link to={step.chosen.href} className="rb-step__choice">
                  {step.chosen.text}
                </Link>{' '}
                <Link to={step.href} className="rb-step__change" aria-label={`Change ${step.n === 1 ? 'the diamond' : 'the setting'}`}>
                  Change
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
