import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { HomePreviewList, ProductListResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { createInventoryService } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';

const STORE = 'previews@store.test';
const SHIP_TO = {
  first_name: 'Ann',
  last_name: 'Lee',
  street: '580 Fifth Avenue',
  apartment: 'Suite 12',
  city: 'New York',
  state: 'NY',
  zip: '10036',
  country: 'United States',
  phone_number: '212-555-0100',
};

describe.each(TEST_ENGINES)('Home Preview on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let settings: number[];
  let band: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    smtp = await startTestSmtp();
    // Monday, January 5, 2026, 10:00 in New York.
    clock = createTestClock(new Date('2026-01-05T15:00:00Z'));
    // Tokens outlive the half year the six-month rule is tested over.
    app = await createTestApp(db, { SMTP_URL: smtp.url, STORE_EMAIL: STORE, AUTH_TOKEN_TTL_DAYS: '365' }, { now: clock.now, passwordHasher: quickHasher });
    const rings = (await app.inject('/api/products?department=engagement-rings')).json() as ProductListResponse;
    settings = rings.data.map((p) => p.variant_id);
    const bands = (await app.inject('/api/products?department=bands-for-her')).json() as ProductListResponse;
    band = bands.data[0]!.variant_id;
    expect(settings.length).toBeGreaterThan(3);
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const ask = (token: string, body: unknown) => app.inject({ method: 'POST', url: '/api/home-preview/requests', headers: bearer(token), payload: body as object });
  const list = async (token: string) => (await app.inject({ url: '/api/home-preview/requests', headers: bearer(token) })).json() as HomePreviewList;
  const cancel = (token: string, number: string) => app.inject({ method: 'POST', url: `/api/home-preview/requests/${number}/cancel`, headers: bearer(token) });
  const two = (overrides: Record<string, unknown> = {}) => ({
    rings: [
      { variant_id: settings[0], ring_size: '6' },
      { variant_id: settings[1], ring_size: 'unknown' },
    ],
    ship_to: SHIP_TO,
    ...overrides,
  });
  const countRequests = async () => Number((await db.db.selectFrom('home_preview_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers guests 401 on every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/home-preview/requests'],
      ['GET', '/api/home-preview/requests'],
      ['POST', '/api/home-preview/requests/HP-2026-AAAAAA/cancel'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? two() : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('takes two settings, keeps a $100 deposit per replica, and emails the shopper and the store the next steps', async () => {
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    // Words and numbers no email of the store would hold unless it repeated what was typed.
    const typed = {
      first_name: 'Quintessa',
      last_name: 'Vandersloot',
      street: '4417 Zephyrine Crescent',
      apartment: 'Atelier QX-9',
      city: 'Wappingers Falls',
      state: 'NY',
      zip: '12590',
      country: 'United States',
      phone_number: '845-555-0199',
    };
    const res = await ask(shopper.token, two({ ship_to: typed }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.request).toMatchObject({
      number: expect.stringMatching(/^HP-2026-[0-9A-Z]{6}$/),
      status: 'requested',
      deposit_cents: 20_000,
      cancellable: true,
      ship_to: typed,
    });
    expect(body.request.rings.map((r: { variant_id: number; ring_size: string }) => [r.variant_id, r.ring_size])).toEqual([
      [settings[0], '6'],
      [settings[1], 'unknown'],
    ]);
    expect(body.next_steps).toEqual([
      'Our team will call you within one business day to take the refundable deposit of $200 ($100 per replica ring) before we ship. Nothing is charged online.',
      'Once they arrive, the replicas are yours to try for 3 days.',
      'Shipping is free both ways: the box comes with a prepaid return label.',
      'We refund the deposit in full when the replicas come back to us.',
    ]);
    const number = body.request.number as string;

    const mine = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject.startsWith('Your Home Preview request')), { what: 'the confirmation' });
    expect(mine.subject).toBe(`Your Home Preview request ${number}`);
    // The account's address is not verified: nothing typed into the request reaches it, only the store's words.
    for (const part of ['Quintessa', 'Vandersloot', 'Zephyrine', '4417', 'Atelier', 'QX-9', 'Wappingers', '12590', '845-555-0199', 'Ann']) {
      expect(mine.text, part).not.toContain(part);
      expect(mine.html, part).not.toContain(part);
    }
    expect(mine.text).toMatch(/^Hello,/);
    expect(mine.text).toContain(`Request: ${number}`);
    expect(mine.text).toContain('Placed: Monday, January 5');
    expect(mine.text).toContain('/home-preview');
    expect(mine.text).toContain('Refundable deposit: $200 ($100 per replica ring)');
    expect(mine.text).toContain('take the refundable deposit of $200');
    expect(mine.text).toContain('yours to try for 3 days');
    expect(mine.text).toContain('Shipping is free both ways');
    expect(mine.text).toContain('We refund the deposit in full when the replicas come back');
    expect(mine.text).toContain('Size 6');

    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.subject.includes(number)), { what: 'the store’s email' });
    expect(notice.subject).toBe(`Home Preview ${number}: call to take the $200 deposit`);
    expect(notice.replyTo).toContain(shopper.email.toLowerCase().split('@')[0]);
    expect(notice.text).toContain('Call them to take the refundable deposit of $200 before shipping');
    expect(notice.text).toContain('the replicas are theirs for 3 days, shipping is free both ways, and the deposit is refunded when the replicas come back');
    // The store's own copy has everything the team needs to call and ship.
    expect(notice.text).toContain('Name: Quintessa Vandersloot');
    expect(notice.text).toContain('Phone: 845-555-0199');
    expect(notice.text).toContain('Ship to: 4417 Zephyrine Crescent, Atelier QX-9, Wappingers Falls, NY 12590, United States');

    const listed = await list(shopper.token);
    expect(listed.data.map((r) => r.number)).toEqual([number]);
    expect(listed).toMatchObject({ remaining: 1, next_available_on: null });
  });

  it('takes one ring for $100', async () => {
    const shopper = await signUpAndIn(app);
    const res = await ask(shopper.token, two({ rings: [{ variant_id: settings[2], ring_size: '7.5' }] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().request.deposit_cents).toBe(10_000);
  });

  it.each([
    ['three rings', () => ({ rings: [0, 1, 2].map((i) => ({ variant_id: settings[i], ring_size: '6' })) }), 'rings', 'A Home Preview holds at most 2 replica rings.'],
    ['no ring', () => ({ rings: [] }), 'rings', 'Choose at least one ring to try at home.'],
    ['the same ring twice', () => ({ rings: [0, 0].map((i) => ({ variant_id: settings[i], ring_size: '6' })) }), 'rings', 'You chose the same ring twice. Choose another setting, metal or shape.'],
    ['a Canadian address', () => ({ ship_to: { ...SHIP_TO, country: 'Canada', zip: 'K1A 0B1' } }), 'ship_to.country', 'Home Preview is available in the United States only.'],
    ['a ZIP that is not a US one', () => ({ ship_to: { ...SHIP_TO, zip: 'K1A 0B1' } }), 'ship_to.zip', 'The ZIP code must be a US ZIP code such as 10036 or 10036-1234.'],
    ['no state', () => ({ ship_to: { ...SHIP_TO, state: '' } }), 'ship_to.state', 'The state field is required.'],
    ['a wedding band', () => ({ rings: [{ variant_id: band, ring_size: '6' }] }), 'rings.0.variant_id', 'Home Preview replicas are made of engagement ring settings only. Please choose a setting.'],
    ['a variant that does not exist', () => ({ rings: [{ variant_id: 99_999_999, ring_size: '6' }] }), 'rings.0.variant_id', 'This setting is no longer available. Please choose another.'],
    ['no ring size', () => ({ rings: [{ variant_id: settings[0] }] }), 'rings.0.ring_size', 'Please choose a ring size, or "I don\'t know the size yet".'],
  ])('answers 422 for %s with the message the page shows, and stores nothing', async (_case, change, field, message) => {
    const shopper = await signUpAndIn(app);
    const before = await countRequests();
    const res = await ask(shopper.token, two(change()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await countRequests()).toBe(before);
  });

  it('refuses a discontinued setting', async () => {
    const shopper = await signUpAndIn(app);
    const gone = settings[3]!;
    await db.db.updateTable('product_variants').set({ discontinued: 1 }).where('id', '=', gone).execute();
    const res = await ask(shopper.token, two({ rings: [{ variant_id: gone, ring_size: '6' }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['rings.0.variant_id']).toEqual(['This setting is no longer available. Please choose another.']);
    await db.db.updateTable('product_variants').set({ discontinued: 0 }).where('id', '=', gone).execute();
  });

  it('allows two requests in six months: the third is refused until the 183rd day after the first, in New York time', async () => {
    const shopper = await signUpAndIn(app);
    // Monday, January 5, 2026, 22:30 in New York (already January 6 in UTC).
    clock.set(new Date('2026-01-06T03:30:00Z'));
    expect((await ask(shopper.token, two())).statusCode).toBe(201);
    clock.set(new Date('2026-02-10T15:00:00Z'));
    expect((await ask(shopper.token, two())).statusCode).toBe(201);

    const third = await ask(shopper.token, two());
    expect(third.statusCode).toBe(409);
    // January 5 + 183 days = July 7, 2026.
    expect(third.json().message).toBe('You may place 2 Home Preview orders every six months. You can place your next one on Tuesday, July 7.');
    expect(await list(shopper.token)).toMatchObject({ remaining: 0, next_available_on: '2026-07-07' });

    // July 6, 23:59 in New York: the first still counts.
    clock.set(new Date('2026-07-07T03:59:00Z'));
    expect((await ask(shopper.token, two())).statusCode).toBe(409);
    // July 7, 00:01 in New York: it no longer does.
    clock.set(new Date('2026-07-07T04:01:00Z'));
    expect(await list(shopper.token)).toMatchObject({ remaining: 1, next_available_on: null });
    const fresh = await ask(shopper.token, two());
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await list(shopper.token)).remaining).toBe(0);
    clock.set(new Date('2026-01-05T15:00:00Z'));
  });

  it('counts no cancelled request, and cancels only while requested', async () => {
    const shopper = await signUpAndIn(app);
    const first = (await ask(shopper.token, two())).json().request.number as string;
    expect((await ask(shopper.token, two())).statusCode).toBe(201);
    expect((await ask(shopper.token, two())).statusCode).toBe(409);

    const cancelled = await cancel(shopper.token, first);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ number: first, status: 'cancelled', cancellable: false, cancelled_at: expect.any(String) });
    await waitFor(() => smtp.to(STORE).find((m) => m.subject === `Home Preview ${first} cancelled by the shopper`), { what: 'the store’s notice' });

    const again = await cancel(shopper.token, first);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This Home Preview request is already cancelled.');

    expect((await list(shopper.token)).remaining).toBe(1);
    expect((await ask(shopper.token, two())).statusCode).toBe(201);
  });

  it('keeps each account’s requests to itself: another’s is a 404, as a missing one', async () => {
    const owner = await signUpAndIn(app);
    const stranger = await signUpAndIn(app);
    const number = (await ask(owner.token, two())).json().request.number as string;

    const res = await cancel(stranger.token, number);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no Home Preview request with that number in your account.');
    expect((await cancel(stranger.token, 'HP-2026-ZZZZZZ')).json()).toEqual(res.json());
    expect((await list(stranger.token)).data).toEqual([]);
    expect((await list(owner.token)).data[0]).toMatchObject({ number, status: 'requested' });
  });

  it('lets two requests sent at once take the last place only once', async () => {
    const shopper = await signUpAndIn(app);
    expect((await ask(shopper.token, two())).statusCode).toBe(201);
    const statuses = (await Promise.all([ask(shopper.token, two()), ask(shopper.token, two()), ask(shopper.token, two())])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});
