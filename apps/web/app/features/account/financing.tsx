import { STORE_TERMS } from '@everstone/contract/core';
import { Link } from 'react-router';
import { FINANCING_TEXT } from '../../content/store-policies';
import { STORE } from '../../content/store';

const { interestFreeMonths, minimumPurchase } = STORE_TERMS.financing;

const STEPS = [
  { title: 'Apply', text: 'Send us your application. It takes a few minutes and a decision usually follows the same day.' },
  { title: 'Choose your piece', text: `Pick an engagement ring, a diamond or fine jewelry: any purchase of $${minimumPurchase} or more qualifies.` },
  { title: 'Pay with your card', text: 'Choose the Everstone credit card as your payment method at checkout.' },
  {
    title: 'Spread the cost',
    text: `Pay in monthly installments with no interest for ${interestFreeMonths} months, and enjoy your piece from the day it arrives.`,
  },
] as const;

/** Apply now opens a prefilled email to customer care, who send the application: a real next step, never a dead button. */
function applyHref(email: string) {
  const subject = 'Everstone credit card application';
  const body = `Hello,\n\nI would like to apply for the Everstone credit card.\nMy account email: ${email}\n\nThank you.`;
  return `mailto:${STORE.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The Financing tab (§2): the store credit card, its terms (§9) and how it works. */
export function Financing({ email }: { email: string }) {
  return (
    <div className="profile-stack">
      <div className="financing-offer">
        <p className="financing-offer__eyebrow">The Everstone credit card</p>
        <p className="financing-offer__figure">
          <span className="financing-offer__months">{interestFreeMonths} months</span>
          <span className="financing-offer__terms">
            no interest on purchases of ${minimumPurchase} or more
          </span>
        </p>
        <p className="financing-offer__text">
          Our store credit card lets you pay for the piece you love over time. {FINANCING_TEXT}
        </p>
        <a className="button financing-offer__apply" href={applyHref(email)}>
          Apply now
        </a>
        <p className="financing-offer__contact">
          Apply now opens an email to {STORE.email}. Prefer to talk? Call <a href={STORE.phone.href}>{STORE.phone.display}</a> ({STORE.hours}).
        </p>
      </div>

      <section aria-labelledby="financing-steps-title">
        <h3 id="financing-steps-title" className="profile-section-title">
          How it works
        </h3>
        <ol className="financing-steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="financing-step">
              <span className="financing-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <p className="financing-step__title">{step.title}</p>
                <p className="financing-step__text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <p className="profile-fine-print">
        Subject to credit approval. Minimum monthly payments required. Read more about planning a purchase in our{' '}
        <Link to="/pages/engagement-ring-budgeting">ring budgeting guide</Link>.
      </p>
    </div>
  );
}
