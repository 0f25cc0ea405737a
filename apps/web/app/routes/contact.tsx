import { Faq, type FaqEntry } from '../features/content/faq';
import { useId, useState } from 'react';
import { Link, data } from 'react-router';
import {
  CONTACT_FAILURE_MESSAGE,
  CONTACT_TOPICS,
  joinErrorMessages,
  messageResponseSchema,
  validationErrorSchema,
} from '@everstone/contract';
import type { Route } from './+types/contact';
import { AppointmentButton } from '../features/appointments/appointment-button';
import { PhoneIcon } from '../components/ui/icons';
import { appContext } from '../lib/app-context';
import { pageMeta } from '../lib/seo';
import { STORE } from '../content/store';
import { JSON_HEADERS } from '../lib/http';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Contact Us',
    description:
      'Message, email, call or video chat with an Everstone gemologist, seven days a week. Answers on ordering by phone, order status, custom jewelry and our policies.',
  });

/* ------------------------------------------------------------------------------------------------
 * Sending a message (§4 Contact form, §5, §8)
 * --------------------------------------------------------------------------------------------- */

/** The contact message of §3, as the form holds it. */
type Field = 'name' | 'email' | 'phone' | 'topic' | 'question';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', phone: '', topic: '', question: '' };

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; summary: string; errors: Record<string, string[]> }
  | { kind: 'failed' };

/** §5: the phone takes digits and hyphens only; anything else typed or pasted is dropped. */
const onlyPhoneCharacters = (value: string) => value.replace(/[^0-9-]/g, '');

/** Reads the API's answer: 200 carries the thank-you, 422 the field errors, anything else is a failure (§8). */
async function readOutcome(res: Response): Promise<Outcome> {
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 200) {
    const ok = messageResponseSchema.safeParse(body);
    if (ok.success) return { kind: 'sent', message: ok.data.message };
  }
  if (res.status === 422) {
    const invalid = validationErrorSchema.safeParse(body);
    if (invalid.success) {
      const { errors, message } = invalid.data;
      return { kind: 'invalid', errors, summary: joinErrorMessages(errors) || message };
    }
  }
  return { kind: 'failed' };
}


/**
 * Without JavaScript (or before the page has hydrated) the form posts here; the message goes to the
 * same API in-process, so the shopper sees the same answer either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (field: Field) => {
    const value = form.get(field);
    return typeof value === 'string' ? value : '';
  };
  const values: Values = {
    name: text('name'),
    email: text('email'),
    phone: onlyPhoneCharacters(text('phone')),
    topic: text('topic'),
    question: text('question'),
  };
  let outcome: Outcome;
  try {
    const res = await context.get(appContext).api('/api/contact', {
      method: 'POST',
      body: JSON.stringify(values),
      headers: JSON_HEADERS,
    });
    outcome = await readOutcome(res);
  } catch (error) {
    console.error(error);
    outcome = { kind: 'failed' };
  }
  const status = outcome.kind === 'sent' ? 200 : outcome.kind === 'invalid' ? 422 : 502;
  return data({ outcome, values: outcome.kind === 'sent' ? EMPTY : values }, { status });
}

function ContactForm({ initial }: { initial?: { outcome: Outcome; values: Values } }) {
  const [values, setValues] = useState<Values>(initial?.values ?? EMPTY);
  const [outcome, setOutcome] = useState<Outcome>(initial?.outcome ?? { kind: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>(
    initial?.outcome.kind === 'invalid' ? initial.outcome.errors : {},
  );
  const id = useId();
  const sending = outcome.kind === 'sending';

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: field === 'phone' ? onlyPhoneCharacters(value) : value }));
    // A corrected field drops its own message; the banner stays until the next attempt.
    if (fieldErrors[field]) setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setOutcome({ kind: 'sending' });
    let next: Outcome;
    try {
      const res = await fetch('/api/contact', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(values) });
      next = await readOutcome(res);
    } catch {
      next = { kind: 'failed' };
    }
    setOutcome(next);
    setFieldErrors(next.kind === 'invalid' ? next.errors : {});
    if (next.kind === 'sent') setValues(EMPTY);
  }

  /** Props that tie a control to its label and to its server message, if it has one. */
  const control = (field: Field) => {
    const errors = fieldErrors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      'aria-invalid': errors ? true : undefined,
      'aria-describedby': errors ? `${id}-${field}-error` : undefined,
    };
  };
  const errorOf = (field: Field) =>
    fieldErrors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {fieldErrors[field].join(' ')}
      </p>
    ) : null;

  return (
    <form className="contact-form" method="post" onSubmit={send} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="section-title">
        Send us a message
      </h2>
      <p className="section-lead">
        Tell us what you are looking for and a gemologist will write back. Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="form-grid">
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input {...control('name')} className="form-control" type="text" autoComplete="name" maxLength={100} onChange={(e) => update('name', e.target.value)} />
          {errorOf('name')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-email`}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            {...control('email')}
            className="form-control"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            onChange={(e) => update('email', e.target.value)}
          />
          {errorOf('email')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-phone`}>
            Phone
          </label>
          <input
            {...control('phone')}
            className="form-control"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            // The v-flag regex of the pattern attribute needs the hyphen escaped inside a class.
            pattern="[0-9\-]*"
            title="Digits and hyphens only, for example 212-555-0100"
            maxLength={30}
            placeholder="212-555-0100"
            onChange={(e) => update('phone', e.target.value)}
          />
          {errorOf('phone')}
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-topic`}>
            Topic <span aria-hidden="true">*</span>
          </label>
          <select {...control('topic')} className="form-control" required onChange={(e) => update('topic', e.target.value)}>
            <option value="">Select</option>
            {CONTACT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {errorOf('topic')}
        </div>
        <div className="form-field form-field--wide">
          <label className="form-label" htmlFor={`${id}-question`}>
            Your question
          </label>
          <textarea
            {...control('question')}
            className="form-control"
            rows={5}
            maxLength={5000}
            onChange={(e) => update('question', e.target.value)}
          />
          {errorOf('question')}
        </div>
      </div>
      <div role="status" className="form-live">
        {outcome.kind === 'sent' && <p className="form-banner form-banner--success">{outcome.message}</p>}
      </div>
      <div role="alert" className="form-live">
        {outcome.kind === 'invalid' && <p className="form-banner form-banner--error">{outcome.summary}</p>}
        {outcome.kind === 'failed' && <p className="form-banner form-banner--error">{CONTACT_FAILURE_MESSAGE}</p>}
      </div>
      <button type="submit" className="button form-submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}

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

function HelpOptions() {
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
            <AppointmentButton className="text-button" defaultKind="virtual">
              Book a video chat
            </AppointmentButton>
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
        <AppointmentButton className="text-button">Book an appointment with a gemologist</AppointmentButton>
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

function ContactFaq() {
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        Frequently asked questions
      </h2>
      <Faq items={FAQ} defaultOpen={FAQ[0]!.id} className="contact-faq" />
    </section>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <div className="contact-page">
      <section className="contact-hero" aria-labelledby="contact-title">
        <p className="eyebrow">Customer care</p>
        <h1 id="contact-title">Contact Us</h1>
        <p className="contact-hero-lead">
          Our gemologists are available seven days a week to help you find, design or care for the perfect piece.
        </p>
      </section>
      <div className="contact-body">
        <ContactForm initial={actionData} />
        <HelpOptions />
      </div>
      <ContactFaq />
    </div>
  );
}
