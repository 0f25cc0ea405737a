import { useState } from 'react';
import { Link } from 'react-router';

/** §2: the three steps of building a ring, each with what it means. */
export const RING_STEPS = [
  { label: 'Choose a Diamond', hint: 'Pick a certified diamond' },
  { label: 'Choose a Setting', hint: 'Pick the ring that holds it' },
  { label: 'Complete Your Ring', hint: 'Review and check out' },
] as const;

/** What the shopper does at the chosen step, with the way on from there. */
function StepGuide({ step }: { step: number }) {
  if (step === 1) {
    return (
      <p>
        You are choosing your diamond. Add this one to your cart, or <Link to="/diamond">compare more diamonds</Link>.
      </p>
    );
  }
  if (step === 2) {
    return (
      <p>
        Next, a setting: browse <Link to="/engagement">engagement ring styles</Link>, or{' '}
        <Link to="/contact">ask a gemologist</Link> to pair this diamond with a setting.
      </p>
    );
  }
  return (
    <p>
      Last, review your diamond and setting in your <Link to="/cart">cart</Link> and check out.
    </p>
  );
}

/**
 * §2, §4: the ring builder's steps. Step 1 is active by default and any step can be chosen; the active
 * one is marked as the current step for assistive technology.
 */
export function StepIndicator() {
  const [active, setActive] = useState(1);
  return (
    <nav className="dd-steps" aria-label="Ring builder steps">
      <ol>
        {RING_STEPS.map((step, i) => {
          const n = i + 1;
          const current = n === active;
          return (
            <li key={step.label} className={current ? 'is-active' : undefined}>
              <button type="button" aria-current={current ? 'step' : undefined} onClick={() => setActive(n)}>
                <span className="dd-step-number" aria-hidden="true">
                  {n}
                </span>
                <span className="dd-step-text">
                  <span className="dd-step-label">
                    <span className="visually-hidden">Step {n}: </span>
                    {step.label}
                  </span>
                  <span className="dd-step-hint">{step.hint}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="dd-step-guide" aria-live="polite">
        <StepGuide step={active} />
      </div>
    </nav>
  );
}
