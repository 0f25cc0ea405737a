import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, VERIFICATION_MESSAGES, latestToday } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { bearer, registration, signUpAndIn, uniqueEmail } from '../../test/accounts.ts';
import { SCRUBBED_BODY } from '../mail/index.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { hashToken } from './tokens.ts';

const PUBLIC_URL = 'https://shop.everstone.test';
const DAY = 86_400_000;
const UNAUTHENTICATED = { message: ACCOUNT_MESSAGES.unauthenticated };
const INVALID_CREDENTIALS = { message: ACCOUNT_MESSAGES.invalidCredentials };

/** The real hasher, counting what the service asks of it. */
function countingHasher() {
  const real = createPasswordHasher();
  const calls = { hash: 0, verify: 0, verifyNobody: 0 };
  const hasher: PasswordHasher = {
    hash: (p) => (calls.hash++, real.hash(p)),
    verify: (h, p) => (calls.verify++, real.verify(h, p)),
    verifyNobody: (p) => (calls.verifyNobody++, real.verifyNobody(p)),
    needsRehash: (h) => real.needsRehash(h),
  };
  return { hasher, calls };
}

describe.each(TEST_ENGINES)('accounts on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  const counting = countingHasher();

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    clock = createTestClock();
    app = await createTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL }, { now: clock.now, passwordHasher: counting.hasher });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
  const me = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  const login = (email: string, password: string) => post('/api/login', { email, password });
  const resetMailsTo = (email: string) => smtp.to(email).filter((m) => m.subject === 'Reset your Everstone password');
  const outboxCount = async () => Number((await db.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Asks for a reset link and returns the token the emailed link carries. */
  async function emailedResetToken(email: string): Promise<{ token: string; link: URL }> {
    const before = resetMailsTo(email).length;
    const res = await post('/api/password/email', { email });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitFor(() => resetMailsTo(email)[before], { what: 'the reset email' });
    const href = /https:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0];
    expect(href, mail.text).toBeDefined();
    const link = new URL(href!);
    return { token: decodeURIComponent(link.pathname.split('/').pop()!), link };
  }

  const verificationMailsTo = (email: string) => smtp.to(email).filter((m) => m.subject === 'Verify your Everstone email address');

  /** The token of the `index`th verification link mailed to `email` (the sign-up's is the first), once it has arrived. */
  async function emailedVerificationToken(email: string, index = 0): Promise<{ token: string; link: URL; text: string }> {
    const mail = await waitFor(() => verificationMailsTo(email)[index], { what: 'the verification email' });
    const href = /https:\/\/\S+\/verify-email\/\S+/.exec(mail.text)?.[0];
    expect(href, mail.text).toBeDefined();
    const link = new URL(href!);
    return { token: decodeURIComponent(link.pathname.split('/').pop()!), link, text: mail.text };
  }

  describe('POST /api/register', () => {
    it('creates the account (201) with the email lower-cased and the password only as a scrypt hash', async () => {
      const body = registration({ title: 'Mrs', name: 'Grace Hopper', email: `  ${uniqueEmail('Grace').toUpperCase()} `, birth_date: '1990-02-28', anniversary_date: '2015-06-20' });
      const res = await post('/api/register', body);
      expect(res.statusCode, res.body).toBe(201);
      const email = body.email.trim().toLowerCase();
      const json = res.json();
      expect(json).toEqual({
        message: 'Registration successful!',
        user: { id: expect.any(Number), email, name: 'Grace Hopper', title: 'Mrs', birth_date: '1990-02-28', anniversary_date: '2015-06-20', email_verified: false },
      });
      const row = await db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row)).not.toContain(body.password);
      // Registration does not sign in: no token exists yet.
      expect(await db.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', row.id).execute()).toEqual([]);
    });

    it('accepts both dates as null or empty', async () => {
      const res = await post('/api/register', registration({ birth_date: null, anniversary_date: '' as unknown as null }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user).toMatchObject({ birth_date: null, anniversary_date: null });
    });

    it('refuses an email already taken, whatever its letter case', async () => {
      const email = uniqueEmail('dup');
      expect((await post('/api/register', registration({ email }))).statusCode).toBe(201);
      const res = await post('/api/register', registration({ email: email.toUpperCase() }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
      expect(await db.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
    });

    it('lets exactly one of several concurrent sign-ups for one address through', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all([0, 1, 2].map((i) => post('/api/register', registration({ email: i ? email.toUpperCase() : email }))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
      expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().errors)).toEqual([
        { email: ['The email has already been taken.'] },
        { email: ['The email has already been taken.'] },
      ]);
    });

    it.each([
      ['no title', { title: undefined }, 'title', 'Please choose a title: Mr, Mrs or Ms.'],
      ['an unknown title', { title: 'Dr' }, 'title', 'Please choose a title: Mr, Mrs or Ms.'],
      ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
      ['no name', { name: undefined }, 'name', 'The name field is required.'],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', 'The name must not be longer than 100 characters.'],
      ['no email', { email: undefined }, 'email', 'The email field is required.'],
      ['a malformed email', { email: 'ann@' }, 'email', 'The email must be a valid email address.'],
      ['an impossible birth date', { birth_date: '2023-02-29' }, 'birth_date', 'The birth date must be a real date in the form YYYY-MM-DD.'],
      ['a birth date in another format', { birth_date: '04/12/1990' }, 'birth_date', 'The birth date must be a real date in the form YYYY-MM-DD.'],
      ['a birth date that is a number', { birth_date: 19900412 }, 'birth_date', 'The birth date must be a date in the form YYYY-MM-DD.'],
      ['a birth date before 1900', { birth_date: '1899-12-31' }, 'birth_date', 'The birth date must not be before 1900-01-01.'],
      ['an impossible anniversary', { anniversary_date: '2021-11-31' }, 'anniversary_date', 'The anniversary date must be a real date in the form YYYY-MM-DD.'],
      ['no password', { password: undefined }, 'password', 'The password field is required.'],
      ['an empty password', { password: '' }, 'password', 'The password field is required.'],
      ['a 7-character password', { password: '1234567' }, 'password', 'The password must be at least 8 characters.'],
    ])('answers 422 for %s, naming the field', async (_case, override, field, message) => {
      const before = Number((await db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const res = await post('/api/register', { ...registration(), ...override });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [message] });
      expect(res.json().message).toContain(message);
      const after = Number((await db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(after).toBe(before);
    });

    it('refuses dates in the future by the injected clock, and accepts today', async () => {
      const future = latestToday(new Date(clock.now().getTime() + DAY));
      const res = await post('/api/register', registration({ birth_date: future, anniversary_date: future }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        birth_date: ['The birth date must not be in the future.'],
        anniversary_date: ['The anniversary date must not be in the future.'],
      });
      const today = clock.now().toISOString().slice(0, 10);
      expect((await post('/api/register', registration({ anniversary_date: today }))).statusCode).toBe(201);
    });

    it('accepts an 8-character password', async () => {
      expect((await post('/api/register', registration({ password: '12345678' }))).statusCode).toBe(201);
    });
  });

  describe('POST /api/login, GET /api/user, POST /api/logout', () => {
    it('signs in with a token that is stored only as its hash and expires after 30 days', async () => {
      const body = registration({ name: 'Linus Pauling', title: 'Mr' });
      await post('/api/register', body);
      const res = await login(body.email.toUpperCase(), body.password);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const json = res.json();
      expect(json).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_at: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
        user: { id: expect.any(Number), email: body.email, name: 'Linus Pauling', title: 'Mr', birth_date: '1990-04-12', anniversary_date: null, email_verified: false },
      });
      const rows = await db.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', json.user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(hashToken(json.token));
      expect(JSON.stringify(rows)).not.toContain(json.token);
    });

    it('answers GET /api/user with exactly the user’s public fields', async () => {
      const { token, user, email } = await signUpAndIn(app, { name: 'Ada Lovelace', birth_date: '1985-12-10', anniversary_date: '2010-07-08' });
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: user.id, email, name: 'Ada Lovelace', title: 'Ms', birth_date: '1985-12-10', anniversary_date: '2010-07-08', email_verified: false });
      expect(res.body).not.toMatch(/password|hash|token/i);
    });

    it('answers a wrong password and an unknown email with the same 401, after the same scrypt work', async () => {
      const { email } = await signUpAndIn(app);
      const start = { ...counting.calls };
      const wrongPassword = await login(email, 'not the password');
      const afterWrong = { ...counting.calls };
      const unknownEmail = await login(uniqueEmail('nobody'), 'not the password');
      const afterUnknown = { ...counting.calls };

      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID_CREDENTIALS);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect(wrongPassword.body).toBe(unknownEmail.body);
      // One scrypt verification each: against the stored hash, or against a hash of nobody.
      expect(afterWrong.verify - start.verify + afterWrong.verifyNobody - start.verifyNobody).toBe(1);
      expect(afterUnknown.verifyNobody - afterWrong.verifyNobody).toBe(1);
      expect(afterUnknown.verify - afterWrong.verify).toBe(0);
    });

    it.each([
      ['no email', { password: 'whatever1' }, 'email', 'The email field is required.'],
      ['no password', { email: 'a@shopper.test' }, 'password', 'The password field is required.'],
    ])('answers 422 for %s', async (_case, body, field, message) => {
      const res = await post('/api/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [message] });
    });

    it.each([
      ['no Authorization header', {}],
      ['a malformed header', { authorization: 'Token abc' }],
      ['an unknown token', bearer('A'.repeat(43))],
    ])('answers GET /api/user with 401 for %s', async (_case, headers) => {
      const res = await app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    });

    it('revokes only the token of the request on logout', async () => {
      const { token, email, password } = await signUpAndIn(app);
      const other = (await login(email, password)).json().token as string;
      const res = await post('/api/logout', {}, bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'You have been signed out.' });
      expect((await me(token)).statusCode).toBe(401);
      expect((await post('/api/logout', {}, bearer(token))).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
    });

    it('takes a bodiless logout sent as JSON (the storefront’s client always sends the header)', async () => {
      const { token } = await signUpAndIn(app);
      const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '' });
      expect(res.statusCode, res.body).toBe(200);
      // A body that is not JSON is still a 400.
      const broken = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(broken.statusCode).toBe(400);
      const empty = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(empty.statusCode).toBe(422);
    });

    it('stops accepting a token once it has expired (injected clock)', async () => {
      const { token } = await signUpAndIn(app);
      try {
        clock.advance(30 * DAY - 1000);
        expect((await me(token)).statusCode).toBe(200);
        clock.advance(1000);
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(UNAUTHENTICATED);
      } finally {
        clock.advance(-30 * DAY);
      }
    });

    it('never answers one user with another’s data', async () => {
      const a = await signUpAndIn(app, { name: 'Alice Arden' });
      const b = await signUpAndIn(app, { name: 'Bob Brandt' });
      const resA = await me(a.token);
      const resB = await me(b.token);
      expect(resA.json().email).toBe(a.email);
      expect(resB.json().email).toBe(b.email);
      expect(resA.body).not.toContain(b.email);
      expect(resA.body).not.toContain('Bob Brandt');
      expect(resB.body).not.toContain(a.email);
    });
  });

  describe('GET /sanctum/csrf-cookie', () => {
    it.each(['/sanctum/csrf-cookie', '/api/sanctum/csrf-cookie'])('%s answers 204 with an XSRF-TOKEN cookie', async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7200; SameSite=Lax$/);
    });
  });

  describe('password reset', () => {
    it('emails a link to {PUBLIC_URL}/reset-password/{token}?email=…, whose token sets a new password once', async () => {
      // A name that is a message: whoever signs up chooses it, for an address nobody verified.
      const { email, password, token: session } = await signUpAndIn(app, { name: 'Claim prizes at win-now.example' });
      const { token, link } = await emailedResetToken(email);

      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password/${token}`);
      expect(link.searchParams.get('email')).toBe(email);
      const mail = resetMailsTo(email)[0]!;
      expect(mail.recipients).toEqual([email]);
      expect(mail.text).toMatch(/^Hello,/);
      for (const typed of ['Claim prizes', 'win-now']) {
        expect(mail.text, typed).not.toContain(typed);
        expect(mail.html, typed).not.toContain(typed);
      }
      expect(mail.text).toContain('within 60 minutes');
      expect(mail.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);

      // Stored as a hash only; the outbox forgets the link once the message is sent.
      const reset = await db.db.selectFrom('email_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      expect(reset.used_at).toBeNull();
      const outboxRow = await waitFor(
        async () => (await db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('status', '=', 'sent').executeTakeFirst()) ?? null,
        { what: 'the reset email to be marked sent' },
      );
      expect(outboxRow.text_body).toBe(SCRUBBED_BODY);
      expect(outboxRow.html_body).toBeNull();

      const res = await post('/password/reset', { token, email, password: 'a brand new secret', password_confirmation: 'a brand new secret' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });

      expect((await login(email, password)).statusCode).toBe(401);
      expect((await login(email, 'a brand new secret')).statusCode).toBe(200);
      // Sessions opened with the old password are over.
      expect((await me(session)).statusCode).toBe(401);

      const again = await post('/password/reset', { token, email, password: 'yet another secret', password_confirmation: 'yet another secret' });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.resetTokenUsed, errors: { token: [ACCOUNT_MESSAGES.resetTokenUsed] } });
      expect((await login(email, 'a brand new secret')).statusCode).toBe(200);
    });

    it('is also served at /api/password/reset, and retires the user’s other links', async () => {
      const { email } = await signUpAndIn(app);
      const first = await emailedResetToken(email);
      const second = await emailedResetToken(email);
      const res = await post('/api/password/reset', { token: second.token, email: email.toUpperCase(), password: 'second link wins', password_confirmation: 'second link wins' });
      expect(res.statusCode, res.body).toBe(200);
      const stale = await post('/api/password/reset', { token: first.token, email, password: 'first link late', password_confirmation: 'first link late' });
      expect(stale.statusCode).toBe(422);
      expect(stale.json().errors).toEqual({ token: [ACCOUNT_MESSAGES.resetTokenUsed] });
    });

    it('refuses a link older than 60 minutes (injected clock)', async () => {
      const { email, password } = await signUpAndIn(app);
      const { token } = await emailedResetToken(email);
      try {
        clock.advance(60 * 60_000);
        const res = await post('/password/reset', { token, email, password: 'too late now', password_confirmation: 'too late now' });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetTokenExpired, errors: { token: [ACCOUNT_MESSAGES.resetTokenExpired] } });
      } finally {
        clock.advance(-60 * 60_000);
      }
      expect((await login(email, password)).statusCode).toBe(200);
    });

    it('accepts a link just inside its 60 minutes', async () => {
      const { email } = await signUpAndIn(app);
      const { token } = await emailedResetToken(email);
      try {
        clock.advance(59 * 60_000);
        const res = await post('/password/reset', { token, email, password: 'just in time', password_confirmation: 'just in time' });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        clock.advance(-59 * 60_000);
      }
    });

    it('refuses a wrong token, and a right token with another email, with the same message', async () => {
      const { email } = await signUpAndIn(app);
      const other = await signUpAndIn(app);
      const { token } = await emailedResetToken(email);
      const wrongToken = await post('/password/reset', { token: 'B'.repeat(43), email, password: 'whatever123', password_confirmation: 'whatever123' });
      const wrongEmail = await post('/password/reset', { token, email: other.email, password: 'whatever123', password_confirmation: 'whatever123' });
      for (const res of [wrongToken, wrongEmail]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetTokenInvalid, errors: { token: [ACCOUNT_MESSAGES.resetTokenInvalid] } });
      }
      // The link still works for its own address.
      expect((await post('/password/reset', { token, email, password: 'whatever123', password_confirmation: 'whatever123' })).statusCode).toBe(200);
      expect((await login(other.email, other.password)).statusCode).toBe(200);
    });

    it.each([
      ['confirmation differs', { password: 'new secret 1', password_confirmation: 'new secret 2' }, { password_confirmation: ['The password confirmation does not match.'] }],
      ['password too short', { password: 'short', password_confirmation: 'short' }, { password: ['The password must be at least 8 characters.'] }],
      ['no confirmation', { password: 'new secret 1', password_confirmation: undefined }, { password_confirmation: ['The password confirmation field is required.'] }],
      ['no token', { token: undefined }, { token: ['The token field is required.'] }],
      ['no email', { email: undefined }, { email: ['The email field is required.'] }],
    ])('answers 422 when the %s, leaving the link usable', async (_case, override, errors) => {
      const { email } = await signUpAndIn(app);
      const { token } = await emailedResetToken(email);
      const res = await post('/password/reset', { token, email, password: 'new secret 1', password_confirmation: 'new secret 1', ...override });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect((await post('/password/reset', { token, email, password: 'new secret 1', password_confirmation: 'new secret 1' })).statusCode).toBe(200);
    });

    it('answers an address without an account exactly like one with, and emails nobody', async () => {
      const { email } = await signUpAndIn(app);
      const known = await post('/api/password/email', { email });
      await waitFor(() => resetMailsTo(email)[0], { what: 'the reset email' });
      const outboxBefore = await outboxCount();
      const stranger = uniqueEmail('stranger');
      const unknown = await post('/api/password/email', { email: stranger });

      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(unknown.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
      expect(await outboxCount()).toBe(outboxBefore);
      expect(smtp.to(stranger)).toEqual([]);
    });

    it('answers 422 for a malformed address', async () => {
      const res = await post('/api/password/email', { email: 'nope' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
    });
  });

  describe('PUT /api/user', () => {
    const details = (overrides: Record<string, unknown> = {}) => ({
      title: 'Mr',
      name: 'Renamed Person',
      birth_date: '1970-01-01',
      anniversary_date: '2000-02-29',
      ...overrides,
    });
    const put = (token: string, payload: object) => app.inject({ method: 'PUT', url: '/api/user', payload, headers: bearer(token) });

    it('saves title, name and dates under the same email without a password', async () => {
      const { token, email, user } = await signUpAndIn(app);
      const res = await put(token, details({ email: email.toUpperCase() }));
      expect(res.statusCode, res.body).toBe(200);
      const expected = { id: user.id, email, title: 'Mr', name: 'Renamed Person', birth_date: '1970-01-01', anniversary_date: '2000-02-29', email_verified: false };
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.accountUpdated, user: expected });
      expect((await me(token)).json()).toEqual(expected);
    });

    it('changes the email only with the current password', async () => {
      const { token, email, password } = await signUpAndIn(app);
      const next = uniqueEmail('moved');
      const without = await put(token, details({ email: next }));
      expect(without.statusCode).toBe(422);
      expect(without.json().errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordNeeded] });
      const wrong = await put(token, details({ email: next, current_password: 'not it at all' }));
      expect(wrong.json().errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });

      const ok = await put(token, details({ email: next, current_password: password }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user.email).toBe(next);
      expect((await login(next, password)).statusCode).toBe(200);
      expect((await login(email, password)).statusCode).toBe(401);
    });

    it('refuses an email another account has, in any letter case', async () => {
      const { token, password } = await signUpAndIn(app);
      const other = await signUpAndIn(app);
      const res = await put(token, details({ email: other.email.toUpperCase(), current_password: password }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['The email has already been taken.'] });
      expect(res.body).not.toContain(other.email);
    });

    it('applies the sign-up rules', async () => {
      const { token, email } = await signUpAndIn(app);
      const future = latestToday(new Date(clock.now().getTime() + 2 * DAY));
      const res = await put(token, { title: 'Sir', name: '', email, birth_date: future, anniversary_date: '2022-02-30' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        title: ['Please choose a title: Mr, Mrs or Ms.'],
        name: ['The name field is required.'],
        birth_date: ['The birth date must not be in the future.'],
        anniversary_date: ['The anniversary date must be a real date in the form YYYY-MM-DD.'],
      });
    });

    it('answers 401 without a token', async () => {
      expect((await app.inject({ method: 'PUT', url: '/api/user', payload: details({ email: uniqueEmail() }) })).statusCode).toBe(401);
    });
  });

  describe('email verification', () => {
    const verify = (token: string) => post('/api/email/verify', { token });
    const askForLink = (session: string) => app.inject({ method: 'POST', url: '/api/email/verification', headers: bearer(session) });

    it('emails a link at sign-up to {PUBLIC_URL}/verify-email/{token}, whose token verifies the address once', async () => {
      // A name a stranger might type with someone else's address: the unverified address is sent none of it.
      const { email, token: session } = await signUpAndIn(app, { name: 'Click Here Now' });
      expect((await me(session)).json().email_verified).toBe(false);
      const { token, link, text } = await emailedVerificationToken(email);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email/${token}`);
      expect(verificationMailsTo(email)[0]!.recipients).toEqual([email]);
      expect(text).not.toContain('Click Here Now');
      expect(text).toContain('within 3 days');
      // Stored as a hash only, as a link of its own purpose.
      const row = await db.db.selectFrom('email_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ purpose: 'verify_email', used_at: null });
      expect(JSON.stringify(row)).not.toContain(token);

      // A verification token is no reset token.
      const asReset = await post('/password/reset', { token, email, password: 'taken over!', password_confirmation: 'taken over!' });
      expect(asReset.statusCode).toBe(422);
      expect(asReset.json().errors).toEqual({ token: [ACCOUNT_MESSAGES.resetTokenInvalid] });

      // Two uses racing: one verifies, the other is told the link was used.
      const [first, second] = await Promise.all([verify(token), verify(token)]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
      const ok = first.statusCode === 200 ? first : second;
      expect(ok.json()).toEqual({ message: VERIFICATION_MESSAGES.verified });
      expect((await me(session)).json().email_verified).toBe(true);
      const again = await verify(token);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ token: [VERIFICATION_MESSAGES.used] });
      // Verified, the account is sent no more links.
      const more = await askForLink(session);
      expect(more.statusCode).toBe(409);
      expect(more.json()).toEqual({ message: VERIFICATION_MESSAGES.alreadyVerified });
    });

    it('refuses a link after its 72 hours (injected clock), an unknown token, and a reset link’s token', async () => {
      const { email, token: session } = await signUpAndIn(app);
      const { token } = await emailedVerificationToken(email);
      clock.advance(72 * 3_600_000);
      const late = await verify(token);
      expect(late.statusCode).toBe(422);
      expect(late.json().errors).toEqual({ token: [VERIFICATION_MESSAGES.expired] });
      expect((await me(session)).json().email_verified).toBe(false);

      const unknown = await verify('not-a-token-anyone-was-sent');
      expect(unknown.json().errors).toEqual({ token: [VERIFICATION_MESSAGES.invalid] });
      const { token: resetToken } = await emailedResetToken(email);
      const asLink = await verify(resetToken);
      expect(asLink.statusCode).toBe(422);
      expect(asLink.json().errors).toEqual({ token: [VERIFICATION_MESSAGES.invalid] });

      // A new link, asked for signed in, goes to the account's own address and works.
      const sent = await askForLink(session);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ message: VERIFICATION_MESSAGES.linkSent(email) });
      const fresh = await emailedVerificationToken(email, 1);
      clock.advance(72 * 3_600_000 - 60_000);
      expect((await verify(fresh.token)).statusCode).toBe(200);
      expect((await me(session)).json().email_verified).toBe(true);
      expect((await app.inject({ method: 'POST', url: '/api/email/verification' })).statusCode).toBe(401);
    });

    it('takes a completed password reset by its emailed link as proof of the address', async () => {
      const { email } = await signUpAndIn(app);
      const { token } = await emailedResetToken(email);
      const res = await post('/password/reset', { token, email, password: 'a new secret', password_confirmation: 'a new secret' });
      expect(res.statusCode, res.body).toBe(200);
      const signedIn = await login(email, 'a new secret');
      expect(signedIn.json().user.email_verified).toBe(true);
      // Its verification link has nothing left to do.
      const { token: link } = await emailedVerificationToken(email);
      expect((await verify(link)).json().errors).toEqual({ token: [VERIFICATION_MESSAGES.used] });
    });

    it('makes a new email address unverified until its own link is used', async () => {
      const { email, password, token: session } = await signUpAndIn(app);
      const { token: oldLink } = await emailedVerificationToken(email);
      const next = uniqueEmail('moved');
      const moved = await app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: bearer(session),
        payload: { title: 'Ms', name: 'Ann Lee', email: next, birth_date: null, anniversary_date: null, current_password: password },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().user.email_verified).toBe(false);
      // The old address's link proves nothing about the new one.
      expect((await verify(oldLink)).json().errors).toEqual({ token: [VERIFICATION_MESSAGES.used] });
      expect((await me(session)).json().email_verified).toBe(false);
      expect((await askForLink(session)).statusCode).toBe(200);
      const { token } = await emailedVerificationToken(next);
      expect((await verify(token)).statusCode).toBe(200);
      expect((await me(session)).json()).toMatchObject({ email: next, email_verified: true });

      // Verified, then moved again: unverified again.
      const again = uniqueEmail('moved-again');
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: bearer(session),
        payload: { title: 'Ms', name: 'Ann Lee', email: again, birth_date: null, anniversary_date: null, current_password: password },
      });
      expect(res.json().user.email_verified).toBe(false);
      expect((await me(session)).json().email_verified).toBe(false);
    });
  });

  describe('POST /api/user/password', () => {
    const change = (token: string, payload: object) => post('/api/user/password', payload, bearer(token));

    it('changes the password with the current one, keeping this session and ending the others', async () => {
      const { token, email, password } = await signUpAndIn(app);
      const elsewhere = (await login(email, password)).json().token as string;
      const res = await change(token, { current_password: password, password: 'changed secret', password_confirmation: 'changed secret' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
      expect((await me(token)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await login(email, 'changed secret')).statusCode).toBe(200);
      expect((await login(email, password)).statusCode).toBe(401);
    });

    it.each([
      ['the current password is wrong', { current_password: 'wrong one!' }, { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] }],
      ['the confirmation differs', { password_confirmation: 'something else' }, { password_confirmation: ['The password confirmation does not match.'] }],
      ['the new password is short', { password: 'tiny', password_confirmation: 'tiny' }, { password: ['The password must be at least 8 characters.'] }],
    ])('answers 422 when %s and keeps the old password', async (_case, override, errors) => {
      const { token, email, password } = await signUpAndIn(app);
      const res = await change(token, { current_password: password, password: 'changed secret', password_confirmation: 'changed secret', ...override });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect((await login(email, password)).statusCode).toBe(200);
    });
  });
});
