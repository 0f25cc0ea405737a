import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { centsToPrice, formatCents, giftFor, lineTaxOf, taxCentsOf, totalChangedMessage, usStateRate, type Order, type Quote } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { pdfPlainText } from '../../test/pdf-text.ts';
import { seedInventory } from '../inventory/index.ts';
import { commandLineActor, createAuditLog } from '../audit/index.ts';
import { importTaxRateFile } from '../tax/index.ts';

const NEW_YORK = { street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' };
const PORTLAND = { street: '1 SW Main St', apartment: '', city: 'Portland', zip: '97204', country: 'United States' };
const BOSTON = { street: '1 Beacon St', apartment: '', city: 'Boston', zip: '02108', country: 'United States' };
const TORONTO = { street: '100 King St W', apartment: '', city: 'Toronto', zip: 'M5X 1A9', country: 'Canada' };

describe.each(TEST_ENGINES)('sales tax at checkout on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let dir: string;
  let stones: { id: number; price_cents: number }[];
  let next = 0;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 40, seed: 71 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').orderBy('id').execute()).map((r) => ({ id: Number(r.id), price_cents: Number(r.price_cents) }));
    smtp = await startTestSmtp();
    // The store's default: every state with a sales tax, and Canada.
    app = await createTestApp(db, { SMTP_URL: smtp.url, TAX_NEXUS: '' }, { passwordHasher: quickHasher, mail: { dispatcher: { pollIntervalMs: 20 } } });
    dir = mkdtempSync(join(tmpdir(), 'everstone-checkout-tax-'));
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const take = () => {
    const stone = stones[next++];
    if (!stone) throw new Error('the test inventory ran out');
    return stone;
  };
  const quote = async (body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/api/checkout/quote', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quote;
  };
  const lines = (...picked: { id: number }[]) => picked.map((s) => ({ kind: 'diamond', diamond_id: s.id, quantity: 1 }));
  const place = (token: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/store-order', headers: bearer(token), payload: body });
  const order = (picked: { id: number }[], address: object, total: string, method = 'pay-credit') => ({
    user_name: 'Ada Lovelace',
    contact_number: '212-555-0100',
    lines: lines(...picked),
    total_price: total,
    address: JSON.stringify(address),
    payment_mode: method,
    is_gift: 0,
  });

  it('quotes tax only once the address is known, by the state its ZIP code is in, rounded on each line', async () => {
    const [a, b] = [take(), take()];
    const pending = await quote({ lines: lines(a, b), payment_mode: 'pay-credit' });
    expect(pending).toMatchObject({ tax: null, tax_status: 'pending', tax_message: 'Enter shipping address', total: centsToPrice(a.price_cents + b.price_cents) });

    const ny = await quote({ lines: lines(a, b), payment_mode: 'pay-credit', address: JSON.stringify(NEW_YORK) });
    const rate = usStateRate('NY');
    const levy = { rateMillionths: rate.stateMillionths + rate.averageLocalMillionths, parts: [{ jurisdiction: 'New York state tax', rateMillionths: rate.stateMillionths }, { jurisdiction: 'New York local tax (state average)', rateMillionths: rate.averageLocalMillionths }] };
    const [taxA, taxB] = [lineTaxOf(a.price_cents, [levy]), lineTaxOf(b.price_cents, [levy])];
    expect(ny.tax_status).toBe('collected');
    expect(ny.tax_place).toBe('New York');
    expect(ny.lines).toEqual([
      { total: centsToPrice(a.price_cents), tax: centsToPrice(taxA.taxCents) },
      { total: centsToPrice(b.price_cents), tax: centsToPrice(taxB.taxCents) },
    ]);
    expect(ny.tax).toBe(centsToPrice(taxA.taxCents + taxB.taxCents));
    expect(ny.taxes.map((t) => [t.jurisdiction, t.rate])).toEqual([
      ['New York state tax', '4%'],
      ['New York local tax (state average)', `${rate.averageLocalMillionths / 10_000}%`],
    ]);
    expect(ny.total).toBe(centsToPrice(a.price_cents + b.price_cents + taxA.taxCents + taxB.taxCents));
    // §9's gift is the one the list subtotal reaches, at $0 and outside the total; the earrings when chosen.
    expect(ny.gift).toBe(giftFor(a.price_cents + b.price_cents));
    expect((await quote({ lines: lines(a, b), gift_choice: 'earrings' })).gift).toBe(giftFor(a.price_cents + b.price_cents, 'earrings'));

    // A bank wire's price is what is taxed.
    const wired = await quote({ lines: lines(a), payment_mode: 'pay-wire', address: JSON.stringify(NEW_YORK) });
    expect(wired.discount).toBe('5.00');
    expect(wired.tax).toBe(centsToPrice(lineTaxOf(a.price_cents - 500, [levy]).taxCents));
  });

  it('says where nothing is collected, taxes Canada by province, and says what to fix in a code it cannot place', async () => {
    const a = take();
    expect(await quote({ lines: lines(a), address: JSON.stringify(PORTLAND) })).toMatchObject({ tax: '0.00', tax_status: 'not_collected', tax_message: 'No sales tax is collected for Oregon', total: centsToPrice(a.price_cents) });
    const toronto = await quote({ lines: lines(a), address: JSON.stringify(TORONTO) });
    expect(toronto).toMatchObject({ tax_status: 'collected', tax_place: 'Ontario', tax: centsToPrice(taxCentsOf(a.price_cents, 130_000)) });
    expect(toronto.taxes.map((t) => [t.jurisdiction, t.rate])).toEqual([['HST', '13%']]);
    expect(await quote({ lines: lines(a), address: JSON.stringify({ ...NEW_YORK, zip: '1003' }) })).toMatchObject({ tax: null, tax_status: 'invalid', tax_message: 'Enter a 5-digit ZIP code', total: centsToPrice(a.price_cents) });
    const bad = await app.inject({ method: 'POST', url: '/api/checkout/quote', payload: { lines: lines(a), address: '{"zip": 5}' } });
    expect(bad.statusCode).toBe(422);
  });

  it('uses a ZIP code’s imported rate over the state’s estimate', async () => {
    const a = take();
    const path = join(dir, 'ma.csv');
    writeFileSync(
      path,
      'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel\nMA,02108,BOSTON,0.062500,0.062500,0,0,0,1\n',
    );
    const audit = createAuditLog({ db: db.db, now: () => new Date() });
    await importTaxRateFile(db, path, { record: (trx, entry) => audit.record(trx, commandLineActor('test'), entry), now: () => new Date() });
    const boston = await quote({ lines: lines(a), address: JSON.stringify(BOSTON) });
    expect(boston).toMatchObject({ tax_status: 'collected', tax: centsToPrice(taxCentsOf(a.price_cents, 62_500)) });
    expect(boston.taxes.map((t) => [t.jurisdiction, t.rate])).toEqual([['Massachusetts state tax', '6.25%']]);
  });

  it('places an order only at its quote’s total, and keeps the tax of each line on the order, its email and its invoice', async () => {
    const shopper = await signUpAndIn(app, { name: 'Ada Lovelace' });
    const a = take();
    const quoted = await quote({ lines: lines(a), payment_mode: 'pay-credit', address: JSON.stringify(NEW_YORK) });
    const untaxed = await place(shopper.token, order([a], NEW_YORK, centsToPrice(a.price_cents)));
    expect(untaxed.statusCode).toBe(422);
    expect(untaxed.json().errors.total_price).toEqual([totalChangedMessage(quoted.total, centsToPrice(a.price_cents))]);
    const badZip = await place(shopper.token, order([a], { ...NEW_YORK, zip: '00000' }, quoted.total));
    expect(badZip.statusCode).toBe(422);
    expect(badZip.json().errors.address[0]).toMatch(/^Check the ZIP code/);

    const placed = await place(shopper.token, order([a], NEW_YORK, quoted.total));
    expect(placed.statusCode, placed.body).toBe(201);
    const made = placed.json() as Order;
    expect(made).toMatchObject({ total_price: quoted.total, tax: quoted.tax, taxes: quoted.taxes });
    expect(made.lines[0]).toMatchObject({ total: centsToPrice(a.price_cents), tax: quoted.lines[0]!.tax });
    expect(made.lines[0]!.taxes.map((t) => t.jurisdiction)).toEqual(['New York state tax', 'New York local tax (state average)']);

    const mail = await waitFor(() => smtp.to(shopper.email).find((m) => m.text.includes(made.order_number)), { what: 'the confirmation' });
    expect(mail.text).toContain(`New York state tax 4%`);
    expect(mail.text).toContain(formatCents(Number(quoted.taxes[0]!.amount.replace('.', ''))));
    const invoice = await app.inject({ url: `/api/orders/${made.order_number}/documents/invoice`, headers: bearer(shopper.token) });
    expect(invoice.statusCode).toBe(200);
    const text = pdfPlainText(invoice.rawPayload);
    expect(text).toContain('New York state tax 4%');
    expect(text).not.toContain('Adjustment');
    expect(text).toContain(formatCents(Number(quoted.total.replace('.', ''))));
  });

  it('asks PayPal for the taxed amount and places the paid order with the tax it was paid with', async () => {
    const shopper = await signUpAndIn(app, { name: 'Ada Lovelace' });
    const a = take();
    const quoted = await quote({ lines: lines(a), payment_mode: 'pay-paypal', address: JSON.stringify(TORONTO) });
    const wallet = (amount: string) =>
      app.inject({
        method: 'POST',
        url: '/api/paypal/create-order',
        headers: bearer(shopper.token),
        payload: { amount, currency: 'USD', user_id: shopper.user.id, lines: lines(a), user_name: 'Ada Lovelace', contact_number: '416-555-0100', address: JSON.stringify(TORONTO) },
      });
    expect((await wallet(centsToPrice(a.price_cents))).statusCode).toBe(422);
    const created = await wallet(quoted.total);
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    expect((await app.inject({ method: 'POST', url: `/wallet-simulator/${orderID}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' })).statusCode).toBe(303);
    const captured = await app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(shopper.token), payload: { orderID } });
    expect(captured.statusCode, captured.body).toBe(201);
    expect(captured.json()).toMatchObject({ total_price: quoted.total, tax: quoted.tax, payment_status: 'paid', taxes: [{ jurisdiction: 'HST', rate: '13%' }] });
  });

  it('limits quotes and the gift’s standing together, per client, so a script cannot price the catalog through them', async () => {
    const limited = await createTestApp(db, { RATE_LIMITS_ENABLED: 'true', TAX_NEXUS: '' }, { passwordHasher: quickHasher });
    try {
      const a = take();
      const body = { lines: lines(a), address: JSON.stringify(PORTLAND) };
      for (let i = 0; i < 599; i++) expect((await limited.inject({ method: 'POST', url: '/api/checkout/quote', payload: body })).statusCode).toBe(200);
      expect((await limited.inject({ url: '/api/free-gift' })).statusCode).toBe(200);
      const refused = await limited.inject({ method: 'POST', url: '/api/checkout/quote', payload: body });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many price quotes\./);
      expect((await limited.inject({ url: '/api/free-gift' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
