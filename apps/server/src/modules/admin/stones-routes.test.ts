import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MIN_STONE_PRICE_CENTS, STONE_PRICE_TOO_LOW, centsToPrice, importEventSchema, type AdminStone, type AuditListResponse, type DiamondListResponse, type ImportEvent } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { adminChange, bearer, quickHasher, signUpAsStaff, signUpVerified } from '../../test/accounts.ts';
import { waitFor } from '../../test/wait-for.ts';
import { seedInventory } from '../inventory/index.ts';

describe.each(TEST_ENGINES)('the back office’s stones on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: { cookie: string; email: string };
  let owner: { cookie: string };
  let stones: { id: number; price_cents: number; certificate_number: string }[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 60, seed: 5 });
    stones = (await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'certificate_number']).where('status', '=', 'available').orderBy('id').execute()).map((r) => ({
      id: Number(r.id),
      price_cents: Number(r.price_cents),
      certificate_number: r.certificate_number,
    }));
    // The search reads the database here, so a change shows at once without waiting on the feed.
    app = await createTestApp(db, { SEARCH_ENGINE: 'database' }, { passwordHasher: quickHasher });
    staff = await signUpAsStaff(app, db.db, 'staff', 'Gus Gemologist');
    owner = await signUpAsStaff(app, db.db, 'owner', 'Olga Owner');
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const as = (cookie: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as 'GET', url, payload: payload as object, headers: method === 'GET' ? { cookie } : adminChange(cookie) });
  const onSale = async (certificate: string) => ((await app.inject(`/api/get-all-diamonds?certificate=${certificate}`)).json() as DiamondListResponse).total;
  const importFile = async (csv: string, cookie = staff.cookie) => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/stones/import', payload: csv, headers: { ...adminChange(cookie), 'content-type': 'text/csv' } });
    return { res, events: res.body.trim().split('\n').filter(Boolean).map((line) => importEventSchema.parse(JSON.parse(line)) as ImportEvent) };
  };

  it('edits a stone’s price and featured flag, hides it from the search and shows it again, all on the log', async () => {
    const stone = stones[0]!;
    expect(await onSale(stone.certificate_number)).toBe(1);
    const edited = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { price: '4,321.00', featured: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as AdminStone).stone).toMatchObject({ price: 4321, is_superdeal: 1, status: 'available' });

    const hidden = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { hidden: true });
    expect((hidden.json() as AdminStone).stone.status).toBe('hidden');
    expect(await onSale(stone.certificate_number)).toBe(0);
    expect((await app.inject(`/api/diamonds/${stone.id}`)).json().data.status).toBe('hidden');
    const listed = (await as(staff.cookie, 'GET', `/api/admin/stones?status=hidden&certificate=${stone.certificate_number}`)).json() as DiamondListResponse;
    expect(listed.data.map((d) => d.diamondid)).toEqual([stone.id]);

    await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { hidden: false });
    expect(await onSale(stone.certificate_number)).toBe(1);
    // The status CHECK was widened for `hidden`, not dropped.
    await expect(db.db.updateTable('diamonds').set({ status: 'lost' }).where('id', '=', stone.id).execute()).rejects.toThrow(/check/i);

    const page = (await as(staff.cookie, 'GET', `/api/admin/stones/${stone.id}`)).json() as AdminStone;
    expect(page.history.map((e) => [e.action, e.before, e.after, e.actor.email])).toEqual([
      ['stone.edit', { price: centsToPrice(stone.price_cents), featured: false }, { price: '4321.00', featured: true }, staff.email],
      ['stone.edit', { status: 'available' }, { status: 'hidden' }, staff.email],
      ['stone.edit', { status: 'hidden' }, { status: 'available' }, staff.email],
    ]);

    for (const bad of [{ price: 'cheap' }, { price: '0.50' }, {}, { hidden: 'yes' }]) {
      const res = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('refuses a stone price under the bank-wire discount, naming the price, and takes one at it', async () => {
    const stone = stones[4]!;
    for (const price of ['1.00', '1', 4.99, '0.00']) {
      const res = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { price, featured: true });
      expect(res.statusCode, String(price)).toBe(422);
      expect(res.json().errors).toEqual({ price: [`The price ${STONE_PRICE_TOO_LOW}.`] });
    }
    // Nothing of a refused change is kept, the featured flag sent with it included.
    const kept = (await as(staff.cookie, 'GET', `/api/admin/stones/${stone.id}`)).json() as AdminStone;
    expect(kept.stone).toMatchObject({ price: stone.price_cents / 100, is_superdeal: 0 });
    expect(kept.history).toEqual([]);

    const floor = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { price: centsToPrice(MIN_STONE_PRICE_CENTS) });
    expect(floor.statusCode, floor.body).toBe(200);
    expect((floor.json() as AdminStone).stone.price).toBe(MIN_STONE_PRICE_CENTS / 100);
    expect((await as(staff.cookie, 'PUT', '/api/admin/stones/2000000000', { featured: true })).statusCode).toBe(404);
    expect((await as(staff.cookie, 'GET', '/api/admin/stones?status=lost')).statusCode).toBe(400);
  });

  it('takes a maximum above the storefront slider’s top as it is, and the top itself as "and more"', async () => {
    const prices = (await db.db.selectFrom('diamonds').select('price_cents').execute()).map((r) => Number(r.price_cents));
    // A bound between the seeded prices, above the slider's $10,000 top when the seed has such stones.
    const sorted = [...prices].sort((a, b) => a - b);
    const bound = Math.max(10_001, Math.round(sorted[Math.floor(sorted.length * 0.9)]! / 100));
    const below = prices.filter((c) => c <= bound * 100).length;
    const list = async (query: string) => ((await as(staff.cookie, 'GET', `/api/admin/stones?status=all&${query}`)).json() as DiamondListResponse).total;
    const res = await as(staff.cookie, 'GET', `/api/admin/stones?status=all&price=0,${bound}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(`price=0,${bound}`)).toBe(below);
    expect(await list('price=0,10000')).toBe(prices.length);
    expect(await list('price=0,10000.001')).toBe(prices.filter((c) => c <= 1_000_000).length);
    // The storefront keeps its rule: at or above the top, no upper limit.
    const available = Number((await db.db.selectFrom('diamonds').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'available').executeTakeFirstOrThrow()).n);
    const storefront = await app.inject(`/api/get-all-diamonds?price=0,${bound}`);
    expect(storefront.statusCode, storefront.body).toBe(200);
    expect((storefront.json() as DiamondListResponse).total).toBe(available);
  });

  it('shows who holds a stone, and refuses to hide one an order reserved', async () => {
    const stone = stones[1]!;
    const shopper = await signUpVerified(app, db.db, { name: 'Hal Holder' });
    const held = await app.inject({ method: 'POST', url: '/api/builder/holds', headers: bearer(shopper.token), payload: { diamond_id: stone.id } });
    expect(held.statusCode, held.body).toBeLessThan(300);
    const withHold = (await as(staff.cookie, 'GET', `/api/admin/stones/${stone.id}`)).json() as AdminStone;
    expect(withHold.builder_hold).toMatchObject({ email: shopper.email, name: 'Hal Holder' });

    const placed = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: { user_name: 'Hal Holder', contact_number: '212-555-0100', items_id: [stone.id], total_price: centsToPrice(stone.price_cents), address: JSON.stringify({ street: '1 Main St', city: 'Boston', zip: '02108', country: 'United States' }), payment_mode: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const reserved = (await as(staff.cookie, 'GET', `/api/admin/stones/${stone.id}`)).json() as AdminStone;
    expect(reserved.stone.status).toBe('reserved');
    expect(reserved.order).toMatchObject({ order_number: placed.json().order_number, contact_email: shopper.email });

    const refused = await as(staff.cookie, 'PUT', `/api/admin/stones/${stone.id}`, { hidden: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('cannot be hidden');
    expect((await db.db.selectFrom('diamonds').select('status').where('id', '=', stone.id).executeTakeFirstOrThrow()).status).toBe('reserved');
  });

  it('exports the inventory as a supplier file that imports back unchanged', async () => {
    const exported = await as(staff.cookie, 'GET', '/api/admin/stones/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = exported.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('certificate_number,lab,type,shape,carat,price,clarity,color,fancy_color,fancy_intensity,cut,polish,symmetry,fluorescence,length,width,table,depth,featured,status');
    const total = Number((await db.db.selectFrom('diamonds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(lines.length - 1).toBe(total);

    // Reserved stones cannot take a status from a file: the round trip leaves their status column blank.
    const header = lines[0]!.split(',');
    const status = header.indexOf('status');
    const again = lines.map((line, i) => (i === 0 ? line : line.split(',').map((f, j) => (j === status && f === 'reserved' ? '' : f)).join(','))).join('\r\n');
    const before = await db.db.selectFrom('diamonds').selectAll().orderBy('id').execute();
    const { events } = await importFile(again);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', rows: total, inserted: 0, updated: total, errors_total: 0 });
    expect(await db.db.selectFrom('diamonds').selectAll().orderBy('id').execute()).toEqual(before);
    const log = (await as(owner.cookie, 'GET', '/api/admin/audit?action=stone.export')).json() as AuditListResponse;
    expect(log.entries[0]).toMatchObject({ actor: expect.objectContaining({ email: staff.email }) });
  });

  it('imports a file with its problems listed by line, and refuses what is not a stone file', async () => {
    const template = (await as(staff.cookie, 'GET', '/api/admin/stones/export.csv')).body.trimEnd().split('\r\n');
    const header = template[0]!;
    const row = template[1]!.split(',');
    const fresh = (certificate: string, price: string) => [certificate, ...row.slice(1, 5), price, ...row.slice(6, 19), 'available'].join(',');
    const csv = [
      header,
      fresh('NEWSTONE-0001', '5100.00'),
      fresh('NEWSTONE-0002', 'lots'),
      fresh('NEWSTONE-0003', '6200.00'),
      fresh('NEWSTONE-0001', '5100.00'),
      fresh('NEWSTONE-0004', '1.00'),
    ].join('\n');
    const { res, events } = await importFile(csv);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', rows: 5, inserted: 2, updated: 0, errors_total: 3 });
    if (done.type !== 'done') throw new Error('not done');
    expect(done.errors.map((e) => e.line)).toEqual([3, 5, 6]);
    expect(done.errors[0]!.problems.join(' ')).toContain('price');
    expect(done.errors[1]!.problems.join(' ')).toContain('already appears on line 2');
    // A stone under the wire discount would cost less than nothing by wire.
    expect(done.errors[2]!.problems).toEqual([`price: "1.00" ${STONE_PRICE_TOO_LOW}`]);
    expect(await onSale('NEWSTONE-0003')).toBe(1);
    expect(await onSale('NEWSTONE-0004')).toBe(0);
    const log = (await as(owner.cookie, 'GET', '/api/admin/audit?action=stone.import')).json() as AuditListResponse;
    expect(log.entries[0]!.after).toMatchObject({ rows: 5, inserted: 2, errors: 3 });

    const headerless = await importFile('just,some,words\n1,2,3\n');
    expect(headerless.events).toEqual([{ type: 'failed', message: expect.stringContaining('The header lacks the required columns') }]);
    const json = await app.inject({ method: 'POST', url: '/api/admin/stones/import', payload: { rows: [] }, headers: adminChange(staff.cookie) });
    expect(json.statusCode).toBe(415);
    const guest = await app.inject({ method: 'POST', url: '/api/admin/stones/import', payload: csv, headers: { ...adminChange(), 'content-type': 'text/csv' } });
    expect(guest.statusCode).toBe(401);
    const huge = await app.inject({ method: 'POST', url: '/api/admin/stones/import', payload: 'x', headers: { ...adminChange(staff.cookie), 'content-type': 'text/csv', 'content-length': String(300 * 1024 * 1024) } });
    expect([413, 400]).toContain(huge.statusCode);
  });

  /** A supplier file of natural rounds, one row per certificate and price. */
  const stoneFile = (rows: [string, string][]) => ['certificate_number,lab,type,shape,carat,price,color,clarity', ...rows.map(([c, price]) => `${c},GIA,natural,Round,1.5,${price},G,VS1`)].join('\n');
  const stoneId = async (certificate: string) => Number((await db.db.selectFrom('diamonds').select('id').where('certificate_number', '=', certificate).executeTakeFirstOrThrow()).id);
  const historyOf = async (certificate: string) => ((await as(staff.cookie, 'GET', `/api/admin/stones/${await stoneId(certificate)}`)).json() as AdminStone).history;

  it('puts each stone an import adds or changes in its history, the fields before and after, by whoever imported it', async () => {
    const added = await importFile(stoneFile([['PRICED-0001', '509940.00'], ['PRICED-0002', '4000']]));
    expect(added.events.at(-1)).toMatchObject({ type: 'done', inserted: 2, errors_total: 0 });
    const { events } = await importFile(stoneFile([['PRICED-0001', '5.00'], ['PRICED-0002', '4000']]));
    expect(events.at(-1)).toMatchObject({ type: 'done', inserted: 0, updated: 2, errors_total: 0 });

    const history = await historyOf('PRICED-0001');
    expect(history.map((e) => [e.action, e.actor.id, e.actor.email])).toEqual([
      ['stone.import_add', expect.any(Number), staff.email],
      ['stone.import_change', expect.any(Number), staff.email],
    ]);
    expect(history[0]!.before).toBeNull();
    expect(history[0]!.after).toMatchObject({ certificate_number: 'PRICED-0001', price: '509940.00', shape: 'Round', carat: 1.5, color: 'G', clarity: 'VS1', status: 'available' });
    expect([history[1]!.before, history[1]!.after]).toEqual([{ price: '509940.00' }, { price: '5.00' }]);
    // The stone the second file restated as it was has only the entry of its arrival.
    expect((await historyOf('PRICED-0002')).map((e) => e.action)).toEqual(['stone.import_add']);
    // The file's summary stays on the log as well.
    const log = (await as(owner.cookie, 'GET', '/api/admin/audit?action=stone.import')).json() as AuditListResponse;
    expect(log.entries[0]!.after).toMatchObject({ rows: 2, inserted: 0, updated: 2, errors: 0 });
  });

  it('writes no entry for a stone when the same file comes again', async () => {
    const rows = Array.from({ length: 30 }, (_, i): [string, string] => [`AGAIN-${String(i).padStart(4, '0')}`, String(3000 + i)]);
    await importFile(stoneFile(rows));
    const entries = async () =>
      Number((await db.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_type', '=', 'stone').executeTakeFirstOrThrow()).n);
    const before = await entries();
    expect((await historyOf('AGAIN-0007')).map((e) => e.action)).toEqual(['stone.import_add']);
    const { events } = await importFile(stoneFile(rows));
    expect(events.at(-1)).toMatchObject({ type: 'done', inserted: 0, updated: 30 });
    expect(await entries()).toBe(before);
  });

  it('leaves an entry for each stone an import changed before its client hung up, and none for the rest', async () => {
    // Two batches' worth (the import writes 1,000 rows a transaction): the first is written, the second never is.
    const certificates = Array.from({ length: 1500 }, (_, i) => `HANGUP-${String(i).padStart(4, '0')}`);
    await importFile(stoneFile(certificates.map((c) => [c, '5000'])));
    const file = stoneFile(certificates.map((c) => [c, '4000']));
    // The upload stops in the middle of a row: the 1,200th, its price cut to its first digit.
    const cut = file.indexOf(`\n${certificates[1199]}`) + `\n${certificates[1199]},GIA,natural,Round,1.5,4`.length;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    onTestFinished(() => void socket.destroy());
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      `POST /api/admin/stones/import HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: ${staff.cookie}\r\n` +
        `Content-Type: text/csv\r\nContent-Length: ${Buffer.byteLength(file)}\r\n\r\n${file.slice(0, cut)}`,
    );
    const price = async (certificate: string) => Number((await db.db.selectFrom('diamonds').select('price_cents').where('certificate_number', '=', certificate).executeTakeFirstOrThrow()).price_cents);
    await waitFor(async () => (await price(certificates[999]!)) === 400_000, { what: 'the first batch to be written' });
    socket.destroy();
    // The store logs that the import stopped once it has seen the upload end.
    const stopped = await waitFor(
      async () => ((await as(owner.cookie, 'GET', '/api/admin/audit?action=stone.import')).json() as AuditListResponse).entries.find((e) => e.after?.stopped === true),
      { what: 'the stopped import on the log' },
    );
    expect(stopped.after).toMatchObject({ stopped: true, inserted: 0, updated: 1000 });

    const changes = await db.db.selectFrom('audit_log').select(['subject_id', 'before_json', 'after_json']).where('action', '=', 'stone.import_change').where('actor_email', '=', staff.email).execute();
    const ids = new Map((await db.db.selectFrom('diamonds').select(['id', 'certificate_number']).where('certificate_number', 'like', 'HANGUP-%').execute()).map((r) => [String(r.id), r.certificate_number]));
    const changed = changes.filter((c) => ids.has(c.subject_id));
    expect(changed.map((c) => ids.get(c.subject_id)).sort()).toEqual(certificates.slice(0, 1000));
    expect(changed.every((c) => c.before_json === JSON.stringify({ price: '5000.00' }) && c.after_json === JSON.stringify({ price: '4000.00' }))).toBe(true);
    for (const certificate of [certificates[1000]!, certificates[1198]!, certificates[1199]!, certificates[1499]!]) {
      expect(await price(certificate)).toBe(500_000);
      expect((await historyOf(certificate)).map((e) => e.action)).toEqual(['stone.import_add']);
    }
  });
});
