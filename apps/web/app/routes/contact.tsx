import { data } from 'react-router';
import type { Route } from './+types/contact';
import { ContactForm, EMPTY, onlyPhoneCharacters, sendMessage, type Field, type Values } from '../features/contact/contact-form';
import { ContactFaq, HelpOptions } from '../features/contact/contact-help';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Contact Us',
    description:
      'Message, email, call or video chat with an Everstone gemologist, seven days a week. Answers on ordering by phone, order status, custom jewelry and our policies.',
  });

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
  const outcome = await sendMessage(serverApi(context), values);
  const status = outcome.kind === 'sent' ? 200 : outcome.kind === 'invalid' ? 422 : 502;
  return data({ outcome, values: outcome.kind === 'sent' ? EMPTY : values }, { status });
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
