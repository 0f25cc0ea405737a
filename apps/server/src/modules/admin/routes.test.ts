import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_IDLE_MINUTES,
  ADMIN_MESSAGES,
  ADMIN_REAUTH_MINUTES,
  centsToPrice,
  type AdminNumbersResponse,
  type AdminOrderListResponse,
  type AdminQueueResponse,
  type AdminSession,
  type AuditListResponse,
  type Order,
  type PaymentMethod,
  type StaffListResponse,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, STORE_ORIGIN, uniqueEmail } from '../../test/accounts.ts';
import { seedInventory } from '../inventory/index.ts';

const ADDRESS = { street: '580 Fifth Avenue', apartment: null, city: 'New York', zip: '10036', country: 'United States' };

/** Every route the app serves, with its methods, read from Fastify's own route tree. */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const out: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = url;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') out.push({ method, url });
  }
  return out;
}

describe.each(TEST_ENGINES)('the back office on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let stones: { id: number; price_cents: number; certificate_number: string }[];
  let owner: { email: string; password: string; id: number; cookie: string };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 30, seed: 41 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'certificate_number']).where('status', '=', 'available').orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      price_cents: Number(r.price_cents),
      certificate_number: r.certificate_number,
    }));
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    const first = await signUpAndIn(app, { name: 'Olive Owner' });
    // The first owner is made at the command line (`npm run staff`); here, as it does, on the account's row.
    await db.db.updateTable('users').set({ role: 'owner' }).where('id', '=', first.user.id).execute();
    owner = { email: first.email, password: first.password, id: first.user.id, cookie: await signIn(first.email, first.password) };
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const signIn = (email: string, password: string) => adminCookie(app, email, password);

  /** A request as the back office's pages send it (a change with the store's Origin, as JSON); `headers` override. */
  const as = (cookie: string | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: method as 'GET', url, payload: payload as object, headers: { ...(method === 'GET' ? (cookie ? { cookie } : {}) : adminChange(cookie)), ...headers } });
  const signInRequest = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: { email, password } });

  /** The token of the invitation link emailed to `email` (the newest). */
  async function invitationToken(email: string): Promise<string> {
    const mail = await waitFor(() => smtp.to(email).findLast((m) => m.subject === 'Your invitation to the Everstone back office'), { what: 'the invitation' });
    return /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }

  /** A staff member, made by the owner's invitation and the emailed link, signed in. */
  async function staffMember(name = 'Sam Staff'): Promise<{ email: string; password: string; id: number; cookie: string }> {
    const email = uniqueEmail('staff');
    await as(owner.cookie, 'POST', '/api/admin/session/confirm', { password: owner.password });
    const res = await as(owner.cookie, 'POST', '/api/admin/staff', { email, name, title: 'Mr', role: 'staff' });
    expect(res.statusCode, res.body).toBe(201);
    const password = 'the staff password';
    const set = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token: await invitationToken(email), password, password_confirmation: password } });
    expect(set.statusCode, set.body).toBe(200);
    const id = Number((await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    return { email, password, id, cookie: await signIn(email, password) };
  }

  let next = 0;
  async function order(method: PaymentMethod = 'pay-wire', name = 'Grace Hopper'): Promise<{ order: Order; email: string; token: string; stone: (typeof stones)[number] }> {
    const { user, token, email } = await signUpAndIn(app, { name });
    const stone = stones[next++]!;
    const cents = stone.price_cents - (method === 'pay-wire' ? 500 : 0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(token),
      payload: { user_id: user.id, user_name: name, contact_number: '212-555-0142', items_id: [stone.id], total_price: centsToPrice(cents), address: JSON.stringify(ADDRESS), payment_mode: method, is_gift: 0, notes: 'Please call before delivery.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { order: res.json() as Order, email, token, stone };
  }

  it('refuses a guest (401) and a shopper (403) on every back-office route, and staff (403) on every owner’s route', async () => {
    const shopper = await signUpAndIn(app);
    const staff = await staffMember();
    const placed = await order('cod');
    // Open to all: the sign-in, and an invitation's link (its token is the key).
    const open = new Set(['POST /api/admin/session', 'POST /api/admin/invitations/lookup', 'POST /api/admin/invitations/accept']);
    const routes = routesOf(app).filter((r) => r.url.startsWith('/api/admin') && !open.has(`${r.method} ${r.url}`));
    // The table is read from the app: a new route is checked without being listed here.
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const ownerRoutes = new Set([
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'PUT /api/admin/staff/:id',
      'DELETE /api/admin/staff/:id',
      'DELETE /api/admin/staff/invitations/:id',
      'POST /api/admin/staff/changes/:id/confirm',
      'DELETE /api/admin/staff/changes/:id',
      'GET /api/admin/audit',
      'PUT /api/admin/metal-prices',
    ]);
    for (const route of routes) {
      const url = route.url.replace(':orderNumber', placed.order.order_number).replace(':id', String(staff.id));
      const what = `${route.method} ${route.url}`;
      const type: Record<string, string> = route.url === '/api/admin/stones/import' ? { 'content-type': 'text/csv' } : {};
      const guest = await as(null, route.method, url, {}, type);
      expect(guest.statusCode, what).toBe(401);
      expect(guest.json(), what).toEqual({ message: ADMIN_MESSAGES.signedOut });
      const refused = await as(null, route.method, url, {}, { ...type, ...bearer(shopper.token) });
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json(), what).toEqual({ message: ADMIN_MESSAGES.notStaff });
      if (ownerRoutes.has(what)) {
        const byStaff = await as(staff.cookie, route.method, url, { role: 'owner', prices: [{ metal: 'platinum', per_gram: '1' }] });
        expect(byStaff.statusCode, what).toBe(403);
        expect(byStaff.json(), what).toEqual({ message: ADMIN_MESSAGES.ownerOnly });
      }
    }
    // Nothing the refused requests asked for happened.
    expect((await as(owner.cookie, 'GET', `/api/admin/orders/${placed.order.order_number}`)).json().order).toMatchObject({ order_status: 'pending', payment_status: 'pending' });
    expect((await db.db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).role).toBe('staff');

    // A shopper's right password does not open the back office either.
    const signIn = await signInRequest(shopper.email, shopper.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const wrong = await signInRequest(owner.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ADMIN_MESSAGES.invalidCredentials });
  });

  it('refuses every change, the sign-in included, without the store’s Origin or not sent as JSON, before it is done', async () => {
    const staff = await staffMember('Olga Origin');
    const placed = await order('cod');
    const changes = routesOf(app).filter((r) => r.url.startsWith('/api/admin') && r.method !== 'GET');
    // The table is read from the app: a new change is checked without being listed here.
    expect(changes.length).toBeGreaterThanOrEqual(15);
    expect(changes).toContainEqual({ method: 'POST', url: '/api/admin/session' });
    for (const route of changes) {
      const url = route.url.replace(':orderNumber', placed.order.order_number).replace(':id', String(staff.id));
      const what = `${route.method} ${route.url}`;
      // The stone import is the one change that takes another type than JSON: a supplier's CSV file.
      const type = route.url === '/api/admin/stones/import' ? 'text/csv' : 'application/json';
      const body = type === 'text/csv' ? 'certificate_number,shape\n' : JSON.stringify({ role: 'owner', email: owner.email, password: owner.password });
      const send = (headers: Record<string, string>, payload: string | undefined = body) =>
        app.inject({ method: route.method as 'POST', url, headers: { cookie: owner.cookie, ...headers }, ...(payload === undefined ? {} : { payload }) });

      // Without an Origin, or with another site's: no page of the store sent it.
      for (const origin of [undefined, 'https://evil.example', 'null']) {
        const res = await send({ 'content-type': type, ...(origin ? { origin } : {}) });
        expect(res.statusCode, `${what} from ${origin ?? 'no Origin'}`).toBe(403);
        expect(res.json(), what).toEqual({ message: ADMIN_MESSAGES.crossSite });
      }
      // text/plain and forms are what another site's page posts without asking first; a bodiless change has no type.
      for (const sent of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
        const res = await send({ origin: STORE_ORIGIN, ...(sent ? { 'content-type': sent } : {}) }, sent ? body : undefined);
        expect(res.statusCode, `${what} as ${sent ?? 'no type'}`).toBe(415);
        expect(res.json().message, what).toBe(type === 'text/csv' ? 'Send the file as text/csv.' : ADMIN_MESSAGES.notJson);
      }
    }
    // Nothing the refused requests asked for happened: the owner is still signed in, the order and the role unchanged.
    expect((await as(owner.cookie, 'GET', '/api/admin/session')).statusCode).toBe(200);
    expect((await as(owner.cookie, 'GET', `/api/admin/orders/${placed.order.order_number}`)).json().order).toMatchObject({ order_status: 'pending' });
    expect((await db.db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).role).toBe('staff');
    // The back office's own client: the store's Origin, JSON, and no body at all for a sign-out or an order step.
    const stepped = await app.inject({ method: 'POST', url: `/api/admin/orders/${placed.order.order_number}/cancel`, headers: adminChange(staff.cookie) });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/session', headers: adminChange(staff.cookie) })).statusCode).toBe(200);
  });

  it('keeps the session in an httpOnly, SameSite=Strict cookie that ends when idle, on sign-out, and with the role', async () => {
    const res = await signInRequest(owner.email, owner.password);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^everstone_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/admin');
    expect(res.headers['cache-control']).toBe('no-store');
    const session = cookie.split(';')[0]!;
    const me = (await as(session, 'GET', '/api/admin/session')).json() as AdminSession;
    expect(me).toMatchObject({ role: 'owner', user: { email: owner.email } });
    // A bearer token is not a back-office session, even an owner's.
    const ownerToken = (await app.inject({ method: 'POST', url: '/api/login', payload: { email: owner.email, password: owner.password } })).json().token;
    expect((await as(null, 'GET', '/api/admin/session', undefined, bearer(ownerToken))).statusCode).toBe(401);

    // A change from another site's page is refused, even with the cookie.
    const forged = await as(session, 'DELETE', '/api/admin/session', undefined, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: ADMIN_MESSAGES.crossSite });

    // Idle past the timeout: ended, and said so.
    clock.advance((ADMIN_IDLE_MINUTES - 1) * 60_000);
    expect((await as(session, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    clock.advance((ADMIN_IDLE_MINUTES - 1) * 60_000);
    expect((await as(session, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    clock.advance((ADMIN_IDLE_MINUTES + 1) * 60_000);
    const ended = await as(session, 'GET', '/api/admin/queue');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: ADMIN_MESSAGES.expired });

    // Signing out ends the session on the server, not only in the browser.
    const again = await signIn(owner.email, owner.password);
    expect((await as(again, 'DELETE', '/api/admin/session', undefined, { origin: STORE_ORIGIN })).statusCode).toBe(200);
    expect((await as(again, 'GET', '/api/admin/session')).statusCode).toBe(401);
    owner.cookie = await signIn(owner.email, owner.password);
  });

  it('grants nothing by an invitation until its emailed link is used: a stranger who signed up with the address first gets no role', async () => {
    // A stranger signs up on the storefront with the address the owner will later invite.
    const stranger = await signUpAndIn(app, { name: 'Mallory Early' });
    const email = stranger.email;
    const cookie = await signIn(owner.email, owner.password);
    clock.advance((ADMIN_REAUTH_MINUTES + 1) * 60_000);
    const invite = { email, name: 'Gem Ologist', title: 'Ms', role: 'owner' };
    const asked = await as(cookie, 'POST', '/api/admin/staff', invite);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ message: ADMIN_MESSAGES.reauth, reauth: true });
    expect(await db.db.selectFrom('staff_invitations').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    expect((await as(cookie, 'POST', '/api/admin/session/confirm', { password: owner.password })).json().reauth_until).not.toBeNull();
    const done = await as(cookie, 'POST', '/api/admin/staff', invite);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().invitation).toMatchObject({ email, name: 'Gem Ologist', role: 'owner', invited_by: owner.email });

    // The invitation grants nothing: the stranger's own password opens no back office, and the account is a shopper's.
    const early = await app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: { email, password: stranger.password } });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: ADMIN_MESSAGES.notStaff });
    expect((await db.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role).toBe('customer');
    const pending = (await as(cookie, 'GET', '/api/admin/staff')).json() as StaffListResponse;
    expect(pending.staff.map((m) => m.email)).not.toContain(email);
    expect(pending.invitations.map((i) => i.email)).toContain(email);

    // The email's link is the only way in: it asks for a new password and ends everything the account had.
    const token = await invitationToken(email);
    const mail = smtp.to(email).findLast((m) => m.subject === 'Your invitation to the Everstone back office')!;
    expect(mail.text).toContain('http://localhost:3000/admin/invitation/');
    expect((await app.inject({ method: 'POST', url: '/api/admin/invitations/lookup', headers: adminChange(), payload: { token } })).json()).toMatchObject({ email, role: 'owner', name: 'Gem Ologist' });
    const short = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token, password: 'short', password_confirmation: 'short' } });
    expect(short.statusCode).toBe(422);
    const strangerAdmin = await adminCookie(app, stranger.email, stranger.password).catch(() => null);
    expect(strangerAdmin).toBeNull();
    const accepted = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token, password: 'a gemologist password', password_confirmation: 'a gemologist password' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: ADMIN_MESSAGES.invitationAccepted });
    // The stranger is out: their storefront token and their password no longer work.
    expect((await app.inject({ url: '/api/user', headers: bearer(stranger.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: stranger.password } })).statusCode).toBe(401);
    // The link reached the address: it is verified, whatever the stranger had (or had not) done with it.
    expect((await db.db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow()).email_verified_at).not.toBeNull();
    const joined = await signIn(email, 'a gemologist password');
    expect((await as(joined, 'GET', '/api/admin/session')).json()).toMatchObject({ role: 'owner', stage: 'full' });

    // Once only.
    const again = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token, password: 'another password!', password_confirmation: 'another password!' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [ADMIN_MESSAGES.invitationUsed] });
    expect((await app.inject({ method: 'POST', url: '/api/admin/invitations/lookup', headers: adminChange(), payload: { token } })).statusCode).toBe(404);
    const twice = await as(cookie, 'POST', '/api/admin/staff', invite);
    expect(twice.statusCode).toBe(422);

    const list = (await as(cookie, 'GET', '/api/admin/staff')).json() as StaffListResponse;
    expect(list.staff.find((m) => m.email === email)).toMatchObject({ role: 'owner', second_factor: false });
    expect(list.invitations.map((i) => i.email)).not.toContain(email);
    const audit = (await as(cookie, 'GET', `/api/admin/audit?subject=${encodeURIComponent(email)}`)).json() as AuditListResponse;
    expect(audit.entries.map((e) => [e.action, e.actor.email, e.before, e.after])).toEqual([
      ['session.sign_in', email, null, null],
      ['staff.join', email, { role: 'customer' }, { role: 'owner', invited_by: owner.email }],
      ['staff.invite', owner.email, null, { role: 'owner', invitation: done.json().invitation.id }],
    ]);
    // Every owner heard of the invitation and of its acceptance.
    await waitFor(() => smtp.to(owner.email).find((m) => m.subject === 'Gem Ologist was invited to the Everstone back office'), { what: 'the owners’ notice of the invitation' });
    await waitFor(() => smtp.to(owner.email).find((m) => m.subject === 'Gem Ologist joined the Everstone back office'), { what: 'the owners’ notice of the acceptance' });
    // The new owner leaves the store as it was for the tests that follow.
    await db.db.updateTable('users').set({ role: 'customer' }).where('email', '=', email).execute();
  });

  it('withdraws an invitation, and refuses an expired or withdrawn link', async () => {
    await as(owner.cookie, 'POST', '/api/admin/session/confirm', { password: owner.password });
    const email = uniqueEmail('withdrawn');
    const made = await as(owner.cookie, 'POST', '/api/admin/staff', { email, name: 'Wendy Withdrawn', title: 'Ms', role: 'staff' });
    const token = await invitationToken(email);
    const withdrawn = await as(owner.cookie, 'DELETE', `/api/admin/staff/invitations/${made.json().invitation.id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token, password: 'a fine password', password_confirmation: 'a fine password' } });
    expect(refused.json().errors).toEqual({ token: [ADMIN_MESSAGES.invitationInvalid] });
    expect((await as(owner.cookie, 'DELETE', `/api/admin/staff/invitations/${made.json().invitation.id}`)).statusCode).toBe(404);

    const late = uniqueEmail('late');
    await as(owner.cookie, 'POST', '/api/admin/session/confirm', { password: owner.password });
    await as(owner.cookie, 'POST', '/api/admin/staff', { email: late, name: 'Lou Late', title: 'Mr', role: 'staff' });
    const lateToken = await invitationToken(late);
    const invitedAt = clock.now();
    clock.advance(8 * 86_400_000);
    const expired = await app.inject({ method: 'POST', url: '/api/admin/invitations/accept', headers: adminChange(), payload: { token: lateToken, password: 'a fine password', password_confirmation: 'a fine password' } });
    expect(expired.json().errors).toEqual({ token: [ADMIN_MESSAGES.invitationExpired] });
    expect(await db.db.selectFrom('users').select('id').where('email', '=', late).executeTakeFirst()).toBeUndefined();
    // Back to the day the other tests date their orders by.
    clock.set(invitedAt);
  });

  it('changes and takes away roles, never one’s own; the person’s sessions end, they and every owner are emailed, and the last other owner’s removal waits for a second owner', async () => {
    const member = await staffMember('Rita Role');
    await as(owner.cookie, 'POST', '/api/admin/session/confirm', { password: owner.password });
    const promoted = await as(owner.cookie, 'PUT', `/api/admin/staff/${member.id}`, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ member: { role: 'owner' }, change: null });
    // The old session carried the old role: it ended with the change.
    expect((await as(member.cookie, 'GET', '/api/admin/session')).statusCode).toBe(401);
    for (const to of [member.email, owner.email]) {
      await waitFor(() => smtp.to(to).find((m) => m.subject === 'Rita Role is now an owner at Everstone'), { what: `the notice to ${to}` });
    }
    const asOwner = await signIn(member.email, member.password);
    expect((await as(asOwner, 'GET', '/api/admin/staff')).statusCode).toBe(200);

    const own = await as(owner.cookie, 'PUT', `/api/admin/staff/${owner.id}`, { role: 'staff' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: ADMIN_MESSAGES.ownRole });
    const bad = await as(owner.cookie, 'PUT', `/api/admin/staff/${member.id}`, { role: 'king' });
    expect(bad.statusCode).toBe(422);

    // Rita is the only other owner: removing her would leave the one asking alone with the store, so it waits.
    const waiting = await as(owner.cookie, 'DELETE', `/api/admin/staff/${member.id}`);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ member: { role: 'owner' }, change: { role_before: 'owner', role_after: 'customer', requested_by: owner.email, can_confirm: false } });
    expect((await as(asOwner, 'GET', '/api/admin/queue')).statusCode).toBe(200);
    await waitFor(() => smtp.to(member.email).find((m) => m.subject === 'An owner of Everstone asked to remove Rita Role'), { what: 'the notice of the waiting change' });
    const changeId = waiting.json().change.id;
    // The one who asked cannot confirm it; another owner (here the person concerned) can.
    expect((await as(owner.cookie, 'POST', `/api/admin/staff/changes/${changeId}/confirm`)).statusCode).toBe(409);
    const listed = (await as(asOwner, 'GET', '/api/admin/staff')).json() as StaffListResponse;
    expect(listed.changes).toEqual([expect.objectContaining({ id: changeId, can_confirm: true, member: { id: member.id, email: member.email, name: 'Rita Role' } })]);
    const confirmed = await as(asOwner, 'POST', `/api/admin/staff/changes/${changeId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().member).toMatchObject({ email: member.email });
    expect((await db.db.selectFrom('users').select('role').where('id', '=', member.id).executeTakeFirstOrThrow()).role).toBe('customer');

    const after = await as(asOwner, 'GET', '/api/admin/queue');
    expect(after.statusCode).toBe(401);
    const signInAgain = await signInRequest(member.email, member.password);
    expect(signInAgain.statusCode).toBe(403);
    // The account stays: a shopper's.
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } })).statusCode).toBe(200);

    const log = (await as(owner.cookie, 'GET', `/api/admin/audit?subject=${encodeURIComponent(member.email)}`)).json() as AuditListResponse;
    expect(log.entries.filter((e) => e.action !== 'session.sign_in').map((e) => [e.action, e.actor.email, e.before, e.after])).toEqual([
      ['staff.remove', member.email, { role: 'owner' }, { role: 'customer', asked_by: owner.email, confirmed: expect.any(String) }],
      ['staff.change_requested', owner.email, { role: 'owner' }, { role: 'customer', effective_at: waiting.json().change.effective_at }],
      ['staff.role', owner.email, { role: 'staff' }, { role: 'owner' }],
      ['staff.join', member.email, { role: 'customer' }, { role: 'staff', invited_by: owner.email }],
      ['staff.invite', owner.email, null, expect.objectContaining({ role: 'staff' })],
    ]);
    // Each time they opened the back office is on the log too, by them, with where from.
    const signIns = log.entries.filter((e) => e.action === 'session.sign_in');
    expect(signIns.length).toBeGreaterThan(0);
    for (const e of signIns) expect(e).toMatchObject({ actor: { email: member.email }, subject_type: 'staff', subject_id: member.email, from: '127.0.0.1' });
  });

  it('finds orders by number, name, email and certificate, filters, sorts and pages them on the server', async () => {
    const tag = `Zed${Date.now().toString(36)}`;
    const a = await order('pay-wire', `${tag} Alpha`);
    const b = await order('cod', `${tag} Beta`);
    const c = await order('pay-credit', `${tag} Gamma`);
    const list = async (query: string) => {
      const res = await as(owner.cookie, 'GET', `/api/admin/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminOrderListResponse;
    };
    const numbers = (r: AdminOrderListResponse) => r.orders.map((o) => o.order_number);

    expect(numbers(await list(`q=${a.order.order_number.toLowerCase()}`))).toEqual([a.order.order_number]);
    expect(numbers(await list(`q=${a.order.order_number.slice(0, -2)}`))).toContain(a.order.order_number);
    expect(numbers(await list(`q=${tag.toLowerCase()}`))).toEqual([c, b, a].map((o) => o.order.order_number));
    expect(numbers(await list(`q=${encodeURIComponent(b.email)}`))).toEqual([b.order.order_number]);
    expect(numbers(await list(`q=${c.stone.certificate_number}`))).toEqual([c.order.order_number]);
    expect(numbers(await list(`q=${tag}&method=cod`))).toEqual([b.order.order_number]);
    expect(numbers(await list(`q=${tag}&status=completed`))).toEqual([]);

    const byTotal = await list(`q=${tag}&sort=total&dir=asc`);
    const totals = byTotal.orders.map((o) => Number(o.total_price));
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    const paged = await list(`q=${tag}&sort=name&dir=asc&per_page=25&page=1`);
    expect(paged).toMatchObject({ total: 3, page: 1, per_page: 25 });
    expect(paged.orders.map((o) => o.user_name)).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
    expect((await list(`q=${tag}&page=2`)).orders).toEqual([]);
    expect(paged.orders[0]).toMatchObject({ contact_email: a.email, payment_mode: 'pay-wire', lines: 1, hold_expires_at: expect.any(String) });

    // The store's day by the test's clock, which earlier steps moved on: the orders were placed at its time.
    const today = clock.now().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect((await list(`q=${tag}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await list(`q=${tag}&to=2001-01-01`)).total).toBe(0);

    for (const bad of ['sort=price', 'per_page=7', 'page=0', 'status=lost', 'from=yesterday']) {
      const res = await as(owner.cookie, 'GET', `/api/admin/orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/^Invalid querystring/);
    }
  });

  it('puts wire transfers first in the queue; staff record one, the shopper sees it, and the audit log says who', async () => {
    const staff = await staffMember('Will Wire');
    const wire = await order('pay-wire');
    const queue = (await as(staff.cookie, 'GET', '/api/admin/queue')).json() as AdminQueueResponse;
    expect(queue.wires.map((o) => o.order_number)).toContain(wire.order.order_number);

    const page = (await as(staff.cookie, 'GET', `/api/admin/orders/${wire.order.order_number}`)).json().order;
    expect(page).toMatchObject({ contact_email: wire.email, notes: 'Please call before delivery.', steps: ['paid', 'cancel'], holds: [{ certificate_number: wire.stone.certificate_number, state: 'held' }] });
    expect(page.next_step).toContain('“Record payment”');

    const paid = await as(staff.cookie, 'POST', `/api/admin/orders/${wire.order.order_number}/paid`, {}, { origin: STORE_ORIGIN });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(`Payment recorded for order ${wire.order.order_number}. The shopper was emailed.`);
    expect(paid.json().order).toMatchObject({ order_status: 'confirmed', payment_status: 'paid', steps: ['ready', 'ship', 'delay', 'refund'] });
    expect(paid.json().order.history.map((h: { what: string; by: string | null }) => [h.what, h.by])).toEqual([
      ['Placed by the shopper', null],
      ['Recorded a payment', staff.email],
    ]);
    await waitFor(() => smtp.to(wire.email).find((m) => m.subject.startsWith('Payment received')), { what: 'the payment email' });
    const shopperView = await app.inject({ url: `/api/orders/${wire.order.order_number}`, headers: bearer(wire.token) });
    expect(shopperView.json()).toMatchObject({ payment_status: 'paid', order_status: 'confirmed' });

    const twice = await as(staff.cookie, 'POST', `/api/admin/orders/${wire.order.order_number}/paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('cannot take a payment');
    expect((await as(staff.cookie, 'GET', '/api/admin/orders/EV-2000-ZZZZZZ')).statusCode).toBe(404);

    const log = (await as(owner.cookie, 'GET', `/api/admin/audit?subject=${wire.order.order_number}`)).json() as AuditListResponse;
    expect(log.entries).toEqual([
      expect.objectContaining({
        action: 'order.payment',
        actor: { id: staff.id, email: staff.email, name: 'Will Wire' },
        before: { order_status: 'pending', payment_status: 'pending' },
        after: { order_status: 'confirmed', payment_status: 'paid' },
      }),
    ]);
    // Whose entries: by the person's id, or by the address their account has.
    for (const actor of [String(staff.id), `#${staff.id}`, staff.email]) {
      const mine = (await as(owner.cookie, 'GET', `/api/admin/audit?actor=${encodeURIComponent(actor)}`)).json() as AuditListResponse;
      expect(mine.entries.map((e) => e.action)).toContain('order.payment');
      expect(mine.entries.every((e) => e.actor.id === staff.id)).toBe(true);
    }
  });

  it('cancels an unpaid order and its stone is for sale again; a refund asks for the password again', async () => {
    const staff = await staffMember('Carl Cancel');
    const unpaid = await order('cod');
    const cancelled = await as(staff.cookie, 'POST', `/api/admin/orders/${unpaid.order.order_number}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order).toMatchObject({ order_status: 'cancelled', steps: [], holds: [{ state: 'released' }] });
    const stone = await app.inject({ url: `/api/diamonds/${unpaid.stone.id}` });
    expect(stone.statusCode).toBe(200);
    expect((await db.db.selectFrom('diamonds').select('status').where('id', '=', unpaid.stone.id).executeTakeFirstOrThrow()).status).toBe('available');

    const paid = await order('pay-wire');
    await as(staff.cookie, 'POST', `/api/admin/orders/${paid.order.order_number}/paid`);
    clock.advance((ADMIN_REAUTH_MINUTES + 1) * 60_000);
    const asked = await as(staff.cookie, 'POST', `/api/admin/orders/${paid.order.order_number}/refund`);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ message: ADMIN_MESSAGES.reauth, reauth: true });
    await as(staff.cookie, 'POST', '/api/admin/session/confirm', { password: staff.password });
    const refunded = await as(staff.cookie, 'POST', `/api/admin/orders/${paid.order.order_number}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order).toMatchObject({ order_status: 'cancelled', payment_status: 'refunded' });
    const cancelUnpaidAgain = await as(staff.cookie, 'POST', `/api/admin/orders/${paid.order.order_number}/cancel`);
    expect(cancelUnpaidAgain.statusCode).toBe(409);
  });

  it('keeps the audit log as written: the database refuses to change or delete an entry', async () => {
    const before = await db.db.selectFrom('audit_log').select(['id', 'actor_email']).orderBy('id').executeTakeFirstOrThrow();
    await expect(db.db.updateTable('audit_log').set({ actor_email: 'someone@else.test' }).where('id', '=', before.id).execute()).rejects.toThrow(/audit log cannot be changed/);
    await expect(db.db.deleteFrom('audit_log').where('id', '=', before.id).execute()).rejects.toThrow(/audit log cannot be changed/);
    const after = await db.db.selectFrom('audit_log').select(['id', 'actor_email']).where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('counts today’s orders and revenue, the stones paid for, and who opened the ring builder', async () => {
    const numbers = async () => {
      const res = await as(owner.cookie, 'GET', '/api/admin/numbers');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminNumbersResponse;
    };
    const before = await numbers();
    expect(before.daily).toHaveLength(30);

    const placed = await order('pay-wire');
    await as(owner.cookie, 'POST', `/api/admin/orders/${placed.order.order_number}/paid`);
    // A new visitor opens step 2 of the builder twice in a day: one start.
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: `/api/builder/settings?diamond=${placed.stone.id}`, remoteAddress: '203.0.113.7' });
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const after = await waitFor(async () => {
      const n = await numbers();
      return n.builder.starts > before.builder.starts ? n : undefined;
    }, { what: 'the builder start to be counted' });

    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(Number(after.today.revenue)).toBeCloseTo(Number(before.today.revenue) + Number(placed.order.total_price), 2);
    expect(after.month.orders).toBe(before.month.orders + 1);
    expect(after.daily.at(-1)).toEqual({ day: expect.any(String), orders: after.today.orders, revenue: after.today.revenue });
    const sum = (list: { count: number }[]) => list.reduce((a, b) => a + b.count, 0);
    expect(sum(after.stones_sold.by_type)).toBe(sum(before.stones_sold.by_type) + 1);
    expect(sum(after.stones_sold.by_shape)).toBe(sum(before.stones_sold.by_shape) + 1);
    expect(after.builder.starts).toBe(before.builder.starts + 1);
    // No day of this month reached the ceiling: the count is the count.
    expect(after.builder.capped_days).toBe(0);
    expect(after.builder.conversion).toBe(Math.round((after.builder.rings_ordered / after.builder.starts) * 1000) / 1000);
    expect(Number(after.month.average_order)).toBeCloseTo(Number(after.month.revenue) / after.month.orders, 1);
  });
});
