import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { createTestClock, type TestClock } from '../test/clock.ts';
import { bearer, quickHasher, registration, signUpAndIn, uniqueEmail } from '../test/accounts.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { waitFor } from '../test/wait-for.ts';
import { clientKeyOf, clientScopesOf, createMemoryRateLimitStore, formatWait } from './rate-limit.ts';

const ON = { RATE_LIMITS_ENABLED: 'true' };
const EXEMPT_TOKEN = 'bench-7f3a9c2e5d1b4a6f8e0c2d4b6a8f0e1c';

let ipCounter = 0;
/** A client address no other test uses (TEST-NET ranges). */
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const postFrom = (app: FastifyInstance, ip: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, what: string, seconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({ message: `${what} Please try again in ${formatWait(seconds)}.` });
}

describe('rate-limit building blocks', () => {
  it('counts fixed windows in memory', async () => {
    const clock = createTestClock(new Date('2025-06-01T12:00:00Z'));
    const store = createMemoryRateLimitStore(clock.now);
    expect(await store.hit('k', 60_000)).toEqual({ hits: 1, retryAfterMs: 60_000 });
    clock.advance(20_000);
    expect(await store.hit('k', 60_000)).toEqual({ hits: 2, retryAfterMs: 40_000 });
    expect(await store.hit('other', 60_000)).toEqual({ hits: 1, retryAfterMs: 60_000 });
    clock.advance(40_000);
    expect(await store.hit('k', 60_000)).toEqual({ hits: 1, retryAfterMs: 60_000 });
  });

  it('takes a hit back and forgets a key', async () => {
    const clock = createTestClock(new Date('2025-06-01T12:00:00Z'));
    const store = createMemoryRateLimitStore(clock.now);
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    await store.forgive('k');
    expect((await store.hit('k', 60_000)).hits).toBe(2);
    await store.reset('k');
    expect((await store.hit('k', 60_000)).hits).toBe(1);
    await store.forgive('never');
    expect((await store.hit('never', 60_000)).hits).toBe(1);
  });

  it('counts an IPv6 client by its /64 and IPv4 as it is', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2:3:4:5:6')).toBe('2001:0db8:0001:0002::/64');
    expect(clientKeyOf('2001:db8:1:2::9')).toBe('2001:0db8:0001:0002::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientKeyOf('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientKeyOf('64:ff9b::203.0.113.7')).toBe('0064:ff9b:0000:0000::/64');
  });

  it('counts an IPv6 client under its /64, its /56 and its /48, with 1, 4 and 16 times the allowance', () => {
    expect(clientScopesOf('2001:db8:1:2a3:3:4:5:6').map(({ key, times }) => ({ key, times }))).toEqual([
      { key: '2001:0db8:0001:02a3::/64', times: 1 },
      { key: '2001:0db8:0001:0200::/56', times: 4 },
      { key: '2001:0db8:0001::/48', times: 16 },
    ]);
    expect(clientScopesOf('203.0.113.7').map(({ key, times }) => ({ key, times }))).toEqual([{ key: '203.0.113.7', times: 1 }]);
    expect(clientScopesOf('::ffff:203.0.113.7').map((s) => s.key)).toEqual(['203.0.113.7']);
    // What a table keeps is a digest, never the address.
    for (const scope of clientScopesOf('2001:db8::1')) expect(scope.digest).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says when to retry in words', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(42)).toBe('42 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(3600)).toBe('60 minutes');
  });
});

