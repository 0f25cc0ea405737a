import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { centsToPrice, formatCents, type AdminFulfilmentResponse, type AdminOrder, type Order, type ReturnCreated } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { seedInventory } from '../inventory/index.ts';
import { pdfPlainText } from '../../test/pdf-text.ts';

const ADDRESS = { street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' };
const DAY = 86_400_000;
let fedexSerial = 200_000_000_000;

describe.each(TEST_ENGINES)('returns through the API on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;
  let stones: { id: number; price_cents: number; carat: number }[];
  let next = 0;
  type Person = { email: string; password: string; cookie: string };
  let staff: Person;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 60, seed: 61 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'carat']).where('status', '=', 'available').where('carat', '<=', 1.99).orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      price_cents: Number(r.price_cents),
      carat: Number(r.carat),
    }));
    smtp = await startTestSmtp();
    clock = createTestClock(new Date());
    app = await createTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.test', AUTH_TOKEN_TTL_DAYS: '365' }, { now: clock.now, passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    staff = await signUpAsStaff(app, db.db, 'staff', 'Stella Staff');
  });
  beforeEach(async () => {
    staff.cookie = await adminCookie(app, staff.email, staff.password);
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const take = (n: number) => {
    const out = stones.slice(next, next + n);
    next += n;
    if (out.length < n) throw new Error('the test inventory ran out');
    return out;
  };
  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const admin = (url: string, payload?: unknown) => app.inject({ method: 'POST', url: `/api/admin${url}`, payload: (payload ?? {}) as object, headers: adminChange(staff.cookie) });
  const orderStep = async (number: string, step: string, payload?: unknown) => {
    const res = await admin(`/orders/${number}/${step}`, payload);
    expect(res.statusCode, res.body).toBe(200);
  };
  const returnStep = (rma: string, step: string, payload?: unknown) => admin(`/returns/${rma}/${step}`, payload);
  const orderOf = async (token: string, number: string) => {
    const res = await app.inject({ url: `/api/orders/${number}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order;
  };
  const ask = (token: string, number: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/orders/${number}/returns`, headers: bearer(token), payload: payload as object });

  /** Stones paid for through PayPal (the simulator), shipped and delivered. */
  async function deliveredViaPayPal(picked: { id: number; price_cents: number }[]) {
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      headers: bearer(shopper.token),
      payload: {
        amount: centsToPrice(picked.reduce((s, p) => s + p.price_cents, 0)),
        currency: 'USD',
        user_id: shopper.user.id,
        items_id: picked.map((p) => p.id),
        user_name: 'Ann Lee',
        contact_number: '212-555-0100',
        address: JSON.stringify(ADDRESS),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    const approved = await app.inject({ method: 'POST', url: `/wallet-simulator/${orderID}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });
    expect(approved.statusCode).toBe(303);
    const captured = await app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(shopper.token), payload: { orderID } });
    expect(captured.statusCode, captured.body).toBe(201);
    const order = captured.json() as Order;
    await orderStep(order.order_number, 'ready');
    await orderStep(order.order_number, 'ship', { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await orderStep(order.order_number, 'deliver');
    return { shopper, order, orderID };
  }

  it('takes a PayPal return from the shopper’s request to its partial refund through PayPal, the stone back on sale', async () => {
    const [a, b] = take(2) as [(typeof stones)[number], (typeof stones)[number]];
    const { shopper, order, orderID } = await deliveredViaPayPal([a, b]);
    const number = order.order_number;

    const before = await orderOf(shopper.token, number);
    expect(before.after_sale.map((l) => [l.line, l.returnable])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(before.after_sale[0]!.notes[0]).toMatch(/^Returnable until [A-Z][a-z]{2} \d{1,2}/);

    // Another account's order is the same 404 as none; what cannot be right is a 422 naming it.
    const stranger = await signUpAndIn(app, { name: 'Sam Stranger' });
    expect((await ask(stranger.token, number, { lines: [1], reason: 'changed_mind' })).statusCode).toBe(404);
    const none = await ask(shopper.token, number, { lines: [], reason: 'changed_mind' });
    expect([none.statusCode, none.json().errors?.lines]).toEqual([422, ['Please choose the pieces to return.']]);
    const noReason = await ask(shopper.token, number, { lines: [1], reason: 'bored' });
    expect([noReason.statusCode, noReason.json().errors?.reason]).toEqual([422, ['Please tell us why you are returning it.']]);
    const missing = await ask(shopper.token, number, { lines: [3], reason: 'size' });
    expect(missing.statusCode).toBe(422);

    const res = await ask(shopper.token, number, { lines: [1], reason: 'changed_mind', note: 'Lovely, but not for us.' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ReturnCreated;
    expect(created.rma).toMatch(/^RMA-[2-9A-HJ-NP-Z]{8}$/);
    expect(created.label_url).toMatch(/^\/api\/returns\/labels\/[A-Za-z0-9_-]{43}$/);
    expect(created.order.returns).toMatchObject([{ rma: created.rma, status: 'authorized', lines: [1], refund: centsToPrice(a.price_cents), reason: 'changed_mind' }]);
    expect(created.order.after_sale[0]).toMatchObject({ returnable: false, rma: created.rma });
    expect(created.order.timeline.at(-1)).toMatchObject({ step: 'return_authorized', detail: created.rma, label: `Return ${created.rma} authorized: your prepaid label is ready` });
    const mail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Everstone return ${created.rma} is authorized`), { what: 'the return’s email' });
    expect(mail.text).toContain(`https://shop.example.test${created.label_url}`);
    // The token is the label's only key: the store keeps its hash.
    const token = created.label_url.split('/').at(-1)!;
    const stored = await db.db.selectFrom('order_returns').select('label_token_hash').where('rma', '=', created.rma).executeTakeFirstOrThrow();
    expect(stored.label_token_hash).not.toContain(token);

    // The label is a PDF by its link, without signing in; a new link stops the old one.
    const labelOf = (url: string) => app.inject({ url });
    const first = await labelOf(created.label_url);
    expect([first.statusCode, first.headers['content-type'], first.headers['cache-control']]).toEqual([200, 'application/pdf', 'no-store']);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfPlainText(first.rawPayload);
    expect(text).toContain(created.rma);
    expect(text).toContain(number);
    expect(text).toContain('580 Fifth Avenue');
    expect((await labelOf(`${created.label_url.slice(0, -1)}${created.label_url.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404);
    expect((await labelOf('/api/returns/labels/not-a-token')).statusCode).toBe(404);
    const strangerLabel = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns/${created.rma}/label`, headers: bearer(stranger.token) });
    expect(strangerLabel.statusCode).toBe(404);
    const renewed = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns/${created.rma}/label`, headers: bearer(shopper.token) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newUrl = (renewed.json() as { label_url: string }).label_url;
    expect(newUrl).not.toBe(created.label_url);
    expect((await labelOf(created.label_url)).statusCode).toBe(404);
    expect((await labelOf(newUrl)).statusCode).toBe(200);

    // The second line is stopped by the six-month rule, with the day it may be returned from.
    const again = await ask(shopper.token, number, { lines: [2], reason: 'size' });
    expect([again.statusCode, again.json().message]).toEqual([422, expect.stringMatching(/^One return every six months: your next is possible from /)]);

    // The return waits in the back office's queue, with what staff do next.
    const queue = (await app.inject({ url: '/api/admin/fulfilment', headers: { cookie: staff.cookie } })).json() as AdminFulfilmentResponse;
    expect(queue.returns.find((r) => r.rma === created.rma)).toMatchObject({ order_number: number, status: 'authorized', steps: ['receive', 'cancel'], lines: 1 });

    // Steps out of order change nothing and say where the return stands.
    const early = await returnStep(created.rma, 'refund');
    expect([early.statusCode, early.json().message]).toEqual([409, `Return ${created.rma} cannot be refunded: it is return authorized.`]);

    expect((await returnStep(created.rma, 'receive')).statusCode).toBe(200);
    // Once the parcel is in, its label is no longer needed.
    expect((await labelOf(newUrl)).statusCode).toBe(404);
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `We received your Everstone return ${created.rma}`), { what: 'the received email' });
    // The shopper can no longer withdraw it once it is in the store's hands.
    const late = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns/${created.rma}/cancel`, headers: bearer(shopper.token) });
    expect(late.statusCode).toBe(409);

    const inspected = await returnStep(created.rma, 'inspect', { passed: true, note: 'Certificate and inscription match.' });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(await statusOf(a.id)).toBe('available');
    expect(await statusOf(b.id)).toBe('sold');
    const search = await app.inject(`/api/diamonds/${a.id}`);
    expect(search.statusCode).toBe(200);

    // Two staff refund at once: PayPal refunds it once, and only the stone's part of the payment.
    const both = await Promise.all([returnStep(created.rma, 'refund'), returnStep(created.rma, 'refund')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refunded = both.find((r) => r.statusCode === 200)!.json() as { message: string; order: AdminOrder };
    expect(refunded.message).toMatch(new RegExp(`^Return ${created.rma} is refunded: .* \\(reference SIMREF`));
    expect(refunded.order.refunded).toBe(centsToPrice(a.price_cents));
    expect(refunded.order.returns[0]).toMatchObject({ status: 'refunded', refund_reference: expect.stringMatching(/^SIMREF/) });
    expect(refunded.order.history.map((h) => h.what)).toEqual(expect.arrayContaining(['Received a return', 'Inspected a return: accepted, back on sale', 'Refunded a return']));
    const ledger = await db.db.selectFrom('wallet_simulated_payments').select(['refunded_cents', 'amount_cents']).where('id', '=', orderID).executeTakeFirstOrThrow();
    expect([Number(ledger.refunded_cents), Number(ledger.amount_cents)]).toEqual([a.price_cents, a.price_cents + b.price_cents]);
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Everstone return ${created.rma} is refunded`), { what: 'the refund email' });

    const after = await orderOf(shopper.token, number);
    expect(after.timeline.filter((t) => t.step.startsWith('return_')).map((t) => t.step)).toEqual(['return_authorized', 'return_received', 'return_inspected', 'return_refunded']);
  });

  it('never completes an order while a return of it is open, and lets the shopper withdraw one before it is received', async () => {
    const [a] = take(1) as [(typeof stones)[number]];
    const { shopper, order } = await deliveredViaPayPal([a]);
    const number = order.order_number;
    const created = (await ask(shopper.token, number, { lines: [1], reason: 'size' })).json() as ReturnCreated;

    // The window closes with the return still open: staff cannot complete the order, nor can the sweep.
    clock.advance(31 * DAY);
    staff.cookie = await adminCookie(app, staff.email, staff.password);
    const complete = await admin(`/orders/${number}/complete`);
    expect(complete.statusCode).toBe(409);

    // Someone else's return is the same 404 as none.
    const stranger = await signUpAndIn(app, { name: 'Sam Stranger' });
    expect((await app.inject({ method: 'POST', url: `/api/orders/${number}/returns/${created.rma}/cancel`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns/${created.rma}/cancel`, headers: bearer(shopper.token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Order).returns[0]).toMatchObject({ status: 'cancelled' });
    expect(await statusOf(a.id)).toBe('sold');
    // The window has closed meanwhile: the line cannot be returned again, and the order completes.
    expect((cancelled.json() as Order).after_sale[0]!.returnable).toBe(false);
    expect((await admin(`/orders/${number}/complete`)).statusCode).toBe(200);
  });

  it('records a refund of another payment method with its reference, and asks for it when missing', async () => {
    const [a] = take(1) as [(typeof stones)[number]];
    const shopper = await signUpAndIn(app, { name: 'Ann Lee' });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: { user_name: 'Ann Lee', contact_number: '212-555-0100', lines: [{ kind: 'diamond', diamond_id: a.id, quantity: 1 }], total_price: centsToPrice(a.price_cents), address: JSON.stringify(ADDRESS), payment_mode: 'pay-credit', is_gift: 0 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const number = (placed.json() as Order).order_number;
    await orderStep(number, 'paid');
    await orderStep(number, 'ready');
    await orderStep(number, 'ship', { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await orderStep(number, 'deliver');
    const { rma } = (await ask(shopper.token, number, { lines: [1], reason: 'quality' })).json() as ReturnCreated;
    expect((await returnStep(rma, 'receive')).statusCode).toBe(200);
    const declinedNote = await returnStep(rma, 'inspect', { passed: 'yes' });
    expect(declinedNote.statusCode).toBe(422);
    expect((await returnStep(rma, 'inspect', { passed: true })).statusCode).toBe(200);
    const noReference = await returnStep(rma, 'refund', {});
    expect([noReference.statusCode, noReference.json().errors?.reference]).toEqual([422, [`Refund the ${formatCents(a.price_cents)} through the order’s payment route first, then give its reference.`]]);
    const done = await returnStep(rma, 'refund', { reference: ' TERM-8841 ' });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { order: AdminOrder }).order.returns[0]).toMatchObject({ status: 'refunded', refund_reference: 'TERM-8841' });
    const audit = await db.db.selectFrom('audit_log').select(['action']).where('subject_id', '=', number).execute();
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['return.receive', 'return.inspect', 'return.refund']));
  });

  it('settles a return as an exchange toward the shopper’s own new order, placed since, and refuses any other', async () => {
    const [a, b, c, d] = take(4) as [(typeof stones)[number], (typeof stones)[number], (typeof stones)[number], (typeof stones)[number]];
    const shopper = await signUpAndIn(app, { name: 'Eve Park' });
    const stranger = await signUpAndIn(app, { name: 'Sam Roe' });
    const place = async (who: { token: string }, stone: (typeof stones)[number]) => {
      const placed = await app.inject({
        method: 'POST',
        url: '/api/store-order',
        headers: bearer(who.token),
        payload: { user_name: 'Eve Park', contact_number: '212-555-0100', lines: [{ kind: 'diamond', diamond_id: stone.id, quantity: 1 }], total_price: centsToPrice(stone.price_cents), address: JSON.stringify(ADDRESS), payment_mode: 'pay-credit', is_gift: 0 },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return (placed.json() as Order).order_number;
    };
    const returned = await place(shopper, a);
    const older = await place(shopper, b);
    const theirs = await place(stranger, c);
    await orderStep(returned, 'paid');
    await orderStep(returned, 'ready');
    await orderStep(returned, 'ship', { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await orderStep(returned, 'deliver');
    clock.advance(60_000);
    const { rma } = (await ask(shopper.token, returned, { lines: [1], reason: 'changed_mind' })).json() as ReturnCreated;
    expect((await returnStep(rma, 'receive')).statusCode).toBe(200);
    expect((await returnStep(rma, 'inspect', { passed: true })).statusCode).toBe(200);
    clock.advance(60_000);
    const replacement = await place(shopper, d);

    const refused = async (exchange: string) => {
      const res = await returnStep(rma, 'refund', { reference: 'TERM-9001', exchange_order: exchange });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors.exchange_order[0] as string;
    };
    expect(await refused('not-an-order')).toBe('"NOT-AN-ORDER" is not an order number (EV-2026-K7M3QX).');
    expect(await refused(theirs)).toBe(`The shopper of return ${rma} has no order ${theirs}.`);
    expect(await refused(returned)).toBe(`Order ${returned} is the returned order itself: give the shopper’s new order.`);
    expect(await refused(older)).toBe(`Order ${older} was placed before return ${rma} was asked for: an exchange is a new order.`);
    // Nothing moved: still inspected, nothing refunded.
    expect((await orderOf(shopper.token, returned)).returns[0]).toMatchObject({ status: 'inspected', exchange_order_number: null });

    const done = await returnStep(rma, 'refund', { reference: 'TERM-9001', exchange_order: ` ${replacement.toLowerCase()} ` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toContain(`as an exchange toward order ${replacement}`);
    const after = await orderOf(shopper.token, returned);
    expect(after.returns[0]).toMatchObject({ status: 'refunded', refund_reference: 'TERM-9001', exchange_order_number: replacement });
    expect(after.timeline.filter((t) => t.step.startsWith('return_')).map((t) => t.step)).toEqual(['return_authorized', 'return_received', 'return_inspected', 'return_exchanged']);
    expect(after.timeline.at(-1)!.label).toBe(`Return ${rma} refunded as an exchange toward your new order`);
    const entry = await db.db.selectFrom('audit_log').select(['after_json']).where('subject_id', '=', returned).where('action', '=', 'return.refund').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json as string)).toMatchObject({ rma, return_status: 'refunded', exchange_order: replacement });
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Everstone return ${rma} is refunded` && m.text.includes(`your new order ${replacement} goes ahead as placed`)), { what: 'the exchange’s refund email' });
  });
});
