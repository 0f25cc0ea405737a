import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { waitFor } from '../test/wait-for.ts';
import { Secret, TOTP } from 'otpauth';
import { adminChange, quickHasher, signUpAndIn, uniqueEmail } from '../test/accounts.ts';

const CLI = fileURLToPath(new URL('./staff.ts', import.meta.url));

describe.each(TEST_ENGINES)('npm run staff on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;

  // Each call starts a process of its own: seconds on a busy machine, hence the longer limits.
  function staff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return run({ SMTP_URL: smtp.url }, args);
  }
  /** Without SMTP_URL: a store with no mail server writes its messages to the outbox folder. */
  function staffWithoutMail(outbox: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return run({ SMTP_URL: '', OUTBOX_DIR: outbox }, args);
  }
  function run(mailEnv: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, PUBLIC_URL: 'https://shop.everstone.test', ...mailEnv }, timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const roleOf = async (email: string) => (await db.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;

  const acceptWith = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token, password, password_confirmation: password } });
  const LINK = /https:\/\/shop\.everstone\.test\/admin\/invitation\/([A-Za-z0-9_-]{43})/;

  it('invites the first owner from a new address with an emailed link; the role comes with the link, on the audit log', async () => {
    const email = uniqueEmail('owner');
    const missing = await staff('add', email, '--role', 'owner');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('has no account yet: give --name and --title');

    const made = await staff('add', email, '--role', 'owner', '--name', 'Opal Owner', '--title', 'Ms');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`${email} is invited as an owner: nothing is granted until they accept with the link emailed to them`);
    // The link was emailed: the terminal does not show it.
    expect(made.stdout).not.toContain('/admin/invitation/');
    expect(await roleOf(email)).toBeUndefined();
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject === 'Your invitation to the Everstone back office'), { what: 'the invitation' });
    expect(mail.text).toMatch(LINK);
    expect(mail.text).toContain('https://shop.everstone.test/admin/sign-in');

    const listed = await staff('list');
    expect(listed.stdout).toContain(`owner  ${email}  Opal Owner  (invited by `);
    const entry = await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', email).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'staff.invite', actor_id: null, actor_name: 'npm run staff' });
    expect(entry.actor_email.endsWith(`@${hostname()}`)).toBe(true);

    expect((await acceptWith(LINK.exec(mail.text)![1]!, 'the first owner')).statusCode).toBe(200);
    expect(await roleOf(email)).toBe('owner');
  }, 60_000);

  it('shows the link at the terminal when the store has no mail server, since its outbox keeps no single-use link', async () => {
    const email = uniqueEmail('first-owner');
    const outbox = await mkdtemp(join(tmpdir(), 'everstone-staff-outbox-'));
    try {
      const made = await staffWithoutMail(outbox, 'add', email, '--role', 'owner', '--name', 'Fay First', '--title', 'Ms');
      expect(made.code, made.stderr).toBe(0);
      const link = LINK.exec(made.stdout);
      expect(link, made.stdout).not.toBeNull();
      // The link works: the owner chooses a password with it and signs in to the back office.
      const set = await acceptWith(link![1]!, 'the first owner');
      expect(set.statusCode, set.body).toBe(200);
      const signIn = await app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: { email, password: 'the first owner' } });
      expect(signIn.statusCode, signIn.body).toBe(200);
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  }, 60_000);

  it('invites a shopper without giving the role, keeps the last owner, takes a person off the staff and withdraws an invitation', async () => {
    const shopper = await signUpAndIn(app, { name: 'Sid Shopper' });
    const given = await staff('add', shopper.email, '--role', 'staff');
    expect(given.code, given.stderr).toBe(0);
    // An account made by whoever typed the address first gets nothing from an invitation.
    expect(await roleOf(shopper.email)).toBe('customer');
    const mail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === 'Your invitation to the Everstone back office'), { what: 'the invitation' });
    expect((await acceptWith(LINK.exec(mail.text)![1]!, 'a staff password')).statusCode).toBe(200);
    expect(await roleOf(shopper.email)).toBe('staff');

    const owners = await db.db.selectFrom('users').select('email').where('role', '=', 'owner').execute();
    if (owners.length === 1) {
      const last = await staff('remove', owners[0]!.email);
      expect(last.code).toBe(1);
      expect(last.stderr).toContain('The store must keep at least one owner.');
      expect(await roleOf(owners[0]!.email)).toBe('owner');
    }
    const removed = await staff('remove', shopper.email);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await roleOf(shopper.email)).toBe('customer');
    expect((await staff('remove', shopper.email)).stderr).toContain('is not on the staff and has no open invitation');
    expect((await staff('add', shopper.email, '--role', 'king')).code).toBe(2);

    const invited = uniqueEmail('withdrawn');
    await staff('add', invited, '--role', 'staff', '--name', 'Will Withdrawn', '--title', 'Mr');
    const withdrawn = await staff('remove', invited);
    expect(withdrawn.stdout).toContain(`The invitation to ${invited} was withdrawn.`);
    expect((await staff('list')).stdout).not.toContain(invited);
  }, 90_000);

  it('resets a person’s second factor: it is gone, their sessions end, and they and every owner are told', async () => {
    const person = await signUpAndIn(app, { name: 'Phil Phoneless' });
    await db.db.updateTable('users').set({ role: 'staff' }).where('id', '=', person.user.id).execute();
    const signIn = await app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: { email: person.email, password: person.password } });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const headers = adminChange(cookie);
    const begun = await app.inject({ method: 'POST', url: '/api/admin/session/enrollment', headers });
    const secret = begun.json().secret.replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await app.inject({ method: 'POST', url: '/api/admin/session/enrollment/confirm', headers, payload: { code } })).statusCode).toBe(200);

    const reset = await staff('reset-second-factor', person.email);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('no longer has a second factor');
    expect((await app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
    expect(await db.db.selectFrom('staff_second_factors').select('user_id').where('user_id', '=', person.user.id).executeTakeFirst()).toBeUndefined();
    await waitFor(() => smtp.to(person.email).find((m) => m.subject === 'Phil Phoneless\'s two-step sign-in was reset'), { what: 'the notice' });
    const entry = await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', person.email).where('action', '=', 'staff.second_factor_reset').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: null, actor_name: 'npm run staff' });
    expect((await staff('reset-second-factor', person.email)).code).toBe(1);
  }, 60_000);
});
