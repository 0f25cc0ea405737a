import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { createTestClock, type TestClock } from '../test/clock.ts';
import { bearer, registration, signUpAndIn, uniqueEmail } from '../test/accounts.ts';
import { createMemoryRateLimitStore, formatWait } from './rate-limit.ts';

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

  beforeAll(async () => {
    db = await createTestDb(engine);
    clock = createTestClock(new Date('2031-03-01T12:00:00Z'));
    app = await createTestApp(db, ON, { now: clock.now });
    // A second instance on the same database, as behind a load balancer.
    second = await createTestApp(db, ON, { now: clock.now });
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await db?.destroy();
  });

  it('refuses the sixth sign-in for one address within a minute, from any client, even with the right password', async () => {
    const body = registration();
    expect((await postFrom(app, nextIp(), '/api/register', body)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const res = await postFrom(app, nextIp(), '/api/login', { email: body.email, password: `wrong ${i}` });
      expect(res.statusCode, `try ${i + 1}`).toBe(401);
    }
    const sixth = await postFrom(app, nextIp(), '/api/login', { email: body.email.toUpperCase(), password: body.password });
    expect429(sixth, 'Too many sign-in attempts.', 60);

    clock.advance(30_000);
    expect429(await postFrom(app, nextIp(), '/api/login', { email: body.email, password: body.password }), 'Too many sign-in attempts.', 30);
    clock.advance(30_000);
    expect((await postFrom(app, nextIp(), '/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it('refuses the sixth sign-in from one client within a minute, whatever the address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(401);
    }
    expect429(await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' }), 'Too many sign-in attempts.', 60);
    // Another client is not affected.
    expect((await postFrom(app, nextIp(), '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(401);
  });

  it('counts malformed sign-ins too', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await postFrom(app, ip, '/api/login', { email: 'nope' })).statusCode).toBe(422);
    expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(429);
  });

  it('holds across two instances sharing the database', async () => {
    const email = uniqueEmail('shared');
    const instances = [app, second, app, second, app];
    for (const [i, instance] of instances.entries()) {
      expect((await postFrom(instance, nextIp(), '/api/login', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    expect((await postFrom(second, nextIp(), '/api/login', { email, password: 'wrong 6' })).statusCode).toBe(429);
  });

  it('limits reset-link requests per address and per client, with the same answer for strangers', async () => {
    const { email } = await signUpAndIn(app);
    for (let i = 0; i < 5; i++) expect((await postFrom(app, nextIp(), '/api/password/email', { email })).statusCode).toBe(200);
    expect429(await postFrom(app, nextIp(), '/api/password/email', { email }), 'Too many password reset requests.', 60);

    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await postFrom(app, ip, '/api/password/email', { email: uniqueEmail() })).statusCode).toBe(200);
    expect429(await postFrom(app, ip, '/api/password/email', { email: uniqueEmail() }), 'Too many password reset requests.', 60);
  });

  it('limits sign-ups to 10 an hour per client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await postFrom(app, ip, '/api/register', registration())).statusCode).toBe(201);
    expect429(await postFrom(app, ip, '/api/register', registration()), 'Too many sign-up attempts.', 3600);
    expect((await postFrom(app, nextIp(), '/api/register', registration())).statusCode).toBe(201);
  });

  it('limits contact messages to 5 in 10 minutes per client', async () => {
    const ip = nextIp();
    const message = { email: uniqueEmail(), topic: 'Diamonds', question: 'Ovals?' };
    for (let i = 0; i < 5; i++) expect((await postFrom(app, ip, '/api/contact', message)).statusCode).toBe(200);
    expect429(await postFrom(app, ip, '/api/contact', message), 'Too many messages.', 600);
  });

  it('limits newsletter sign-ups to 5 in 10 minutes per client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await postFrom(app, ip, '/api/newsletter', { email: uniqueEmail('news') })).statusCode).toBe(201);
    expect429(await postFrom(app, ip, '/api/newsletter', { email: uniqueEmail('news') }), 'Too many sign-ups to the newsletter.', 600);
  });

  it('limits booking attempts to 10 an hour per client', async () => {
    const ip = nextIp();
    // Invalid bookings count too: the limit guards the endpoint before any work is done.
    for (let i = 0; i < 10; i++) expect((await postFrom(app, ip, '/api/appointments', { kind: 'virtual' })).statusCode).toBe(422);
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
    expect(keys).toMatch(/^login:email:[0-9a-f]{32}$/m);
    expect(keys).not.toContain(email);
    expect(keys).not.toContain(ip);
  });

  it('lets a request with the exemption token through, and only with the right token', async () => {
    const exempt = await createTestApp(db, { ...ON, RATE_LIMIT_EXEMPT_TOKEN: EXEMPT_TOKEN }, { now: clock.now });
    try {
      const ip = nextIp();
      for (let i = 0; i < 8; i++) {
        const res = await postFrom(exempt, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' }, { 'x-rate-limit-exempt': EXEMPT_TOKEN });
        expect(res.statusCode).toBe(401);
      }
      const other = nextIp();
      for (let i = 0; i < 5; i++) {
        await postFrom(exempt, other, '/api/login', { email: uniqueEmail(), password: 'whatever1' }, { 'x-rate-limit-exempt': `${EXEMPT_TOKEN}x` });
      }
      expect((await postFrom(exempt, other, '/api/login', { email: uniqueEmail(), password: 'whatever1' }, { 'x-rate-limit-exempt': 'nope' })).statusCode).toBe(429);
    } finally {
      await exempt.close();
    }
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
    app = await createTestApp(db, { ...ON, REDIS_URL: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('keeps answering and keeps counting in the process', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(401);
    }
    expect((await postFrom(app, ip, '/api/login', { email: uniqueEmail(), password: 'whatever1' })).statusCode).toBe(429);
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
    a = await createTestApp(db, { ...ON, REDIS_URL: REDIS_URL! }, { rateLimit: { keyPrefix } });
    b = await createTestApp(otherDb, { ...ON, REDIS_URL: REDIS_URL! }, { rateLimit: { keyPrefix } });
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
    for (const [i, instance] of [a, b, a, b, a].entries()) {
      expect((await postFrom(instance, nextIp(), '/api/login', { email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const sixth = await postFrom(b, nextIp(), '/api/login', { email, password: 'wrong 6' });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(keys.join('\n')).not.toContain(email);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    // Nothing was counted in the databases.
    expect(await db.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});
