/**
 * A fuzz pass over every API route (docs/security.md, "What was tried"): each route, read from the store's own
 * OpenAPI document so a new route is covered the day it is added, is sent malformed, oversized and wrong-typed
 * input, signed in and not. Whatever arrives, the store answers with a 4xx that says what is wrong (or a 2xx when
 * the input happens to be valid), never a 5xx, and a refused request leaves every table as it was.
 *
 * The page actions get the same treatment against the built storefront, in e2e/hardening.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from './test/database.ts';
import { createTestApp } from './test/app.ts';
import { waitFor } from './test/wait-for.ts';
import { adminChange, markEmailVerified, quickHasher, signUpAndIn, STORE_ORIGIN } from './test/accounts.ts';
import { seedInventory } from './modules/inventory/index.ts';
import { createOpaqueToken } from './lib/opaque-token.ts';

/** Tables a refused request must leave alone (rate-limit counters and the inventory version may move). */
const WATCHED_TABLES = [
  'users',
  'auth_tokens',
  'email_links',
  'addresses',
  'orders',
  'order_items',
  'wallet_payments',
  'wallet_simulated_payments',
  'contact_messages',
  'newsletter_subscribers',
  'appointments',
  'mail_outbox',
  'diamonds',
  'custom_ring_requests',
  'custom_ring_images',
  'home_preview_requests',
  'home_preview_rings',
  'staff_invitations',
  'staff_second_factors',
  'staff_recovery_codes',
  'staff_changes',
  'document_links',
] as const;

/** Text a form or a script may send: ordinary, binary, very long, escape sequences, injections, lone surrogates. */
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u001b[2K\rpayment paid',
    '\u009b31m',
    '\uD800',
    '💎'.repeat(3000),
    'x'.repeat(10_000),
    '../../../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR '1'='1' --",
    '${jndi:ldap://x}',
    '%00%0d%0a',
    'ann@shopper.test',
    'ANN@SHOPPER.TEST\n',
    'EV-2026-K7M3QX',
    '1e309',
    '-1',
    '0',
    '2147483648',
    '9007199254740993',
    'NaN',
    'null',
    'true',
    '2026-02-30',
    '1900-01-01T00:00:00Z',
    'United States',
    'pay-wire',
    'virtual',
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.1),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A body that looks like the route's own: its field names, some of them, with hostile values and a few extras. */
const bodyLike = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }),
    fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }).map((b) => ({ ...b, __proto__: { admin: true } })),
    fc.anything(),
    fc.array(hostileValue, { maxLength: 3 }),
  );

type Payload = { contentType?: string; body?: string };

