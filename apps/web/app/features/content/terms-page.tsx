import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';
import {
  CARAT_VARIANCE_TEXT,
  CLAIMS_TEXT,
  FINANCING_TEXT,
  FREE_GIFT_TEXT,
  GIFT_RULE_TEXT,
  GET50_TEXT,
  GIA_RECHECK_TEXT,
  GROUP_OFFER_TEXT,
  HOME_PREVIEW_TERMS,
  MINIMUM_AGE_TEXT,
  ONE_ORDER_TEXT,
  RETURNS_TEXT,
  SHIPPING_TEXT,
  UPGRADE_TEXT,
  WARRANTY_TEXT,
  WELCOME_TEXT,
  WIRE_HOLD_TEXT,
} from '../../content/store-policies';
import { STORE } from '../../content/store';

const showroom = `${STORE.showroom.street}, ${STORE.showroom.city}, ${STORE.showroom.region} ${STORE.showroom.zip}`;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply when you visit the {STORE.name} website, contact us, book an appointment or buy from us.
          &ldquo;We&rdquo;, &ldquo;us&rdquo; and &ldquo;{STORE.name}&rdquo; mean {STORE.legalName}, the company that runs
          this site. By using the site or placing an order you agree to these terms and to our{' '}
          <Link to="/policy">Privacy Policy</Link>.
        </p>
        <p>
          We may update these terms from time to time. The date at the top shows when they last changed; the version in
          force when you place an order applies to that order.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use the site',
    body: (
      <>
        <p>{MINIMUM_AGE_TEXT}</p>
        <p>
          If you create an account, keep your password private. You are responsible for what is done with your account,
          and you should tell us straight away if you think someone else has used it.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Orders, prices and payment',
    body: (
      <>
        <p>
          All prices are in US dollars and checkout is in US dollars (USD). An order is a request to buy; it becomes a
          contract when we confirm it. If a price or a description on the site is wrong, or a diamond is no longer
          available, we will tell you and you may cancel the order for a full refund.
        </p>
        <ul>
          <li>{ONE_ORDER_TEXT}</li>
          <li>
            {WIRE_HOLD_TEXT} If the payment has not arrived by then, the diamond may be released to other customers.
          </li>
          <li>We accept the payment methods shown at checkout. Payments are processed by our payment providers.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'diamonds',
    title: 'Diamonds and product details',
    body: (
      <>
        <p>
          Every diamond we sell is conflict-free, and certified diamonds come with a grading report from GIA or IGI.
          Photographs, videos and illustrations show the style of a piece; the grading report is the record of a
          diamond&rsquo;s characteristics.
        </p>
        <ul>
          <li>{CARAT_VARIANCE_TEXT} A diamond sold with its own grading report has the weight stated on that report.</li>
          <li>{GIA_RECHECK_TEXT}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'shipping',
    title: 'Shipping and delivery',
    body: (
      <>
        <p>{SHIPPING_TEXT}</p>
        <p>
          Dates shown on the site are estimates. We will let you know if your order will arrive later than expected.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'Returns',
    body: (
      <>
        <p>{RETURNS_TEXT}</p>
        <ul>
          <li>Items must come back unworn and in their original condition, with the grading report and any paperwork that came with them.</li>
          <li>{GIA_RECHECK_TEXT}</li>
          <li>Refunds go back to the original form of payment once we have received and inspected the item.</li>
        </ul>
        <p>
          To start a return, <Link to="/contact">contact us</Link> or call {STORE.phone.display}.
        </p>
      </>
    ),
  },
  {
    id: 'warranty',
    title: 'Lifetime warranty, resizing and upgrades',
    body: (
      <>
        <p>{WARRANTY_TEXT}</p>
        <p>{UPGRADE_TEXT}</p>
      </>
    ),
  },
  {
    id: 'home-preview',
    title: 'Home Preview',
    body: (
      <>
        <p>
          Home Preview lets you try 3D-printed replicas of our rings at home before you buy, with a complimentary
          consultation with one of our gemologists. The replicas are samples for trying on, not jewelry.
        </p>
        <ul>
          {HOME_PREVIEW_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p>
          <Link to="/home-preview">How Home Preview works</Link>
        </p>
      </>
    ),
  },
  {
    id: 'promotions',
    title: 'Promotions and offer codes',
    body: (
      <>
        <ul>
          <li>{WELCOME_TEXT}</li>
          <li>
            {FREE_GIFT_TEXT}
            <ul>
              {GIFT_RULE_TEXT.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </li>
          <li>{GET50_TEXT}</li>
          <li>{GROUP_OFFER_TEXT} Eligibility is confirmed through a third-party identity verification service.</li>
        </ul>
        <p>
          Offers apply to the order amount before taxes. We may change or end a promotion at any time; a change does not
          affect an order already placed. Promotions have no cash value.
        </p>
      </>
    ),
  },
  {
    id: 'financing',
    title: 'Financing',
    body: (
      <p>
        {FINANCING_TEXT} Financing is offered by our financing partners and is subject to their approval and their own
        terms.
      </p>
    ),
  },
  {
    id: 'site-use',
    title: 'Using the site',
    body: (
      <>
        <p>
          The designs, text, illustrations and other content of the site belong to {STORE.name} or its licensors. You may
          view them for your own shopping, but not copy, resell or use them commercially without our written permission.
        </p>
        <p>Please do not misuse the site: no attempts to disrupt it, to access other customers&rsquo; data, or to scrape it automatically.</p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability and claims',
    body: (
      <>
        <p>
          Nothing in these terms limits rights you have by law as a consumer. To the extent the law allows, our liability
          for any order is limited to the price you paid for it.
        </p>
        <p>{CLAIMS_TEXT}</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>Questions about these terms or an order? We are here {STORE.hours.charAt(0).toLowerCase() + STORE.hours.slice(1)}.</p>
        <ul>
          <li>
            Email: <a href={`mailto:${STORE.email}`}>{STORE.email}</a>
          </li>
          <li>
            Phone: <a href={STORE.phone.href}>{STORE.phone.display}</a>
          </li>
          <li>
            Mail: {STORE.legalName}, {showroom}
          </li>
        </ul>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro={
        <p>
          The rules for shopping with {STORE.name}, in plain language: how orders, payment, shipping and returns work, what
          our warranty and Home Preview cover, and the conditions of our offers.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
