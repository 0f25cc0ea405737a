import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  HOME_PREVIEW_STEP_MESSAGES,
  formatEasternTime,
  type AdminHomePreview,
  type AdminHomePreviewListResponse,
  type AuditListResponse,
  type HomePreviewList,
  type ProductListResponse,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { createInventoryService } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';
import { createHomePreviewRepository } from './repository.ts';

const SHIP_TO = { first_name: 'Ann', last_name: 'Lee', street: '580 Fifth Avenue', apartment: null, city: 'New York', state: 'NY', zip: '10036', country: 'United States', phone_number: '212-555-0100' };
const DAY = 86_400_000;
const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000013';
let fedexSerial = 100_000_000_000;
/** A FedEx number no other test used (12 digits; FedEx has no check digit the store verifies). */
const fedex = () => String(fedexSerial++);

describe.each(TEST_ENGINES)('Home Preview’s staff steps on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let settings: number[];
  type Person = { email: string; password: string; cookie: string };
  let staff: Person;
  let other: Person;
  let owner: Person;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    smtp = await startTestSmtp();
    // Monday, January 5, 2026, 10:00 in New York.
    clock = createTestClock(new Date('2026-01-05T15:00:00Z'));
    app = await createTestApp(db, { SMTP_URL: smtp.url, AUTH_TOKEN_TTL_DAYS: '365' }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    settings = ((await app.inject('/api/products?department=engagement-rings')).json() as ProductListResponse).data.map((p) => p.variant_id);
    staff = await signUpAsStaff(app, db.db, 'staff', 'Stella Staff');
    other = await signUpAsStaff(app, db.db, 'staff', 'Sam Second');
    owner = await signUpAsStaff(app, db.db, 'owner', 'Owen Owner');
  });

  const signInAll = async () => {
    for (const person of [staff, other, owner]) person.cookie = await adminCookie(app, person.email, person.password);
  };
  /** Days go by: staff sign in afresh, as they would the next morning (a session ends after 30 idle minutes). */
  const later = async (ms: number) => {
    clock.advance(ms);
    await signInAll();
  };
  const laterAt = async (at: number) => later(at - clock.now().getTime());
  /** A password entered at sign-in counts for 5 minutes: past them, a step that moves money asks for it again. */
  const passwordAgeing = () => clock.advance(6 * 60_000);
  beforeEach(signInAll);

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const post = (person: Person, url: string, payload?: unknown) => app.inject({ method: 'POST', url, payload: (payload ?? {}) as object, headers: adminChange(person.cookie) });
  const step = (person: Person, number: string, name: string, payload?: unknown) => post(person, `/api/admin/home-previews/${number}/${name}`, payload);
  const confirmPassword = async (person: Person) => expect((await post(person, '/api/admin/session/confirm', { password: person.password })).statusCode).toBe(200);
  const preview = async (number: string) => {
    const res = await app.inject({ url: `/api/admin/home-previews/${number}`, headers: { cookie: staff.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preview as AdminHomePreview;
  };
  const mine = async (token: string) => (await app.inject({ url: '/api/home-preview/requests', headers: bearer(token) })).json() as HomePreviewList;

  /** A new shopper's request for two replicas (or one). */
  async function requested(rings = 2) {
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/home-preview/requests',
      headers: bearer(shopper.token),
      payload: { rings: settings.slice(0, rings).map((variant_id) => ({ variant_id, ring_size: '6' })), ship_to: SHIP_TO },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { shopper, number: res.json().request.number as string };
  }

  /** A request whose deposit is taken and that has shipped with `tracking` (FedEx). */
  async function shipped(rings = 2, tracking = fedex()) {
    const r = await requested(rings);
    expect((await step(staff, r.number, 'deposit', { reference: 'POS-1001' })).statusCode).toBe(200);
    const res = await step(staff, r.number, 'ship', { carrier: 'fedex', tracking_number: tracking });
    expect(res.statusCode, res.body).toBe(200);
    return { ...r, shippedAt: clock.now().getTime() };
  }

  it('takes a request through every step: deposit, shipment, delivery, each replica back, the refund', async () => {
    const { shopper, number } = await requested();
    expect((await preview(number)).steps).toEqual(['deposit', 'cancel']);

    const deposit = await step(staff, number, 'deposit', { reference: '  POS-4411  ' });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json().preview).toMatchObject({ status: 'deposit_taken', deposit_reference: 'POS-4411', steps: ['ship', 'cancel_refund'] });
    expect(deposit.json().message).toBe(`The deposit of $200 is recorded for Home Preview ${number} (reference POS-4411). It can ship.`);

    const ship = await step(staff, number, 'ship', { carrier: 'ups', tracking_number: '1z 999 aa1 0123 4567 84' });
    expect(ship.statusCode, ship.body).toBe(200);
    const url = `https://www.ups.com/track?tracknum=${UPS}`;
    expect(ship.json().preview).toMatchObject({
      status: 'shipped',
      parcel: { carrier: 'ups', carrier_name: 'UPS', tracking_number: UPS, tracking_url: url },
      shipped_at: clock.now().toISOString(),
      steps: ['deliver', 'receive'],
    });
    const shippedMail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Home Preview ${number} has shipped`), { what: 'the shipped email' });
    expect(shippedMail.text).toContain(url);
    expect(shippedMail.text).toContain(`Tracking number: ${UPS}`);
    expect(shippedMail.text).toContain('yours to try for 3 days');
    // Nothing typed into the request reaches the account's unverified address.
    expect(shippedMail.text).not.toContain('Fifth Avenue');

    await later(2 * DAY);
    const delivered = await step(staff, number, 'deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const deliveredAt = clock.now().toISOString();
    expect(delivered.json().preview).toMatchObject({
      status: 'delivered',
      delivered_at: deliveredAt,
      possession_ends_at: new Date(clock.now().getTime() + 3 * DAY).toISOString(),
      keep_from: new Date(clock.now().getTime() + 10 * DAY).toISOString(),
    });

    // The shopper's page shows where it stands and the carrier's tracking page.
    const listed = (await mine(shopper.token)).data.find((p) => p.number === number)!;
    expect(listed).toMatchObject({ status: 'delivered', cancellable: false, parcel: { tracking_url: url }, delivered_at: deliveredAt, return_by: new Date(clock.now().getTime() + 3 * DAY).toISOString() });

    await later(4 * DAY);
    const first = await step(staff, number, 'receive', { replicas: [2] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().preview).toMatchObject({ status: 'delivered', returned_at: null, steps: ['receive'] });
    expect(first.json().preview.rings.map((r: { returned_at: string | null }) => r.returned_at !== null)).toEqual([false, true]);
    expect(first.json().message).toBe(`Recorded: 1 of 2 replicas of Home Preview ${number} back.`);
    const again = await step(staff, number, 'receive', { replicas: [2] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Home Preview .* cannot receive replica 2: replica 2 is already back/);
    expect((await step(staff, number, 'receive', { replicas: [3] })).statusCode).toBe(422);

    const second = await step(other, number, 'receive', { replicas: [1] });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().preview).toMatchObject({ status: 'returned', returned_at: clock.now().toISOString(), steps: ['refund'] });

    // Moving money asks for the password again, as an order's refund does.
    passwordAgeing();
    const asked = await step(staff, number, 'refund', { reference: 'RF-7788' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ message: ADMIN_MESSAGES.reauth, reauth: true });
    await confirmPassword(staff);
    const refund = await step(staff, number, 'refund', { reference: 'RF-7788' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().preview).toMatchObject({ status: 'refunded', refunded: '200.00', kept: '0.00', refund_reference: 'RF-7788', steps: [] });
    const refundMail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Home Preview ${number}: deposit refunded`), { what: 'the refund email' });
    expect(refundMail.text).toContain('refunded your deposit of $200');
    expect(refundMail.text).toContain('Refund reference: RF-7788');
    expect((await mine(shopper.token)).data.find((p) => p.number === number)).toMatchObject({ status: 'refunded', refunded_cents: 20_000, kept_cents: 0 });

    // Every step is on the audit log with who took it, and on the request's history.
    const log = (await app.inject({ url: `/api/admin/audit?subject=${number}&per_page=25`, headers: { cookie: owner.cookie } })).json() as AuditListResponse;
    expect(log.entries.map((e) => [e.action, e.actor.email, e.before, e.after]).reverse()).toEqual([
      ['home_preview.deposit', staff.email, { status: 'requested' }, { status: 'deposit_taken', deposit_reference: 'POS-4411' }],
      ['home_preview.ship', staff.email, { status: 'deposit_taken' }, { status: 'shipped', carrier: 'ups', tracking_number: UPS }],
      ['home_preview.deliver', staff.email, { status: 'shipped' }, { status: 'delivered' }],
      ['home_preview.receive', staff.email, { status: 'delivered' }, { status: 'delivered', replicas: [2], rings_returned: 1 }],
      ['home_preview.receive', other.email, { status: 'delivered' }, { status: 'returned', replicas: [1], rings_returned: 2 }],
      ['home_preview.refund', staff.email, { status: 'returned' }, { status: 'refunded', refunded_cents: 20_000, refund_reference: 'RF-7788' }],
    ]);
    expect((await preview(number)).history.map((h) => [h.what, h.by])).toEqual([
      ['Requested by the shopper', null],
      ['Took a Home Preview deposit (reference POS-4411)', staff.email],
      [`Shipped a Home Preview (UPS ${UPS})`, staff.email],
      ['Marked a Home Preview delivered', staff.email],
      ['Received Home Preview replicas: replica 2', staff.email],
      ['Received Home Preview replicas: replica 1', other.email],
      ['Refunded a Home Preview deposit (reference RF-7788)', staff.email],
    ]);
  });

  it('refuses a step the request is not at with 409 saying where it stands, and changes nothing', async () => {
    const { number } = await requested();
    const early = await step(staff, number, 'ship', { carrier: 'usps', tracking_number: USPS });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Home Preview ${number} cannot ship: its deposit is not taken yet.`);
    const refund = await step(staff, number, 'receive', { replicas: [1] });
    expect(refund.json().message).toBe(`Home Preview ${number} cannot receive replicas: it is requested, its deposit not taken yet; replicas come back once it has shipped.`);

    expect((await step(staff, number, 'deposit', { reference: 'POS-1' })).statusCode).toBe(200);
    const twice = await step(staff, number, 'deposit', { reference: 'POS-2' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Home Preview ${number} cannot take its deposit: its deposit is taken and it has not shipped.`);
    const cancel = await step(staff, number, 'cancel');
    expect(cancel.json().message).toBe(`Home Preview ${number} cannot be cancelled: its deposit is taken: refund it and cancel.`);
    expect(await preview(number)).toMatchObject({ status: 'deposit_taken', deposit_reference: 'POS-1' });

    expect((await step(staff, 'HP-2026-NOPE00', 'deposit', { reference: 'X' })).statusCode).toBe(404);
    expect((await step(staff, number, 'deposit', { reference: '   ' })).statusCode).toBe(422);
  });

  it('checks the tracking number against the carrier’s format (422 with the message) and keeps one number to one parcel', async () => {
    const { number } = await requested();
    expect((await step(staff, number, 'deposit', { reference: 'POS-9' })).statusCode).toBe(200);
    const wrong = await step(staff, number, 'ship', { carrier: 'ups', tracking_number: '1Z999AA10123456785' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.tracking_number).toEqual(['This UPS tracking number’s check digit does not match: please check it against the label.']);
    const usps = await step(staff, number, 'ship', { carrier: 'usps', tracking_number: '12345' });
    expect(usps.statusCode).toBe(422);
    expect(usps.json().errors.tracking_number).toEqual(['A USPS tracking number has 20 to 22 digits starting 91 to 95, or is an international one such as EA123456789US.']);
    expect((await step(staff, number, 'ship', { carrier: 'dhl', tracking_number: UPS })).statusCode).toBe(422);
    expect((await preview(number)).status).toBe('deposit_taken');

    const used = fedex();
    await shipped(1, used);
    const taken = await step(staff, number, 'ship', { carrier: 'fedex', tracking_number: used });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(new RegExp(`^Home Preview ${number} cannot ship with this tracking number: FedEx ${used} is already recorded for Home Preview HP-`));
  });

  it('lets one of two staff shipping at once win; the other is told it changed meanwhile', async () => {
    const { shopper, number } = await requested();
    expect((await step(staff, number, 'deposit', { reference: 'POS-2' })).statusCode).toBe(200);
    const [a, b] = [fedex(), fedex()];
    const answers = await Promise.all([step(staff, number, 'ship', { carrier: 'fedex', tracking_number: a }), step(other, number, 'ship', { carrier: 'fedex', tracking_number: b })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json().preview as AdminHomePreview;
    const lost = answers.find((r) => r.statusCode === 409)!.json().message as string;
    // Whichever read first: the loser either saw it shipped, or lost the UPDATE; both say where it stands.
    expect([`Home Preview ${number} cannot ship: it has shipped.`, `Home Preview ${number} changed meanwhile: it has shipped. Nothing was done.`]).toContain(lost);
    expect((await preview(number)).parcel!.tracking_number).toBe(won.parcel!.tracking_number);
    const log = (await app.inject({ url: `/api/admin/audit?subject=${number}&action=home_preview.ship`, headers: { cookie: owner.cookie } })).json() as AuditListResponse;
    expect(log.total).toBe(1);
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject.endsWith('has shipped')), { what: 'the shipped email' });
    expect(smtp.to(shopper.email).filter((m) => m.subject.endsWith('has shipped'))).toHaveLength(1);
  });

  it('records two replicas received at once by two staff without losing either: the request is returned exactly when both are back', async () => {
    const { number } = await shipped(2);
    const answers = await Promise.all([step(staff, number, 'receive', { replicas: [1] }), step(other, number, 'receive', { replicas: [2] })]);
    const now = await preview(number);
    const back = now.rings.filter((r) => r.returned_at !== null).length;
    // Each answer that succeeded recorded its replica; one that lost the race (PostgreSQL) recorded nothing.
    expect(back).toBe(answers.filter((r) => r.statusCode === 200).length);
    expect(now.status).toBe(back === 2 ? 'returned' : 'shipped');
    for (const lost of answers.filter((r) => r.statusCode !== 200)) expect(lost.json().message).toBe(`Home Preview ${number} changed meanwhile: it has shipped. Nothing was done.`);
  });

  it('changes a request only while it is as read: the second of two updates from one state changes nothing', async () => {
    const { number } = await requested(1);
    const repo = createHomePreviewRepository(db.db, engine);
    const row = (await repo.findByNumber(number))!;
    expect(await repo.move(row.id, { status: 'requested' }, { status: 'deposit_taken', deposit_reference: 'A' })).toBe(true);
    expect(await repo.move(row.id, { status: 'requested' }, { status: 'deposit_taken', deposit_reference: 'B' })).toBe(false);
    expect((await repo.findByNumber(number))!.deposit_reference).toBe('A');
  });

  it('keeps $100 per replica not back only once the three days and the return transit have passed, and refunds the rest', async () => {
    // No delivery recorded: the three days count from the shipment plus 7 days of transit, then 7 days to come back.
    const { shopper, number, shippedAt } = await shipped(2);
    const keepFrom = new Date(shippedAt + 17 * DAY).toISOString();
    expect(await preview(number)).toMatchObject({ keep_from: keepFrom, possession_ends_at: new Date(shippedAt + 10 * DAY).toISOString() });
    expect((await step(staff, number, 'receive', { replicas: [1] })).statusCode).toBe(200);

    await laterAt(shippedAt + 17 * DAY - 60_000);
    expect((await preview(number)).steps).toEqual(['deliver', 'receive']);
    const early = await step(staff, number, 'keep', { reference: 'RF-1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Home Preview ${number} cannot keep the deposit yet: the replicas are the shopper's for 3 days and may be on their way back until ${formatEasternTime(keepFrom)}.`);

    clock.set(new Date(shippedAt + 17 * DAY));
    expect((await preview(number)).steps).toEqual(['deliver', 'receive', 'keep']);
    // $100 is left to refund: its reference is required.
    const noReference = await step(staff, number, 'keep', {});
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().errors.reference).toEqual([HOME_PREVIEW_STEP_MESSAGES.reference]);
    const kept = await step(staff, number, 'keep', { reference: 'RF-55' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().preview).toMatchObject({ status: 'deposit_kept', kept: '100.00', refunded: '100.00', refund_reference: 'RF-55', steps: [] });

    const email = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Home Preview ${number}: deposit kept for a replica not returned`), { what: 'the kept email' });
    expect(email.text).toContain(`not back with us by ${formatEasternTime(keepFrom)}`);
    expect(email.text).toContain('so we kept $100 for each replica not returned');
    expect(email.text).toContain('Kept: $100');
    expect(email.text).toContain('Refunded: $100');
    expect(email.text).toContain('Refund reference: RF-55');
    const listed = (await mine(shopper.token)).data.find((p) => p.number === number)!;
    expect(listed).toMatchObject({ status: 'deposit_kept', kept_cents: 10_000, refunded_cents: 10_000, kept_reason: expect.stringContaining('The replica 2 (') });
    expect(listed.rings.map((r) => r.returned)).toEqual([true, false]);

    const log = (await app.inject({ url: `/api/admin/audit?subject=${number}&action=home_preview.keep`, headers: { cookie: owner.cookie } })).json() as AuditListResponse;
    expect(log.entries[0]).toMatchObject({ actor: expect.objectContaining({ email: staff.email }), before: { status: 'shipped' }, after: { status: 'deposit_kept', kept_cents: 10_000, refunded_cents: 10_000, refund_reference: 'RF-55', missing: [2] } });
  });

  it('counts possession from a recorded delivery, and keeps the whole deposit without a refund when no replica came back', async () => {
    const { number } = await shipped(1);
    await later(DAY);
    expect((await step(staff, number, 'deliver')).statusCode).toBe(200);
    const deliveredAt = clock.now().getTime();
    expect((await preview(number)).keep_from).toBe(new Date(deliveredAt + 10 * DAY).toISOString());
    await laterAt(deliveredAt + 10 * DAY - 60_000);
    expect((await step(staff, number, 'keep')).statusCode).toBe(409);
    clock.set(new Date(deliveredAt + 10 * DAY));
    const kept = await step(staff, number, 'keep');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().preview).toMatchObject({ status: 'deposit_kept', kept: '100.00', refunded: '0.00', refund_reference: null });
  });

  it('cancels before shipping: a request by the team, one with its deposit refunded; the shopper can no longer cancel once the deposit is taken', async () => {
    const a = await requested(1);
    const cancelled = await step(staff, a.number, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().preview).toMatchObject({ status: 'cancelled', steps: [] });
    await waitFor(() => smtp.to(a.shopper.email).find((m) => m.subject === `Your Home Preview ${a.number} is cancelled`), { what: 'the cancel email' });

    const b = await requested(1);
    expect((await step(staff, b.number, 'deposit', { reference: 'POS-3' })).statusCode).toBe(200);
    const byShopper = await app.inject({ method: 'POST', url: `/api/home-preview/requests/${b.number}/cancel`, headers: bearer(b.shopper.token) });
    expect(byShopper.statusCode).toBe(409);
    expect(byShopper.json().message).toContain('Please call us: we will cancel it and refund your deposit.');
    passwordAgeing();
    expect((await step(staff, b.number, 'cancel_refund', { reference: 'RF-3' })).statusCode).toBe(403);
    await confirmPassword(staff);
    const refunded = await step(staff, b.number, 'cancel_refund', { reference: 'RF-3' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().preview).toMatchObject({ status: 'cancelled', refunded: '100.00', refund_reference: 'RF-3' });
    const mail = await waitFor(() => smtp.to(b.shopper.email).find((m) => m.subject === `Your Home Preview ${b.number} is cancelled`), { what: 'the cancel email' });
    expect(mail.text).toContain('refunded your deposit of $100');

    // Shipped: no cancel any more.
    const c = await shipped(1);
    expect((await step(staff, c.number, 'cancel')).json().message).toBe(`Home Preview ${c.number} cannot be cancelled: it has shipped.`);
  });

  it('keeps counting a request toward the two every six months through every state but cancelled', async () => {
    const { shopper, number } = await requested(1);
    await step(staff, number, 'deposit', { reference: 'POS-5' });
    await step(staff, number, 'ship', { carrier: 'fedex', tracking_number: fedex() });
    await step(staff, number, 'receive', { replicas: [1] });
    expect((await step(staff, number, 'refund', { reference: 'RF-5' })).statusCode).toBe(200);
    expect(await mine(shopper.token)).toMatchObject({ remaining: 1 });

    const second = await app.inject({ method: 'POST', url: '/api/home-preview/requests', headers: bearer(shopper.token), payload: { rings: [{ variant_id: settings[1], ring_size: '7' }], ship_to: SHIP_TO } });
    expect(second.statusCode).toBe(201);
    expect(await mine(shopper.token)).toMatchObject({ remaining: 0 });
    // The team cancels the second: it no longer counts.
    expect((await step(staff, second.json().request.number, 'cancel')).statusCode).toBe(200);
    expect(await mine(shopper.token)).toMatchObject({ remaining: 1, next_available_on: null });
  });

  it('lists by each new status and opens the steps to staff only', async () => {
    const { number } = await shipped(1);
    const list = (await app.inject({ url: '/api/admin/home-previews?status=shipped&per_page=100', headers: { cookie: staff.cookie } })).json() as AdminHomePreviewListResponse;
    expect(list.previews.map((p) => p.number)).toContain(number);
    const shopper = await signUpAndIn(app);
    expect((await app.inject({ method: 'POST', url: `/api/admin/home-previews/${number}/deliver`, headers: { ...adminChange(), ...bearer(shopper.token) } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/home-previews/${number}/deliver`, headers: adminChange() })).statusCode).toBe(401);
    // A body that is not JSON is a plain 400.
    const garbled = await app.inject({ method: 'POST', url: `/api/admin/home-previews/${number}/receive`, headers: adminChange(staff.cookie), payload: '{"replicas": [1' });
    expect(garbled.statusCode).toBe(400);
  });
});
