import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN_MESSAGES,
  OWNER_CHANGE_DELAY_HOURS,
  RECOVERY_CODE_COUNT,
  type AuditListResponse,
  type SecondFactorEnrollment,
  type StaffListResponse,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, uniqueEmail } from '../../test/accounts.ts';

/**
 * Who gets into the back office, and for how long: a new password ends every session opened with the old one; a
 * second factor (TOTP, recovery codes) where the store requires it or the person chose it; a wrong password or code
 * counted and logged; the log names people by their id; an owner cannot quietly be left alone with the store.
 */
describe.each(TEST_ENGINES)('signing in to the back office on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(
      db,
      // Owners must sign in with a second factor, as on a live store; rate limits count as they do there.
      { SMTP_URL: smtp.url, ADMIN_SECOND_FACTOR: 'owners', RATE_LIMITS_ENABLED: 'true' },
      { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } }, staffSweepIntervalMs: 25 },
    );
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  /** A request as the back office's pages send it: a change with the store's Origin, as JSON. */
  const as = (cookie: string | null, method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url, payload: payload as object, headers: method === 'GET' ? (cookie ? { cookie } : {}) : adminChange(cookie) });

  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

  /** A shopper's account raised to a role on its row, as the first owner is made at the command line. */
  async function person(role: 'staff' | 'owner', name: string) {
    const made = await signUpAndIn(app, { name, email: uniqueEmail(role) });
    await db.db.updateTable('users').set({ role }).where('id', '=', made.user.id).execute();
    return { id: made.user.id, email: made.email, password: made.password, token: made.token };
  }

  /** The code an authenticator app shows now for a secret as the enrollment showed it. */
  const codeOf = (secret: string, at = clock.now()) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate({ timestamp: at.getTime() });

  /** Sets up a second factor in a session that may set one up; answers the secret and the recovery codes. */
  async function enroll(cookie: string): Promise<{ secret: string; codes: string[]; cookie: string }> {
    const begun = await as(cookie, 'POST', '/api/admin/session/enrollment');
    expect(begun.statusCode, begun.body).toBe(200);
    const enrollment = begun.json() as SecondFactorEnrollment;
    expect(enrollment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Everstone:.+\?.*secret=[A-Z2-7]{32}/);
    const confirmed = await as(cookie, 'POST', '/api/admin/session/enrollment/confirm', { code: codeOf(enrollment.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const set = confirmed.headers['set-cookie'];
    return { secret: enrollment.secret, codes: confirmed.json().recovery_codes, cookie: set ? cookieOf(confirmed) : cookie };
  }

  it('ends every back-office session opened with the old password when it is changed, reset by link, or reset by staff', async () => {
    const staff = await person('staff', 'Pat Password');
    // A change from the storefront's profile.
    const opened = await adminCookie(app, staff.email, staff.password);
    expect((await as(opened, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(staff.token),
      payload: { current_password: staff.password, password: 'a new password', password_confirmation: 'a new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await as(opened, 'GET', '/api/admin/queue');
    expect(after.statusCode).toBe(401);

    // A reset by the emailed link.
    const second = await adminCookie(app, staff.email, 'a new password');
    await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: staff.email } });
    const mail = await waitFor(() => smtp.to(staff.email).find((m) => m.subject === 'Reset your Everstone password'), { what: 'the reset email' });
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    const reset = await app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, email: staff.email, password: 'a third password', password_confirmation: 'a third password' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await as(second, 'GET', '/api/admin/queue')).statusCode).toBe(401);

    // A reset sent by another staff member from the customer's page: the sessions end as it is sent.
    const third = await adminCookie(app, staff.email, 'a third password');
    const colleague = await person('staff', 'Cole League');
    const colleagueCookie = await adminCookie(app, colleague.email, colleague.password);
    const sent = await as(colleagueCookie, 'POST', `/api/admin/customers/${staff.id}/password-reset`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await as(third, 'GET', '/api/admin/queue')).statusCode).toBe(401);
    expect((await as(colleagueCookie, 'GET', '/api/admin/queue')).statusCode).toBe(200);
  });

  it('asks an owner to set up a second factor at the first sign-in, then for a code at each; a code works once, a recovery code once', async () => {
    const owner = await person('owner', 'Ottilie Owner');
    const signIn = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ stage: 'enroll', second_factor: { enrolled: false, required: true }, reauth_until: null });
    const halfway = cookieOf(signIn);
    // The password alone opens nothing but the steps that finish signing in.
    const queue = await as(halfway, 'GET', '/api/admin/queue');
    expect(queue.statusCode).toBe(401);
    expect(queue.json()).toEqual({ message: ADMIN_MESSAGES.enrollNeeded });
    expect((await as(halfway, 'GET', '/api/admin/staff')).statusCode).toBe(401);
    const wrongFirst = await as(halfway, 'POST', '/api/admin/session/enrollment/confirm', { code: '000000' });
    expect(wrongFirst.statusCode).toBe(404);

    const begun = (await as(halfway, 'POST', '/api/admin/session/enrollment')).json() as SecondFactorEnrollment;
    const bad = await as(halfway, 'POST', '/api/admin/session/enrollment/confirm', { code: String((Number(codeOf(begun.secret)) + 1) % 1_000_000).padStart(6, '0') });
    expect(bad.statusCode).toBe(422);
    const confirmed = await as(halfway, 'POST', '/api/admin/session/enrollment/confirm', { code: codeOf(begun.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(confirmed.json().session).toMatchObject({ stage: 'full', second_factor: { enrolled: true, required: true } });
    // The half-done session was replaced by a full one.
    const full = cookieOf(confirmed);
    expect(full).not.toBe(halfway);
    expect((await as(halfway, 'GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await as(full, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    await waitFor(() => smtp.to(owner.email).find((m) => m.subject === 'Two-step sign-in is on for your Everstone back office'), { what: 'the notice' });
    // Required of owners: it cannot be turned off.
    const off = await as(full, 'DELETE', '/api/admin/account/second-factor');
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: ADMIN_MESSAGES.secondFactorRequired });

    // The next sign-in asks for the code.
    clock.advance(60_000);
    const next = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    expect(next.json()).toMatchObject({ stage: 'second_factor' });
    const waiting = cookieOf(next);
    const refused = await as(waiting, 'GET', '/api/admin/orders');
    expect(refused.json()).toEqual({ message: ADMIN_MESSAGES.secondFactorNeeded });
    const wrong = await as(waiting, 'POST', '/api/admin/session/second-factor', { code: '123456' === codeOf(begun.secret) ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [ADMIN_MESSAGES.codeWrong] });
    const code = codeOf(begun.secret);
    const done = await as(waiting, 'POST', '/api/admin/session/second-factor', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ stage: 'full' });
    expect((await as(cookieOf(done), 'GET', '/api/admin/orders')).statusCode).toBe(200);

    // The same code again (seen over a shoulder) does not open a second session.
    const replay = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    const replayed = await as(cookieOf(replay), 'POST', '/api/admin/session/second-factor', { code });
    expect(replayed.statusCode).toBe(422);

    // A recovery code works once, typed in any case, and its owner is told.
    const recovery = await as(cookieOf(replay), 'POST', '/api/admin/session/second-factor', { code: codes[0]!.toLowerCase() });
    expect(recovery.statusCode, recovery.body).toBe(200);
    await waitFor(() => smtp.to(owner.email).find((m) => m.subject === 'A recovery code was used to sign in to the Everstone back office'), { what: 'the recovery notice' });
    const spent = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    expect((await as(cookieOf(spent), 'POST', '/api/admin/session/second-factor', { code: codes[0] })).statusCode).toBe(422);
    const status = (await as(cookieOf(recovery), 'GET', '/api/admin/account/second-factor')).json();
    expect(status).toMatchObject({ enrolled: true, required: true, recovery_codes_left: RECOVERY_CODE_COUNT - 1 });

    // The log says how each sign-in was finished, and each wrong code.
    const log = (await as(cookieOf(recovery), 'GET', `/api/admin/audit?subject=${encodeURIComponent(owner.email)}`)).json() as AuditListResponse;
    const actions = log.entries.map((e) => [e.action, e.after]);
    expect(actions).toContainEqual(['session.sign_in', { second_factor: 'recovery' }]);
    expect(actions).toContainEqual(['session.sign_in', { second_factor: 'totp' }]);
    expect(actions).toContainEqual(['session.sign_in', { second_factor: 'enrolled' }]);
    expect(actions).toContainEqual(['staff.second_factor_on', { second_factor: 'totp' }]);
    expect(log.entries.filter((e) => e.action === 'session.second_factor_failed').length).toBeGreaterThanOrEqual(3);
  });

  it('stops guessing of codes after five wrong ones in 15 minutes', async () => {
    const owner = await person('owner', 'Guessed Owner');
    const first = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    const { secret } = await enroll(cookieOf(first));
    const signIn = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    const cookie = cookieOf(signIn);
    const right = codeOf(secret);
    const wrongCode = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await as(cookie, 'POST', '/api/admin/session/second-factor', { code: wrongCode })).statusCode).toBe(422);
    const stopped = await as(cookie, 'POST', '/api/admin/session/second-factor', { code: right });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/^Too many wrong codes\. Please try again in /);
  });

  it('offers staff a second factor they may turn off; setting one up later asks for the password again', async () => {
    const staff = await person('staff', 'Stella Staff');
    const signIn = await as(null, 'POST', '/api/admin/session', { email: staff.email, password: staff.password });
    expect(signIn.json()).toMatchObject({ stage: 'full', second_factor: { enrolled: false, required: false } });
    const cookie = cookieOf(signIn);
    clock.advance(6 * 60_000);
    const asked = await as(cookie, 'POST', '/api/admin/session/enrollment');
    expect(asked.json()).toEqual({ message: ADMIN_MESSAGES.reauth, reauth: true });
    await as(cookie, 'POST', '/api/admin/session/confirm', { password: staff.password });
    const { codes } = await enroll(cookie);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const fresh = (await as(cookie, 'POST', '/api/admin/account/second-factor/recovery-codes')).json().recovery_codes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(codes[0]);
    const off = await as(cookie, 'DELETE', '/api/admin/account/second-factor');
    expect(off.statusCode, off.body).toBe(200);
    expect((await as(null, 'POST', '/api/admin/session', { email: staff.email, password: staff.password })).json()).toMatchObject({ stage: 'full' });
  });

  it('counts wrong passwords entered again toward the sign-in limits, and logs them', async () => {
    const staff = await person('staff', 'Rhea Reauth');
    const cookie = await adminCookie(app, staff.email, staff.password);
    for (let i = 0; i < 10; i++) {
      const wrong = await as(cookie, 'POST', '/api/admin/session/confirm', { password: `guess ${i}` });
      expect(wrong.statusCode).toBe(422);
    }
    // The account's sign-ins on this device are paused as ten wrong sign-ins would pause them.
    const paused = await as(cookie, 'POST', '/api/admin/session/confirm', { password: staff.password });
    expect(paused.statusCode).toBe(429);
    expect((await as(null, 'POST', '/api/admin/session', { email: staff.email, password: staff.password })).statusCode).toBe(429);
    const entries = await db.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', staff.email).where('action', '=', 'session.reauth_failed').execute();
    expect(entries).toHaveLength(10);
    expect(entries.every((e) => Number(e.actor_id) === staff.id)).toBe(true);
  });

  it('names each entry’s actor by id, logs a staff member’s new name or email, and filters by the id', async () => {
    const owner = await person('owner', 'Ida Owner');
    const staff = await person('staff', 'Ned Name');
    const first = await as(null, 'POST', '/api/admin/session', { email: owner.email, password: owner.password });
    const { cookie: ownerCookie } = await enroll(cookieOf(first));
    // The staff member renames themselves to look like the command line.
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(staff.token),
      payload: { title: 'Mr', name: 'npm run orders', email: 'root@vm.local', current_password: staff.password, birth_date: null, anniversary_date: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const staffCookie = await adminCookie(app, 'root@vm.local', staff.password);
    expect((await as(staffCookie, 'GET', '/api/admin/session')).json()).toMatchObject({ user: { id: staff.id, name: 'npm run orders' } });

    const byId = (await as(ownerCookie, 'GET', `/api/admin/audit?actor=${staff.id}`)).json() as AuditListResponse;
    const actions = byId.entries.map((e) => e.action);
    expect(actions).toContain('staff.identity');
    expect(actions).toContain('session.sign_in');
    expect(byId.entries.every((e) => e.actor.id === staff.id)).toBe(true);
    const identity = byId.entries.find((e) => e.action === 'staff.identity')!;
    expect(identity).toMatchObject({ before: { name: 'Ned Name', email: staff.email }, after: { name: 'npm run orders', email: 'root@vm.local' } });
    // Filtering by the email they had finds them too: the address names the account, the account its id.
    const byEmail = (await as(ownerCookie, 'GET', `/api/admin/audit?actor=${encodeURIComponent('root@vm.local')}`)).json() as AuditListResponse;
    expect(byEmail.entries.map((e) => e.id)).toEqual(byId.entries.map((e) => e.id));
    // The command line's own entries are found apart, by what they are rather than by a name anyone can take.
    const cli = await as(ownerCookie, 'GET', '/api/admin/audit?actor=command-line');
    expect(cli.statusCode).toBe(200);
    expect((cli.json() as AuditListResponse).entries.every((e) => e.actor.id === null)).toBe(true);
  });

  it('waits the delay before applying the last other owner’s removal, unless an owner cancels it; every owner is told', async () => {
    const a = await person('owner', 'Ann Alone');
    const b = await person('owner', 'Bea Both');
    // Owners made by earlier tests would keep these two from being the store's last ones: take them back to staff.
    await db.db.updateTable('users').set({ role: 'staff' }).where('role', '=', 'owner').where('id', 'not in', [a.id, b.id]).execute();
    const aCookie = (await enroll(cookieOf(await as(null, 'POST', '/api/admin/session', { email: a.email, password: a.password })))).cookie;
    const bCookie = (await enroll(cookieOf(await as(null, 'POST', '/api/admin/session', { email: b.email, password: b.password })))).cookie;

    const asked = await as(aCookie, 'PUT', `/api/admin/staff/${b.id}`, { role: 'staff' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().change).toMatchObject({ role_after: 'staff', member: { id: b.id } });
    await waitFor(() => smtp.to(b.email).find((m) => m.subject === 'An owner of Everstone asked to demote Bea Both'), { what: 'the notice to the person' });
    // Bea cancels it: she stays an owner.
    const cancelled = await as(bCookie, 'DELETE', `/api/admin/staff/changes/${asked.json().change.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await as(aCookie, 'GET', '/api/admin/staff')).json().changes).toEqual([]);

    // Asked again, nobody answers: it applies when its time comes, by the sweep, and Bea's sessions end.
    const again = await as(aCookie, 'PUT', `/api/admin/staff/${b.id}`, { role: 'staff' });
    expect((await as(aCookie, 'PUT', `/api/admin/staff/${b.id}`, { role: 'staff' })).json().change.id).toBe(again.json().change.id);
    clock.advance((OWNER_CHANGE_DELAY_HOURS - 1) * 3_600_000);
    expect((await db.db.selectFrom('users').select('role').where('id', '=', b.id).executeTakeFirstOrThrow()).role).toBe('owner');
    clock.advance(2 * 3_600_000);
    await waitFor(async () => ((await db.db.selectFrom('users').select('role').where('id', '=', b.id).executeTakeFirstOrThrow()).role === 'staff' ? true : undefined), {
      what: 'the change to apply after its delay',
    });
    // Her back-office sessions ended with the role.
    expect(await db.db.selectFrom('admin_sessions').select('id').where('user_id', '=', b.id).execute()).toEqual([]);
    await waitFor(() => smtp.to(a.email).find((m) => m.subject === 'Bea Both is now staff at Everstone'), { what: 'the notice that it applied' });
    const entries = await db.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', b.email).where('action', 'like', 'staff.%').orderBy('id').execute();
    expect(entries.map((e) => [e.action, Number(e.actor_id)])).toEqual([
      ['staff.second_factor_on', b.id],
      ['staff.change_requested', a.id],
      ['staff.change_cancelled', b.id],
      ['staff.change_requested', a.id],
      ['staff.role', a.id],
    ]);
  });

  it('voids a waiting change whose owner lost the role meanwhile, so two owners demoting each other never leave the store without one', async () => {
    const staffList = async (cookie: string) => (await as(cookie, 'GET', '/api/admin/staff')).json() as StaffListResponse;
    const c = await person('owner', 'Cy Crossed');
    const d = await person('owner', 'Di Crossed');
    await db.db.updateTable('users').set({ role: 'staff' }).where('role', '=', 'owner').where('id', 'not in', [c.id, d.id]).execute();
    const cCookie = (await enroll(cookieOf(await as(null, 'POST', '/api/admin/session', { email: c.email, password: c.password })))).cookie;
    const dCookie = (await enroll(cookieOf(await as(null, 'POST', '/api/admin/session', { email: d.email, password: d.password })))).cookie;
    expect((await as(cCookie, 'DELETE', `/api/admin/staff/${d.id}`)).json().change).not.toBeNull();
    clock.advance(60_000);
    expect((await as(dCookie, 'DELETE', `/api/admin/staff/${c.id}`)).json().change).not.toBeNull();
    expect((await staffList(cCookie)).changes).toHaveLength(2);
    clock.advance((OWNER_CHANGE_DELAY_HOURS + 1) * 3_600_000);
    await waitFor(async () => ((await db.db.selectFrom('staff_changes').select('id').where('resolved_at', 'is', null).execute()).length === 0 ? true : undefined), {
      what: 'both changes to be settled',
    });
    const roles = await db.db.selectFrom('users').select(['id', 'role']).where('id', 'in', [c.id, d.id]).orderBy('id').execute();
    // The first applied; the second was asked by an owner who no longer is one.
    expect(roles.map((r) => r.role)).toEqual(['owner', 'customer']);
    const outcomes = await db.db.selectFrom('staff_changes').select(['user_id', 'outcome']).where('user_id', 'in', [c.id, d.id]).orderBy('id').execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'void']);
  });
});
