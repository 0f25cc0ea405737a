import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { centsToPrice, formatEasternTime, type Order } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { waitFor } from '../test/wait-for.ts';
import { adminChange, adminCookie, bearer, quickHasher, signUpAndIn, signUpAsStaff } from '../test/accounts.ts';
import { seedInventory } from '../modules/inventory/index.ts';

const CLI = fileURLToPath(new URL('./orders.ts', import.meta.url));

describe.each(TEST_ENGINES)('npm run orders on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let placed: Order;
  let email: string;
  let certificate: string;

  // Each case starts the desk as a process of its own, several times: seconds each on a busy machine, hence the
  // cases' longer time limits (a wait, not a guess: each call ends when its process does).
  /** Runs the desk as staff would, against the test database and mail server. */
  function desk(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, SMTP_URL: smtp.url, STORE_EMAIL: 'orders@everstone.test' }, timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 5, seed: 31 });
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url }, { passwordHasher: quickHasher });
    const shopper = await signUpAndIn(app, { name: 'Katherine Johnson' });
    email = shopper.email;
    const stone = await db.db.selectFrom('diamonds').select(['id', 'price_cents', 'certificate_number']).where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
    certificate = stone.certificate_number;
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: {
        user_name: 'Katherine Johnson',
        contact_number: '757-555-0199',
        items_id: [Number(stone.id)],
        total_price: centsToPrice(Number(stone.price_cents) - 500),
        address: JSON.stringify({ street: '1 Langley Blvd', city: 'Hampton', zip: '23681', country: 'United States' }),
        payment_mode: 'pay-wire',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    placed = res.json() as Order;
    await waitFor(() => smtp.to(email)[0], { what: 'the order confirmation' });
  });

  /** A new shopper's paid order of the next stone for sale, taken through the desk to its delivery. */
  async function deliveredThroughDesk(name: string, fedexTracking: string) {
    const shopper = await signUpAndIn(app, { name });
    const stone = await db.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: {
        user_name: name,
        contact_number: '757-555-0177',
        items_id: [Number(stone.id)],
        total_price: centsToPrice(Number(stone.price_cents)),
        address: JSON.stringify({ street: '3 Langley Blvd', city: 'Hampton', zip: '23681', country: 'United States' }),
        payment_mode: 'pay-credit',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = (res.json() as Order).order_number;
    for (const args of [['paid', number], ['ready', number], ['ship', number, '--carrier', 'fedex', '--tracking', fedexTracking], ['deliver', number]]) {
      const step = await desk(...args);
      expect(step.code, `${args.join(' ')}: ${step.stderr}`).toBe(0);
    }
    return { shopper, number, stone };
  }

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  it('lists and shows the order staff need to act on', { timeout: 120_000 }, async () => {
    const list = await desk('list', '--status', 'pending');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^ORDER\s+PLACED\s+STATUS\s+PAYMENT\s+METHOD\s+TOTAL\s+ITEMS\s+EMAIL$/);
    expect(list.stdout).toMatch(new RegExp(`${placed.order_number}\\s+\\d{2}/\\d{2}/\\d{4}\\s+pending\\s+pending\\s+pay-wire\\s+\\$[\\d,.]+\\s+1\\s+${email}`));
    expect((await desk('list', '--status', 'completed')).stdout.trim()).toBe('No orders.');

    const show = await desk('show', placed.order_number.toLowerCase());
    expect(show.code, show.stderr).toBe(0);
    for (const text of ['status     pending, payment pending', 'method     Bank wire transfer', `held until ${formatEasternTime(placed.hold_expires_at!)}`, `Katherine Johnson <${email}>, 757-555-0199`, '1 Langley Blvd, Hampton, 23681, United States', `certificate ${certificate}`]) {
      expect(show.stdout).toContain(text);
    }
  });

  it('records the payment and sends the shopper’s email; a second time is refused with the reason', { timeout: 120_000 }, async () => {
    const paid = await desk('paid', placed.order_number);
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toContain('Payment recorded.');
    expect(paid.stdout).toContain('status     confirmed, payment paid');
    expect(paid.stdout).toContain('The shopper’s email was sent.');
    // Sent by the desk itself, before it exited.
    expect(smtp.to(email).map((m) => m.subject)).toContain(`Payment received for your Everstone order ${placed.order_number}`);

    const again = await desk('paid', placed.order_number);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`Order ${placed.order_number} cannot take a payment: it is confirmed with payment paid.`);
    // On the audit log once, as the back office's steps are, under the terminal's name; the refused step wrote nothing.
    const entries = await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', placed.order_number).execute();
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'order.payment',
        actor_id: null,
        actor_name: 'npm run orders',
        before_json: JSON.stringify({ order_status: 'pending', payment_status: 'pending' }),
        after_json: JSON.stringify({ order_status: 'confirmed', payment_status: 'paid' }),
      }),
    ]);
  });

  it('puts every step it takes on the audit log as the command line: a confirmation, a shipment, a delivery, cash collected, a cancellation', { timeout: 240_000 }, async () => {
    const shopper = await signUpAndIn(app, { name: 'Dorothy Vaughan' });
    const stones = await db.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').orderBy('id', 'desc').limit(2).execute();
    const place = async (stone: (typeof stones)[number]) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/store-order',
        headers: bearer(shopper.token),
        payload: {
          user_name: 'Dorothy Vaughan',
          contact_number: '757-555-0142',
          items_id: [Number(stone.id)],
          total_price: centsToPrice(Number(stone.price_cents)),
          address: JSON.stringify({ street: '2 Langley Blvd', city: 'Hampton', zip: '23681', country: 'United States' }),
          payment_mode: 'cod',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as Order).order_number;
    };
    const [kept, dropped] = [await place(stones[0]!), await place(stones[1]!)];
    // Cash on delivery: agreed by phone, shipped, delivered, and the courier's cash recorded last.
    const tracking = '1Z999AA10123456784';
    for (const args of [['confirm', kept], ['ship', kept, '--carrier', 'ups', '--tracking', '1z 999 aa1 0123 4567 84'], ['deliver', kept], ['paid', kept], ['cancel', dropped]]) {
      const step = await desk(...args);
      expect(step.code, `${args.join(' ')}: ${step.stderr}`).toBe(0);
      if (args[0] === 'ship') expect(step.stdout).toContain(`  parcel     UPS ${tracking}, insured `);
    }
    // Its return window is open: completing it now is refused, with the day it closes.
    const early = await desk('complete', kept);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`Order ${kept} cannot be completed yet: its return window is open until `);
    const steps = async (order: string) =>
      (await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', order).orderBy('id').execute()).map((e) => [e.action, e.actor_id, e.actor_name, JSON.parse(e.after_json ?? 'null')]);
    const price = Number(stones[0]!.price_cents);
    expect(await steps(kept)).toEqual([
      ['order.confirm', null, 'npm run orders', { order_status: 'confirmed', payment_status: 'pending' }],
      [
        'order.ship',
        null,
        'npm run orders',
        { order_status: 'shipped', payment_status: 'pending', carrier: 'ups', tracking_number: tracking, insured_cents: price, signature_required: price >= 50_000 },
      ],
      ['order.deliver', null, 'npm run orders', { order_status: 'delivered', payment_status: 'pending' }],
      ['order.payment', null, 'npm run orders', { order_status: 'delivered', payment_status: 'paid' }],
    ]);
    // The timeline keeps who took each step.
    const events = await db.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select(['order_events.step', 'order_events.actor'])
      .where('orders.order_number', '=', kept)
      .orderBy('order_events.id')
      .execute();
    expect(events.map((e) => e.step)).toEqual(['confirmed', 'shipped', 'delivered', 'paid']);
    expect(new Set(events.map((e) => e.actor)).size).toBe(1);
    expect(events[0]!.actor).toMatch(/.+@.+/);
    expect(await steps(dropped)).toEqual([['order.cancel', null, 'npm run orders', { order_status: 'cancelled', payment_status: 'pending' }]]);
  });

  it('takes a repair through the desk: listed, at the bench with its fee, shipped back, each step on the audit log and emailed', { timeout: 240_000 }, async () => {
    const { shopper, number } = await deliveredThroughDesk('Dorothy Vaughan', '300000000002');
    const staff = await signUpAsStaff(app, db.db, 'staff', 'Mae Jemison');
    const cookie = await adminCookie(app, staff.email, staff.password);
    const opened = await app.inject({ method: 'POST', url: `/api/admin/orders/${number}/repairs`, headers: adminChange(cookie), payload: { line: 1, description: 'A loose prong on the setting' } });
    expect(opened.statusCode, opened.body).toBe(200);
    const ticket = (opened.json() as { order: { tickets: { number: string }[] } }).order.tickets[0]!.number;

    const list = await desk('tickets');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${ticket}\\s+received\\s+${number}\\s+1\\s`, 'm'));
    expect((await desk('ticket-receive', 'RMA-7KQ2M9XD')).stderr.trim()).toBe('"ticket-receive" takes a ticket number such as RS-7KQ2M9XD (a resize) or RP-7KQ2M9XD (a repair).');
    expect((await desk('ticket-ship', ticket, '--carrier', 'ups')).stderr.trim()).toBe('The tracking number is required (--tracking NUMBER).');
    const unpaid = await desk('ticket-start', ticket, '--fee', '85.00');
    expect([unpaid.code, unpaid.stderr.trim()]).toEqual([1, 'Take the fee from the shopper first, then give its payment’s reference.']);
    const started = await desk('ticket-start', ticket.toLowerCase(), '--fee', '85.00', '--reference', 'TERM-77');
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toContain(`${ticket}  repair, at the jeweler’s bench, order ${number}`);
    expect(started.stdout).toContain('  work       A loose prong on the setting');
    expect(started.stdout).toContain('  fee        $85.00 USD');
    expect(started.stdout).toContain('  next       ticket-ship');
    const shipped = await desk('ticket-ship', ticket, '--carrier', 'ups', '--tracking', '1Z5R89390357567127');
    expect(shipped.code, shipped.stderr).toBe(0);
    expect(shipped.stdout).toContain('  next       nothing: it is closed');
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject.endsWith(`${ticket} is on its way back`) && m.text.includes('1Z5R89390357567127')), { what: 'the shipped-back email' });
    const entries = await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', number).where('action', 'like', 'care.%').orderBy('id').execute();
    expect(entries.map((e) => [e.action, e.actor_name, JSON.parse(e.after_json ?? 'null').ticket_status])).toEqual([
      ['care.repair', 'Mae Jemison', 'received'],
      ['care.start', 'npm run orders', 'in_work'],
      ['care.ship', 'npm run orders', 'shipped_back'],
    ]);
  });

  it('takes a return through the desk: listed, received, declined at inspection, each step on the audit log and emailed', { timeout: 240_000 }, async () => {
    const { shopper, number, stone } = await deliveredThroughDesk('Mary Jackson', '300000000001');
    const asked = await app.inject({ method: 'POST', url: `/api/orders/${number}/returns`, headers: bearer(shopper.token), payload: { lines: [1], reason: 'quality' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = (asked.json() as { rma: string }).rma;

    const list = await desk('returns');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${rma}\\s+authorized\\s+${number}`, 'm'));
    const received = await desk('receive', rma.toLowerCase());
    expect(received.code, received.stderr).toBe(0);
    expect(received.stdout).toContain(`${rma}  return received, order ${number}`);
    expect(received.stdout).toContain('  next       inspect');
    const declined = await desk('inspect', rma, '--failed', '--note', 'Deep scratch on the table facet');
    expect(declined.code, declined.stderr).toBe(0);
    expect(declined.stdout).toContain('Declined: send the piece back to the shopper, insured.');
    await waitFor(() => smtp.to(shopper.email).find((m) => m.subject === `About your Everstone return ${rma}`), { what: 'the declined email' });
    const refused = await desk('refund', rma, '--reference', 'TERM-1');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`Return ${rma} cannot be refunded: it is return declined.`);
    const entries = await db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', number).where('action', 'like', 'return.%').orderBy('id').execute();
    expect(entries.map((e) => [e.action, e.actor_name, JSON.parse(e.after_json ?? 'null').return_status])).toEqual([
      ['return.receive', 'npm run orders', 'received'],
      ['return.decline', 'npm run orders', 'rejected'],
    ]);
    expect(await db.db.selectFrom('diamonds').select('status').where('id', '=', stone.id).executeTakeFirstOrThrow()).toEqual({ status: 'sold' });
  });

  it('shows a shopper’s control characters and line breaks instead of obeying them', { timeout: 120_000 }, async () => {
    // A row stored before the contract cleaned such text: an escape sequence that erases the line, a carriage
    // return and a fake status, a C1 CSI, and a note whose second line looks like one of the desk's own.
    const shopper = await signUpAndIn(app, { name: 'Eve Mallory' });
    const stone = await db.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'POST',
      url: '/api/store-order',
      headers: bearer(shopper.token),
      payload: {
        user_name: 'Eve Mallory',
        contact_number: '212-555-0177',
        items_id: [Number(stone.id)],
        total_price: centsToPrice(Number(stone.price_cents)),
        address: JSON.stringify({ street: '1 Main St', city: 'Boston', zip: '02108', country: 'United States' }),
        payment_mode: 'cod',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    await db.db
      .updateTable('orders')
      .set({
        user_name: 'Eve\x1b[2K\rpayment paid',
        street: '1 Main St\u009b2K\x07',
        notes: 'Please call after 6 pm.\n  status     confirmed, payment paid\r\nThanks\u202e',
      })
      .where('order_number', '=', order.order_number)
      .execute();

    const show = await desk('show', order.order_number);
    expect(show.code, show.stderr).toBe(0);
    // Nothing reaches the terminal but printable text and the desk's own line breaks.
    // eslint-disable-next-line no-control-regex
    expect(show.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    const lines = show.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('  status '))).toEqual(['  status     pending, payment pending']);
    expect(lines).toContain(`  customer   Eve\\x1b[2K\\rpayment paid <${shopper.email}>, 212-555-0177`);
    expect(show.stdout).toContain('1 Main St\\u009b2K\\x07, Boston');
    // The note keeps its lines, each after the first marked as the note's, under its text.
    const note = lines.findIndex((line) => line.startsWith('  notes      '));
    expect(lines.slice(note, note + 3)).toEqual([
      '  notes      Please call after 6 pm.',
      '           ⏎   status     confirmed, payment paid',
      '           ⏎ Thanks\\u202e',
    ]);

    const list = await desk('list', '--limit', '5');
    // eslint-disable-next-line no-control-regex
    expect(list.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('explains a wrong command instead of guessing', { timeout: 120_000 }, async () => {
    const unknown = await desk('show', 'EV-2000-ZZZZZZ');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No order EV-2000-ZZZZZZ.');
    for (const [args, message] of [
      [['refund', placed.order_number], '"refund" takes a return number such as RMA-7KQ2M9XD. An order not yet shipped is refunded with "cancel ORDER --refunded".'],
      [['refund-all', placed.order_number], 'Unknown command "refund-all".'],
      [['inspect', 'RMA-7KQ2M9XD'], '"inspect" needs --passed or --failed.'],
      [['receive', 'RMA-7KQ2M9XD', '--passed'], '--passed does not belong to "receive".'],
      [['ship', placed.order_number, '--reference', 'X'], '--reference belongs to "refund".'],
      [['ship', placed.order_number, '--exchange-for', 'EV-2026-K7M3QX'], '--exchange-for belongs to "refund".'],
      [['ship', placed.order_number], '"ship" needs --carrier ups|fedex|usps.'],
      [['ship', placed.order_number, '--carrier', 'dhl', '--tracking', '1234567890'], '"ship" needs --carrier ups|fedex|usps.'],
      [['ship', placed.order_number, '--carrier', 'ups', '--tracking', '1Z999AA10123456785'], 'This UPS tracking number’s check digit does not match'],
      [['ship', placed.order_number, '--carrier', 'fedex', '--tracking', '1Z999AA10123456784'], 'A FedEx tracking number has 12, 15, 20 or 22 digits.'],
      [['ship', placed.order_number, '--carrier', 'usps', '--tracking', '9400111899223818218407', '--insured', 'lots'], '--insured must be an amount such as 4850.00.'],
      [['production', placed.order_number], '"production" takes the order number and the stage finished: one of bench, setting, polishing, quality_check.'],
      [['production', placed.order_number, 'engraving'], '"production" takes the order number and the stage finished'],
      [['delay', placed.order_number], '"delay" needs --until YYYY-MM-DD, the new ships-by date.'],
      [['paid', placed.order_number, '--carrier', 'ups'], '--carrier belongs to "ship".'],
      [['paid'], '"paid" takes one order number.'],
      [['confirm'], '"confirm" takes one order number.'],
      [['list', '--status', 'lost'], '--status must be one of pending, confirmed, in_production, ready_to_ship, shipped, delivered, completed, cancelled.'],
      [['list', '--limit', '0'], '--limit must be a whole number from 1 to 1000.'],
      [['paid', placed.order_number, '--refunded'], '--refunded belongs to "cancel".'],
    ] as const) {
      const run = await desk(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
    const help = await desk('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run orders -- COMMAND');
  });
});
