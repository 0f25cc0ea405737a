import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGRAVING,
  ENGRAVING_MESSAGES,
  FIT_MESSAGES,
  MAX_HELD_STONES_PER_ACCOUNT,
  ORDER_MESSAGES,
  PROMOTIONS,
  RING_SIZE_MESSAGES,
  centsToPrice,
  notASettingMessage,
  stoneInTwoLinesMessage,
  tooManyHeldMessage,
  totalChangedMessage,
  unavailableMessage,
  type LineItem,
  type Order,
  type RingDesign,
  type RingLine,
} from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { bearer, quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { createInventoryService, seedInventory } from '../inventory/index.ts';
import { openOutbox } from '../mail/index.ts';
import { createOrderDesk, deskLines } from '../orders/index.ts';
import { seedProducts } from '../jewelry/index.ts';

/** Where the store's copy of each order goes (STORE_EMAIL's default). */
const STORE_COPY = 'care@everstone.example';
const ADDRESS = JSON.stringify({ apartment: '', street: '580 Fifth Avenue', city: 'New York', zip: '10036', country: 'United States' });
const WIRE_OFF = PROMOTIONS.bankWireDiscount * 100;

/** The order payload the checkout page sends for a cart of lines. */
function payload(lines: LineItem[], totalCents: number, method = 'cod') {
  return { user_name: 'Ann Lee', contact_number: '212-555-0100', lines, total_price: centsToPrice(totalCents), address: ADDRESS, payment_mode: method, is_gift: 0 };
}

/** A stone of the seeded inventory, as its record has it. */
interface Stone {
  id: number;
  certificate: string;
  priceCents: number;
  carat: number;
  shape: string;
  lengthMm: number | null;
  widthMm: number | null;
}

/** A setting's variant of the seeded catalog: its head, its price and its product's name. */
interface Setting {
  id: number;
  productId: number;
  name: string;
  slug: string;
  metal: string;
  priceCents: number;
  stonesCents: number;
  leadDays: number;
  head: NonNullable<RingDesign['head']>;
}

const widthOf = (s: Stone) => Math.min(s.lengthMm!, s.widthMm!);
const measured = (s: Stone) => s.lengthMm !== null && s.widthMm !== null;
const luxe = (v: Setting) => v.name.includes('Luxe');
/** A stone the head holds, by the head's own numbers: a shape it takes, a width in its window, the Luxe minimum. */
const holds = (v: Setting, s: Stone) =>
  measured(s) && v.head.shapes.includes(s.shape as never) && widthOf(s) >= v.head.minWidthMm && widthOf(s) <= v.head.maxWidthMm && s.carat >= (v.head.minCenterCarat ?? 0);

describe.each(TEST_ENGINES)('ordering a built ring on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let stones: Stone[];
  let settings: Setting[];
  const used = new Set<number>();

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 600, seed: 16 });
    await seedProducts(db, createInventoryService({ db: db.db }));
    stones = (
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
      carat: Number(r.carat),
      shape: r.shape,
      lengthMm: r.measurement_l === null ? null : Number(r.measurement_l),
      widthMm: r.measurement_w === null ? null : Number(r.measurement_w),
    }));
    settings = (
      await db.db
        .selectFrom('product_variants')
        .innerJoin('products', 'products.id', 'product_variants.product_id')
        .select(['product_variants.id', 'product_id', 'products.name', 'products.slug', 'metal', 'price_cents', 'stones_cents', 'lead_days', 'product_variants.design_json'])
        .where('products.family', '=', 'setting')
        .where('products.published', '=', 1)
        .where('product_variants.discontinued', '=', 0)
        .where('product_variants.stocked', '=', 0)
        .orderBy('product_variants.id')
        .execute()
    ).map((r) => ({
      id: Number(r.id),
      productId: Number(r.product_id),
      name: r.name,
      slug: r.slug,
      metal: r.metal,
      priceCents: Number(r.price_cents),
      stonesCents: Number(r.stones_cents),
      leadDays: Number(r.lead_days),
      head: (JSON.parse(r.design_json) as RingDesign).head!,
    }));
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { passwordHasher: quickHasher, holdSweepIntervalMs: 20 });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const place = (token: string, body: object, key?: string) =>
    app.inject({ method: 'POST', url: '/api/store-order', headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
  const statusOf = async (id: number) => (await db.db.selectFrom('diamonds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const inSearch = async (s: Stone) => (await app.inject(`/api/get-all-diamonds?certificate=${s.certificate}`)).json().total as number;
  const heldLinesOf = async (s: Stone) =>
    db.db.selectFrom('order_items').select(['kind', 'order_id']).where('diamond_id', '=', s.id).where('released_at', 'is', null).execute();

  /** A stone no other test has used that `want` accepts. */
  function stone(want: (s: Stone) => boolean): Stone {
    const found = stones.find((s) => !used.has(s.id) && want(s));
    if (!found) throw new Error('no such stone in the test inventory');
    used.add(found.id);
    return found;
  }

  /** A fresh stone and a setting variant (not Luxe unless asked) whose head holds it. */
  function pair(want: { luxe?: boolean; setting?: (v: Setting) => boolean } = {}): { stone: Stone; setting: Setting } {
    for (const s of stones) {
      if (used.has(s.id)) continue;
      const setting = settings.find((v) => luxe(v) === (want.luxe ?? false) && (want.setting?.(v) ?? true) && holds(v, s));
      if (setting) {
        used.add(s.id);
        return { stone: s, setting };
      }
    }
    throw new Error('no stone in the test inventory fits such a setting');
  }

  const ringLine = (s: Stone, v: Setting, choices: Partial<Pick<RingLine, 'ring_size' | 'engraving'>> = {}): RingLine => ({
    kind: 'ring',
    diamond_id: s.id,
    variant_id: v.id,
    quantity: 1,
    ring_size: '6.5',
    engraving: null,
    ...choices,
  });
  const ringCents = (s: Stone, v: Setting, engraved = false) => s.priceCents + v.priceCents + (engraved ? ENGRAVING.priceCents : 0);

  it('reserves the stone and stores one ring line with both parts, itemized to the cent, and emails it as one ring', async () => {
    const { token, email } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair({ setting: (x) => x.stonesCents > 0 });
    const line = ringLine(s, v, { engraving: 'A & J' });
    const total = ringCents(s, v, true);

    const res = await place(token, payload([line], total));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.total_price).toBe(centsToPrice(total));
    // §3's items are loose diamonds only; the ring is one line.
    expect(order.items).toEqual([]);
    // The ring, and §9's free gift beside it at $0 (checkout/gifts.test.ts).
    expect(order.lines.filter((l) => l.gift === null)).toHaveLength(1);
    const stored = order.lines[0]!;
    expect(stored).toMatchObject({ kind: 'ring', quantity: 1, unit_price: centsToPrice(total), total: centsToPrice(total), diamondid: s.id, certificate_number: s.certificate, product: null });
    expect(stored.description).toContain(v.name);
    expect(stored.ring).toMatchObject({
      diamond_id: s.id,
      certificate_number: s.certificate,
      shape: s.shape,
      carat: s.carat,
      length_mm: s.lengthMm,
      width_mm: s.widthMm,
      setting_variant_id: v.id,
      setting_slug: v.slug,
      setting_name: v.name,
      metal: v.metal,
      ring_size: '6.5',
      engraving: 'A & J',
    });
    const price = stored.ring!.price;
    expect(price).toEqual({
      stone_cents: s.priceCents,
      setting_cents: v.priceCents - Math.min(v.stonesCents, v.priceCents),
      side_stones_cents: Math.min(v.stonesCents, v.priceCents),
      engraving_cents: ENGRAVING.priceCents,
      total_cents: total,
    });
    expect(price.stone_cents + price.setting_cents + price.side_stones_cents + price.engraving_cents).toBe(price.total_cents);
    expect(stored.ring!.lead_days).toBeGreaterThanOrEqual(v.leadDays);
    // The picture of the ring holds this stone, at its certificate's width.
    const design = stored.ring!.design as RingDesign;
    expect(design.head!.shapes).toEqual([s.shape]);
    expect(design.center).toMatchObject({ gem: 'diamond', shape: s.shape, widthMm: widthOf(s) });

    // The stone left the search; one row holds it.
    expect(await statusOf(s.id)).toBe('reserved');
    expect(await inSearch(s)).toBe(0);
    expect(await heldLinesOf(s)).toEqual([expect.objectContaining({ kind: 'ring' })]);

    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.includes(order.order_number)), { what: 'the confirmation' });
    for (const text of [`Ring: ${v.name}`, stored.ring!.stone_description, `certificate ${s.certificate}`, 'Size 6.5', 'engraved (the words are on your order page)']) expect(mail.text).toContain(text);
    // The engraving's words reach the team, not the account's unverified address.
    expect(mail.text).not.toContain('A & J');
    const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject.startsWith(`New order ${order.order_number}:`)), { what: 'the store’s copy' });
    expect(notice.text).toContain('engraved “A & J”');
    expect(mail.text).not.toContain('confirm the size');

    // Read back, it is the same order.
    const again = await app.inject({ method: 'GET', url: `/api/orders/${order.order_number}`, headers: bearer(token) });
    expect(again.json().lines).toEqual(order.lines);
  });

  it('gives the stone back to the search when the order is cancelled, and when its hold runs out', async () => {
    const desk = createOrderDesk({
      db,
      inventory: createInventoryService({ db: db.db }),
      storeEmail: STORE_COPY,
      wireTransfer: { beneficiary: 'B', bank: 'Bank', routing_number: '123456780', account_number: '1', swift: 'AAAAUS33' },
      mail: { enqueue: (trx, messages) => openOutbox(trx).enqueue(messages, new Date()), flush: () => {} },
    });
    const { token } = await signUpAndIn(app);
    const first = pair();
    const cancelled = (await place(token, payload([ringLine(first.stone, first.setting)], ringCents(first.stone, first.setting)))).json() as Order;
    expect(await inSearch(first.stone)).toBe(0);

    // The desk shows the ring with its parts.
    const printed = deskLines(await desk.find(cancelled.order_number));
    expect(printed.map(([label]) => label)).toEqual(expect.arrayContaining(['ring', '  stone', '  setting', '  size']));
    expect(printed.find(([label]) => label === '  stone')![1]).toContain(`certificate ${first.stone.certificate}`);

    await desk.cancel(cancelled.order_number);
    expect(await statusOf(first.stone.id)).toBe('available');
    expect(await inSearch(first.stone)).toBe(1);
    expect(await heldLinesOf(first.stone)).toEqual([]);

    const second = pair();
    const expiring = (await place(token, payload([ringLine(second.stone, second.setting)], ringCents(second.stone, second.setting)))).json() as Order;
    expect(await statusOf(second.stone.id)).toBe('reserved');
    // Its hold ran out (moved back by hand rather than by the clock, so no other order of this file expires).
    await db.db.updateTable('orders').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('order_number', '=', expiring.order_number).execute();
    await waitFor(async () => (await statusOf(second.stone.id)) === 'available', { what: 'the hold sweep' });
    expect(await inSearch(second.stone)).toBe(1);
    const row = await db.db.selectFrom('orders').select(['order_status', 'payment_status']).where('order_number', '=', expiring.order_number).executeTakeFirstOrThrow();
    expect(row).toEqual({ order_status: 'cancelled', payment_status: 'expired' });
  });

  it('refuses a pairing the head cannot hold with a clear 422 naming the ring, and reserves nothing', async () => {
    const { token } = await signUpAndIn(app);
    const nonLuxe = settings.filter((v) => !luxe(v));
    // A shape the head is not made for (its width is within the window, so the shape is the reason).
    const narrow = nonLuxe.find((v) => v.head.shapes.length === 1 && v.head.shapes[0] === 'Round')!;
    const wrongShape = stone((s) => measured(s) && s.shape !== 'Round' && widthOf(s) >= narrow.head.minWidthMm && widthOf(s) <= narrow.head.maxWidthMm);
    // A stone of the right shape, too narrow for the head's window.
    const small = stone((s) => measured(s) && s.shape === 'Round' && widthOf(s) < narrow.head.minWidthMm);
    // A Luxe head and a stone of its shape under 3 ct.
    const luxeHead = settings.find((v) => luxe(v) && v.head.shapes.includes('Round'))!;
    expect(luxeHead.head.minCenterCarat).toBe(3);
    const underThree = stone((s) => measured(s) && s.shape === 'Round' && s.carat < 3);
    // A stone whose certificate gives no measurements.
    const unmeasured = stone((s) => !measured(s) && s.shape === 'Round' && s.carat >= 0.5 && s.carat <= 4);

    const cases: [Stone, Setting, string][] = [
      [wrongShape, narrow, 'This setting is made for round center stones'],
      [small, narrow, `This setting holds round stones from ${narrow.head.minWidthMm.toFixed(2)} mm`],
      [underThree, luxeHead, 'Luxe settings are made for a center stone of 3'],
      [unmeasured, narrow, FIT_MESSAGES.noMeasurements],
    ];
    for (const [s, v, message] of cases) {
      const res = await place(token, payload([ringLine(s, v)], ringCents(s, v)));
      expect(res.statusCode, message).toBe(422);
      const said = (res.json().errors.lines as string[]).join(' ');
      expect(said).toContain(message);
      expect(said).toContain(`${v.name} with the diamond ${s.certificate}`);
      expect(await statusOf(s.id)).toBe('available');
    }
    // A variant that is not a setting cannot hold a stone at all.
    const band = await db.db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select(['product_variants.id', 'products.name'])
      .where('products.family', '=', 'band')
      .orderBy('product_variants.id')
      .executeTakeFirstOrThrow();
    const s = stone(measured);
    const res = await place(token, payload([{ ...ringLine(s, narrow), variant_id: Number(band.id) }], 100_00));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lines).toContain(notASettingMessage(band.name));
    expect(await statusOf(s.id)).toBe('available');
  });

  it('sells a stone once when two shoppers order it at the same moment, one loose and one in a ring', async () => {
    const races = Array.from({ length: 4 }, () => pair());
    const shoppers = await Promise.all(races.flatMap(() => [signUpAndIn(app), signUpAndIn(app)]));
    const answers = await Promise.all(
      races.flatMap(({ stone: s, setting: v }, i) => [
        place(shoppers[2 * i]!.token, payload([{ kind: 'diamond', diamond_id: s.id, quantity: 1 }], s.priceCents)),
        place(shoppers[2 * i + 1]!.token, payload([ringLine(s, v)], ringCents(s, v))),
      ]),
    );
    for (const [i, { stone: s }] of races.entries()) {
      const pairOf = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(pairOf.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = pairOf.find((r) => r.statusCode === 409)!;
      expect(refused.json().message).toBe(unavailableMessage([s.certificate]));
      expect(await statusOf(s.id)).toBe('reserved');
      expect(await heldLinesOf(s)).toHaveLength(1);
    }
  });

  it('refuses a stone in two lines of one order, loose and in a ring or in two rings', async () => {
    const { token } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const loose: LineItem = { kind: 'diamond', diamond_id: s.id, quantity: 1 };
    const both = await place(token, payload([loose, ringLine(s, v)], s.priceCents + ringCents(s, v)));
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe(stoneInTwoLinesMessage([s.certificate]));
    const other = settings.find((x) => x.id !== v.id && !luxe(x) && holds(x, s))!;
    const twoRings = await place(token, payload([ringLine(s, v), ringLine(s, other)], ringCents(s, v) + ringCents(s, other)));
    expect(twoRings.statusCode).toBe(422);
    expect(twoRings.json().errors.lines).toContain(ORDER_MESSAGES.duplicateItems);
    expect(await statusOf(s.id)).toBe('available');
  });

  it('requires a ring size, and takes "unknown" where the setting can be resized: the team confirms it before making the ring', async () => {
    const { token, email } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const { ring_size: _size, ...sizeless } = ringLine(s, v);
    const none = await place(token, payload([sizeless as LineItem], ringCents(s, v)));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors['lines.0.ring_size']).toEqual([RING_SIZE_MESSAGES.required]);

    // A setting that cannot be resized must be sized now; one that cannot be engraved takes no engraving.
    await db.db.updateTable('products').set({ resizable: 0, engravable: 0 }).where('id', '=', v.productId).execute();
    try {
      const unsized = await place(token, payload([ringLine(s, v, { ring_size: 'unknown' })], ringCents(s, v)));
      expect(unsized.statusCode).toBe(422);
      expect(unsized.json().errors.lines).toContain(`${v.name}: ${RING_SIZE_MESSAGES.notResizable}`);
      const engraved = await place(token, payload([ringLine(s, v, { engraving: 'Forever' })], ringCents(s, v, true)));
      expect(engraved.statusCode).toBe(422);
      expect(engraved.json().errors.lines).toContain(`${v.name}: ${ENGRAVING_MESSAGES.notAllowed}`);
      expect(await statusOf(s.id)).toBe('available');
    } finally {
      await db.db.updateTable('products').set({ resizable: 1, engravable: 1 }).where('id', '=', v.productId).execute();
    }

    const res = await place(token, payload([ringLine(s, v, { ring_size: 'unknown' })], ringCents(s, v)));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.lines[0]!.ring!.ring_size).toBe('unknown');
    const mail = await waitFor(() => smtp.to(email).find((m) => m.subject.includes(order.order_number)), { what: 'the confirmation' });
    expect(mail.text).toContain('Our team will contact you to confirm the size before the ring is made');
    const notice = await waitFor(() => smtp.to(STORE_COPY).find((m) => m.subject.startsWith(`New order ${order.order_number}:`)), { what: 'the store’s copy' });
    expect(notice.text).toContain('Ring size to confirm with the shopper');
    expect(notice.text).toContain(s.certificate);
  });

  it('adds $60 for an engraving, and a bank wire takes the stone’s $5 off, itemized on the stone', async () => {
    const { token } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const line = ringLine(s, v, { engraving: 'Always ♥' });
    const plain = await place(token, payload([line], ringCents(s, v)));
    expect(plain.statusCode).toBe(422);
    expect(plain.json().message).toBe(totalChangedMessage(centsToPrice(ringCents(s, v) + ENGRAVING.priceCents), centsToPrice(ringCents(s, v))));

    const wired = ringCents(s, v, true) - WIRE_OFF;
    const listPrice = await place(token, payload([line], ringCents(s, v, true), 'pay-wire'));
    expect(listPrice.statusCode).toBe(422);
    expect(listPrice.json().message).toBe(totalChangedMessage(centsToPrice(wired), centsToPrice(ringCents(s, v, true))));
    const res = await place(token, payload([line], wired, 'pay-wire'));
    expect(res.statusCode, res.body).toBe(201);
    const ring = (res.json() as Order).lines[0]!;
    expect(ring.unit_price).toBe(centsToPrice(wired));
    expect(ring.ring!.price).toMatchObject({ stone_cents: s.priceCents - WIRE_OFF, engraving_cents: ENGRAVING.priceCents, total_cents: wired });
    const p = ring.ring!.price;
    expect(p.stone_cents + p.setting_cents + p.side_stones_cents + p.engraving_cents).toBe(wired);
  });

  it('takes no more off a ring by wire than its stone costs: a $1 stone leaves the setting’s price whole', async () => {
    const { token } = await signUpAndIn(app);
    const { stone: found, setting: v } = pair();
    // A stone priced at $1 before the editor and the import refused prices under the wire discount.
    await db.db.updateTable('diamonds').set({ price_cents: 100 }).where('id', '=', found.id).execute();
    const s = { ...found, priceCents: 100 };
    const wired = ringCents(s, v) - 100;
    const res = await place(token, payload([ringLine(s, v)], wired, 'pay-wire'));
    expect(res.statusCode, res.body).toBe(201);
    const ring = (res.json() as Order).lines[0]!;
    expect(ring.unit_price).toBe(centsToPrice(wired));
    expect(ring.ring!.price).toMatchObject({ stone_cents: 0, total_cents: wired });
    expect(ring.ring!.price.setting_cents + ring.ring!.price.side_stones_cents).toBe(v.priceCents);
  });

  it('answers a repeated request with an Idempotency-Key with the same order, and another ring under that key with a 422', async () => {
    const { token } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const body = payload([ringLine(s, v)], ringCents(s, v));
    const key = `ring-${s.id}-${engine}`;
    const first = await place(token, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(token, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as Order).order_number).toBe((first.json() as Order).order_number);
    // The same stone in another size is another order, not a repeat.
    const other = await place(token, payload([ringLine(s, v, { ring_size: '7' })], ringCents(s, v)), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.idempotency_key).toEqual([ORDER_MESSAGES.keyReused]);
    expect(await db.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
  });

  it('refuses a ring whose setting is no longer made (409 naming it), and takes a stocked setting from the shelf with its stone', async () => {
    const { token } = await signUpAndIn(app);
    const gone = pair();
    await db.db.updateTable('product_variants').set({ discontinued: 1 }).where('id', '=', gone.setting.id).execute();
    try {
      const res = await place(token, payload([ringLine(gone.stone, gone.setting)], ringCents(gone.stone, gone.setting)));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(unavailableMessage([], [gone.setting.name]));
      expect(await statusOf(gone.stone.id)).toBe('available');
    } finally {
      await db.db.updateTable('product_variants').set({ discontinued: 0 }).where('id', '=', gone.setting.id).execute();
    }

    // One setting on the shelf: the ring takes it with its stone, and counts as one stone toward the hold cap (with
    // three loose stones it makes the most an account may hold, not one more).
    const { stone: s, setting: v } = pair();
    const inventory = createInventoryService({ db: db.db });
    await db.db.updateTable('product_variants').set({ stocked: 1 }).where('id', '=', v.id).execute();
    await db.db.transaction().execute((trx) => inventory.setVariantStock(trx, [{ variantId: v.id, quantity: 1 }]));
    try {
      const loose = Array.from({ length: MAX_HELD_STONES_PER_ACCOUNT - 1 }, () => stone(() => true));
      const lines: LineItem[] = [ringLine(s, v), ...loose.map((l): LineItem => ({ kind: 'diamond', diamond_id: l.id, quantity: 1 }))];
      const total = ringCents(s, v) + loose.reduce((sum, l) => sum + l.priceCents, 0);
      const res = await place(token, payload(lines, total));
      expect(res.statusCode, res.body).toBe(201);
      expect((await inventory.variantStock([v.id])).get(v.id)).toBe(0);
      const order = res.json() as Order;
      expect(order.items.map((i) => i.diamondid)).toEqual(loose.map((l) => l.id));

      const one = stone(() => true);
      const over = await place(token, payload([{ kind: 'diamond', diamond_id: one.id, quantity: 1 }], one.priceCents));
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(tooManyHeldMessage(MAX_HELD_STONES_PER_ACCOUNT, 1, [order.order_number]));

      // A second ring on the same (now empty) shelf is refused, naming the setting; its stone stays on sale.
      const next = stone((x) => holds(v, x));
      const shelfGone = await place((await signUpAndIn(app)).token, payload([ringLine(next, v)], ringCents(next, v)));
      expect(shelfGone.statusCode).toBe(409);
      expect(shelfGone.json().message).toBe(unavailableMessage([], [v.name]));
      expect(await statusOf(next.id)).toBe('available');
    } finally {
      await db.db.updateTable('product_variants').set({ stocked: 0 }).where('id', '=', v.id).execute();
    }
  });

  it('counts a made-to-order ring as one stone toward the unpaid-hold cap', async () => {
    const { token } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const loose = Array.from({ length: MAX_HELD_STONES_PER_ACCOUNT - 2 }, () => stone(() => true));
    const first = await place(token, payload([ringLine(s, v)], ringCents(s, v)));
    expect(first.statusCode, first.body).toBe(201);
    const second = await place(token, payload(loose.map((l): LineItem => ({ kind: 'diamond', diamond_id: l.id, quantity: 1 })), loose.reduce((sum, l) => sum + l.priceCents, 0)));
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [stone(() => true), stone(() => true)];
    const over = await place(token, payload([a, b].map((l): LineItem => ({ kind: 'diamond', diamond_id: l.id, quantity: 1 })), a.priceCents + b.priceCents));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      tooManyHeldMessage(MAX_HELD_STONES_PER_ACCOUNT - 1, 2, [(first.json() as Order).order_number, (second.json() as Order).order_number]),
    );
    expect(await statusOf(a.id)).toBe('available');
  });

  it('pays for a ring through the wallet: the payment keeps the ring line, and its capture stores the ring', async () => {
    const { user, token } = await signUpAndIn(app);
    const { stone: s, setting: v } = pair();
    const total = ringCents(s, v, true);
    const created = await app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      headers: bearer(token),
      payload: {
        amount: centsToPrice(total),
        currency: 'USD',
        user_id: user.id,
        lines: [ringLine(s, v, { engraving: 'A & J' })],
        user_name: 'Ann Lee',
        contact_number: '212-555-0100',
        address: ADDRESS,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderID } = created.json() as { orderID: string };
    expect(await statusOf(s.id)).toBe('available');
    const approved = await app.inject({
      method: 'POST',
      url: `/wallet-simulator/${orderID}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBe(303);
    const captured = await app.inject({ method: 'POST', url: '/api/paypal/capture-order', headers: bearer(token), payload: { orderID } });
    expect(captured.statusCode, captured.body).toBe(201);
    const order = captured.json() as Order;
    expect(order).toMatchObject({ payment_mode: 'pay-paypal', payment_status: 'paid', total_price: centsToPrice(total), items: [] });
    expect(order.lines.filter((l) => l.gift === null)).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ kind: 'ring', diamondid: s.id, certificate_number: s.certificate });
    expect(order.lines[0]!.ring).toMatchObject({ setting_variant_id: v.id, engraving: 'A & J', price: { total_cents: total } });
    expect(await statusOf(s.id)).toBe('reserved');
  });
});
