import { randomBytes } from 'node:crypto';
import { NEWSLETTER_UNSUBSCRIBE_MESSAGES, WELCOME_OFFER, type MessageResponse, type NewsletterResponse, type NewsletterSubscription } from '@everstone/contract';
import { NotFoundError } from '../../errors.ts';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { toCsv } from '../../lib/csv.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { composeMail, fields, paragraph, type OutgoingMail, type MailQueue } from '../mail/index.ts';
import { createNewsletterRepository } from './repository.ts';
import { newsletterTables } from './tables.ts';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Check your inbox for your $100 welcome code.',
  alreadySubscribed: "You're already on our list. Thank you for staying in touch!",
  resubscribed: 'Welcome back! You are subscribed to our newsletter again.',
} as const;

/** Where a subscriber stops the newsletter: the page (a person clicking) and the API (RFC 8058 one-click post). */
export function unsubscribeLinks(publicUrl: string, token: string) {
  return {
    page: `${publicUrl}/newsletter/unsubscribe?token=${token}`,
    oneClick: `${publicUrl}/api/newsletter/unsubscribe?token=${token}`,
  };
}

/** 'anna@example.com' → 'an***@example.com': the owner recognises it; a stranger holding the link learns little. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

function welcomeMail(email: string, storeEmail: string, links: ReturnType<typeof unsubscribeLinks>): OutgoingMail {
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
      paragraph(`To stop receiving our newsletter, unsubscribe here: ${links.page}`),
    ],
    // Mail programs show their own Unsubscribe button for these, and may post to the one-click address (RFC 8058).
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

export function createNewsletterService(deps: { db: Handle; engine: Engine; mail: MailQueue; storeEmail: string; publicUrl: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const db = newsletterTables(deps.db);
  const repo = createNewsletterRepository(db);
  return {
    /** How many addresses receive the newsletter, and how many asked to stop. */
    async summary(): Promise<{ subscribed: number; unsubscribed: number }> {
      const { all, unsubscribed } = await repo.counts();
      return { subscribed: all - unsubscribed, unsubscribed };
    },

    /** The addresses that receive the newsletter, oldest first, as CSV rows (email, subscribed at). */
    async subscribersCsv(): Promise<string> {
      const rows = await repo.listSubscribed();
      return toCsv([['email', 'subscribed_at'], ...rows.map((r) => [r.email, r.created_at])]);
    },

    /**
     * Subscribes an address once; a repeat (in any letter case) is a kind answer and no second email. An address
     * that had unsubscribed is welcomed back (its welcome code was sent the first time).
     */
    async subscribe(rawEmail: string): Promise<NewsletterResponse> {
      const email = rawEmail.toLowerCase();
      const outcome = await writeTransaction({ db, engine: deps.engine }, async (trx) => {
        const r = createNewsletterRepository(trx);
        const token = randomBytes(24).toString('base64url');
        const id = await r.insert(email, now().toISOString(), token);
        if (id === null) return (await r.resubscribe(email)) ? 'back' : 'already';
        const [mailId] = await deps.mail.enqueue(trx, [welcomeMail(email, deps.storeEmail, unsubscribeLinks(deps.publicUrl, token))]);
        await r.setWelcomeMail(id, mailId!);
        return 'new';
      });
      if (outcome === 'already') return { message: NEWSLETTER_MESSAGES.alreadySubscribed, subscribed: false };
      if (outcome === 'back') return { message: NEWSLETTER_MESSAGES.resubscribed, subscribed: true };
      deps.mail.flush();
      return { message: NEWSLETTER_MESSAGES.subscribed, subscribed: true };
    },

    /** Whom an unsubscribe link names, the address partly hidden; 404 for a token that names nobody. */
    async subscription(token: string): Promise<NewsletterSubscription> {
      const row = await repo.findByToken(token);
      if (!row) throw new NotFoundError(NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid);
      return { email: maskEmail(row.email), subscribed: row.unsubscribed_at === null };
    },

    /** Stops the newsletter for the link's address; the same link again answers the same. */
    async unsubscribe(token: string): Promise<MessageResponse> {
      if (!(await repo.unsubscribe(token, now().toISOString()))) throw new NotFoundError(NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid);
      return { message: NEWSLETTER_UNSUBSCRIBE_MESSAGES.done };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
