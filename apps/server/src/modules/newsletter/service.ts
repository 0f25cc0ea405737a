import type { Kysely } from 'kysely';
import { WELCOME_OFFER, type NewsletterResponse } from '@everstone/contract';
import type { Database } from '../../db/schema.ts';
import { composeMail, fields, paragraph, type OutgoingMail } from '../mail/compose.ts';
import type { MailQueue } from '../mail/setup.ts';
import { createNewsletterRepository } from './repository.ts';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Check your inbox for your $100 welcome code.',
  alreadySubscribed: "You're already on our list. Thank you for staying in touch!",
} as const;

function welcomeMail(email: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to: email,
    // Replies (including "unsubscribe") reach a person, not the no-reply sender.
    replyTo: storeEmail,
    subject: 'Welcome to Everstone: your $100 welcome code',
    greeting: 'Welcome to Everstone,',
    blocks: [
      paragraph('Thank you for joining our list. As a welcome, here is a code for your first purchase:'),
      fields([
        ['Code', WELCOME_OFFER.code],
        ['Offer', WELCOME_OFFER.text],
      ]),
      paragraph('Enter the code at checkout. We will write now and then with new collections and offers.'),
      paragraph('To stop receiving our emails, reply with "unsubscribe".'),
    ],
  });
}

export function createNewsletterService(deps: { db: Kysely<Database>; mail: MailQueue; storeEmail: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Subscribes an address once; a repeat (in any letter case) is a kind answer and no second email. */
    async subscribe(rawEmail: string): Promise<NewsletterResponse> {
      const email = rawEmail.toLowerCase();
      const isNew = await deps.db.transaction().execute(async (trx) => {
        const repo = createNewsletterRepository(trx);
        const id = await repo.insert(email, now().toISOString());
        if (id === null) return false;
        const [mailId] = await deps.mail.enqueue(trx, [welcomeMail(email, deps.storeEmail)]);
        await repo.setWelcomeMail(id, mailId!);
        return true;
      });
      if (!isNew) return { message: NEWSLETTER_MESSAGES.alreadySubscribed, subscribed: false };
      deps.mail.flush();
      return { message: NEWSLETTER_MESSAGES.subscribed, subscribed: true };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
