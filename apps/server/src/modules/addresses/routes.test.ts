import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, MAX_ADDRESSES_PER_USER } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signUpAndIn } from '../../test/accounts.ts';

const FORBIDDEN = { message: ACCOUNT_MESSAGES.notYourAddress };

/** §7's store-addresses payload. */
const checkoutAddress = (userId: number, overrides: Record<string, unknown> = {}) => ({
  user_id: userId,
  first_name: 'Ann',
  last_name: 'Lee',
  country: 'United States',
  address: { apartment: 'Apt 4B', street: '580 Fifth Avenue', city: 'New York', zip: '10036' },
  phone_number: '212-555-0100',
  is_get_offer: 1,
  ...overrides,
});

describe.each(TEST_ENGINES)('addresses on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb(engine);
    app = await createTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  describe('§7 calls', () => {
    it('saves the checkout address (201) and answers it at GET /api/user-address/{userId} in §3’s shape', async () => {
      const { user, token } = await signUpAndIn(app);
      const saved = await call('POST', '/api/store-addresses', token, checkoutAddress(user.id));
      expect(saved.statusCode, saved.body).toBe(201);
      const expected = {
        id: expect.any(Number),
        user_id: user.id,
        first_name: 'Ann',
        last_name: 'Lee',
        company: null,
        country: 'United States',
        address: { apartment: 'Apt 4B', street: '580 Fifth Avenue', city: 'New York', state: null, zip: '10036' },
        phone_number: '212-555-0100',
        is_get_offer: 1,
        is_default: true,
      };
      expect(saved.json()).toEqual(expected);

      const read = await call('GET', `/api/user-address/${user.id}`, token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ ...expected, id: saved.json().id });
      expect(read.headers['cache-control']).toBe('no-store');
    });

    it('keeps one record for the same address saved again, and makes a new address the default', async () => {
      const { user, token } = await signUpAndIn(app);
      const first = (await call('POST', '/api/store-addresses', token, checkoutAddress(user.id))).json();
      const again = await call('POST', '/api/store-addresses', token, checkoutAddress(user.id, { is_get_offer: false }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: first.id, is_get_offer: 0, is_default: true });

      const moved = await call('POST', '/api/store-addresses', token, checkoutAddress(user.id, { address: { street: '1 Main St', city: 'Boston', zip: '02108' } }));
      expect(moved.statusCode).toBe(201);
      expect((await call('GET', `/api/user-address/${user.id}`, token)).json()).toMatchObject({ id: moved.json().id, address: { city: 'Boston', apartment: null } });
      const list = (await call('GET', '/api/addresses', token)).json().data;
      expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
        [moved.json().id, true],
        [first.id, false],
      ]);
    });

    it('accepts the payload without user_id, and with user_id as text', async () => {
      const { user, token } = await signUpAndIn(app);
      const { user_id: _omit, ...rest } = checkoutAddress(user.id);
      expect((await call('POST', '/api/store-addresses', token, rest)).statusCode).toBe(201);
      expect((await call('POST', '/api/store-addresses', token, checkoutAddress(user.id, { user_id: String(user.id), phone_number: '212 555 0199' }))).statusCode).toBe(201);
    });

    it('answers 404 when the user has no address yet', async () => {
      const { user, token } = await signUpAndIn(app);
      const res = await call('GET', `/api/user-address/${user.id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.noAddress });
    });
  });

  describe('ownership', () => {
    it('answers 403 for another user’s id, in the path or in the body, and reveals nothing of theirs', async () => {
      const alice = await signUpAndIn(app, { name: 'Alice Arden' });
      const bob = await signUpAndIn(app, { name: 'Bob Brandt' });
      const bobs = (await call('POST', '/api/store-addresses', bob.token, checkoutAddress(bob.user.id, { first_name: 'Bobby', phone_number: '617-555-0142' }))).json();

      const responses = [
        await call('GET', `/api/user-address/${bob.user.id}`, alice.token),
        await call('POST', '/api/store-addresses', alice.token, checkoutAddress(bob.user.id)),
        await call('POST', '/api/addresses', alice.token, checkoutAddress(bob.user.id)),
        await call('PUT', `/api/addresses/${bobs.id}`, alice.token, checkoutAddress(alice.user.id, { first_name: 'Mallory' })),
        await call('DELETE', `/api/addresses/${bobs.id}`, alice.token),
        await call('POST', `/api/addresses/${bobs.id}/default`, alice.token),
      ];
      for (const res of responses) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
        expect(res.body).not.toMatch(/Bobby|617-555-0142|Bob Brandt/);
        expect(res.body).not.toContain(bob.email);
      }

      // Bob's address is untouched, and Alice's list holds none of his.
      expect((await call('GET', `/api/user-address/${bob.user.id}`, bob.token)).json()).toEqual(bobs);
      const alicesList = await call('GET', '/api/addresses', alice.token);
      expect(alicesList.json()).toEqual({ data: [] });
    });

    it('answers 401 without a token, before reading anything', async () => {
      const { user } = await signUpAndIn(app);
      for (const [method, url] of [
        ['GET', `/api/user-address/${user.id}`],
        ['POST', '/api/store-addresses'],
        ['GET', '/api/addresses'],
        ['POST', '/api/addresses'],
        ['PUT', '/api/addresses/1'],
        ['DELETE', '/api/addresses/1'],
        ['POST', '/api/addresses/1/default'],
      ] as const) {
        const res = await call(method, url, null, method === 'GET' || method === 'DELETE' ? undefined : checkoutAddress(user.id));
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.unauthenticated });
      }
    });

    it('answers 404 for an address that does not exist and 400 for an id that is not one', async () => {
      const { user, token } = await signUpAndIn(app);
      expect((await call('PUT', '/api/addresses/999999', token, checkoutAddress(user.id))).statusCode).toBe(404);
      expect((await call('DELETE', '/api/addresses/999999', token)).statusCode).toBe(404);
      const bad = await call('GET', '/api/user-address/abc', token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ userId: ['The user id must be a positive whole number.'] });
      expect((await call('POST', '/api/addresses/0/default', token)).statusCode).toBe(400);
    });
  });

  describe('profile routes', () => {
    it('adds, lists, edits, sets the default and deletes', async () => {
      const { user, token } = await signUpAndIn(app);
      const home = await call('POST', '/api/addresses', token, checkoutAddress(user.id, { company: 'Everstone', address: { street: '1 Home Rd', city: 'Albany', state: 'NY', zip: '12207' } }));
      expect(home.statusCode, home.body).toBe(201);
      expect(home.json()).toMatchObject({ is_default: true, company: 'Everstone', address: { state: 'NY', apartment: null } });

      const office = await call('POST', '/api/addresses', token, {
        ...checkoutAddress(user.id),
        country: 'Canada',
        address: { street: '24 Sussex Dr', city: 'Ottawa', state: 'ON', zip: 'K1M 1M4' },
      });
      expect(office.statusCode, office.body).toBe(201);
      expect(office.json().is_default).toBe(false);

      const edited = await call('PUT', `/api/addresses/${office.json().id}`, token, {
        ...checkoutAddress(user.id, { first_name: 'Annie' }),
        country: 'Canada',
        address: { street: '24 Sussex Drive', city: 'Ottawa', zip: 'K1M1M4' },
        is_default: true,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ first_name: 'Annie', address: { street: '24 Sussex Drive', state: null }, is_default: true });
      expect((await call('GET', `/api/user-address/${user.id}`, token)).json().id).toBe(office.json().id);

      const back = await call('POST', `/api/addresses/${home.json().id}/default`, token);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ id: home.json().id, is_default: true });
      const list = (await call('GET', '/api/addresses', token)).json().data as Array<{ id: number; is_default: boolean }>;
      expect(list.map((a) => [a.id, a.is_default])).toEqual([
        [home.json().id, true],
        [office.json().id, false],
      ]);

      // Deleting the default promotes the other one.
      const deleted = await call('DELETE', `/api/addresses/${home.json().id}`, token);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: ACCOUNT_MESSAGES.addressDeleted });
      expect((await call('GET', `/api/user-address/${user.id}`, token)).json()).toMatchObject({ id: office.json().id, is_default: true });
      expect((await call('DELETE', `/api/addresses/${office.json().id}`, token)).statusCode).toBe(200);
      expect((await call('GET', `/api/user-address/${user.id}`, token)).statusCode).toBe(404);
    });

    it(`keeps one default under concurrent requests and refuses more than ${MAX_ADDRESSES_PER_USER} addresses`, async () => {
      const { user, token } = await signUpAndIn(app);
      const made = await Promise.all(
        Array.from({ length: MAX_ADDRESSES_PER_USER }, (_, i) =>
          call('POST', '/api/addresses', token, checkoutAddress(user.id, { first_name: `Ann ${i}`, is_default: true })),
        ),
      );
      expect(made.map((r) => r.statusCode)).toEqual(Array(MAX_ADDRESSES_PER_USER).fill(201));
      const defaults = await db.db.selectFrom('addresses').select('id').where('user_id', '=', user.id).where('is_default', '=', 1).execute();
      expect(defaults).toHaveLength(1);

      const tooMany = await call('POST', '/api/addresses', token, checkoutAddress(user.id));
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual({ address: [ACCOUNT_MESSAGES.tooManyAddresses] });
    });

    it(`keeps checkout’s saved addresses within ${MAX_ADDRESSES_PER_USER} too, never failing a checkout`, async () => {
      const { user, token } = await signUpAndIn(app);
      for (let i = 0; i < MAX_ADDRESSES_PER_USER + 15; i++) {
        const res = await call('POST', '/api/store-addresses', token, checkoutAddress(user.id, { address: { street: `${i + 1} Main Street`, city: 'Albany', zip: '12207' } }));
        expect(res.statusCode, res.body).toBe(201);
      }
      const rows = await db.db.selectFrom('addresses').select(['street', 'is_default']).where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(MAX_ADDRESSES_PER_USER);
      // The newest is the default; the ones given up are the oldest.
      expect(rows.find((r) => Number(r.is_default) === 1)?.street).toBe(`${MAX_ADDRESSES_PER_USER + 15} Main Street`);
      expect(rows.map((r) => r.street)).not.toContain('1 Main Street');
    });
  });

  describe('validation', () => {
    it.each([
      ['a blank first name', { first_name: ' ' }, { first_name: ['The first name field is required.'] }],
      ['no last name', { last_name: undefined }, { last_name: ['The last name field is required.'] }],
      ['another country', { country: 'Mexico' }, { country: ['Please choose United States or Canada.'] }],
      ['no address', { address: undefined }, { address: ['The address field is required.'] }],
      ['no street', { address: { city: 'New York', zip: '10036' } }, { 'address.street': ['The street address field is required.'] }],
      ['a blank city', { address: { street: '1 Main St', city: '', zip: '10036' } }, { 'address.city': ['The city field is required.'] }],
      ['a Canadian code in the US', { address: { street: '1 Main St', city: 'Buffalo', zip: 'K1A 0B1' } }, { 'address.zip': ['The zip code must be a US ZIP code such as 10036 or 10036-1234.'] }],
      ['a US zip in Canada', { country: 'Canada', address: { street: '1 Main St', city: 'Ottawa', zip: '10036' } }, { 'address.zip': ['The zip code must be a Canadian postal code such as K1A 0B1.'] }],
      ['a phone with letters', { phone_number: '212-CALL-NOW' }, { phone_number: ['The phone number may contain only digits, spaces and + ( ) - .'] }],
      ['no phone', { phone_number: '' }, { phone_number: ['The phone number field is required.'] }],
      ['an offers flag of 2', { is_get_offer: 2 }, { is_get_offer: ['The offers choice must be 1 or 0.'] }],
      ['a user id that is not a number', { user_id: 'me' }, { user_id: ['The user id must be a positive whole number.'] }],
    ])('answers 422 for %s and saves nothing', async (_case, override, errors) => {
      const { user, token } = await signUpAndIn(app);
      for (const url of ['/api/store-addresses', '/api/addresses']) {
        const res = await call('POST', url, token, checkoutAddress(user.id, override));
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
      expect((await call('GET', '/api/addresses', token)).json()).toEqual({ data: [] });
    });
  });
});
