import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { NEWSLETTER_UNSUBSCRIBE_MESSAGES } from '@everstone/contract';

const SUBSCRIBED = { message: 'Thank you for subscribing! Check your inbox for your $100 welcome code.', subscribed: true };
const ALREADY = { message: "You're already on our list. Thank you for staying in touch!", subscribed: false };

describe.each(TEST_ENGINES)('POST /api/newsletter on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url, STORE_EMAIL: 'care@store.test', PUBLIC_URL: 'https://shop.example.test' });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const subscribe = (email: unknown) => app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  const outboxTo = (address: string) => db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();
  const allSent = async () =>
    (await db.db.selectFrom('mail_outbox').select('status').execute()).every((r) => r.status === 'sent');

  it('subscribes a new address and sends one welcome email with the $100 code', async () => {
    const res = await subscribe('Dana@Shopper.test');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual(SUBSCRIBED);

    const row = await db.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'dana@shopper.test').executeTakeFirstOrThrow();
    expect(row.welcome_mail_id).not.toBeNull();

    const mail = await waitFor(() => smtp.to('dana@shopper.test')[0], { what: 'the welcome email' });
    expect(mail.recipients).toEqual(['dana@shopper.test']);
    expect(mail.subject).toContain('$100');
    expect(mail.text).toContain('WELCOME');
    expect(mail.text).toContain('$100 off your first purchase of $1,000 or more');
    expect(mail.html).toContain('WELCOME');
  });

  it('answers a repeat in another letter case kindly, with no second email', async () => {
    await waitFor(allSent, { what: 'the welcome email to be sent' });
    const res = await subscribe('  DANA@shopper.TEST ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(ALREADY);

    expect(await outboxTo('dana@shopper.test')).toHaveLength(1);
    const rows = await db.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', 'dana@shopper.test').execute();
    expect(rows).toHaveLength(1);
    await waitFor(allSent, { what: 'the outbox to be sent' });
    expect(smtp.to('dana@shopper.test')).toHaveLength(1);
  });

  it('lets concurrent sign-ups for one address through as one subscription and one email', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => subscribe(i % 2 ? 'eve@shopper.test' : 'EVE@shopper.test')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual(Array(5).fill(ALREADY));

    expect(await outboxTo('eve@shopper.test')).toHaveLength(1);
    await waitFor(allSent, { what: 'the outbox to be sent' });
    expect(smtp.to('eve@shopper.test')).toHaveLength(1);
  });

  it.each([
    ['a malformed address', 'not-an-email', 'The email must be a valid email address.'],
    ['an empty address', '', 'The email field is required.'],
    ['no address', undefined, 'The email field is required.'],
  ])('answers 422 for %s', async (_case, email, message) => {
    const res = await subscribe(email);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ email: [message] });
  });

  describe('unsubscribing', () => {
    /** Subscribes `email` and reads the unsubscribe link out of its welcome email, as a subscriber would follow it. */
    async function subscribedWithLink(email: string) {
      expect((await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).statusCode).toBe(201);
      const mail = await waitFor(() => smtp.to(email)[0], { what: 'the welcome email' });
      const page = /https:\/\/shop\.example\.test\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
      expect(page, mail.text).not.toBeNull();
      return { token: page![1]!, mail };
    }

    const isSubscribed = async (email: string) =>
      (await db.db.selectFrom('newsletter_subscribers').select('unsubscribed_at').where('email', '=', email).executeTakeFirstOrThrow()).unsubscribed_at === null;

    it('puts a one-click unsubscribe link in the welcome email, with RFC 8058 headers', async () => {
      const { token, mail } = await subscribedWithLink('lee@shopper.test');
      // Long header lines are folded onto continuation lines; unfold them as a mail program does.
      const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toContain(`List-Unsubscribe: <https://shop.example.test/api/newsletter/unsubscribe?token=${token}>`);
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    });

    it('tells whom a link names, unsubscribes it, and answers the same when repeated', async () => {
      const { token } = await subscribedWithLink('anna.kim@shopper.test');
      const who = await app.inject(`/api/newsletter/subscription?token=${token}`);
      expect(who.json()).toEqual({ email: 'an***@shopper.test', subscribed: true });

      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: NEWSLETTER_UNSUBSCRIBE_MESSAGES.done });
      }
      expect(await isSubscribed('anna.kim@shopper.test')).toBe(false);
      expect((await app.inject(`/api/newsletter/subscription?token=${token}`)).json()).toEqual({ email: 'an***@shopper.test', subscribed: false });
    });

    it('takes the one-click post a mail program sends to the List-Unsubscribe address', async () => {
      const { token } = await subscribedWithLink('one.click@shopper.test');
      const res = await app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await isSubscribed('one.click@shopper.test')).toBe(false);
    });

    it('answers 404 for a token that names nobody, and 400 for one that is not a token', async () => {
      const unknown = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 'A'.repeat(32) } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid);
      expect((await app.inject('/api/newsletter/subscription?token=bad')).statusCode).toBe(400);
    });

    it('welcomes back an address that had unsubscribed, without a second welcome code', async () => {
      const { token } = await subscribedWithLink('back@shopper.test');
      await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
      const again = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'back@shopper.test' } });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ message: 'Welcome back! You are subscribed to our newsletter again.', subscribed: true });
      expect(await isSubscribed('back@shopper.test')).toBe(true);
      expect(await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'back@shopper.test').execute()).toHaveLength(1);
    });
  });
});