/** How the body travels: JSON, JSON that is not, another type, or nothing at all. */
const payloadOf = (keys: string[]): fc.Arbitrary<Payload> =>
  fc.oneof(
    { weight: 6, arbitrary: bodyLike(keys).map((b): Payload => ({ contentType: 'application/json', body: JSON.stringify(b) ?? 'null' })) },
    { weight: 1, arbitrary: fc.string().map((text): Payload => ({ contentType: 'application/json', body: `{${text}` })) },
    { weight: 1, arbitrary: fc.constant<Payload>({ contentType: 'application/json', body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=latin1', ''), fc.string())
        .map(([contentType, body]): Payload => ({ contentType, body })),
    },
    { weight: 1, arbitrary: fc.constant<Payload>({}) },
  );

/** A path parameter, as it goes on the wire: numbers and words encoded, or raw bytes that no decoder accepts. */
const pathValue = fc.oneof(
  { weight: 5, arbitrary: fc.oneof(hostileText.filter((t) => t.length < 300), hostileNumber.map(String)).map((t) => encodeURIComponent(t.toWellFormed())) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%C0%AF', '%ff', '..%2F..%2F', '%00', '%E2%82') },
);

/** Who asks: nobody, the signed-in shopper or the owner (each twice as often), or a header that only looks like a token. */
const asker = fc.constantFrom('nobody', 'shopper', 'shopper', 'empty bearer', 'long bearer', 'basic', 'owner', 'owner', 'owner without origin', 'forged cookie');
const authOf = (who: string, token: string, ownerCookie: string): Record<string, string> =>
  ({
    nobody: {},
    shopper: { authorization: `Bearer ${token}` },
    // The back office: an owner's live session (every route's own checks), and a cookie the store never gave.
    // (The back office's pages send the store's Origin; a change without it is refused before it runs.)
    owner: { cookie: ownerCookie, origin: STORE_ORIGIN },
    'owner without origin': { cookie: ownerCookie },
    'forged cookie': { cookie: `everstone_admin=${'A'.repeat(43)}` },
    'empty bearer': { authorization: 'Bearer ' },
    'long bearer': { authorization: `Bearer ${'A'.repeat(5000)}` },
    basic: { authorization: 'Basic YWRtaW46YWRtaW4=' },
  })[who]!;

interface Route {
  method: string;
  path: string;
  keys: string[];
  query: string[];
}

describe.each(TEST_ENGINES)('a fuzz pass over every API route on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let token: string;
  let routes: Route[];
  /** A valid request of each route that takes a body: the second pass breaks one or two of its fields at a time. */
  let valid: Array<{ method: string; url: string; body: Record<string, unknown> }>;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 200, seed: 11 });
    app = await createTestApp(db, { OUTBOX_DIR: join(tmpdir(), `everstone-fuzz-${process.pid}`) }, { passwordHasher: quickHasher });
    // The search's counts answer 503 only while the stones load at start (docs/api.md): the fuzzing begins after.
    await waitFor(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json().search === 'memory', { timeoutMs: 60_000, what: 'the in-memory search' });
    const shopper = await signUpAndIn(app);
    const other = await signUpAndIn(app);
    token = shopper.token;
    credentials = { email: shopper.email, password: shopper.password };
    const owner = await signUpAndIn(app, { name: 'Fuzz Owner' });
    await db.db.updateTable('users').set({ role: 'owner' }).where('id', '=', owner.user.id).execute();
    ownerCredentials = { email: owner.email, password: owner.password };
    const stones = (await app.inject('/api/get-all-diamonds?per_page=3')).json().data as Array<{ diamondid: number; price: number }>;
    const address = { street: '580 Fifth Avenue', apartment: 'Suite 12', city: 'New York', zip: '10036', country: 'United States' };
    const order = {
      user_id: shopper.user.id,
      user_name: 'Ann Lee',
      contact_number: '212-555-0100',
      items_id: [stones[0]!.diamondid],
      total_price: stones[0]!.price.toFixed(2),
      address: JSON.stringify(address),
      payment_mode: 'cod',
      is_gift: 0,
      notes: 'Ring the bell',
    };
    // An invitation as an owner's would leave it (its link's token known here), so the page's two calls are fuzzed
    // with a token that works until one of them uses it.
    const invitationToken = createOpaqueToken();
    await db.db
      .insertInto('staff_invitations')
      .values({
        email: 'fuzz-invited@shopper.test',
        name: 'Ivy Invited',
        title: 'Ms',
        role: 'staff',
        token_hash: invitationToken.hash,
        invited_by_id: owner.user.id,
        invited_by: owner.email,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .execute();
    // The shopper's address verified, so a hold's checks behind the schema (the caps) are reached; the other account's
    // verification link as its email left it, so the verification call is fuzzed with a token that works once.
    await markEmailVerified(db.db, shopper.user.id);
    const verificationToken = createOpaqueToken();
    await db.db
      .insertInto('email_links')
      .values({ user_id: other.user.id, purpose: 'verify_email', token_hash: verificationToken.hash, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    valid = [
      { method: 'POST', url: '/api/email/verify', body: { token: verificationToken.token } },
      { method: 'POST', url: '/api/builder/holds', body: { diamond_id: stones[2]!.diamondid } },
      { method: 'POST', url: '/api/admin/invitations/lookup', body: { token: invitationToken.token } },
      { method: 'POST', url: '/api/admin/invitations/accept', body: { token: invitationToken.token, password: 'a staff password', password_confirmation: 'a staff password' } },
      { method: 'POST', url: '/api/contact', body: { name: 'Ann', email: 'ann@shopper.test', phone: '212-555-0100', topic: 'Diamonds', question: 'Ovals?' } },
      { method: 'POST', url: '/api/register', body: { title: 'Ms', name: 'Ann Lee', email: 'fuzz-new@shopper.test', birth_date: '1990-04-12', anniversary_date: null, password: 'correct horse' } },
      // Another account: every sign-in adds a token, and the 21st would retire the one this pass signs in with.
      { method: 'POST', url: '/api/login', body: { email: other.email, password: other.password } },
      { method: 'POST', url: '/api/password/email', body: { email: shopper.email } },
      { method: 'POST', url: '/api/password/reset', body: { token: 'x'.repeat(43), email: shopper.email, password: 'new secret 1', password_confirmation: 'new secret 1' } },
      { method: 'PUT', url: '/api/user', body: { title: 'Ms', name: 'Ann Lee', email: shopper.email, birth_date: null, anniversary_date: null } },
      { method: 'POST', url: '/api/user/password', body: { current_password: 'wrong one', password: 'new secret 1', password_confirmation: 'new secret 1' } },
      {
        method: 'POST',
        url: '/api/store-addresses',
        body: { user_id: shopper.user.id, first_name: 'Ann', last_name: 'Lee', country: 'United States', address: { street: '1 Main St', city: 'Albany', zip: '12207' }, phone_number: '518-555-0100', is_get_offer: 1 },
      },
      { method: 'POST', url: '/api/addresses', body: { first_name: 'Ann', last_name: 'Lee', country: 'Canada', address: { street: '1 Rue', city: 'Ottawa', zip: 'K1A 0B1' }, phone_number: '613-555-0100' } },
      { method: 'POST', url: '/api/store-order', body: order },
      { method: 'POST', url: '/api/paypal/create-order', body: { ...order, payment_mode: undefined, total_price: undefined, amount: stones[1]!.price.toFixed(2), currency: 'USD', items_id: [stones[1]!.diamondid] } },
      { method: 'POST', url: '/api/paypal/capture-order', body: { orderID: 'SIM-0000' } },
      { method: 'POST', url: '/api/diamonds/lookup', body: { ids: stones.map((d) => d.diamondid) } },
      { method: 'POST', url: '/api/newsletter', body: { email: 'fuzz-news@shopper.test' } },
      { method: 'POST', url: '/api/appointments', body: { kind: 'virtual', starts_at: '2031-06-02T15:00:00.000Z', name: 'Ann', email: 'ann@shopper.test', phone: '212-555-0100', note: null } },
      { method: 'POST', url: '/api/custom-ring-requests/images', body: { content_type: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' } },
      {
        method: 'POST',
        url: '/api/custom-ring-requests',
        body: { style: 'halo', budget: '5000-10000', center_shape: 'Oval', center_origin: 'lab', center_carat: '1.5', metal: 'platinum', ring_size: '6', note: 'Milgrain', name: 'Ann Lee', email: 'ann@shopper.test', phone: '212-555-0100', images: [] },
      },
      {
        method: 'POST',
        url: '/api/home-preview/requests',
        body: { rings: [{ variant_id: 1, ring_size: '6' }], ship_to: { first_name: 'Ann', last_name: 'Lee', street: '1 Main St', city: 'Albany', state: 'NY', zip: '12207', country: 'United States', phone_number: '518-555-0100' } },
      },
    ];
    const doc = (await app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> }; parameters?: Array<{ in: string; name: string }> }>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        keys: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
    // The simulator's page is hidden from the API document but takes posts from a browser.
    routes.push({ method: 'GET', path: '/wallet-simulator/{id}', keys: [], query: [] }, { method: 'POST', path: '/wallet-simulator/{id}', keys: ['decision'], query: [] });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  let credentials: { email: string; password: string };
  let ownerCredentials: { email: string; password: string };
  let ownerCookie = '';
  /** POST /api/logout (and the 21st sign-in) end the pass's token: sign in again, so later requests stay signed in. */
  async function keepSignedIn(): Promise<void> {
    if ((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode !== 200) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
      token = res.json().token;
    }
    // DELETE /api/admin/session ends the owner's back-office session the same way.
    if (ownerCookie && (await app.inject({ url: '/api/admin/session', headers: { cookie: ownerCookie } })).statusCode === 200) return;
    const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: ownerCredentials });
    ownerCookie = String(res.headers['set-cookie']).split(';')[0]!;
  }

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of WATCHED_TABLES) {
      const row = await db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  }

  it('finds the store’s routes in its own API document', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/store-order', 'POST /api/login', 'POST /api/contact']));
  });

  it('answers malformed, oversized and wrong-typed input with a clear 4xx, never a 5xx, and stores nothing it refused', { timeout: 180_000 }, async () => {
    const tried = new Map<string, number>();
    // The routes are taken in turn, each run the next, so every route is tried, however many there are; what is sent
    // to it is drawn at random.
    let turn = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => {
          const route = routes[turn++ % routes.length]!;
          return fc.record({
            route: fc.constant(route),
            params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
            query: fc.dictionary(fc.oneof(fc.constantFrom(...(route.query.length ? route.query : ['page'])), fc.string({ maxLength: 8 })), hostileText, { maxKeys: 4 }),
            payload: payloadOf(route.keys),
            who: asker,
          });
        }),
        async ({ route, params, query, payload, who }) => {
          await keepSignedIn();
          const auth = authOf(who, token, ownerCookie);
          let n = 0;
          const url = route.path.replace(/\{[^}]+\}/g, () => params[n++]!);
          const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k.toWellFormed(), v.toWellFormed()])).toString();
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: search ? `${url}?${search}` : url,
            headers: { ...auth, ...(payload.contentType !== undefined ? { 'content-type': payload.contentType } : {}) },
            ...(payload.body !== undefined && route.method !== 'GET' ? { payload: payload.body } : {}),
          };
          const before = await counts();
          const res = await app.inject(request);
          const key = `${route.method} ${route.path} → ${res.statusCode}`;
          tried.set(key, (tried.get(key) ?? 0) + 1);
          expect(res.statusCode, `${route.method} ${request.url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            // Every refusal says why: in the store's one error shape, or on the simulator's own page.
            if (String(res.headers['content-type']).startsWith('text/html')) expect(res.body).toMatch(/<h1>[^<]+<\/h1>/);
            else expect(res.json(), res.body).toMatchObject({ message: expect.any(String) });
            expect(await counts(), `${route.method} ${request.url} refused with ${res.statusCode} but stored something`).toEqual(before);
          }
        },
      ),
      // At least a dozen runs for each route.
      { numRuns: Number(process.env.FUZZ_RUNS ?? Math.max(600, routes.length * 12)) },
    );
    // Every route was reached.
    const reached = new Set([...tried.keys()].map((k) => k.split(' → ')[0]));
    expect(reached.size).toBe(routes.length);
  });

  it('answers a valid request with one or two fields broken with a 4xx, never a 5xx, storing nothing it refused', { timeout: 180_000 }, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }).chain((i) => {
          const template = valid[i % valid.length]!;
          const keys = Object.keys(template.body);
          const change = fc.tuple(fc.constantFrom(...keys, '__proto__', 'constructor', 'extra'), fc.oneof(hostileValue, fc.constant(undefined)));
          return fc.record({ template: fc.constant(template), changes: fc.array(change, { minLength: 1, maxLength: 2 }) });
        }),
        async ({ template, changes }) => {
          await keepSignedIn();
          const body: Record<string, unknown> = { ...template.body };
          for (const [key, value] of changes) {
            if (value === undefined) delete body[key];
            else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
          }
          const before = await counts();
          const res = await app.inject({ method: template.method as 'POST', url: template.url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${template.url} ${JSON.stringify(body).slice(0, 300)}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json(), res.body).toMatchObject({ message: expect.any(String) });
            expect(await counts(), `${template.url} refused with ${res.statusCode} but stored something`).toEqual(before);
          }
        },
      ),
      // As many runs as the pass over every route: the templates are drawn at random.
      { numRuns: Number(process.env.FUZZ_RUNS ?? Math.max(600, routes.length * 12)) },
    );
    if (process.env.FUZZ_REPORT) console.log(Object.fromEntries(statuses));
    // The templates are valid: some of the requests got through, so the breaks were tested one field deep.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  });
});
