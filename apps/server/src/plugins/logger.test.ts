import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { waitFor } from '../test/wait-for.ts';
import { bearer, uniqueEmail } from '../test/accounts.ts';
import { scrubText, scrubUrl } from './logger.ts';

describe('log scrubbing', () => {
  it('removes the reset token and secret query values from URLs', () => {
    expect(scrubUrl('/reset-password/abcDEF_123-xyz?email=ann%40example.com')).toBe('/reset-password/[redacted]?email=[redacted]');
    expect(scrubUrl('/verify-email/abcDEF_123-xyz')).toBe('/verify-email/[redacted]');
    expect(scrubUrl('/api/returns/labels/abcDEF_123-xyz')).toBe('/api/returns/labels/[redacted]');
    expect(scrubUrl('/verify-email/abcDEF_123-xyz.data')).toBe('/verify-email/[redacted]');
    // A document link opens its PDF without signing in: its token is as good as the document.
    expect(scrubUrl('/api/documents/abcDEF_123-xyzabcDEF_123-xyzabcDEF_123-xyz12')).toBe('/api/documents/[redacted]');
    expect(scrubUrl('/API/Documents/abcDEF_123/?x=1')).toBe('/API/Documents/[redacted]/?x=1');
    expect(scrubUrl('/api/get-all-diamonds?page=2&per_page=20')).toBe('/api/get-all-diamonds?page=2&per_page=20');
    expect(scrubUrl('/signin?Token=abc&next=%2Fcart')).toBe('/signin?Token=[redacted]&next=%2Fcart');
    expect(scrubUrl('/x?q=ann@example.com')).toBe('/x?q=[address]');
    expect(scrubUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });

  it('replaces addresses in free text', () => {
    expect(scrubText('Key (email)=(ann@example.com) already exists.')).toBe('Key (email)=([address]) already exists.');
  });
});

describe.each(TEST_ENGINES)('what the log holds on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    // The store's own logger configuration at its most talkative, written to memory.
    app = await createTestApp(
      db,
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.everstone.test', LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  it('carries no password, token, email or name through sign-up, sign-in, reset and profile calls', async () => {
    const email = uniqueEmail('Logged');
    const name = 'Henrietta Leavitt';
    const password = 'first secret 8472';
    const newPassword = 'second secret 9153';
    const changedPassword = 'third secret 6640';
    const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });

    expect((await post('/api/register', { title: 'Ms', name, email, birth_date: '1968-07-04', anniversary_date: null, password })).statusCode).toBe(201);
    expect((await post('/api/login', { email, password: 'not the password' })).statusCode).toBe(401);
    const token = (await post('/api/login', { email, password })).json().token as string;
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { ...bearer(token), cookie: 'XSRF-TOKEN=cookie-secret-1234' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload: { title: 'Ms', name, email, birth_date: null, anniversary_date: null } })).statusCode).toBe(200);

    // The sign-up's verification link: its page and its call leave no token in the log either.
    const welcome = await waitFor(() => smtp.to(email).find((m) => m.subject === 'Verify your Everstone email address'), { what: 'the verification email' });
    const verifyLink = new URL(/https:\/\/\S+/.exec(welcome.text)![0]);
    const verifyToken = verifyLink.pathname.split('/').pop()!;
    await app.inject({ method: 'GET', url: verifyLink.pathname });
    expect((await post('/api/email/verify', { token: verifyToken })).statusCode).toBe(200);

    expect((await post('/api/password/email', { email })).statusCode).toBe(200);
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject === 'Reset your Everstone password'), { what: 'the reset email' });
    const link = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
    const resetToken = link.pathname.split('/').pop()!;
    // The storefront page the link opens is requested with the token and the email in its URL.
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect((await post('/password/reset', { token: resetToken, email, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);

    const token2 = (await post('/api/login', { email, password: newPassword })).json().token as string;
    expect((await post('/api/user/password', { current_password: newPassword, password: changedPassword, password_confirmation: changedPassword }, bearer(token2))).statusCode).toBe(200);
    expect((await post('/api/logout', {}, bearer(token2))).statusCode).toBe(200);

    // What a module might log by hand goes through the same redaction.
    app.log.warn({ body: { email, password }, user: { email, token }, headers: { authorization: `Bearer ${token}` } }, 'hand-written line');
    const err = Object.assign(new Error(`duplicate key value violates unique constraint: (${email})`), { detail: `Key (email)=(${email}) already exists.`, code: '23505' });
    app.log.error({ err }, 'database error');

    await waitFor(() => lines.some((l) => l.includes('database error')), { what: 'the last log line' });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [password, newPassword, changedPassword, token, token2, resetToken, verifyToken, 'cookie-secret-1234', name]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log.toLowerCase()).not.toContain(email.toLowerCase());
    expect(log).not.toContain(encodeURIComponent(email));

    // The lines are still useful: the request was logged, with the secrets marked.
    expect(log).toContain('"url":"/reset-password/[redacted]?email=[redacted]"');
    expect(log).toContain('"url":"/verify-email/[redacted]"');
    expect(log).toContain('"url":"/api/login"');
    const handWritten = JSON.parse(lines.find((l) => l.includes('hand-written line'))!);
    expect(handWritten.body).toEqual({ email: '[redacted]', password: '[redacted]' });
    expect(handWritten.headers.authorization).toBe('[redacted]');
    const dbError = JSON.parse(lines.find((l) => l.includes('database error'))!);
    expect(dbError.err).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key value violates unique constraint: ([address])' });
    expect(dbError.err.detail).toBeUndefined();
  });
});
