import { CONTACT_FAILURE_MESSAGE } from '@everstone/contract/core';
import type { Route } from './+types/contact';
import { CONTACT_FIELDS, ContactForm, sendMessage } from '../features/contact/contact-form';
import { formClientAction, readForm, replyWith } from '../components/ui/form';
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
 * The form's one path: with JavaScript through a fetcher, without it as a plain post. The message goes to the
 * same API in-process, so the shopper sees the same answer either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return replyWith(await sendMessage(serverApi(context), readForm(await request.formData(), CONTACT_FIELDS)));
}

export const clientAction = formClientAction(CONTACT_FIELDS, CONTACT_FAILURE_MESSAGE);

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
        <ContactForm answer={actionData} />
        <HelpOptions />
      </div>
      <ContactFaq />
    </div>
  );
}
