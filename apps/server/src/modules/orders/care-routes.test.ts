import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type AdminFulfilmentResponse, type AdminOrder, type Order, type ProductDetail, type ProductListResponse, type ResizeCreated } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { pdfPlainText } from '../../test/pdf-text.ts';
import { createInventoryService } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';

const ADDRESS = JSON.stringify({ street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' });
let fedexSerial = 400_000_000_000;

describe.each(TEST_ENGINES)('resizes and repairs on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  type Person = { email: string; password: string; cookie: string };
  let staff: Person;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedProducts(db, createInventoryService({ db: db.db }));
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.test', AUTH_TOKEN_TTL_DAYS: '365' }, { passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
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

  const admin = (url: string, payload?: unknown) => app.inject({ method: 'POST', url: `/api/admin${url}`, payload: (payload ?? {}) as object, headers: adminChange(staff.cookie) });
  const ok = async (url: string, payload?: unknown) => {
    const res = await admin(url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as { message: string; order: AdminOrder };
  };
  const orderOf = async (token: string, number: string) => (await app.inject({ url: `/api/orders/${number}`, headers: bearer(token) })).json() as Order;
  const resize = (token: string, number: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/orders/${number}/resizes`, headers: bearer(token), payload: payload as object });

  /** A platinum setting in size 6.5, made to order, paid on delivery: made, shipped and delivered. */
  async function deliveredRing() {
    const shopper = await signUpAndIn(app, { name: 'Grace Hopper' });
    const listing = (await app.inject('/api/products?department=engagement-rings&per_page=100')).json() as ProductListResponse;
    const detail = (await app.inject(`/api/products/${listing.data[0]!.slug}`)).json() as ProductDetail;
    const variant = detail.variants.find((v) => v.metal === 'platinum') ?? detail.variants[0]!;
    const placed = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: { user_name: 'Grace Hopper', contact_number: '212-555-0142', lines: [{ kind: 'product', variant_id: variant.id, quantity: 1, ring_size: '6.5', engraving: null }], total_price: (variant.price_cents / 100).toFixed(2), address: ADDRESS, payment_mode: 'cod', is_gift: 0 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const number = (placed.json() as Order).order_number;
    await ok(`/orders/${number}/confirm`);
    for (const stage of ['bench', 'setting', 'polishing', 'quality_check']) await ok(`/orders/${number}/production`, { stage });
    await ok(`/orders/${number}/ship`, { carrier: 'fedex', tracking_number: String(fedexSerial++) });
    await ok(`/orders/${number}/deliver`);
    await ok(`/orders/${number}/paid`);
    return { shopper, number };
  }

  it('resizes a delivered ring: free the first time within two sizes, its label, the bench, and back on the order’s own parcels', async () => {
    const { shopper, number } = await deliveredRing();
    const before = await orderOf(shopper.token, number);
    expect(before.after_sale[0]).toMatchObject({ line: 1, resizable: true, free_resize: true, ticket: null });
    expect(before.after_sale[0]!.notes).toContain('First resize free within two sizes');

    const stranger = await signUpAndIn(app, { name: 'Sam Stranger' });
    expect((await resize(stranger.token, number, { line: 1, to_size: '7' })).statusCode).toBe(404);
    const badSize = await resize(shopper.token, number, { line: 1, to_size: '14' });
    expect([badSize.statusCode, badSize.json().errors?.to_size]).toEqual([422, ['Please choose the new size, from 3 to 13.']]);
    const same = await resize(shopper.token, number, { line: 1, to_size: '6.5' });
    expect([same.statusCode, same.json().message]).toEqual([422, 'The ring is already size 6.5.']);
    expect((await resize(shopper.token, number, { line: 9, to_size: '7' })).json().message).toBe('This order has no line 9.');

    const res = await resize(shopper.token, number, { line: 1, to_size: '7.5', note: 'A little snug.' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ResizeCreated;
    expect(created.number).toMatch(/^RS-[2-9A-HJ-NP-Z]{8}$/);
    expect(created.message).toContain('It is free: your ring’s first resize within two sizes.');
    expect(created.order.tickets).toMatchObject([{ number: created.number, kind: 'resize', status: 'requested', line: 1, from_size: '6.5', to_size: '7.5', free: true, fee: null }]);
    expect(created.order.after_sale[0]).toMatchObject({ resizable: false, returnable: false, ticket: created.number });
    const mail = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your Everstone resize ${created.number}`), { what: 'the resize email' });
    expect(mail.text).toContain(`https://shop.example.test${created.label_url}`);
    const label = await app.inject(created.label_url);
    expect([label.statusCode, label.headers['content-disposition']]).toEqual([200, `attachment; filename="everstone-resize-${created.number}.pdf"`]);
    expect(pdfPlainText(label.rawPayload)).toContain(created.number);

    // One open ticket per line; and the ring cannot be returned while it is in the store's hands.
    expect((await resize(shopper.token, number, { line: 1, to_size: '8' })).json().message).toBe(`Line 1 is already in resize ${created.number}.`);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${number}/returns`, headers: bearer(shopper.token), payload: { lines: [1], reason: 'size' } })).statusCode).toBe(422);

    const queue = (await app.inject({ url: '/api/admin/fulfilment', headers: { cookie: staff.cookie } })).json() as AdminFulfilmentResponse;
    expect(queue.tickets.find((t) => t.number === created.number)).toMatchObject({ order_number: number, status: 'requested', summary: 'Size 6.5 → 7.5, free', steps: ['receive', 'cancel'] });

    const early = await admin(`/tickets/${created.number}/ship`, { carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect([early.statusCode, early.json().message]).toEqual([409, `Resize ${created.number} cannot ship: it is requested: waiting for the piece.`]);
    await ok(`/tickets/${created.number}/receive`);
    expect((await app.inject(created.label_url)).statusCode).toBe(404);
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `We received your ring for resize ${created.number}`), { what: 'the received email' });
    const fee = await admin(`/tickets/${created.number}/start`, { fee: '85.00', reference: 'POS-1' });
    expect([fee.statusCode, fee.json().errors?.fee]).toEqual([422, ['This resize is the ring’s free one: it takes no fee.']]);
    await ok(`/tickets/${created.number}/start`);
    const badTracking = await admin(`/tickets/${created.number}/ship`, { carrier: 'ups', tracking_number: '1Z999AA10123456785' });
    expect(badTracking.statusCode).toBe(422);
    const shipped = await ok(`/tickets/${created.number}/ship`, { carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect(shipped.order.shipments.map((s) => s.tracking_number)).toEqual([expect.any(String), '1Z999AA10123456784']);
    expect(shipped.order.tickets[0]).toMatchObject({ status: 'shipped_back' });
    expect(shipped.order.history.map((h) => h.what)).toEqual(expect.arrayContaining(['Received a piece for a resize or repair', 'Started a resize or repair', 'Shipped a resized or repaired piece back']));
    const back = await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your resize ${created.number} is on its way back`), { what: 'the shipped-back email' });
    expect(back.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const after = await orderOf(shopper.token, number);
    expect(after.timeline.filter((t) => t.step.startsWith('care_')).map((t) => t.step)).toEqual(['care_requested', 'care_received', 'care_in_work', 'care_shipped']);
    // The first resize is used: the next is quoted, and its fee is taken before the work starts.
    expect(after.after_sale[0]).toMatchObject({ resizable: true, free_resize: false });
    const second = (await resize(shopper.token, number, { line: 1, to_size: '7' })).json() as ResizeCreated;
    expect(second.order.tickets[1]).toMatchObject({ free: false, fee: null });
    await ok(`/tickets/${second.number}/receive`);
    const unpaid = await admin(`/tickets/${second.number}/start`, { fee: '85.00' });
    expect([unpaid.statusCode, unpaid.json().errors?.reference]).toEqual([422, ['Take the fee from the shopper first, then give its payment’s reference.']]);
    const started = await ok(`/tickets/${second.number}/start`, { fee: '85.00', reference: 'POS-4471' });
    expect(started.order.tickets[1]).toMatchObject({ status: 'in_work', fee: '85.00' });
    const audit = await db.db.selectFrom('audit_log').select(['action']).where('subject_id', '=', number).where('action', 'like', 'care.%').execute();
    expect(audit.map((a) => a.action)).toEqual(['care.receive', 'care.start', 'care.ship', 'care.receive', 'care.start']);
  });

  it('opens a repair for a piece brought in, one open ticket per line, and lets staff cancel it', async () => {
    const { shopper, number } = await deliveredRing();
    const repair = await ok(`/orders/${number}/repairs`, { line: 1, description: 'A prong is loose.' });
    const ticket = repair.order.tickets[0]!;
    expect(ticket).toMatchObject({ kind: 'repair', status: 'received', description: 'A prong is loose.' });
    expect(ticket.number).toMatch(/^RP-/);
    expect(repair.message).toBe(`Repair ${ticket.number} is open for line 1; the piece is recorded received.`);
    const twice = await admin(`/orders/${number}/repairs`, { line: 1, description: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect((await admin(`/orders/${number}/repairs`, { line: 1, description: '' })).statusCode).toBe(422);
    expect((await resize(shopper.token, number, { line: 1, to_size: '7' })).json().message).toBe(`Line 1 is already in repair ${ticket.number}.`);
    const cancelled = await ok(`/tickets/${ticket.number}/cancel`);
    expect(cancelled.order.tickets[0]).toMatchObject({ status: 'cancelled' });
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `Your repair ${ticket.number} is cancelled`), { what: 'the cancelled email' });
    expect((await orderOf(shopper.token, number)).after_sale[0]).toMatchObject({ resizable: true, free_resize: true });
  });
});
