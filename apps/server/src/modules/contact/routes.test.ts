import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';

const STORE = 'gemologists@store.test';

describe.each(TEST_ENGINES)('POST /api/contact on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url, STORE_EMAIL: STORE });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const post = (body: unknown) => app.inject({ method: 'POST', url: '/api/contact', payload: body as object });
  const countMessages = async () =>
    Number((await db.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const countOutbox = async () =>
    Number((await db.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const allSent = async () =>
    (await db.db.selectFrom('mail_outbox').select('status').execute()).every((r) => r.status === 'sent');

  it('stores the message, emails the store (reply-to the shopper) and acknowledges the shopper', async () => {
    const question = 'Do you have a 2 carat <b>oval</b> in "F" color & VS1?\nBudget about $15,000.';
    const res = await post({ name: 'Ann Lee', email: 'ann@shopper.test', phone: '212-555-0100', topic: 'Diamonds', question });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you for reaching out. Our gemologists will reply within one business day.' });

    const row = await db.db.selectFrom('contact_messages').selectAll().where('email', '=', 'ann@shopper.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ann Lee', phone: '212-555-0100', topic: 'Diamonds', question });

    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.replyTo.includes('ann@shopper.test')), { what: 'the store notice' });
    expect(notice.recipients).toEqual([STORE]);
    expect(notice.subject).toBe('Contact form: Diamonds');
    expect(notice.text).toContain('Do you have a 2 carat <b>oval</b> in "F" color & VS1?');
    expect(notice.text).toContain('Budget about $15,000.');
    expect(notice.text).toContain('Phone: 212-555-0100');
    // In HTML the shopper's text is text, never markup.
    expect(notice.html).toContain('&lt;b&gt;oval&lt;/b&gt; in &quot;F&quot; color &amp; VS1?');
    expect(notice.html).not.toContain('<b>oval</b>');

    const ack = await waitFor(() => smtp.to('ann@shopper.test')[0], { what: 'the acknowledgement' });
    expect(ack.recipients).toEqual(['ann@shopper.test']);
    expect(ack.subject).toBe('We received your message');
    expect(ack.replyTo).toContain(STORE);
    // The address is whatever the sender typed: the acknowledgement echoes none of their words to it.
    expect(ack.text).toContain('Hello,');
    expect(ack.text).toContain('Topic: Diamonds');
    expect(ack.text).not.toContain('Ann Lee');
    expect(ack.text).not.toContain('Budget');
    expect(ack.html).not.toContain('oval');

    await waitFor(allSent, { what: 'the outbox to be sent' });
    expect(smtp.to(STORE).filter((m) => m.replyTo.includes('ann@shopper.test'))).toHaveLength(1);
    expect(smtp.to('ann@shopper.test')).toHaveLength(1);
  });

  it('is no relay: a stranger’s name and question never reach the address they typed', async () => {
    const spam = 'Claim your prize at https://phish.example/win — reply with your bank details';
    const res = await post({ name: 'Your Bank: act now https://phish.example', email: 'target@shopper.test', topic: 'Jewelry', question: spam });
    expect(res.statusCode, res.body).toBe(200);
    const ack = await waitFor(() => smtp.to('target@shopper.test')[0], { what: 'the acknowledgement' });
    expect(`${ack.subject}\n${ack.text}\n${ack.html}`).not.toContain('phish.example');
    // The store's own copy keeps everything, for the gemologists.
    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.replyTo.includes('target@shopper.test')), { what: 'the store notice' });
    expect(notice.text).toContain('https://phish.example/win');
  });

  it('drops control characters from what is stored and mailed, keeping the question’s line breaks', async () => {
    const res = await post({ name: 'Eve\u001b[2K\rAdmin', email: 'ctl@shopper.test', phone: '212-555-0199', topic: 'Diamonds', question: 'Line one\r\nLine\u0007 two\u009b' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db.db.selectFrom('contact_messages').selectAll().where('email', '=', 'ctl@shopper.test').executeTakeFirstOrThrow();
    expect(row.name).toBe('Eve[2K Admin');
    expect(row.question).toBe('Line one\nLine two');
  });

  it('accepts the optional fields empty and stores them as null', async () => {
    const res = await post({ name: '', email: '  Bo@Shopper.test ', phone: '', topic: 'Policies', question: '' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db.db.selectFrom('contact_messages').selectAll().where('topic', '=', 'Policies').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: null, email: 'Bo@Shopper.test', phone: null, question: null });
    const ack = await waitFor(() => smtp.to('Bo@Shopper.test')[0], { what: 'the acknowledgement' });
    expect(ack.text).toContain('Hello,');
  });

  it.each([
    ['a missing email', { topic: 'Jewelry' }, 'email', 'The email field is required.'],
    ['a blank email', { email: '   ', topic: 'Jewelry' }, 'email', 'The email field is required.'],
    ['a malformed email', { email: 'ann@', topic: 'Jewelry' }, 'email', 'The email must be a valid email address.'],
    ['an unknown topic', { email: 'c@shopper.test', topic: 'Rings' }, 'topic', 'Please choose a topic.'],
    ['a missing topic', { email: 'c@shopper.test' }, 'topic', 'Please choose a topic.'],
    ['the empty Select topic', { email: 'c@shopper.test', topic: '' }, 'topic', 'Please choose a topic.'],
    ['a phone with letters', { email: 'c@shopper.test', topic: 'Jewelry', phone: '212-CALL-NOW' }, 'phone', 'The phone may contain only digits and hyphens.'],
  ])('answers 422 for %s with the field’s message and stores nothing', async (_case, body, field, message) => {
    const [messagesBefore, outboxBefore] = [await countMessages(), await countOutbox()];
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(422);
    const json = res.json();
    expect(json.errors).toEqual({ [field]: [message] });
    expect(json.message).toContain(message);
    expect(await countMessages()).toBe(messagesBefore);
    expect(await countOutbox()).toBe(outboxBefore);
  });

  it('names every bad field at once', async () => {
    const res = await post({ email: 'nope', topic: 'Nope', phone: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      topic: ['Please choose a topic.'],
      phone: ['The phone may contain only digits and hyphens.'],
    });
  });
});