describe.each(TEST_ENGINES)('rate limits in the database on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let clock: TestClock;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    clock = createTestClock(new Date('2031-03-01T12:00:00Z'));
    const env = { ...ON, SMTP_URL: smtp.url };
    app = await createTestApp(db, env, { now: clock.now, passwordHasher: quickHasher });
    // A second instance on the same database, as behind a load balancer.
    second = await createTestApp(db, env, { now: clock.now, passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await smtp?.close();
    await db?.destroy();
  });

  /** The token of the newest reset link mailed to `email`. */
  async function resetTokenFor(email: string): Promise<string> {
    const mail = await waitFor(() => smtp.to(email).findLast((m) => m.subject === 'Reset your Everstone password') ?? null, { what: 'the reset email' });
    const href = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0];
    if (!href) throw new Error(`no reset link in: ${mail.text}`);
    return decodeURIComponent(new URL(href).pathname.split('/').pop()!);
  }

  it('lets 20 people behind one address sign in to 20 accounts within a minute (a shop floor, an office, a carrier)', async () => {
    const ip = nextIp();
    const people = [];
    for (let i = 0; i < 20; i++) {
      const body = registration();
      expect((await postFrom(app, nextIp(), '/api/register', body)).statusCode).toBe(201);
      people.push(body);
    }
    for (const person of people) {
      const res = await postFrom(app, ip, '/api/login', { email: person.email, password: person.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Signing in again and again from there is still fine: successes are not failures.
    for (let i = 0; i < 5; i++) expect((await postFrom(app, ip, '/api/login', { email: people[0]!.email, password: people[0]!.password })).statusCode).toBe(200);
  });

  it('stops one device guessing one account after 10 failures, while the owner signs in from their own', async () => {
    const owner = registration();
    expect((await postFrom(app, nextIp(), '/api/register', owner)).statusCode).toBe(201);
    const stranger = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(app, stranger, '/api/login', { email: owner.email, password: `guess ${i}` })).statusCode, `guess ${i + 1}`).toBe(401);
    }
    // The right password from the stranger's device is refused too: the device is paused on this account.
    expect429(await postFrom(app, stranger, '/api/login', { email: owner.email.toUpperCase(), password: owner.password }), 'Too many failed sign-in attempts.', 900);
    // The owner, elsewhere, is not kept out.
    expect((await postFrom(app, nextIp(), '/api/login', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await postFrom(app, stranger, '/api/login', { email: owner.email, password: 'guess again' })).statusCode).toBe(401);
  });

  it('forgets a device’s mistakes once it signs in', async () => {
    const body = registration();
    expect((await postFrom(app, nextIp(), '/api/register', body)).statusCode).toBe(201);
    const ip = nextIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await postFrom(app, ip, '/api/login', { email: body.email, password: `typo ${i}` })).statusCode).toBe(401);
      expect((await postFrom(app, ip, '/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    }
  });

  it('stops one device walking through many accounts after 100 failures', async () => {
    const ip = nextIp();
    for (let i = 0; i < 100; i++) expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'Summer2026!' })).statusCode).toBe(401);
    expect429(await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'Summer2026!' }), 'Too many failed sign-in attempts.', 900);
    // Another client is not affected.
    expect((await postFrom(app, nextIp(), '/api/login', { email: uniqueEmail(), password: 'Summer2026!' })).statusCode).toBe(401);
  });

  it('pauses password sign-in to an account guessed at from many devices until its owner resets the password by email', async () => {
    const owner = registration();
    expect((await postFrom(app, nextIp(), '/api/register', owner)).statusCode).toBe(201);
    // 50 failures from a botnet's addresses, five each: no single device reaches its own limit.
    for (let i = 0; i < 50; i++) {
      const res = await postFrom(app, `203.0.113.${Math.floor(i / 5) + 1}`, '/api/login', { email: owner.email, password: `botnet ${i}` });
      expect(res.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const paused = await postFrom(app, nextIp(), '/api/login', { email: owner.email, password: owner.password });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/^Too many failed sign-in attempts for this account, so signing in with its password is paused\. To sign in now, reset your password/);

    // The owner resets the password with the emailed link: the pause is lifted at once.
    expect((await postFrom(app, nextIp(), '/api/password/email', { email: owner.email })).statusCode).toBe(200);
    const token = await resetTokenFor(owner.email);
    const reset = await postFrom(app, nextIp(), '/api/password/reset', { token, email: owner.email, password: 'a new secret 1', password_confirmation: 'a new secret 1' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await postFrom(app, nextIp(), '/api/login', { email: owner.email, password: 'a new secret 1' })).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses as the failures they are', async () => {
    const owner = registration();
    expect((await postFrom(app, nextIp(), '/api/register', owner)).statusCode).toBe(201);
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => postFrom(app, ip, '/api/login', { email: owner.email, password: `burst ${i}` })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });

  it('counts malformed sign-ins as failures', async () => {
    const ip = nextIp();
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) expect((await postFrom(app, ip, '/api/login', { email })).statusCode).toBe(422);
    expect((await postFrom(app, ip, '/api/login', { email, password: 'whatever1' })).statusCode).toBe(429);
  });

  it('holds across two instances sharing the database', async () => {
    const email = uniqueEmail('shared');
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(i % 2 ? second : app, ip, '/api/login', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    expect((await postFrom(second, ip, '/api/login', { email, password: 'wrong 11' })).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, whichever address of it a request comes from', async () => {
    const email = uniqueEmail('v6');
    for (let i = 0; i < 10; i++) {
      const res = await postFrom(app, `2001:db8:${ipCounter}:42::${(i + 1).toString(16)}`, '/api/login', { email, password: `wrong ${i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await postFrom(app, `2001:db8:${ipCounter}:42:ffff::9`, '/api/login', { email, password: 'again' })).statusCode).toBe(429);
    // The neighbouring /64 is someone else.
    expect((await postFrom(app, `2001:db8:${ipCounter}:43::1`, '/api/login', { email, password: 'again' })).statusCode).toBe(401);
  });

  it('counts an IPv6 client under its /56 and /48 too, so a fresh /64 for every request does not get a fresh allowance', async () => {
    // POST /password/reset: 30 per 15 minutes per client, counted before the body is checked.
    const attempt = (ip: string) => postFrom(app, ip, '/password/reset', { token: 'x', email: 'a@example.com', password: 'p', password_confirmation: 'p' });
    // One /48 of its own (2001:db8:ab<n>::/48), each request from another /64 of it.
    const site = `2001:db8:ab${(ipCounter++ % 256).toString(16).padStart(2, '0')}`;
    for (let i = 0; i < 4 * 30; i++) expect((await attempt(`${site}:00${i.toString(16).padStart(2, '0')}::1`)).statusCode, `request ${i + 1}`).toBe(422);
    // 120 requests from 120 /64s of one /56: its allowance (4 × 30) is spent, whichever /64 asks next.
    expect429(await attempt(`${site}:00ff::1`), 'Too many password reset attempts.', 900);
    // Other /56s of the same /48 have their own, until the /48's 16 × 30 is spent (the refused request counted too).
    const from = (n: number, i: number) => `${site}:${n.toString(16).padStart(2, '0')}${i.toString(16).padStart(2, '0')}::1`;
    for (let n = 1; n <= 3; n++) {
      const allowed = n < 3 ? 4 * 30 : 16 * 30 - (4 * 30 + 1) - 2 * 4 * 30;
      for (let i = 0; i < allowed; i++) expect((await attempt(from(n, i))).statusCode, `/56 ${n}, request ${i + 1}`).toBe(422);
    }
    // This /56 has asked 119 times, within its 120: the /48 is what is spent.
    expect429(await attempt(from(3, 200)), 'Too many password reset attempts.', 900);
    expect429(await attempt(`${site}:ff00::1`), 'Too many password reset attempts.', 900);
    // A client of another /48 is not affected.
    expect((await attempt(`2001:db8:cd${site.slice(-2)}::1`)).statusCode).toBe(422);
  });

  it('limits reset emails per recipient (3 in 15 minutes, 10 a day), with the same answer for strangers', async () => {
    const { email } = await signUpAndIn(app);
    for (let i = 0; i < 3; i++) expect((await postFrom(app, nextIp(), '/api/password/email', { email })).statusCode).toBe(200);
    expect429(await postFrom(app, nextIp(), '/api/password/email', { email }), 'Too many password reset requests.', 900);
    const stranger = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await postFrom(app, nextIp(), '/api/password/email', { email: stranger })).statusCode).toBe(200);
    expect((await postFrom(app, nextIp(), '/api/password/email', { email: stranger })).statusCode).toBe(429);
    // A day holds ten at most, however they are spread.
    const patient = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(app, nextIp(), '/api/password/email', { email: patient })).statusCode, `request ${i + 1}`).toBe(200);
      if (i % 3 === 2) clock.advance(15 * 60_000);
    }
    expect((await postFrom(app, nextIp(), '/api/password/email', { email: patient })).statusCode).toBe(429);
  });

  it('limits new verification links per recipient (3 in 15 minutes, 10 a day), wherever they are asked for', async () => {
    const { token, email } = await signUpAndIn(app);
    const ask = (ip: string) => app.inject({ method: 'POST', url: '/api/email/verification', headers: bearer(token), remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await ask(nextIp())).statusCode).toBe(200);
    expect429(await ask(nextIp()), 'Too many verification emails.', 900);
    // The link sent at sign-up and the three asked for; nothing more reached the inbox.
    await waitFor(() => (smtp.to(email).filter((m) => m.subject === 'Verify your Everstone email address').length === 4 ? true : undefined), { what: 'four links' });
    expect(smtp.to(email).filter((m) => m.subject === 'Verify your Everstone email address')).toHaveLength(4);
  });

  it('limits sign-ups to 30 an hour per client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await postFrom(app, ip, '/api/register', registration())).statusCode).toBe(201);
    expect429(await postFrom(app, ip, '/api/register', registration()), 'Too many sign-up attempts.', 3600);
    expect((await postFrom(app, nextIp(), '/api/register', registration())).statusCode).toBe(201);
  });

  it('lets a shop floor send many contact messages, but no more than 3 an hour to one recipient', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(app, ip, '/api/contact', { email: uniqueEmail(), topic: 'Diamonds', question: 'Ovals?' })).statusCode).toBe(200);
    }
    const victim = uniqueEmail('victim');
    for (let i = 0; i < 3; i++) expect((await postFrom(app, nextIp(), '/api/contact', { email: victim, topic: 'Diamonds' })).statusCode).toBe(200);
    expect429(await postFrom(app, nextIp(), '/api/contact', { email: victim, topic: 'Diamonds' }), 'Too many messages.', 3600);
  });

  it('limits contact messages to 30 an hour per client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await postFrom(app, ip, '/api/contact', { email: uniqueEmail(), topic: 'Policies' })).statusCode).toBe(200);
    expect429(await postFrom(app, ip, '/api/contact', { email: uniqueEmail(), topic: 'Policies' }), 'Too many messages.', 3600);
  });

  it('limits newsletter sign-ups to 30 an hour per client and 3 a day per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await postFrom(app, ip, '/api/newsletter', { email: uniqueEmail('news') })).statusCode).toBe(201);
    expect429(await postFrom(app, ip, '/api/newsletter', { email: uniqueEmail('news') }), 'Too many sign-ups to the newsletter.', 3600);
    const email = uniqueEmail('again');
    for (let i = 0; i < 3; i++) expect((await postFrom(app, nextIp(), '/api/newsletter', { email })).statusCode).toBeLessThan(300);
    expect((await postFrom(app, nextIp(), '/api/newsletter', { email })).statusCode).toBe(429);
  });

  it('limits booking attempts to 30 an hour per client', async () => {
    const ip = nextIp();
    // Invalid bookings count too: the limit guards the endpoint before any work is done.
    for (let i = 0; i < 30; i++) expect((await postFrom(app, ip, '/api/appointments', { kind: 'virtual' })).statusCode).toBe(422);
    expect429(await postFrom(app, ip, '/api/appointments', { kind: 'virtual' }), 'Too many booking attempts.', 3600);
  });

  it('limits account changes per user (guessing the current password with a borrowed session)', async () => {
    const { token } = await signUpAndIn(app);
    const guess = (i: number) =>
      postFrom(app, nextIp(), '/api/user/password', { current_password: `guess ${i}`, password: 'new secret', password_confirmation: 'new secret' }, bearer(token));
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(422);
    expect429(await guess(11), 'Too many changes to your account.', 900);
  });

  it('keeps no address or email in its keys', async () => {
    const email = uniqueEmail('private');
    const ip = nextIp();
    await postFrom(app, ip, '/api/login', { email, password: 'whatever1' });
    const keys = (await db.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key).join('\n');
    expect(keys).toMatch(/^login-failures:email:3600:[0-9a-f]{32}$/m);
    expect(keys).not.toContain(email);
    expect(keys).not.toContain(ip);
  });

  it('lets a request with the exemption token through, and only with the right token', async () => {
    const exempt = await createTestApp(db, { ...ON, RATE_LIMIT_EXEMPT_TOKEN: EXEMPT_TOKEN }, { now: clock.now, passwordHasher: quickHasher });
    try {
      const ip = nextIp();
      const email = uniqueEmail();
      for (let i = 0; i < 14; i++) {
        const res = await postFrom(exempt, ip, '/api/login', { email, password: 'whatever1' }, { 'x-rate-limit-exempt': EXEMPT_TOKEN });
        expect(res.statusCode).toBe(401);
      }
      const other = nextIp();
      for (let i = 0; i < 10; i++) {
        await postFrom(exempt, other, '/api/login', { email, password: 'whatever1' }, { 'x-rate-limit-exempt': `${EXEMPT_TOKEN}x` });
      }
      expect((await postFrom(exempt, other, '/api/login', { email, password: 'whatever1' }, { 'x-rate-limit-exempt': 'nope' })).statusCode).toBe(429);
    } finally {
      await exempt.close();
    }
  });
});

describe.each([
  ['a hop count (TRUST_PROXY=1)', '1'],
  ['the proxy’s addresses (TRUST_PROXY=10.0.0.0/8)', '10.0.0.0/8'],
])('rate limits behind a load balancer trusted by %s', (_case, trustProxy) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    app = await createTestApp(db, { ...ON, TRUST_PROXY: trustProxy }, { passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('counts the address the balancer saw, whatever the client writes into X-Forwarded-For', async () => {
    const email = uniqueEmail('behind-proxy');
    const client = nextIp();
    // The client sends a made-up X-Forwarded-For of its own each time; the balancer (10.0.0.2) appends what it saw.
    for (let i = 0; i < 10; i++) {
      const res = await postFrom(app, '10.0.0.2', '/api/login', { email, password: `guess ${i}` }, { 'x-forwarded-for': `192.0.2.${i + 1}, ${client}` });
      expect(res.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const rotated = await postFrom(app, '10.0.0.2', '/api/login', { email, password: 'guess 11' }, { 'x-forwarded-for': `192.0.2.200, ${client}` });
    expect(rotated.statusCode).toBe(429);
    // Another shopper behind the same balancer is someone else.
    const other = await postFrom(app, '10.0.0.2', '/api/login', { email, password: 'mine' }, { 'x-forwarded-for': nextIp() });
    expect(other.statusCode).toBe(401);
  });
});

describe('rate limits switched off (RATE_LIMITS_ENABLED=false, for benchmarks)', () => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    app = await createTestApp(db, { RATE_LIMITS_ENABLED: 'false' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('never answers 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 8; i++) {
      expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(401);
    }
    expect(await db.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});

describe('rate limits when Redis cannot be reached', () => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    // Nothing listens on port 1: every Redis command fails at once.
    app = await createTestApp(db, { ...ON, REDIS_URL: 'redis://127.0.0.1:1' }, { passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('keeps answering and keeps counting in the process', async () => {
    const ip = nextIp();
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(app, ip, '/api/login', { email, password: 'whatever1' })).statusCode).toBe(401);
    }
    expect((await postFrom(app, ip, '/api/login', { email, password: 'whatever1' })).statusCode).toBe(429);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('rate limits in Redis (TEST_REDIS_URL)', () => {
  let db: TestDb;
  let otherDb: TestDb;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;
  const keyPrefix = `everstone-test:${randomUUID()}:`;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    // Two instances with their own databases: only Redis connects them.
    otherDb = await createTestDb('sqlite');
    a = await createTestApp(db, { ...ON, REDIS_URL: REDIS_URL! }, { rateLimit: { keyPrefix }, passwordHasher: quickHasher });
    b = await createTestApp(otherDb, { ...ON, REDIS_URL: REDIS_URL! }, { rateLimit: { keyPrefix }, passwordHasher: quickHasher });
    redis = new Redis(REDIS_URL!);
  });

  afterAll(async () => {
    const keys = await redis?.keys(`${keyPrefix}*`);
    if (keys?.length) await redis.del(...keys);
    await redis?.quit();
    await a?.close();
    await b?.close();
    await db?.destroy();
    await otherDb?.destroy();
  });

  it('holds across instances, with a TTL on every key and no address in any', async () => {
    const email = uniqueEmail('redis');
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await postFrom(i % 2 ? b : a, ip, '/api/login', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const eleventh = await postFrom(b, ip, '/api/login', { email, password: 'wrong 11' });
    expect(eleventh.statusCode).toBe(429);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(keys.join('\n')).not.toContain(email);
    expect(keys.join('\n')).not.toContain(ip);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3_600_000);
    }
    // A success takes its count back without leaving a key that never expires.
    const body = registration();
    expect((await postFrom(b, nextIp(), '/api/register', body)).statusCode).toBe(201);
    expect((await postFrom(b, ip, '/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    for (const key of await redis.keys(`${keyPrefix}*`)) expect(await redis.pttl(key), key).toBeGreaterThan(0);
    // Nothing was counted in the databases.
    expect(await db.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});
