import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { listOutbox } from './dev-outbox.ts';
import { createFileOutboxTransport, createMailTransport } from './transport.ts';

describe('mail configuration', () => {
  it('sends over SMTP when SMTP_URL is set and writes files otherwise', () => {
    expect(createMailTransport(loadConfig({ SMTP_URL: 'smtp://user:secret@smtp.example.com:587' })).kind).toBe('smtp');
    expect(createMailTransport(loadConfig({})).kind).toBe('outbox');
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.MAIL_FROM).toBe('"Everstone" <no-reply@everstone.example>');
    expect(config.STORE_EMAIL).toBe('care@everstone.example');
    expect(config.OUTBOX_DIR).toBe('./data/outbox');
  });

  it('refuses a URL that is not SMTP, without repeating it', () => {
    const attempt = () => loadConfig({ SMTP_URL: 'https://user:secret@mail.example.com' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(attempt).not.toThrow(/secret/);
    expect(() => loadConfig({ STORE_EMAIL: 'not an address' })).toThrow(/STORE_EMAIL must be an email address/);
  });
});

describe.each(TEST_ENGINES)('file outbox on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDb(engine);
    dir = join(mkdtempSync(join(tmpdir(), 'everstone-outbox-')), 'outbox');
    app = await createTestApp(db, { OUTBOX_DIR: dir, NODE_ENV: 'development' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('writes each message to OUTBOX_DIR when SMTP_URL is unset', async () => {
    expect(existsSync(dir)).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'fay@shopper.test' } });
    expect(res.statusCode, res.body).toBe(201);

    const [entry] = await waitFor(() => listOutbox(dir).then((e) => (e.length ? e : null)), { what: 'the outbox file' });
    expect(entry).toMatchObject({ to: 'fay@shopper.test', subject: 'Welcome to Everstone: your $100 welcome code' });
    const eml = readFileSync(join(dir, entry!.file), 'utf8');
    expect(eml).toContain('To: fay@shopper.test');
    expect(eml).toContain('From: Everstone <no-reply@everstone.example>');
    expect(eml).toContain('Subject: Welcome to Everstone: your $100 welcome code');
    expect(readFileSync(join(dir, entry!.file.replace('.eml', '.txt')), 'utf8')).toContain('Code: WELCOME');

    // The row is marked sent just after the file is written.
    await waitFor(
      async () =>
        (await db.db.selectFrom('mail_outbox').select('status').where('to_address', '=', 'fay@shopper.test').executeTakeFirstOrThrow())
          .status === 'sent',
      { what: 'the outbox row to be marked sent' },
    );
  });

  it('lists messages newest first on /dev/outbox, every value escaped', async () => {
    const older = createFileOutboxTransport(dir, 'test@store.test', { now: () => new Date('2020-01-01T10:00:00Z') });
    const newer = createFileOutboxTransport(dir, 'test@store.test', { now: () => new Date('2020-01-02T10:00:00Z') });
    await older.send({ to: 'old@shopper.test', subject: 'The older one', text: 'old' });
    await newer.send({ to: 'new@shopper.test', subject: '<script>alert("x")</script> & more', text: 'Body <b>text</b>' });

    const res = await app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = res.body;
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(page).not.toContain('<script>');
    expect(page.indexOf('Welcome to Everstone')).toBeLessThan(page.indexOf('&lt;script&gt;'));
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('The older one'));

    const entries = await listOutbox(dir);
    const newest = entries.find((e) => e.to === 'new@shopper.test')!;
    const textLink = `/dev/outbox/${newest.file.replace('.eml', '.txt')}`;
    expect(page).toContain(`href="${textLink}"`);
    const text = await app.inject(textLink);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('Body <b>text</b>');
  });

  it('answers only requests typed on this machine: not another address, a proxied request or a foreign host name', async () => {
    expect((await app.inject('/dev/outbox')).statusCode).toBe(200);
    const refused = [
      { url: '/dev/outbox', remoteAddress: '203.0.113.9' },
      { url: '/dev/outbox', remoteAddress: '2001:db8::7' },
      { url: '/dev/outbox', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { url: '/dev/outbox', headers: { forwarded: 'for=127.0.0.1' } },
      // A name that resolves to 127.0.0.1 in an attacker's DNS (rebinding): the browser would read the page for them.
      { url: '/dev/outbox', headers: { host: 'shop.attacker.example:3000' } },
    ];
    for (const request of refused) {
      const res = await app.inject(request);
      expect(res.statusCode, JSON.stringify(request)).toBe(404);
      expect(res.body).not.toContain('Outbox');
    }
    expect((await app.inject({ url: '/dev/outbox', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/dev/outbox', headers: { host: '[::1]:3000' }, remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('keeps a password reset link out of its files, and shows it on this machine until it expires', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { title: 'Ms', name: 'Ruth Reset', email: 'ruth@shopper.test', password: 'correct horse 1', birth_date: null, anniversary_date: null },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'ruth@shopper.test' } })).statusCode).toBe(200);

    const entry = await waitFor(() => listOutbox(dir).then((e) => e.find((m) => m.to === 'ruth@shopper.test' && m.subject === 'Reset your Everstone password') ?? null), { what: 'the reset email' });
    // No file of the folder holds the link: not the raw message, not its text, not the index.
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('/reset-password/');
    const text = await app.inject(`/dev/outbox/${entry.file.replace('.eml', '.txt')}`);
    expect(text.statusCode).toBe(200);
    expect(text.body).toMatch(/\/reset-password\/[A-Za-z0-9_-]+\?email=ruth%40shopper\.test/);
    // From another machine, the message does not exist.
    expect((await app.inject({ url: `/dev/outbox/${entry.file.replace('.eml', '.txt')}`, remoteAddress: '198.51.100.4' })).statusCode).toBe(404);
  });

  it('writes its folder and files for the store user only', () => {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o077, file).toBe(0);
  });

  it('serves only the files the outbox wrote', async () => {
    for (const path of ['/dev/outbox/index.jsonl', '/dev/outbox/..%2F..%2Fstore.db', '/dev/outbox/20200101T000000000Z-00000000.txt']) {
      expect((await app.inject(path)).statusCode, path).toBe(404);
    }
  });
});

describe('a withheld message in the file outbox', () => {
  it('is readable only while its link is valid, from the process that wrote it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'everstone-withheld-'));
    let at = new Date('2026-01-01T10:00:00Z');
    const outbox = createFileOutboxTransport(dir, 'test@store.test', { now: () => at, keepSecretsMs: 60 * 60_000 });
    try {
      await outbox.send({ to: 'a@shopper.test', subject: 'Reset', text: 'Link: https://shop.test/reset-password/SECRET', sensitive: true });
      const [entry] = await listOutbox(dir);
      const txt = entry!.file.replace('.eml', '.txt');
      expect(readFileSync(join(dir, txt), 'utf8')).not.toContain('SECRET');
      expect(outbox.keptText(txt)).toContain('SECRET');
      at = new Date(at.getTime() + 60 * 60_000);
      expect(outbox.keptText(txt)).toBeUndefined();
    } finally {
      outbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(TEST_ENGINES)('the outbox page on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each([
    ['in production', { NODE_ENV: 'production', STORE_MODE: 'demo', WALLET_PROVIDER: 'simulator' }],
    ['when mail goes over SMTP', { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' }],
  ])('does not exist %s', async (_case, env) => {
    const app = await createTestApp(db, { OUTBOX_DIR: join(tmpdir(), 'everstone-unused-outbox'), ...env });
    try {
      expect((await app.inject('/dev/outbox')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
