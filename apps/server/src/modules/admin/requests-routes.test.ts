import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES } from '@everstone/contract';
import type {
  AdminContactMessage,
  AdminCustomerListResponse,
  AdminCustomRequestListResponse,
  AdminHomePreviewListResponse,
  AdminMessageListResponse,
  AdminQueueResponse,
  AuditListResponse,
  ProductListResponse,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff, uniqueEmail } from '../../test/accounts.ts';
import { createInventoryService } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';

const SHIP_TO = { first_name: 'Ann', last_name: 'Lee', street: '580 Fifth Avenue', apartment: 'Suite 12', city: 'New York', state: 'NY', zip: '10036', country: 'United States', phone_number: '212-555-0100' };

describe.each(TEST_ENGINES)('the back office’s customers and requests on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let settings: number[];
  let staff: { email: string; cookie: string; id: number; password: string };
  let owner: { email: string; cookie: string; id: number; password: string };
  const signInAgain = async (person: { email: string; password: string; cookie: string }) => {
    person.cookie = await adminCookie(app, person.email, person.password);
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    smtp = await startTestSmtp();
    // Monday, January 5, 2026, 10:00 in New York: a custom request's reply is due by the end of Tuesday.
    clock = createTestClock(new Date('2026-01-05T15:00:00Z'));
    app = await createTestApp(db, { SMTP_URL: smtp.url, AUTH_TOKEN_TTL_DAYS: '30' }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    settings = ((await app.inject('/api/products?department=engagement-rings')).json() as ProductListResponse).data.map((p) => p.variant_id);
    staff = await signUpAsStaff(app, db.db, 'staff', 'Stella Staff');
    owner = await signUpAsStaff(app, db.db, 'owner', 'Owen Owner');
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const as = (cookie: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as 'GET', url, payload: payload as object, headers: method === 'GET' ? { cookie } : adminChange(cookie) });

  it('finds a customer and shows their addresses, orders, messages and requests, but never a password', async () => {
    const shopper = await signUpAndIn(app, { name: 'Clara Customer' });
    await app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: bearer(shopper.token),
      payload: { first_name: 'Clara', last_name: 'Customer', country: 'United States', address: { street: '1 Main St', city: 'Boston', state: 'MA', zip: '02108' }, phone_number: '617-555-0100', is_get_offer: 0 },
    });
    await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Clara Customer', email: shopper.email.toUpperCase(), topic: 'Diamonds', question: 'Do you have pear shapes?' } });
    await app.inject({ method: 'POST', url: '/api/home-preview/requests', headers: bearer(shopper.token), payload: { rings: [{ variant_id: settings[0], ring_size: '6' }], ship_to: SHIP_TO } });

    const found = (await as(staff.cookie, 'GET', `/api/admin/customers?q=${encodeURIComponent('clara cust')}`)).json() as AdminCustomerListResponse;
    expect(found.customers).toEqual([expect.objectContaining({ id: shopper.user.id, email: shopper.email, name: 'Clara Customer', orders: 0 })]);
    expect(((await as(staff.cookie, 'GET', `/api/admin/customers?q=${encodeURIComponent(shopper.email.slice(0, 12))}`)).json() as AdminCustomerListResponse).customers.map((c) => c.id)).toContain(shopper.user.id);
    // LIKE's own characters are searched as text.
    expect(((await as(staff.cookie, 'GET', '/api/admin/customers?q=%25')).json() as AdminCustomerListResponse).total).toBe(0);

    const page = await as(staff.cookie, 'GET', `/api/admin/customers/${shopper.user.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const customer = page.json().customer;
    expect(customer.addresses).toEqual([expect.objectContaining({ first_name: 'Clara', address: expect.objectContaining({ city: 'Boston' }) })]);
    // The message was sent with the address typed on the form: the page says it is matched by that, apart from what
    // the account made itself.
    expect(customer.matched_by_email.messages).toEqual([expect.objectContaining({ topic: 'Diamonds', question: 'Do you have pear shapes?', handled_at: null })]);
    expect(customer.messages).toBeUndefined();
    expect(customer.home_previews).toEqual([expect.objectContaining({ status: 'requested', name: 'Ann Lee', rings: [expect.objectContaining({ ring_size: '6' })] })]);
    expect(page.body).not.toMatch(/password|token|plain\$/i);
    expect((await as(staff.cookie, 'GET', '/api/admin/customers/999999')).statusCode).toBe(404);

    const reset = await as(staff.cookie, 'POST', `/api/admin/customers/${shopper.user.id}/password-reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === 'Reset your Everstone password'), { what: 'the reset email' });
    expect(mail.text).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
    const log = (await as(owner.cookie, 'GET', `/api/admin/audit?action=customer.reset_email&subject=${encodeURIComponent(shopper.email)}`)).json() as AuditListResponse;
    expect(log.entries).toEqual([expect.objectContaining({ actor: expect.objectContaining({ email: staff.email }) })]);
  });

  it('sends a customer reset links within the storefront’s limit per recipient, counted together with the storefront’s', async () => {
    const limited = await createTestApp(db, { SMTP_URL: smtp.url, RATE_LIMITS_ENABLED: 'true' }, { now: clock.now, passwordHasher: quickHasher });
    try {
      const cookie = await adminCookie(limited, staff.email, staff.password);
      const [customer, other] = [await signUpAndIn(app, { name: 'Flo Flooded' }), await signUpAndIn(app, { name: 'Otto Other' })];
      const reset = (id: number) => limited.inject({ method: 'POST', url: `/api/admin/customers/${id}/password-reset`, headers: adminChange(cookie) });
      const [max] = RATE_LIMITS.passwordEmail.rules.filter((r) => r.by === 'email').map((r) => r.max);
      for (let i = 0; i < max!; i++) expect((await reset(customer.user.id)).statusCode).toBe(200);
      const refused = await reset(customer.user.id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(new RegExp(`^${ADMIN_MESSAGES.resetEmailLimit} Please try again in \\d+ minutes?\\.$`));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same inbox through the storefront's form: the same counters, already spent.
      const storefront = await limited.inject({ method: 'POST', url: '/api/password/email', payload: { email: customer.email } });
      expect(storefront.statusCode).toBe(429);
      // Another customer is not held back, and the refused link was neither mailed nor logged.
      expect((await reset(other.user.id)).statusCode).toBe(200);
      const log = (await as(owner.cookie, 'GET', `/api/admin/audit?action=customer.reset_email&subject=${encodeURIComponent(customer.email)}`)).json() as AuditListResponse;
      expect(log.total).toBe(max);
      const links = (email: string) => smtp.to(email).filter((m) => m.subject === 'Reset your Everstone password').length;
      await waitFor(() => (links(customer.email) === max && links(other.email) === 1 ? true : undefined), { what: 'the links sent' });
      expect(links(customer.email)).toBe(max);
    } finally {
      await limited.close();
    }
  });

  it('shows an account’s role to owners, who appoint the staff, and to staff not at all', async () => {
    const list = async (cookie: string) =>
      ((await as(cookie, 'GET', `/api/admin/customers?q=${encodeURIComponent(owner.email)}`)).json() as AdminCustomerListResponse).customers;
    expect(await list(owner.cookie)).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);
    const seenByStaff = await list(staff.cookie);
    expect(seenByStaff).toEqual([expect.objectContaining({ email: owner.email })]);
    expect(seenByStaff[0]).not.toHaveProperty('role');
    const page = await as(staff.cookie, 'GET', `/api/admin/customers/${owner.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().customer).not.toHaveProperty('role');
    expect((await as(owner.cookie, 'GET', `/api/admin/customers/${staff.id}`)).json().customer).toMatchObject({ role: 'staff' });
  });

  it('answers a contact message by email from the page: the reply is kept, the message handled, the log written', async () => {
    const sender = uniqueEmail('asker');
    // Words no email the store writes would hold unless it quoted the sender.
    const question = 'Can I return a ring bought with voucher QX-Zanzibar-7731? Visit quirky-prizes.example now';
    await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada Quixotica', email: sender, topic: 'Policies', question } });
    const open = (await as(staff.cookie, 'GET', '/api/admin/messages?state=open&per_page=100')).json() as AdminMessageListResponse;
    const message = open.messages.find((m) => m.email === sender)!;
    expect(message).toMatchObject({ name: 'Ada Quixotica', question, handled_at: null, replies: [] });
    const queue = (await as(staff.cookie, 'GET', '/api/admin/queue')).json() as AdminQueueResponse;
    expect(queue.open_messages).toBeGreaterThanOrEqual(1);

    const empty = await as(staff.cookie, 'POST', `/api/admin/messages/${message.id}/reply`, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual(['Please write the reply.']);
    expect((await as(staff.cookie, 'POST', '/api/admin/messages/999999/reply', { body: 'Hello' })).statusCode).toBe(404);

    const replied = await as(staff.cookie, 'POST', `/api/admin/messages/${message.id}/reply`, { body: 'Yes, within 30 days.\n\nWe send a prepaid label.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const after = replied.json().contact as AdminContactMessage;
    expect(after).toMatchObject({ handled_by: staff.email, replies: [{ by: staff.email, body: 'Yes, within 30 days.\n\nWe send a prepaid label.' }] });
    expect(after.handled_at).not.toBeNull();
    const mail = await waitFor(() => smtp.to(sender).find((m) => m.subject === 'Re: your message to Everstone about Policies'), { what: 'the reply' });
    expect(mail.text).toContain('We send a prepaid label.');
    // The address was typed on the form and never verified: the reply quotes nothing the sender wrote, name included.
    for (const part of ['Zanzibar', 'QX-', 'quirky-prizes', 'Can I return', 'voucher', 'Quixotica']) {
      expect(mail.text, part).not.toContain(part);
      expect(mail.html, part).not.toContain(part);
      expect(mail.subject, part).not.toContain(part);
    }
    expect(mail.text).toContain('Stella Staff, Everstone');
    expect(mail.text.replace(/\s+/g, ' ')).toMatch(/This answers the message about Policies sent to us through our contact page on \w+ \d{1,2}, \d{4}\./);
    // Staff still read the question on the message, beside the reply.
    const kept = (await as(staff.cookie, 'GET', '/api/admin/messages?state=handled&per_page=100')).json() as AdminMessageListResponse;
    expect(kept.messages.find((m) => m.id === message.id)).toMatchObject({ question, replies: [{ body: 'Yes, within 30 days.\n\nWe send a prepaid label.' }] });

    const handled = (await as(staff.cookie, 'GET', '/api/admin/messages?state=handled&per_page=100')).json() as AdminMessageListResponse;
    expect(handled.messages.map((m) => m.id)).toContain(message.id);
    const reopened = await as(staff.cookie, 'POST', `/api/admin/messages/${message.id}/handled`, { handled: false });
    expect(reopened.json().contact.handled_at).toBeNull();
    expect((await as(staff.cookie, 'POST', `/api/admin/messages/${message.id}/handled`, { handled: 'yes' })).statusCode).toBe(422);

    const log = (await as(owner.cookie, 'GET', `/api/admin/audit?subject=${message.id}`)).json() as AuditListResponse;
    expect(log.entries.map((e) => e.action)).toEqual(['message.handled', 'message.reply']);
  });

  it('shows staff a sender’s name and question without the invisible marks that would make them read otherwise', async () => {
    const sender = uniqueEmail('bidi');
    // A right-to-left override makes "Ann…fdp.exe" read "Ann…exe.pdf"; an isolate hides a reversed run in the question.
    const sent = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ann\u202efdp.exe', email: sender, topic: 'Policies', question: 'Refund to\u2067 account 1234\u2069 please' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const open = (await as(staff.cookie, 'GET', '/api/admin/messages?state=open&per_page=100')).json() as AdminMessageListResponse;
    expect(open.messages.find((m) => m.email === sender)).toMatchObject({ name: 'Annfdp.exe', question: 'Refund to account 1234 please' });
  });

  it('counts down a custom ring request’s one-day promise and puts it on the first screen when due', async () => {
    const email = uniqueEmail('designer');
    const made = await app.inject({
      method: 'POST',
      url: '/api/custom-ring-requests',
      payload: { style: 'halo', budget: '5000-10000', center_shape: 'Oval', center_origin: 'lab', center_carat: '1.5', metal: '18k-rose', ring_size: '6.5', note: 'Milgrain edges', name: 'Dee Designer', email, phone: '212-555-0100', images: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const number = made.json().request_number as string;
    const listed = await as(staff.cookie, 'GET', '/api/admin/custom-requests?state=open&per_page=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json() as AdminCustomRequestListResponse;
    const request = list.requests.find((r) => r.request_number === number)!;
    // Placed Monday 10:00 in New York: due by the end of Tuesday there, 05:00 UTC on Wednesday.
    expect(request).toMatchObject({ reply_by: '2026-01-06', reply_due_at: '2026-01-07T05:00:00.000Z', handled_at: null });

    const monday = (await as(staff.cookie, 'GET', '/api/admin/queue')).json() as AdminQueueResponse;
    expect(monday.custom_requests.map((r) => r.request_number)).not.toContain(number);
    clock.advance(24 * 3_600_000);
    // A day later the back-office sessions have ended (ADMIN_SESSION_HOURS): staff sign in again.
    await signInAgain(staff);
    await signInAgain(owner);
    const tuesday = (await as(staff.cookie, 'GET', '/api/admin/queue')).json() as AdminQueueResponse;
    expect(tuesday.custom_requests.map((r) => r.request_number)).toContain(number);

    const answered = await as(staff.cookie, 'POST', `/api/admin/custom-requests/${number}/handled`, { handled: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().request).toMatchObject({ handled_by: staff.email });
    expect(((await as(staff.cookie, 'GET', '/api/admin/queue')).json() as AdminQueueResponse).custom_requests.map((r) => r.request_number)).not.toContain(number);
    expect((await as(staff.cookie, 'POST', '/api/admin/custom-requests/CR-0000-NOPE/handled', { handled: true })).statusCode).toBe(404);
  });

  it('lists Home Preview requests with where to ship which replicas', async () => {
    const shopper = await signUpAndIn(app, { name: 'Hope Preview' });
    const res = await app.inject({ method: 'POST', url: '/api/home-preview/requests', headers: bearer(shopper.token), payload: { rings: [{ variant_id: settings[1], ring_size: '7' }], ship_to: { ...SHIP_TO, first_name: 'Hope' } } });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await as(staff.cookie, 'GET', '/api/admin/home-previews?status=requested&per_page=100')).json() as AdminHomePreviewListResponse;
    const mine = list.previews.find((p) => p.email === shopper.email)!;
    expect(mine).toMatchObject({ name: 'Hope Lee', address: '580 Fifth Avenue, Suite 12, New York, NY 10036, United States', rings: [expect.objectContaining({ ring_size: '7' })] });
    expect((await as(staff.cookie, 'GET', '/api/admin/home-previews?status=lost')).statusCode).toBe(400);
  });

  it('exports the newsletter’s subscribers as CSV, without those who left, and logs the export', async () => {
    const stays = uniqueEmail('reader');
    const leaves = uniqueEmail('leaver');
    for (const email of [stays, leaves]) expect((await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).statusCode).toBeLessThan(300);
    const token = (await db.db.selectFrom('newsletter_subscribers').select('unsubscribe_token').where('email', '=', leaves).executeTakeFirstOrThrow()).unsubscribe_token!;
    expect((await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } })).statusCode).toBe(200);

    const summary = (await as(staff.cookie, 'GET', '/api/admin/newsletter')).json();
    expect(summary.unsubscribed).toBeGreaterThanOrEqual(1);
    const csv = await as(staff.cookie, 'GET', '/api/admin/newsletter/subscribers.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="everstone-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines.some((l) => l.startsWith(`${stays},`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${leaves},`))).toBe(false);
    expect(lines.length - 1).toBe(summary.subscribed);
    const log = (await as(owner.cookie, 'GET', '/api/admin/audit?action=newsletter.export')).json() as AuditListResponse;
    expect(log.entries[0]).toMatchObject({ actor: expect.objectContaining({ email: staff.email }), after: { rows: summary.subscribed } });
  });

  it('keeps the appointments calendar: moves one with an email, refuses a taken slot, cancels one and frees its slot', async () => {
    // The clock is on Tuesday, January 6, 2026 here; Wednesday 14:00 in New York is 19:00 UTC.
    const book = (startsAt: string, email: string) =>
      app.inject({ method: 'POST', url: '/api/appointments', payload: { kind: 'virtual', starts_at: startsAt, name: 'Veronika Zwirbelmoos', email, phone: '212-555-0100', note: 'Ovals, please' } });
    const email = uniqueEmail('visitor');
    const first = await book('2026-01-07T19:00:00.000Z', email);
    expect(first.statusCode, first.body).toBe(201);
    expect((await book('2026-01-07T21:00:00.000Z', uniqueEmail('other'))).statusCode).toBe(201);
    const id = first.json().appointment.id as number;

    const day = (await as(staff.cookie, 'GET', '/api/admin/appointments?from=2026-01-07&days=1')).json();
    expect(day.appointments.map((a: { starts_at: string }) => a.starts_at)).toEqual(['2026-01-07T19:00:00.000Z', '2026-01-07T21:00:00.000Z']);
    expect((await as(staff.cookie, 'GET', '/api/admin/appointments?from=2026-01-08&days=7')).json().appointments).toEqual([]);
    expect((await as(staff.cookie, 'GET', '/api/admin/appointments?from=tomorrow')).statusCode).toBe(400);

    const moved = await as(staff.cookie, 'POST', `/api/admin/appointments/${id}/reschedule`, { starts_at: '2026-01-07T20:00:00.000Z', note: 'Our gemologist is away at two.' });
    expect(moved.statusCode, moved.body).toBe(200);
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.startsWith('Your Everstone appointment has moved')), { what: 'the new time' });
    expect(mail.text).toContain('Our gemologist is away at two.');
    expect(mail.text).toContain('Was: 01/07/2026 at 2:00 PM Eastern Time');
    expect(mail.text).toContain('Now: 01/07/2026 at 3:00 PM Eastern Time');
    // The address was typed on the booking form: the staff's note goes to it, the typed name does not.
    expect(mail.text).not.toContain('Zwirbelmoos');
    const taken = await as(staff.cookie, 'POST', `/api/admin/appointments/${id}/reschedule`, { starts_at: '2026-01-07T21:00:00.000Z' });
    expect(taken.statusCode).toBe(409);
    const past = await as(staff.cookie, 'POST', `/api/admin/appointments/${id}/reschedule`, { starts_at: '2025-12-01T15:00:00.000Z' });
    expect(past.statusCode).toBe(422);

    const cancelled = await as(staff.cookie, 'POST', `/api/admin/appointments/${id}/cancel`, { note: 'We are closed for inventory.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancellation = await waitFor(() => smtp.to(email).find((m) => m.subject.endsWith('is cancelled')), { what: 'the cancellation' });
    expect(cancellation.text).toContain('We are closed for inventory.');
    expect(cancellation.text).not.toContain('Zwirbelmoos');
    expect((await as(staff.cookie, 'POST', `/api/admin/appointments/${id}/cancel`, {})).statusCode).toBe(404);
    // The slot is free for the next shopper.
    expect((await book('2026-01-07T20:00:00.000Z', uniqueEmail('next'))).statusCode).toBe(201);
    const log = (await as(owner.cookie, 'GET', `/api/admin/audit?subject=${id}`)).json() as AuditListResponse;
    expect(log.entries.filter((e) => e.subject_type === 'appointment').map((e) => e.action)).toEqual(['appointment.cancel', 'appointment.reschedule']);
  });
});
