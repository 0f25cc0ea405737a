import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CUSTOM_RING_IMAGES, CUSTOM_RING_MESSAGES } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';

const STORE = 'designers@store.test';

/** A real 1×1 PNG, and the first bytes of a JPEG and of a WebP (the store reads the magic numbers only). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000 a small picture')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(20, 7)]);

const request = (overrides: Record<string, unknown> = {}) => ({
  style: 'halo',
  budget: '5000-10000',
  center_shape: 'Oval',
  center_origin: 'lab',
  center_carat: '1.5',
  metal: '18k-rose',
  ring_size: '6.5',
  note: 'A halo like my grandmother’s,\nwith <b>milgrain</b> edges & a hidden sapphire.',
  name: 'Ann Lee',
  email: 'ann@shopper.test',
  phone: '212-555-0100',
  images: [],
  ...overrides,
});

describe.each(TEST_ENGINES)('custom ring requests on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;
  let clock: TestClock;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    // Monday, November 30, 2026, 10:00 in New York.
    clock = createTestClock(new Date('2026-11-30T15:00:00Z'));
    app = await createTestApp(db, { SMTP_URL: smtp.url, STORE_EMAIL: STORE }, { now: clock.now, customImageSweepIntervalMs: 20 });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const upload = (bytes: Buffer, contentType = 'image/png') =>
    app.inject({ method: 'POST', url: '/api/custom-ring-requests/images', payload: { content_type: contentType, data: bytes.toString('base64') } });
  const submit = (body: unknown) => app.inject({ method: 'POST', url: '/api/custom-ring-requests', payload: body as object });
  const count = async (table: 'custom_ring_requests' | 'custom_ring_images' | 'mail_outbox') =>
    Number((await db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('stores the request, mails the store the pictures as attachments and tells the shopper the reply-by day', async () => {
    const png = await upload(PNG);
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({ content_type: 'image/png', bytes: PNG.length, id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const jpeg = await upload(JPEG, 'image/jpeg');
    const webp = await upload(WEBP, 'image/webp');
    expect([jpeg.statusCode, webp.statusCode]).toEqual([201, 201]);

    const res = await submit(request({ images: [png.json().id, jpeg.json().id, webp.json().id] }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      request_number: expect.stringMatching(/^CR-2026-[0-9A-Z]{6}$/),
      reply_by: '2026-12-01',
      reply_by_text: 'We will reply by Tuesday, December 1',
      message: `Thank you. Your request number is ${body.request_number}. We will reply by Tuesday, December 1.`,
    });

    const row = await db.db.selectFrom('custom_ring_requests').selectAll().where('request_number', '=', body.request_number).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ style: 'halo', budget: '5000-10000', center_shape: 'Oval', center_origin: 'lab', center_carat: 1.5, metal: '18k-rose', ring_size: '6.5', reply_by: '2026-12-01', email: 'ann@shopper.test' });
    expect(row.note).toBe('A halo like my grandmother’s,\nwith <b>milgrain</b> edges & a hidden sapphire.');

    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.subject.includes(body.request_number)), { what: 'the store’s email' });
    expect(notice.subject).toBe(`Custom ring request ${body.request_number}: reply by Tuesday, December 1`);
    expect(notice.replyTo).toContain('ann@shopper.test');
    expect(notice.text).toContain('Style: Halo');
    expect(notice.text).toContain('Budget: $5,000 to $10,000');
    expect(notice.text).toContain('Metal: 18K Rose Gold');
    expect(notice.text).toContain('Approximate carat: 1.5 ct');
    expect(notice.text).toContain('Reference images: 3 attached');
    expect(notice.text).toContain('> with <b>milgrain</b> edges & a hidden sapphire.');
    expect(notice.html).toContain('&lt;b&gt;milgrain&lt;/b&gt;');
    expect(notice.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${body.request_number}-1.png`, 'image/png'],
      [`${body.request_number}-2.jpg`, 'image/jpeg'],
      [`${body.request_number}-3.webp`, 'image/webp'],
    ]);
    expect(notice.attachments[0]!.content.equals(PNG)).toBe(true);
    expect(notice.attachments[1]!.content.equals(JPEG)).toBe(true);

    const ack = await waitFor(() => smtp.to('ann@shopper.test')[0], { what: 'the acknowledgement' });
    expect(ack.subject).toBe(`We received your custom ring request ${body.request_number}`);
    expect(ack.text).toContain('We will reply by Tuesday, December 1, end of day Eastern Time.');
    expect(ack.text).toContain('Style: Halo');
    // Whoever typed the address: nothing they wrote and none of their pictures reach it.
    expect(ack.text).not.toContain('Ann Lee');
    expect(ack.text).not.toContain('milgrain');
    expect(ack.attachments).toEqual([]);

    // The outbox lets go of the files once they are sent; the request keeps its own.
    await waitFor(async () => (await db.db.selectFrom('mail_outbox').select('status').execute()).every((r) => r.status === 'sent'), { what: 'the outbox to be sent' });
    const kept = await db.db.selectFrom('mail_outbox').select('attachments').where('subject', 'like', 'Custom ring request%').execute();
    expect(kept.every((r) => r.attachments === null)).toBe(true);
    const images = await db.db.selectFrom('custom_ring_images').select(['request_id', 'position']).where('request_id', '=', row.id).orderBy('position').execute();
    expect(images.map((i) => i.position)).toEqual([0, 1, 2]);
  });

  it('works without pictures and with the optional fields empty', async () => {
    const res = await submit(request({ email: 'bo@shopper.test', center_carat: '', phone: '', note: '', images: undefined, center_shape: 'undecided', metal: 'undecided', ring_size: 'unknown', style: 'other' }));
    expect(res.statusCode, res.body).toBe(201);
    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.subject.includes(res.json().request_number)), { what: 'the store’s email' });
    expect(notice.text).toContain('Ring size: Size not known yet (one free resize)');
    expect(notice.text).toContain('Reference images: None');
    expect(notice.attachments).toEqual([]);
  });

  it.each([
    ['a Friday evening', '2026-11-27T19:30:00-05:00', '2026-11-30', 'We will reply by Monday, November 30'],
    ['a Friday just before midnight in New York (already Saturday in UTC)', '2026-11-27T23:50:00-05:00', '2026-11-30', 'We will reply by Monday, November 30'],
    ['a Saturday', '2026-11-28T12:00:00-05:00', '2026-11-30', 'We will reply by Monday, November 30'],
    ['a Sunday', '2026-11-29T09:00:00-05:00', '2026-11-30', 'We will reply by Monday, November 30'],
    ['a Wednesday', '2026-12-02T16:00:00-05:00', '2026-12-03', 'We will reply by Thursday, December 3'],
    ['a Monday at 00:30 in New York (still Sunday on the US west coast, Monday in UTC)', '2026-11-30T00:30:00-05:00', '2026-12-01', 'We will reply by Tuesday, December 1'],
  ])('promises a reply one business day after %s, on the store’s calendar', async (_case, at, day, text) => {
    clock.set(new Date(at));
    const res = await submit(request({ email: `when-${day}@shopper.test` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reply_by: day, reply_by_text: text });
    clock.set(new Date('2026-11-30T15:00:00Z'));
  });

  it.each([
    ['a missing style', { style: undefined }, 'style', 'Please choose a style.'],
    ['an unknown style', { style: 'cathedral' }, 'style', 'Please choose a style.'],
    ['an unknown budget', { budget: '1-2' }, 'budget', 'Please choose a budget.'],
    ['an unknown shape', { center_shape: 'Triangle' }, 'center_shape', 'Please choose a center stone shape, or "Not sure yet".'],
    ['an unknown stone origin', { center_origin: 'moissanite' }, 'center_origin', 'Please choose lab-grown, natural, or "Not sure yet".'],
    ['a carat out of range', { center_carat: '45' }, 'center_carat', 'The approximate carat weight must be a number from 0.1 to 20, or left empty.'],
    ['a carat that is no number', { center_carat: 'two' }, 'center_carat', 'The approximate carat weight must be a number from 0.1 to 20, or left empty.'],
    ['an unknown metal', { metal: 'silver' }, 'metal', 'Please choose a metal, or "Not sure yet".'],
    ['a ring size off the scale', { ring_size: '14' }, 'ring_size', 'Please choose a ring size, or "I don\'t know the size yet".'],
    ['a note over 2,000 characters', { note: 'x'.repeat(2001) }, 'note', 'The note must not be longer than 2000 characters.'],
    ['a blank name', { name: '  ' }, 'name', 'The name field is required.'],
    ['a malformed email', { email: 'ann@' }, 'email', 'The email must be a valid email address.'],
    ['a phone with letters', { phone: 'call me' }, 'phone', 'The phone may contain only digits, spaces and + ( ) - .'],
    ['four pictures', { images: ['a'.repeat(22), 'b'.repeat(22), 'c'.repeat(22), 'd'.repeat(22)] }, 'images', 'Add at most 3 images.'],
    ['one picture twice', { images: ['a'.repeat(22), 'a'.repeat(22)] }, 'images', 'The same image was added twice.'],
    ['a picture id that is not one', { images: ['../../etc/passwd'] }, 'images.0', 'One of your images is no longer with us (uploads are kept for a day). Please remove it and add it again.'],
    ['a picture id the store never gave', { images: ['Z'.repeat(22)] }, 'images', 'One of your images is no longer with us (uploads are kept for a day). Please remove it and add it again.'],
  ])('answers 422 for %s with the field’s message and stores and mails nothing', async (_case, change, field, message) => {
    const before = [await count('custom_ring_requests'), await count('mail_outbox')];
    const res = await submit(request({ email: 'refused@shopper.test', ...change }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect([await count('custom_ring_requests'), await count('mail_outbox')]).toEqual(before);
  });

  it('drops control characters from the name and the note, keeping the note’s line breaks', async () => {
    const res = await submit(request({ email: 'ctl@shopper.test', name: 'Eve\u001b[2K\rAdmin', note: 'Line one\r\nLine\u0007 two\u009b' }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await db.db.selectFrom('custom_ring_requests').selectAll().where('email', '=', 'ctl@shopper.test').executeTakeFirstOrThrow();
    expect(row.name).toBe('Eve[2K Admin');
    expect(row.note).toBe('Line one\nLine two');
  });

  describe('pictures', () => {
    it('refuses bytes that are no picture, whatever type they claim', async () => {
      const before = await count('custom_ring_images');
      const text = await upload(Buffer.from('<?php system($_GET["c"]); ?>'), 'image/jpeg');
      expect(text.statusCode).toBe(422);
      expect(text.json().errors).toEqual({ data: ['This file is not a JPEG, PNG or WebP picture.'] });
      const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png');
      expect(svg.statusCode).toBe(422);
      const empty = await upload(Buffer.alloc(0));
      expect(empty.json().errors).toEqual({ data: ['The image is empty.'] });
      expect(await count('custom_ring_images')).toBe(before);
    });

    it('refuses a picture labelled as another type, and a type it does not take', async () => {
      const mislabelled = await upload(PNG, 'image/jpeg');
      expect(mislabelled.statusCode).toBe(422);
      expect(mislabelled.json().errors).toEqual({ content_type: ['The image must be a JPEG, PNG or WebP picture.'] });
      const gif = await upload(Buffer.from('GIF89a'), 'image/gif');
      expect(gif.statusCode).toBe(422);
      expect(gif.json().errors.content_type).toEqual(['The image must be a JPEG, PNG or WebP picture.']);
      const notBase64 = await app.inject({ method: 'POST', url: '/api/custom-ring-requests/images', payload: { content_type: 'image/png', data: 'not base64 at all!' } });
      expect(notBase64.json().errors).toEqual({ data: ['The image must be sent as base64 text.'] });
    });

    it('answers 413 for a body over 64 KB, and 422 for a picture over 46 KB that fits in one', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(60 * 1024, 1)]);
      const tooLarge = await upload(big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toContain('at most 64 KB');
      const over = Buffer.concat([PNG, Buffer.alloc(46 * 1024, 1)]);
      const refused = await upload(over);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ data: ['The image is larger than 46 KB. Please choose a smaller one.'] });
      const atCap = await upload(Buffer.concat([PNG, Buffer.alloc(46 * 1024 - PNG.length, 1)]));
      expect(atCap.statusCode, atCap.body).toBe(201);
    });

    it('lets one picture be claimed by one request only', async () => {
      const id = (await upload(PNG)).json().id;
      expect((await submit(request({ email: 'first@shopper.test', images: [id] }))).statusCode).toBe(201);
      const second = await submit(request({ email: 'second@shopper.test', images: [id] }));
      expect(second.statusCode).toBe(422);
      expect(second.json().errors.images).toBeDefined();
    });

    it('deletes an upload no request claimed within a day, and keeps claimed ones', async () => {
      const claimedId = (await upload(PNG)).json().id;
      const claimed = await submit(request({ email: 'keeps@shopper.test', images: [claimedId] }));
      expect(claimed.statusCode).toBe(201);
      const orphan = (await upload(JPEG, 'image/jpeg')).json().id;
      clock.advance(23 * 3_600_000);
      // Not a day yet: still there, still claimable by a request.
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await db.db.selectFrom('custom_ring_images').select('id').where('token', '=', orphan).executeTakeFirst()).toBeDefined();
      clock.advance(2 * 3_600_000);
      await waitFor(async () => !(await db.db.selectFrom('custom_ring_images').select('id').where('token', '=', orphan).executeTakeFirst()), { what: 'the sweep' });
      expect(await db.db.selectFrom('custom_ring_images').select('id').where('token', '=', claimedId).executeTakeFirst()).toBeDefined();
      const late = await submit(request({ email: 'late@shopper.test', images: [orphan] }));
      expect(late.statusCode).toBe(422);
      expect(late.json().errors).toEqual({ images: ['One of your images is no longer with us (uploads are kept for a day). Please remove it and add it again.'] });
      clock.set(new Date('2026-11-30T15:00:00Z'));
    });

    it('gives each client a share of the waiting uploads, so one client’s flood does not pause uploads for everyone', async () => {
      const from = (remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/custom-ring-requests/images', payload: { content_type: 'image/png', data: PNG.toString('base64') }, remoteAddress });
      const share = CUSTOM_RING_IMAGES.waitingPerClient;
      const ids: string[] = [];
      for (let i = 0; i < share; i++) {
        const res = await from('203.0.113.9');
        expect(res.statusCode, `upload ${i + 1}`).toBe(201);
        ids.push(res.json().id);
      }
      const over = await from('203.0.113.9');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(CUSTOM_RING_MESSAGES.clientShareFull);
      // Room comes back when the oldest is swept, a day after it was made.
      expect(Number(over.headers['retry-after'])).toBe(24 * 3600);
      // Nothing of it was kept, and every other shopper still uploads.
      expect((await from('198.51.100.23')).statusCode).toBe(201);
      // A request claiming some of them frees the client's share by as many.
      expect((await submit(request({ email: 'share@shopper.test', images: ids.slice(0, 2) }))).statusCode).toBe(201);
      expect((await from('203.0.113.9')).statusCode).toBe(201);

      // An IPv6 client's /64s share its /56's four shares.
      for (let net = 0; net < 4; net++) {
        for (let i = 0; i < share; i++) expect((await from(`2001:db8:99:${net}::${i + 1}`)).statusCode, `/64 ${net}, upload ${i + 1}`).toBe(201);
      }
      const over56 = await from('2001:db8:99:ff::1');
      expect(over56.statusCode).toBe(429);
      expect((await from('2001:db8:99:100::1')).statusCode).toBe(201);
    });

    it('serves no picture: there is no route to read one', async () => {
      const id = (await upload(PNG)).json().id;
      for (const url of [`/api/custom-ring-requests/images/${id}`, `/api/custom-ring-requests/images?id=${id}`]) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  });
});

describe.each(TEST_ENGINES)('custom ring request limits on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb(engine);
    app = await createTestApp(db, { RATE_LIMITS_ENABLED: 'true' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('sends one address at most 3 acknowledgements an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'POST', url: '/api/custom-ring-requests', payload: request({ email: 'Target@Shopper.test ' }) })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const other = await app.inject({ method: 'POST', url: '/api/custom-ring-requests', payload: request({ email: 'someone-else@shopper.test' }) });
    expect(other.statusCode).toBe(201);
  });

  it('takes at most 30 pictures an hour from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/custom-ring-requests/images', payload: { content_type: 'image/png', data: PNG.toString('base64') } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    const res = await app.inject({ method: 'POST', url: '/api/custom-ring-requests/images', payload: { content_type: 'image/png', data: PNG.toString('base64') } });
    expect(res.json().message).toMatch(/^Too many images uploaded\. Please try again in \d+ minutes?\.$/);
  });
});
