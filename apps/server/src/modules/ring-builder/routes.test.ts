import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGRAVING,
  FIT_MESSAGES,
  HOLD,
  HOLD_MESSAGES,
  VERIFICATION_MESSAGES,
  centsToPrice,
  fitProblem,
  ringLeadDays,
  ringPriceItems,
  type BuilderRingResponse,
  type BuilderSettingsResponse,
  type Diamond,
  type DiamondListResponse,
  type LineItem,
  type SettingFit,
  type ShapeName,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { bearer, quickHasher, signUpAndIn, signUpVerified } from '../../test/accounts.ts';
import { insertStone, type TestStone } from '../../test/stones.ts';
import { createInventoryService, holdEndsAt } from '../inventory/index.ts';
import { seedProducts, stoneSize } from '../jewelry/index.ts';
import { STONE_PROBLEMS } from './service.ts';

const ADDRESS = JSON.stringify({ apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });
const ARIA = 'aria-solitaire-setting';
const LUXE = 'reserve-luxe-solitaire-setting';
const MINUTE = 60_000;

/** A loose stone's order as the checkout page sends it. */
function loosePayload(stone: TestStone) {
  const lines: LineItem[] = [{ kind: 'diamond', diamond_id: stone.id, quantity: 1 }];
  return { user_name: 'Ann Lee', contact_number: '212-555-0100', lines, total_price: centsToPrice(stone.price_cents), address: ADDRESS, payment_mode: 'cod', is_gift: 0 };
}

