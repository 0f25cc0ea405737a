import { Link } from 'react-router';
import { BookingButton } from '../../components/ui/booking-button';
import { Faq, type FaqEntry } from '../../components/ui/faq';
import { PhoneIcon } from '../../components/ui/icons';
import { STORE } from '../../content/store';

/* ------------------------------------------------------------------------------------------------
 * Other ways to reach the gemologists
 * --------------------------------------------------------------------------------------------- */

/** STORE.hours reads as a sentence of its own; this is the same fact inside a sentence. */
const hoursInSentence = STORE.hours.charAt(0).toLowerCase() + STORE.hours.slice(1);

const iconProps = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};
const VideoChatIcon = () => (
  <svg {...iconProps}>
    <rect x="2.5" y="6" width="13" height="12" rx="2" />
    <path d="m15.5 10.5 6-3.5v10l-6-3.5" />
  </svg>
);
const MailIcon = () => (
  <svg {...iconProps}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </svg>
);

export function HelpOptions() {
  return (
    <section className="help" aria-labelledby="help-title">
      <h2 id="help-title" className="section-title">
        We&rsquo;re here to help
      </h2>
      <p className="section-lead">Our gemologists are available {hoursInSentence}.</p>
      <ul className="help-list">
        <li className="help-option">
          <span className="help-icon">
            <VideoChatIcon />
          </span>
          <div>
            <h3>Chat</h3>
            <p>Chat with a gemologist by video: see diamonds up close and ask anything, at a time that suits you.</p>
            <BookingButton className="text-button" defaultKind="virtual">
              Book a video chat
            </BookingButton>
          </div>
        </li>
        <li className="help-option">
          <span className="help-icon">
            <MailIcon />
          </span>
          <div>
            <h3>Email</h3>
            <p>Write to us any time. We reply within one business day.</p>
            <a className="text-button" href={`mailto:${STORE.email}`}>
              {STORE.email}
            </a>
          </div>
        </li>
        <li className="help-option">
          <span className="help-icon">
            <PhoneIcon />
          </span>
          <div>
            <h3>Call</h3>
            <p>Speak with a gemologist or place an order by phone.</p>
            <a className="text-button" href={STORE.phone.href}>
              {STORE.phone.display}
            </a>
          </div>
        </li>
      </ul>
    </section>
  );
}

/* ------------------------------------------------------------------------------------------------
 * FAQ (§2: six questions, the first open, one open at a time)
 * --------------------------------------------------------------------------------------------- */

const showroom = `${STORE.showroom.street}, ${STORE.showroom.city}, ${STORE.showroom.region} ${STORE.showroom.zip}`;

const FAQ: readonly FaqEntry[] = [
  {
    id: 'phone-orders',
    question: 'Can I place an order over the phone?',
    answer: `Yes. Call ${STORE.phone.display}, ${hoursInSentence}. A gemologist will help you choose a diamond or setting, answer your questions and place the order with you. Phone orders get the same free insured shipping, 30-day returns and lifetime warranty as orders placed online.`,
  },
  {
    id: 'order-status',
    question: 'How can I check the status of my order?',
    answer: `Email ${STORE.email} or call ${STORE.phone.display} with your order number and we will tell you exactly where your piece is, from crafting to delivery. Every order ships free and fully insured.`,
  },
  {
    id: 'custom',
    question: 'Can you create a custom piece of jewelry?',
    answer:
      'Yes. Send us your idea with the form above (inspiration photos, a sketch or just a description and a budget) and we will reply to your custom order request within a day. A gemologist will guide you through the stone, the metal and the design, and nothing is made until you approve it.',
  },
  {
    id: 'policies',
    question: 'What are your shipping, return and warranty policies?',
    answer:
      'Shipping is free and insured. You may return an item within 30 days for a refund (one return every six months), and every piece is covered by our lifetime warranty. Resizing is free, and our lifetime diamond upgrade gives you 100% of the price you paid toward a new certified diamond priced at least twice the original.',
    more: (
      <p>
        Read the full details in our <Link to="/terms">Terms &amp; Conditions</Link> and <Link to="/policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'gemologists',
    question: 'Can I speak with a gemologist?',
    answer: `Of course, ${hoursInSentence}. Call or email us, send a message above, or book a virtual appointment by video or an in-person visit to our showroom at ${showroom}.`,
    more: (
      <p>
        <BookingButton className="text-button">Book an appointment with a gemologist</BookingButton>
      </p>
    ),
  },
  {
    id: 'why-us',
    question: `Why choose ${STORE.name}?`,
    answer:
      'Every diamond we sell is certified and conflict-free, graded by GIA or IGI, with lab-grown, natural and color diamonds to choose from. You get free insured shipping, hassle-free 30-day returns, free resizing, a lifetime warranty, easy financing with no interest for 12 months on purchases of $199 or more, and real gemologists to talk to seven days a week.',
  },
];

export function ContactFaq() {
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        Frequently asked questions
      </h2>
      <Faq items={FAQ} defaultOpen={FAQ[0]!.id} className="contact-faq" />
    </section>
  );
}
