import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_LINK_DAYS, INSURANCE_SHEET_HEADING, centsToPrice, type DocumentLinkResponse, type LineItem, type Order, type RingDesign } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { adminChange, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../../test/accounts.ts';
import { pdfPlainText } from '../../test/pdf-text.ts';
import { hashToken } from '../../lib/opaque-token.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { seedProducts } from '../jewelry/index.ts';

const ADDRESS = JSON.stringify({ apartment: 'Apt 4B', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });
const payload = (lines: LineItem[], totalCents: number) => ({
  user_name: 'Ann Lee',
  contact_number: '212-555-0100',
  lines,
  total_price: centsToPrice(totalCents),
  address: ADDRESS,
  payment_mode: 'cod',
  is_gift: 0,
});

interface Stone {
  id: number;
  certificate: string;
  priceCents: number;
  shape: string;
  carat: number;
  widthMm: number | null;
}

describe.each(TEST_ENGINES)('order documents on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let clock: TestClock;
  const logLines: string[] = [];
  let owner: { token: string; userId: number };
  let stranger: { token: string };
  let order: Order;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 400, seed: 23 });
    await seedProducts(db, createInventoryService({ db: db.db }));
    clock = createTestClock(new Date());
    app = await createTestApp(db, { LOG_LEVEL: 'info', PUBLIC_URL: 'https://shop.example.com' }, { now: clock.now, passwordHasher: quickHasher, logStream: { write: (line) => void logLines.push(line) } });

    const stones: Stone[] = (
      await db.db
        .selectFrom('diamonds')
        .innerJoin('shapes', 'shapes.id', 'diamonds.shape_id')
        .select(['diamonds.id', 'certificate_number', 'price_cents', 'carat', 'shapes.name as shape', 'measurement_l', 'measurement_w'])
        .where('status', '=', 'available')
        .orderBy('diamonds.id')
        .execute()
    ).map((r) => ({
      id: Number(r.id),
      certificate: r.certificate_number,
      priceCents: Number(r.price_cents),
      shape: r.shape,
      carat: Number(r.carat),
      widthMm: r.measurement_l === null || r.measurement_w === null ? null : Math.min(Number(r.measurement_l), Number(r.measurement_w)),
    }));
    const settings = (
      await db.db
        .selectFrom('product_variants')
        .innerJoin('products', 'products.id', 'product_variants.product_id')
        .select(['product_variants.id', 'products.name', 'price_cents', 'product_variants.design_json'])
        .where('products.family', '=', 'setting')
        .where('products.published', '=', 1)
        .where('product_variants.discontinued', '=', 0)
        .where('product_variants.stocked', '=', 0)
        .orderBy('product_variants.id')
        .execute()
    ).map((r) => ({ id: Number(r.id), name: r.name, priceCents: Number(r.price_cents), head: (JSON.parse(r.design_json) as RingDesign).head! }));
    // A ring: a stone a (non-Luxe) setting's head holds; and a loose diamond beside it.
    let ring: { stone: Stone; setting: (typeof settings)[number] } | null = null;
    for (const s of stones) {
      const v = settings.find((x) => !x.name.includes('Luxe') && s.widthMm !== null && x.head.shapes.includes(s.shape as never) && s.widthMm >= x.head.minWidthMm && s.widthMm <= x.head.maxWidthMm && s.carat >= (x.head.minCenterCarat ?? 0));
      if (v) {
        ring = { stone: s, setting: v };
        break;
      }
    }
    if (!ring) throw new Error('no stone of the test inventory fits a setting');
    const loose = stones.find((s) => s.id !== ring.stone.id)!;

    const shopper = await signUpAndIn(app);
    owner = { token: shopper.token, userId: shopper.user.id };
    stranger = await signUpAndIn(app);
    const lines: LineItem[] = [
      { kind: 'diamond', diamond_id: loose.id, quantity: 1 },
      { kind: 'ring', diamond_id: ring.stone.id, variant_id: ring.setting.id, quantity: 1, ring_size: '6.5', engraving: null },
    ];
    const res = await app.inject({ method: 'POST', url: '/api/store-order', headers: bearer(owner.token), payload: payload(lines, loose.priceCents + ring.stone.priceCents + ring.setting.priceCents) });
    if (res.statusCode !== 201) throw new Error(`the order answered ${res.statusCode}: ${res.body}`);
    order = res.json() as Order;
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const docs = () => `/api/orders/${order.order_number}/documents`;
  const makeLink = (body: object, token = owner.token) => app.inject({ method: 'POST', url: `${docs()}/links`, headers: bearer(token), payload: body });

  function expectPdf(res: Awaited<ReturnType<typeof get>>, filename: string): string {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return pdfPlainText(res.rawPayload);
  }

  it('gives the shopper the invoice of their order, its total to the cent of the order’s', async () => {
    const text = expectPdf(await get(`${docs()}/invoice`, owner.token), `${order.order_number}-invoice.pdf`);
    expect(text).toContain(order.order_number);
    expect(text).toContain(`Total (USD) $${Number(order.total_price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(text).toContain(order.lines[0]!.certificate_number!);
  });

  it('gives the packing slip every line and no price, in any letter case of the order number', async () => {
    const text = expectPdf(await get(`/api/orders/${order.order_number.toLowerCase()}/documents/packing-slip`, owner.token), `${order.order_number}-packing-slip.pdf`);
    expect(text).toContain(order.lines[1]!.ring!.setting_name);
    expect(text).toContain(order.lines[0]!.certificate_number!);
    expect(text).not.toMatch(/\$\d/);
  });

  it('documents the diamond and the ring for an insurer, with the stone’s lab and grades from the catalog', async () => {
    const diamond = expectPdf(await get(`${docs()}/insurance/1`, owner.token), `${order.order_number}-insurance-line-1.pdf`);
    expect(diamond).toContain(INSURANCE_SHEET_HEADING);
    expect(diamond).toMatch(/Grading laboratory (GIA|IGI)/);
    expect(diamond).toContain(order.lines[0]!.certificate_number!);
    const ring = expectPdf(await get(`${docs()}/insurance/2`, owner.token), `${order.order_number}-insurance-line-2.pdf`);
    expect(ring).toContain(order.lines[1]!.ring!.certificate_number);
    expect(ring).toMatch(/Metal weight approx\. \d+\.\d g/);
    expect(ring).toContain(`$${Number(order.lines[1]!.total).toLocaleString('en-US', { minimumFractionDigits: 2 })} (USD)`);
  });

  it('answers 404 for a line that is not a diamond or ring, or not a line at all', async () => {
    for (const line of ['3', '0', '-1', 'abc', '1.5', '99999', '%00']) {
      const res = await get(`${docs()}/insurance/${line}`, owner.token);
      expect(res.statusCode, line).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('answers another account’s order exactly as a missing one, and a guest 401', async () => {
    const theirs = await get(`${docs()}/invoice`, stranger.token);
    const missing = await get('/api/orders/EV-2026-AAAAAA/documents/invoice', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await get(`${docs()}/insurance/1`, stranger.token)).statusCode).toBe(404);
    expect((await makeLink({ document: 'invoice' }, stranger.token)).statusCode).toBe(404);
    expect((await get(`${docs()}/invoice`)).statusCode).toBe(401);
    expect(await db.db.selectFrom('document_links').select('id').execute()).toEqual([]);
  });

  it('makes a link that opens the document without signing in for 7 days, keeping only the token’s hash', async () => {
    const res = await makeLink({ document: 'insurance', line: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as DocumentLinkResponse;
    const token = link.url.split('/').at(-1)!;
    expect(link.url).toBe(`https://shop.example.com/api/documents/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.filename).toBe(`${order.order_number}-insurance-line-2.pdf`);
    expect(new Date(link.expires_at).getTime() - clock.now().getTime()).toBe(DOCUMENT_LINK_DAYS * 86_400_000);

    const rows = await db.db.selectFrom('document_links').selectAll().execute();
    const row = rows.find((r) => r.token_hash === hashToken(token))!;
    expect(row).toMatchObject({ order_number: order.order_number, document: 'insurance', created_by_user_id: owner.userId, created_by_staff: null });
    expect(Number(row.line)).toBe(2);
    expect(JSON.stringify(rows)).not.toContain(token);

    logLines.length = 0;
    const text = expectPdf(await get(`/api/documents/${token}`), link.filename);
    expect(text).toContain(INSURANCE_SHEET_HEADING);
    // The request log says a document link was opened, never which.
    expect(logLines.join('\n')).toContain('/api/documents/[redacted]');
    expect(logLines.join('\n')).not.toContain(token);

    clock.advance(DOCUMENT_LINK_DAYS * 86_400_000 + 1000);
    const gone = await get(`/api/documents/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/expired or does not exist/);
  });

  it('refuses a link to nothing with a 422 that says why, and a made-up link with the same 404 as an expired one', async () => {
    for (const body of [{}, { document: 'receipt' }, { document: 'insurance' }, { document: 'invoice', line: 1 }, { document: 'insurance', line: 0 }, { document: 'invoice', extra: 1 }]) {
      const res = await makeLink(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    expect((await makeLink({ document: 'insurance', line: 3 })).statusCode).toBe(404);
    for (const token of ['x', 'A'.repeat(43), '../../etc/passwd', 'A'.repeat(200)]) expect((await get(`/api/documents/${encodeURIComponent(token)}`)).statusCode, token).toBe(404);
  });

  it('gives staff every document of any order, each download on the audit log, and links of their own', async () => {
    const staff = await signUpAsStaff(app, db.db, 'staff', 'Sam Staff');
    const admin = (url: string) => app.inject({ method: 'GET', url: `/api/admin/orders/${order.order_number}/documents/${url}`, headers: { cookie: staff.cookie } });
    expectPdf(await admin('invoice'), `${order.order_number}-invoice.pdf`);
    expectPdf(await admin('packing-slip'), `${order.order_number}-packing-slip.pdf`);
    expectPdf(await admin('insurance/2'), `${order.order_number}-insurance-line-2.pdf`);
    expect((await admin('insurance/3')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/admin/orders/EV-2026-AAAAAA/documents/invoice`, headers: { cookie: staff.cookie } })).statusCode).toBe(404);
    // A shopper's token opens nothing of the back office.
    expect((await app.inject({ method: 'GET', url: `/api/admin/orders/${order.order_number}/documents/invoice`, headers: bearer(owner.token) })).statusCode).toBe(403);

    const link = await app.inject({ method: 'POST', url: `/api/admin/orders/${order.order_number}/documents/links`, headers: adminChange(staff.cookie), payload: { document: 'invoice' } });
    expect(link.statusCode, link.body).toBe(201);
    const token = (link.json() as DocumentLinkResponse).url.split('/').at(-1)!;
    expect((await db.db.selectFrom('document_links').select('created_by_staff').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).created_by_staff).toBe(staff.email);

    const entries = await db.db.selectFrom('audit_log').select(['action', 'subject_id', 'after_json', 'actor_email']).where('subject_id', '=', order.order_number).orderBy('id').execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.after_json!)])).toEqual([
      ['order.document', { document: 'invoice' }],
      ['order.document', { document: 'packing-slip' }],
      ['order.document', { document: 'insurance', line: 2 }],
      ['order.document_link', { document: 'invoice' }],
    ]);
    expect(JSON.stringify(entries)).not.toContain(token);
    const page = (await app.inject({ method: 'GET', url: `/api/admin/orders/${order.order_number}`, headers: { cookie: staff.cookie } })).json();
    expect(page.order.history.map((h: { what: string }) => h.what)).toContain('Downloaded an order document (Insurance documentation, line 2)');
  });
});