describe.each(TEST_ENGINES)('ring builder API on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let clock: TestClock;
  let smtp: TestSmtp;
  /** Well-cut stones no test has touched, by shape. */
  const fresh: TestStone[] = [];

  /** A well-cut, measured stone of this shape and weight. */
  const cut = (shape: ShapeName, carat: number, extra: { type?: 1 | 2 | 3; status?: string } = {}) => {
    const size = stoneSize(shape, carat);
    return insertStone(db.db, { shape, carat, lengthMm: size.lengthMm, widthMm: size.widthMm, ...extra });
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    for (let i = 0; i < 24; i++) fresh.push(await cut('Round', 0.9 + i * 0.02));
    clock = createTestClock(new Date('2031-03-04T15:00:00Z'));
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { now: clock.now, passwordHasher: quickHasher });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  /** A shopper whose address is verified: holding needs it. */
  const shopper = () => signUpVerified(app, db.db);
  const take = () => {
    const stone = fresh.shift();
    if (!stone) throw new Error('the test ran out of stones');
    return stone;
  };
  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const hold = (token: string | null, diamondId: number, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/builder/holds', headers: token ? bearer(token) : {}, payload: { diamond_id: diamondId }, remoteAddress });
  const release = (token: string, diamondId: number) => app.inject({ method: 'DELETE', url: `/api/builder/holds/${diamondId}`, headers: bearer(token) });
  const holdOf = (diamondId: number, token?: string) => get(`/api/builder/holds/${diamondId}`, token);
  const order = (token: string, stone: TestStone) => app.inject({ method: 'POST', url: '/api/store-order', headers: bearer(token), payload: loosePayload(stone) });
  const ring = async (query: string, token?: string) => {
    const res = await get(`/api/builder/ring?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BuilderRingResponse;
  };

  describe('reads', () => {
    it('answers 400 naming the bad parameter, and 404 for an unknown stone or setting', async () => {
      const stone = fresh[0]!;
      const bad: [string, string][] = [
        ['/api/builder/settings', 'diamond'],
        ['/api/builder/settings?diamond=abc', 'diamond'],
        ['/api/builder/settings?diamond=-4', 'diamond'],
        [`/api/builder/settings?diamond=${stone.id}&style=plain-ish`, 'style'],
        [`/api/builder/settings?diamond=${stone.id}&metal=gold`, 'metal'],
        [`/api/builder/settings?diamond=${stone.id}&sort=cheapest`, 'sort'],
        [`/api/builder/settings?diamond=${stone.id}&page=0`, 'page'],
        ['/api/builder/fit', 'setting'],
        [`/api/builder/ring?diamond=${stone.id}`, 'setting'],
        [`/api/builder/ring?setting=${ARIA}`, 'diamond'],
        [`/api/builder/ring?diamond=${stone.id}&setting=${ARIA}&engraved=2`, 'engraved'],
        [`/api/builder/ring?diamond=${stone.id}&setting=${ARIA}&accents=glass`, 'accents'],
        ['/api/builder/holds/twelve', 'diamond_id'],
      ];
      for (const [url, param] of bad) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().errors), url).toContain(param);
        expect(res.json().message, url).toContain(param);
      }
      const missing: string[] = [
        '/api/builder/settings?diamond=987654321',
        '/api/builder/settings?diamond=99999999999',
        '/api/builder/fit?setting=no-such-setting',
        `/api/builder/ring?diamond=987654321&setting=${ARIA}`,
        `/api/builder/ring?diamond=${stone.id}&setting=no-such-setting`,
        // A piece that is not a setting has no head for the stone.
        `/api/builder/ring?diamond=${stone.id}&setting=womens-classic-comfort-fit-band`,
      ];
      for (const url of missing) expect((await get(url)).statusCode, url).toBe(404);
    });

    it('lists the settings that fit a stone, and says why none does', async () => {
      const stone = fresh[0]!;
      const res = await get(`/api/builder/settings?diamond=${stone.id}&sort=price_asc`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as BuilderSettingsResponse;
      expect(body.diamond.diamondid).toBe(stone.id);
      expect(body.total).toBeGreaterThan(0);
      for (const card of body.data) {
        expect(card.ring_cents).toBe(stone.price_cents + card.price_cents);
        // Step 3 agrees that each fits.
        expect((await ring(`diamond=${stone.id}&setting=${card.slug}&metal=${card.metal}`)).fit_problem, card.slug).toBeNull();
      }
      const unmeasured = await insertStone(db.db, { shape: 'Round', carat: 1, lengthMm: null, widthMm: null });
      const none = (await get(`/api/builder/settings?diamond=${unmeasured.id}`)).json() as BuilderSettingsResponse;
      expect(none).toMatchObject({ total: 0, none_reason: FIT_MESSAGES.noMeasurements });
    });

    it('gives step 1 a setting’s fit', async () => {
      const res = await get(`/api/builder/fit?setting=${LUXE}`);
      expect(res.statusCode, res.body).toBe(200);
      const fit = res.json() as SettingFit;
      expect(fit.slug).toBe(LUXE);
      expect(fit.min_center_carat).toBe(3);
      expect(fit.carat.min).toBeGreaterThanOrEqual(3);
    });

    it('prices the ring with the checkout’s itemization: the items add up to the total', async () => {
      const stone = fresh[1]!;
      const plain = await ring(`diamond=${stone.id}&setting=soleil-halo-setting&metal=platinum`);
      expect(plain.fit_problem).toBeNull();
      expect(plain.stone_problem).toBeNull();
      expect(plain.hold).toBeNull();
      expect(plain.alternatives).toEqual([]);
      expect(plain.variant).toMatchObject({ metal: 'platinum', shape: 'Round', origin: 'lab' });
      expect(plain.setting.metals).toContain('platinum');
      expect(plain.setting.origins).toEqual(['lab', 'natural']);
      expect(plain.price.stone_cents).toBe(stone.price_cents);
      expect(plain.price.setting_cents + plain.price.side_stones_cents).toBe(plain.variant.price_cents);
      expect(plain.price.side_stones_cents).toBeGreaterThan(0);
      expect(plain.price.engraving_cents).toBe(0);
      expect(plain.price.total_cents).toBe(stone.price_cents + plain.variant.price_cents);
      const asPrice = {
        stoneCents: plain.price.stone_cents,
        settingCents: plain.price.setting_cents,
        sideStonesCents: plain.price.side_stones_cents,
        engravingCents: plain.price.engraving_cents,
        totalCents: plain.price.total_cents,
      };
      const items = ringPriceItems(asPrice, { stone: 'stone', setting: 'setting' });
      expect(items.reduce((sum, i) => sum + i.cents, 0)).toBe(plain.price.total_cents);
      expect(plain.lead_days).toBe(ringLeadDays(plain.variant.lead_days));
      // The picture holds this stone at its certificate's size.
      const center = (plain.variant.design as { center: { widthMm: number; shape: string } }).center;
      expect(center).toMatchObject({ shape: 'Round', widthMm: plain.diamond.measurement_w! });

      const engraved = await ring(`diamond=${stone.id}&setting=soleil-halo-setting&metal=platinum&engraved=1&accents=natural`);
      expect(engraved.variant.origin).toBe('natural');
      expect(engraved.price.engraving_cents).toBe(ENGRAVING.priceCents);
      expect(ringPriceItems({ stoneCents: engraved.price.stone_cents, settingCents: engraved.price.setting_cents, sideStonesCents: engraved.price.side_stones_cents, engravingCents: engraved.price.engraving_cents, totalCents: engraved.price.total_cents }, { stone: 's', setting: 't' }).reduce((s, i) => s + i.cents, 0)).toBe(engraved.price.total_cents);
      expect(engraved.price.total_cents).toBe(stone.price_cents + engraved.variant.price_cents + ENGRAVING.priceCents);
    });

    it('says when the pairing does not fit or the stone is gone, and offers stones that fit instead', async () => {
      const small = fresh[2]!;
      const luxe = await ring(`diamond=${small.id}&setting=${LUXE}`);
      expect(luxe.fit_problem).toMatch(/Luxe settings are made for a center stone of 3/);
      // Nothing of this shape and type weighs 3 ct here yet: no alternative but a Luxe-sized one.
      const big = await cut('Round', 3.4);
      const again = await ring(`diamond=${small.id}&setting=${LUXE}`);
      expect(again.alternatives.map((d) => d.diamondid)).toEqual([big.id]);

      const sold = await cut('Round', 1.05, { status: 'sold' });
      const reserved = await cut('Round', 1.05, { status: 'reserved' });
      const gone = await ring(`diamond=${sold.id}&setting=${ARIA}`);
      expect(gone.stone_problem).toBe(STONE_PROBLEMS.sold);
      expect((await ring(`diamond=${reserved.id}&setting=${ARIA}`)).stone_problem).toBe(STONE_PROBLEMS.reserved);
      expect(gone.alternatives).toHaveLength(4);
      const fit = (await get(`/api/builder/fit?setting=${ARIA}`)).json() as SettingFit;
      const round = fit.shapes.find((s) => s.shape === 'Round')!;
      const head = { shapes: ['Round' as const], minWidthMm: round.min_width_mm, maxWidthMm: round.max_width_mm, minCenterCarat: 0 };
      let last = 0;
      for (const d of gone.alternatives) {
        expect(d.status).toBe('available');
        expect(d.type).toBe(2);
        expect(d.shape.name).toBe('Round');
        expect(fitProblem(head, { shape: 'Round', carat: d.carat_weight, lengthMm: d.measurement_l, widthMm: d.measurement_w })).toBeNull();
        const distance = Math.abs(d.carat_weight - 1.05);
        expect(distance).toBeGreaterThanOrEqual(last);
        last = distance;
      }
    });
  });

  describe('holds', () => {
    it('asks to sign in, holds for BUILDER_HOLD_MINUTES, shows the hold to others without saying whose, renews and lets go', async () => {
      const a = await shopper();
      const b = await shopper();
      const stone = take();
      const anonymous = await hold(null, stone.id);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(HOLD_MESSAGES.signIn);

      const held = await hold(a.token, stone.id);
      expect(held.statusCode, held.body).toBe(201);
      const expires = new Date(clock.now().getTime() + HOLD.minutes * MINUTE).toISOString();
      expect(held.json()).toEqual({ diamond_id: stone.id, expires_at: expires, mine: true });
      expect((await holdOf(stone.id)).json()).toEqual({ diamond_id: stone.id, expires_at: expires, mine: false });
      expect((await holdOf(stone.id, b.token)).json()).toMatchObject({ mine: false });
      expect((await holdOf(stone.id, a.token)).json()).toMatchObject({ mine: true });

      // Others see the stone on hold, in its record and in the search, where it stays.
      expect(((await get(`/api/diamonds/${stone.id}`)).json().data as Diamond).held_until).toBe(expires);
      const lookup = await app.inject({ method: 'POST', url: '/api/diamonds/lookup', payload: { ids: [stone.id] } });
      expect((lookup.json().data as Diamond[])[0]!.held_until).toBe(expires);
      const search = (await get(`/api/get-all-diamonds?certificate=${stone.certificate_number}`)).json() as DiamondListResponse;
      expect(search.data.map((d) => [d.diamondid, d.held_until])).toEqual([[stone.id, expires]]);
      // The ring shows it: to its holder as theirs, to another shopper with stones that are free.
      expect((await ring(`diamond=${stone.id}&setting=${ARIA}`, a.token)).hold).toEqual({ diamond_id: stone.id, expires_at: expires, mine: true });
      const seenByB = await ring(`diamond=${stone.id}&setting=${ARIA}`, b.token);
      expect(seenByB.hold?.mine).toBe(false);
      expect(seenByB.alternatives.length).toBeGreaterThan(0);
      expect(seenByB.alternatives.map((d) => d.diamondid)).not.toContain(stone.id);

      const other = await hold(b.token, stone.id);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(HOLD_MESSAGES.heldByOther(holdEndsAt(expires)));
      expect(other.json().message).toMatch(/until \d{1,2}:\d{2} (AM|PM) Eastern Time/);

      clock.advance(5 * MINUTE);
      const renewed = await hold(a.token, stone.id);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().expires_at).toBe(new Date(clock.now().getTime() + HOLD.minutes * MINUTE).toISOString());

      // Renewing keeps it going, but never past HOLD.longestSpans holds' time from when it was taken.
      const taken = Date.parse(expires) - HOLD.minutes * MINUTE;
      const longest = new Date(taken + HOLD.longestSpans * HOLD.minutes * MINUTE).toISOString();
      // (Taken at 0 and renewed at 5: renewals at 12, 19 and 26 minutes end at 27, 30 and 30.)
      for (let i = 0; i < 3; i++) {
        clock.advance(7 * MINUTE);
        expect((await hold(a.token, stone.id)).json().expires_at).toBe(new Date(Math.min(clock.now().getTime() + HOLD.minutes * MINUTE, Date.parse(longest))).toISOString());
      }
      expect((await holdOf(stone.id, a.token)).json().expires_at).toBe(longest);

      expect((await release(b.token, stone.id)).statusCode).toBe(404);
      expect((await release(b.token, stone.id)).json().message).toBe(HOLD_MESSAGES.noHold);
      expect((await release(a.token, stone.id)).statusCode).toBe(204);
      expect((await holdOf(stone.id)).statusCode).toBe(404);
      expect(((await get(`/api/diamonds/${stone.id}`)).json().data as Diamond).held_until).toBeNull();
      expect((await hold(b.token, stone.id)).statusCode).toBe(201);
    });

    it('holds nothing for an account whose email address is not verified, and says how to verify it', async () => {
      const unverified = await signUpAndIn(app);
      expect(unverified.user.email_verified).toBe(false);
      const stone = take();
      const refused = await hold(unverified.token, stone.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: VERIFICATION_MESSAGES.holdNeedsVerified });
      expect((await holdOf(stone.id)).statusCode).toBe(404);
      // Verified by its link (modules/accounts/routes.test.ts), the same account holds it.
      await db.db.updateTable('users').set({ email_verified_at: clock.now().toISOString() }).where('id', '=', unverified.user.id).execute();
      expect((await hold(unverified.token, stone.id)).statusCode).toBe(201);
    });

    it('holds one stone per account: a new hold lets the old one go', async () => {
      const a = await shopper();
      const [first, second] = [take(), take()];
      expect((await hold(a.token, first.id)).statusCode).toBe(201);
      expect((await hold(a.token, second.id)).statusCode).toBe(201);
      expect((await holdOf(first.id)).statusCode).toBe(404);
      expect((await holdOf(second.id, a.token)).json().mine).toBe(true);
    });

    it('holds at most HOLD.perAddress stones from one address at once', async () => {
      const stones = Array.from({ length: HOLD.perAddress + 1 }, take);
      const shoppers = await Promise.all(stones.map(() => shopper()));
      for (let i = 0; i < HOLD.perAddress; i++) expect((await hold(shoppers[i]!.token, stones[i]!.id, '198.51.100.7')).statusCode).toBe(201);
      const over = await hold(shoppers[HOLD.perAddress]!.token, stones[HOLD.perAddress]!.id, '198.51.100.7');
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(HOLD_MESSAGES.perAddress);
      // A shopper's own hold moving to another stone does not count against the address.
      expect((await hold(shoppers[0]!.token, stones[HOLD.perAddress]!.id, '198.51.100.7')).statusCode).toBe(201);
      // Another address is not affected; an IPv6 client counts by its /64.
      expect((await hold(shoppers[HOLD.perAddress]!.token, stones[0]!.id, '203.0.113.5')).statusCode).toBe(201);
      const v6 = await Promise.all([0, 1, 2, 3].map(() => shopper()));
      const v6Stones = [take(), take(), take(), take()];
      for (let i = 0; i < 3; i++) expect((await hold(v6[i]!.token, v6Stones[i]!.id, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(201);
      expect((await hold(v6[3]!.token, v6Stones[3]!.id, '2001:db8:1:2:ffff::9')).statusCode).toBe(409);
      // When the holds run out, the address may hold again.
      clock.advance((HOLD.minutes + 1) * MINUTE);
      expect((await hold(v6[3]!.token, v6Stones[3]!.id, '2001:db8:1:2:ffff::9')).statusCode).toBe(201);
    });

    it('counts an IPv6 client’s holds in its /56 and /48 as well, so the /64s of one /48 share 16 times one client’s cap', async () => {
      const perNetwork = { 56: HOLD.perAddress * 4, 48: HOLD.perAddress * 16 };
      const wanted = perNetwork[48] + 3;
      const shoppers = await Promise.all(Array.from({ length: wanted }, () => shopper()));
      const stones: TestStone[] = [];
      for (let i = 0; i < wanted; i++) stones.push(await cut('Oval', 1 + i * 0.001));
      let next = 0;
      // Each hold from a /64 of its own: 2001:db8:77:<the /56's two digits><the /64's two digits>::1.
      const from = (net56: number, net64: number) => `2001:db8:77:${net56.toString(16).padStart(2, '0')}${net64.toString(16).padStart(2, '0')}::1`;
      const holdNext = (address: string) => {
        const i = next++;
        return hold(shoppers[i]!.token, stones[i]!.id, address);
      };
      for (let i = 0; i < perNetwork[56]; i++) expect((await holdNext(from(0, i))).statusCode, `hold ${i + 1}`).toBe(201);
      const over56 = await holdNext(from(0, 200));
      expect(over56.statusCode).toBe(409);
      expect(over56.json().message).toBe(HOLD_MESSAGES.perNetwork);
      // Other /56s of the /48 hold until the /48's cap.
      for (let n = 1; n < perNetwork[48] / perNetwork[56]; n++) {
        for (let i = 0; i < perNetwork[56]; i++) expect((await holdNext(from(n, i))).statusCode, `/56 ${n}, hold ${i + 1}`).toBe(201);
      }
      const over48 = await holdNext(from(0xff, 1));
      expect(over48.statusCode).toBe(409);
      expect(over48.json().message).toBe(HOLD_MESSAGES.perNetwork);
      // Another /48 is someone else.
      expect((await holdNext('2001:db8:78::1')).statusCode).toBe(201);
      clock.advance((HOLD.minutes + 1) * MINUTE);
    });

    it('lets one account hold the same stone HOLD.perStonePerDay times a day; renewals are not new holds', async () => {
      const a = await shopper();
      const stone = take();
      for (let i = 0; i < HOLD.perStonePerDay; i++) {
        expect((await hold(a.token, stone.id)).statusCode).toBe(201);
        expect((await hold(a.token, stone.id)).statusCode).toBe(200);
        expect((await hold(a.token, stone.id)).statusCode).toBe(200);
        expect((await release(a.token, stone.id)).statusCode).toBe(204);
      }
      const again = await hold(a.token, stone.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(HOLD_MESSAGES.perStonePerDay);
      // A hold that has run out is not renewed by holding again: that is a new hold, and counts.
      const b = await shopper();
      const other = take();
      expect((await hold(b.token, other.id)).statusCode).toBe(201);
      clock.advance((HOLD.minutes + 1) * MINUTE);
      expect((await hold(b.token, other.id)).statusCode).toBe(201);
      expect((await hold(b.token, other.id)).statusCode).toBe(200);
      clock.advance((HOLD.minutes + 1) * MINUTE);
      expect((await hold(b.token, other.id)).statusCode).toBe(409);
      // A day later the stone may be held again.
      clock.advance(24 * 60 * MINUTE);
      expect((await hold(a.token, stone.id)).statusCode).toBe(201);
    });

    it('ends a hold when its time has passed, with no sweep: others may hold and order the stone', async () => {
      const [a, b] = [await shopper(), await shopper()];
      const stone = take();
      expect((await hold(a.token, stone.id)).statusCode).toBe(201);
      clock.advance(HOLD.minutes * MINUTE - 1000);
      expect((await holdOf(stone.id)).statusCode).toBe(200);
      expect((await hold(b.token, stone.id)).statusCode).toBe(409);
      clock.advance(1000);
      expect((await holdOf(stone.id)).statusCode).toBe(404);
      expect(((await get(`/api/diamonds/${stone.id}`)).json().data as Diamond).held_until).toBeNull();
      // The other shopper may hold it now, and once that hold has run out too, anyone may order it.
      expect((await hold(b.token, stone.id)).statusCode).toBe(201);
      clock.advance(HOLD.minutes * MINUTE);
      const placed = await order(a.token, stone);
      expect(placed.statusCode, placed.body).toBe(201);
    });

    it('refuses what cannot be held: an unknown stone, one that is not available', async () => {
      const a = await shopper();
      expect((await hold(a.token, 987654321)).statusCode).toBe(404);
      expect((await hold(a.token, 99999999999)).statusCode).toBe(404);
      const sold = await cut('Round', 1.1, { status: 'sold' });
      const res = await hold(a.token, sold.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(HOLD_MESSAGES.notAvailable);
      const bad = await app.inject({ method: 'POST', url: '/api/builder/holds', headers: bearer(a.token), payload: { diamond_id: 'one' } });
      expect(bad.statusCode).toBe(422);
    });

    it('keeps a held stone from another account’s order, and turns the holder’s order into the reservation', async () => {
      const [holder, other] = [await shopper(), await shopper()];
      const stone = take();
      expect((await hold(holder.token, stone.id)).statusCode).toBe(201);
      const refused = await order(other.token, stone);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(stone.certificate_number);
      const status = async () => (await db.db.selectFrom('diamonds').select('status').where('id', '=', stone.id).executeTakeFirstOrThrow()).status;
      expect(await status()).toBe('available');

      const placed = await order(holder.token, stone);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await status()).toBe('reserved');
      // The order's reservation took the hold over.
      expect((await holdOf(stone.id)).statusCode).toBe(404);
      expect(await db.db.selectFrom('stone_holds').select('diamond_id').where('diamond_id', '=', stone.id).execute()).toEqual([]);
      const after = await hold(other.token, stone.id);
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toBe(HOLD_MESSAGES.notAvailable);
    });

    it('decides a hold and an order placed at the same moment one way only', async () => {
      for (let round = 0; round < 6; round++) {
        const [holder, buyer] = [await shopper(), await shopper()];
        const stone = take();
        const [held, placed] = await Promise.all([hold(holder.token, stone.id), order(buyer.token, stone)]);
        // Exactly one of the two gets the stone.
        expect([held.statusCode, placed.statusCode].sort().join(' '), `${held.body} ${placed.body}`).toBe('201 409');
        const { status } = await db.db.selectFrom('diamonds').select('status').where('id', '=', stone.id).executeTakeFirstOrThrow();
        const holds = await db.db.selectFrom('stone_holds').select('user_id').where('diamond_id', '=', stone.id).where('expires_at', '>', clock.now().toISOString()).execute();
        if (placed.statusCode === 201) {
          expect(status).toBe('reserved');
          expect(holds).toEqual([]);
          expect(held.json().message).toBe(HOLD_MESSAGES.notAvailable);
        } else {
          expect(status).toBe('available');
          expect(holds.map((h) => Number(h.user_id))).toEqual([holder.user.id]);
        }
        clock.advance((HOLD.minutes + 1) * MINUTE);
      }
    });
  });
});
