import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';
import { MINIMUM_AGE_TEXT, PRIVACY_CLAIMS_TEXT } from '../../content/store-policies';
import { STORE } from '../../content/store';

const showroom = `${STORE.showroom.street}, ${STORE.showroom.city}, ${STORE.showroom.region} ${STORE.showroom.zip}`;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are',
    body: (
      <p>
        {STORE.legalName} (&ldquo;{STORE.name}&rdquo;, &ldquo;we&rdquo;) runs this website and is responsible for the
        personal information described here. This policy covers the site, our emails, our appointments and orders placed
        with us by phone or message.
      </p>
    ),
  },
  {
    id: 'collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what you give us and what the site needs to work:</p>
        <ul>
          <li>
            <strong>Account:</strong> your title, first and last name, email address, password (stored in a protected,
            non-readable form) and, if you choose to give them, your birth date and anniversary date.
          </li>
          <li>
            <strong>Addresses:</strong> the names, company, street address, apartment, city, state, country, postal code
            and phone number you save for delivery, and whether you want to receive offers.
          </li>
          <li>
            <strong>Orders:</strong> the items you buy, their prices, your delivery address and contact number, the
            payment method you choose and the status of your order and payment. Card details are entered with our payment
            providers; we do not store full card numbers.
          </li>
          <li>
            <strong>Contact messages:</strong> your name, email address, phone number, the topic you pick and your
            question.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address.
          </li>
          <li>
            <strong>Appointments:</strong> the kind of appointment (virtual or in person), its date and time, your name,
            email address, phone number and any note you add.
          </li>
          <li>
            <strong>Technical data:</strong> the basic information every website receives, such as your IP address,
            browser type and the pages requested, kept in our server logs to run the site securely.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To create and run your account and sign you in.</li>
        <li>To process, deliver and support your orders, including returns, resizing, warranty work and upgrades.</li>
        <li>To answer your messages and hold the appointments you book.</li>
        <li>To send the newsletter and offers you asked for. You can unsubscribe at any time.</li>
        <li>
          To remember your birth date or anniversary, if you gave them, so we can send you a greeting or an offer at the
          right time.
        </li>
        <li>To prevent fraud, keep the site secure and meet our legal, tax and accounting duties.</li>
      </ul>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and storage in your browser',
    body: (
      <>
        <p>We keep a few things in your own browser so the site works as you expect:</p>
        <ul>
          <li>
            <strong>Cart</strong> and <strong>wishlist:</strong> the diamonds you add are saved in your browser&rsquo;s
            local storage, so they are still there when you come back.
          </li>
          <li>
            <strong>Sign-in token:</strong> when you sign in, an authentication token is kept in local storage so you stay
            signed in. Signing out removes it.
          </li>
          <li>
            <strong>Checkout details:</strong> if you start checkout as a guest and then sign in, the details you entered
            are kept in local storage until you return to checkout, then removed.
          </li>
          <li>
            <strong>Security cookie:</strong> a cookie that protects forms against cross-site request forgery.
          </li>
        </ul>
        <p>
          We do not use advertising cookies. You can clear local storage and cookies in your browser settings at any time;
          your cart and wishlist will then be emptied and you will be signed out.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal information, and we do not share it for targeted advertising. We share it only:</p>
        <ul>
          <li>
            With <strong>payment providers</strong>, including card processors, PayPal and our financing partners, to take
            payment or to let you apply for financing.
          </li>
          <li>With shipping carriers, to deliver your order and return shipments.</li>
          <li>With an identity verification service, if you ask for a military, nurse or first responder discount.</li>
          <li>With service providers who host the site and send our emails, under contracts that protect your data.</li>
          <li>When the law requires it, or to protect our customers and the store against fraud.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account and address details: while your account is open, and deleted when you ask us to close it.</li>
        <li>Orders: as long as tax and accounting laws require, and for as long as your warranty or upgrade applies.</li>
        <li>Contact messages and appointments: as long as needed to help you, then deleted or anonymized.</li>
        <li>Newsletter: until you unsubscribe.</li>
        <li>Server logs: for a short period, to keep the site secure.</li>
        <li>Browser storage: until you sign out or clear it yourself.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your US state privacy rights',
    body: (
      <>
        <p>
          Residents of California (under the CCPA, as amended by the CPRA) and of other US states with privacy laws have
          these rights, and we extend them to all our customers:
        </p>
        <ul>
          <li>
            <strong>Access:</strong> to know what personal information we hold about you and to receive a copy.
          </li>
          <li>
            <strong>Deletion:</strong> to ask us to delete it, except what we must keep by law.
          </li>
          <li>
            <strong>Correction:</strong> to have inaccurate information corrected.
          </li>
          <li>
            <strong>Opt-out:</strong> to opt out of the sale or sharing of personal information and of targeted
            advertising. We do neither, but you may still send us an opt-out request.
          </li>
          <li>
            <strong>No discrimination:</strong> we will not treat you differently for using these rights.
          </li>
        </ul>
        <p>
          We confirm your identity before acting on a request, usually by email, and answer within 45 days. You may use
          an authorized agent, and if we decline a request you may appeal by replying to our answer.
        </p>
      </>
    ),
  },
  {
    id: 'age',
    title: 'Age limits',
    body: <p>{MINIMUM_AGE_TEXT} We do not knowingly collect personal information from anyone under 16.</p>,
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        The site is served over an encrypted connection, passwords are never stored in readable form, and access to
        customer data is limited to the people who need it. No system is perfectly secure, so please use a strong password
        and keep it to yourself.
      </p>
    ),
  },
  {
    id: 'claims',
    title: 'Time limit for claims',
    body: (
      <p>
        {PRIVACY_CLAIMS_TEXT} This does not limit any right you have by law to complain to a data protection or consumer
        protection authority.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change is significant, we will tell you by email or
        with a notice on the site. See also our <Link to="/terms">Terms &amp; Conditions</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Privacy requests and questions',
    body: (
      <>
        <p>To make a privacy request or ask about this policy, contact us with the subject &ldquo;Privacy request&rdquo;:</p>
        <ul>
          <li>
            Email: <a href={`mailto:${STORE.email}?subject=Privacy%20request`}>{STORE.email}</a>
          </li>
          <li>
            Phone: <a href={STORE.phone.href}>{STORE.phone.display}</a>
          </li>
          <li>
            Mail: {STORE.legalName}, Attn: Privacy, {showroom}
          </li>
        </ul>
      </>
    ),
  },
];

export function PolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This policy explains, in plain language, what information {STORE.name} collects, why
          we collect it, how long we keep it, who we share it with and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
