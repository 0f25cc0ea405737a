import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createDb, type Db } from '../../db/database.ts';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createMailDispatcher, type MailDispatcher, type MailDispatcherOptions } from './dispatcher.ts';
import { createMailOutboxRepository } from './repository.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';

function captureLog() {
  const lines: Array<{ level: string; obj: unknown; msg: unknown }> = [];
  const log: Record<string, unknown> = { level: 'trace' };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
    log[level] = (obj: unknown, msg?: unknown) => lines.push({ level, obj, msg });
  }
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, lines };
}

describe.each(TEST_ENGINES)('mail dispatcher on %s', (engine) => {
  let db: TestDb;
  let smtp: TestSmtp;
  let transport: MailTransport;
  const running: MailDispatcher[] = [];
  const extraDbs: Db[] = [];

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp({
      rejectRecipient: (address, attempt) => {
        if (address.startsWith('flaky') && attempt === 1) return { code: 451, message: 'Greylisted, try again later' };
        if (address.startsWith('gone')) return { code: 550, message: `Mailbox <${address}> unavailable` };
        return null;
      },
    });
    transport = createSmtpTransport(smtp.url, '"Everstone" <no-reply@store.test>');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
  });

  afterAll(async () => {
    await Promise.all(extraDbs.map((d) => d.close()));
    transport?.close();
    await smtp?.close();
    await db?.destroy();
  });

  function dispatcher(options: Partial<MailDispatcherOptions> = {}, on: Db = db) {
    const d = createMailDispatcher({
      repo: createMailOutboxRepository(on.db),
      transport,
      log: captureLog().log,
      retryDelayMs: () => 30,
      ...options,
    });
    running.push(d);
    return d;
  }

  const queue = (to: string, subject: string, text = 'Hello') =>
    createMailOutboxRepository(db.db).enqueue([{ to, subject, text, html: `<p>${text}</p>` }], new Date());
  const row = (id: number) => db.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends queued mail and records it as sent', async () => {
    const [id] = await queue('ann@shopper.test', 'Your order', 'Thank you');
    await dispatcher().drain();

    const [mail] = smtp.to('ann@shopper.test');
    expect(mail?.subject).toBe('Your order');
    expect(mail?.text).toBe('Thank you');
    expect(mail?.html).toBe('<p>Thank you</p>');
    const sent = await row(id!);
    expect(sent).toMatchObject({ status: 'sent', last_error: null });
    expect(Number(sent.attempts)).toBe(1);
    expect(sent.sent_at).not.toBeNull();
  });

  it('keeps a refused message and sends it on a later try', async () => {
    const d = dispatcher();
    d.start();
    const [id] = await queue('flaky@shopper.test', 'Second time lucky');
    d.wake();

    await waitFor(() => smtp.to('flaky@shopper.test').length === 1, { what: 'the retried message' });
    const sent = await waitFor(async () => {
      const r = await row(id!);
      return r.status === 'sent' ? r : null;
    });
    expect(Number(sent.attempts)).toBe(2);
    expect(sent.last_error).toMatch(/451/);
    expect(smtp.to('flaky@shopper.test')).toHaveLength(1);
  });

  it('gives up after the last attempt, logging no address or body', async () => {
    const { log, lines } = captureLog();
    const d = dispatcher({ log, maxAttempts: 3 });
    d.start();
    const [id] = await queue('gone@shopper.test', 'Never arrives', 'Private words');
    d.wake();

    const failed = await waitFor(async () => {
      const r = await row(id!);
      return r.status === 'failed' ? r : null;
    }, { what: 'the message to be given up' });
    expect(Number(failed.attempts)).toBe(3);
    expect(failed.last_error).toMatch(/550/);
    expect(smtp.to('gone@shopper.test')).toHaveLength(0);

    // The warning follows the row update, so it may land a moment after the row is seen as failed.
    const warnings = await waitFor(() => {
      const w = lines.filter((l) => l.level === 'warn');
      return w.length === 3 ? w : null;
    });
    expect(warnings.map((l) => l.msg)).toEqual(['mail not sent; will retry', 'mail not sent; will retry', 'mail not sent; giving up']);
    const logged = JSON.stringify(lines);
    expect(logged).toContain('550');
    expect(logged).not.toContain('gone@shopper.test');
    expect(logged).not.toContain('Private words');
  });

  it('never sends a message twice when two instances drain one outbox', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(...(await queue('many@shopper.test', `Message ${i}`)));
    const other = createDb(db.url);
    extraDbs.push(other);

    await Promise.all([dispatcher().drain(), dispatcher({}, other).drain(), dispatcher().drain()]);

    const subjects = smtp.to('many@shopper.test').map((m) => m.subject);
    expect(subjects).toHaveLength(25);
    expect(new Set(subjects).size).toBe(25);
    const rows = await db.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
  });

  it('takes over a claim abandoned past its lease and leaves a live claim alone', async () => {
    const [abandoned] = await queue('crashed@shopper.test', 'Left mid-send');
    const [live] = await queue('busy@shopper.test', 'Being sent elsewhere');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await db.db.updateTable('mail_outbox').set({ status: 'sending', attempts: 1, claimed_at: hourAgo }).where('id', '=', abandoned!).execute();
    await db.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, claimed_at: new Date().toISOString() })
      .where('id', '=', live!)
      .execute();

    await dispatcher({ claimLeaseMs: 60_000 }).drain();

    expect(smtp.to('crashed@shopper.test')).toHaveLength(1);
    expect(await row(abandoned!)).toMatchObject({ status: 'sent' });
    expect(smtp.to('busy@shopper.test')).toHaveLength(0);
    expect(await row(live!)).toMatchObject({ status: 'sending' });
  });

  it('sends mail queued while a pass is already under way', async () => {
    const d = dispatcher();
    const first = d.drain();
    await queue('late@shopper.test', 'Queued during a pass');
    await Promise.all([first, d.drain()]);
    expect(smtp.to('late@shopper.test')).toHaveLength(1);
  });
});
