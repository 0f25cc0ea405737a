import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppointmentSlotsResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { waitFor } from '../../test/wait-for.ts';
import { showroomDate, showroomInstant } from './schedule.ts';

const STORE = 'showroom@store.test';
const TAKEN = 'That time was just booked. Please choose another.';

/** The Eastern calendar day `days` after today, so the tests never go stale. */
function eastern(days: number): string {
  const today = Date.parse(`${showroomDate(new Date())}T00:00:00Z`);
  return new Date(today + days * 86_400_000).toISOString().slice(0, 10);
}
/** An instant on that day at an Eastern wall-clock time ('14:00'). */
function slot(days: number, hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return showroomInstant(eastern(days), h * 60 + m).toISOString();
}

describe.each(TEST_ENGINES)('appointments API on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let smtp: TestSmtp;

  beforeAll(async () => {
    db = await createTestDb(engine);
    smtp = await startTestSmtp();
    app = await createTestApp(db, { SMTP_URL: smtp.url, STORE_EMAIL: STORE });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.destroy();
  });

  const shopper = (email: string) => ({ name: 'Cleopatra Quillfeather', email, phone: '+1 (212) 555-0101', note: 'Looking at <ovals> & pears' });
  const book = (body: object) => app.inject({ method: 'POST', url: '/api/appointments', payload: body });
  const slots = async (query: string) => app.inject(`/api/appointments/slots?${query}`);

  it('books a virtual appointment and emails the shopper and the store', async () => {
    const startsAt = slot(1, '14:00');
    const res = await book({ kind: 'virtual', starts_at: startsAt, ...shopper('cleo@shopper.test') });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [mm, dd, yyyy] = [eastern(1).slice(5, 7), eastern(1).slice(8, 10), eastern(1).slice(0, 4)];
    const date = `${mm}/${dd}/${yyyy}`;
    expect(body).toEqual({
      message: `Your virtual appointment is booked for ${date} at 2:00 PM Eastern Time. A confirmation is on its way to your inbox.`,
      appointment: { id: expect.any(Number), kind: 'virtual', starts_at: startsAt },
    });

    const row = await db.db.selectFrom('appointments').selectAll().where('id', '=', body.appointment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'virtual', starts_at: startsAt, email: 'cleo@shopper.test', status: 'booked' });

    const confirmation = await waitFor(() => smtp.to('cleo@shopper.test')[0], { what: 'the confirmation' });
    expect(confirmation.subject).toBe(`Your Everstone appointment on ${date} at 2:00 PM`);
    expect(confirmation.replyTo).toContain(STORE);
    expect(confirmation.text).toContain(`Date: ${date}`);
    expect(confirmation.text).toContain('Time: 2:00 PM Eastern Time');
    expect(confirmation.text).toContain('Virtual appointment');
    expect(confirmation.text).toContain('video link');
    expect(confirmation.text).not.toContain('Fifth Avenue');
    // The address was typed on the form: nothing else typed there reaches it, only the store's words.
    for (const typed of ['Cleopatra', 'Quillfeather', 'ovals', 'pears', '555-0101']) {
      expect(confirmation.text, typed).not.toContain(typed);
      expect(confirmation.html, typed).not.toContain(typed);
    }
    expect(confirmation.text).toMatch(/^Hello,/);
    expect(confirmation.text.replace(/\s+/g, ' ')).toContain('If you did not book this appointment, someone else typed your address into our booking form');

    const notice = await waitFor(() => smtp.to(STORE).find((m) => m.replyTo.includes('cleo@shopper.test')), { what: 'the store notice' });
    expect(notice.recipients).toEqual([STORE]);
    expect(notice.subject).toBe(`New appointment: Virtual appointment on ${date} at 2:00 PM`);
    expect(notice.text).toContain('Name: Cleopatra Quillfeather');
    expect(notice.text).toContain('Phone: +1 (212) 555-0101');
    expect(notice.text).toContain('Note: Looking at <ovals> & pears');
    expect(notice.html).toContain('Looking at &lt;ovals&gt; &amp; pears');
  });

  it('gives the showroom address for an in-person visit', async () => {
    const res = await book({ kind: 'in-person', starts_at: slot(2, '10:00'), ...shopper('dev@shopper.test') });
    expect(res.statusCode, res.body).toBe(201);
    const confirmation = await waitFor(() => smtp.to('dev@shopper.test')[0], { what: 'the confirmation' });
    expect(confirmation.text).toContain('In-person showroom visit');
    expect(confirmation.text).toContain('580 Fifth Avenue, Suite 1200, New York, NY 10036');
    expect(confirmation.text).toContain('10:00 AM Eastern Time');
  });

  it('answers 409 for a slot already taken, however the time is written, and keeps kinds apart', async () => {
    const startsAt = slot(3, '15:30');
    expect((await book({ kind: 'virtual', starts_at: startsAt, ...shopper('first@shopper.test') })).statusCode).toBe(201);

    // The same instant written with a -04:00 offset instead of Z.
    const sameInstant = new Date(Date.parse(startsAt) - 4 * 3_600_000).toISOString().replace('Z', '-04:00');
    expect(Date.parse(sameInstant)).toBe(Date.parse(startsAt));
    const again = await book({ kind: 'virtual', starts_at: sameInstant, ...shopper('second@shopper.test') });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: TAKEN });

    expect((await book({ kind: 'in-person', starts_at: startsAt, ...shopper('third@shopper.test') })).statusCode).toBe(201);
    const rows = await db.db.selectFrom('appointments').select('email').where('starts_at', '=', startsAt).execute();
    expect(rows.map((r) => r.email).sort()).toEqual(['first@shopper.test', 'third@shopper.test']);
    const queued = await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'second@shopper.test').execute();
    expect(queued).toHaveLength(0);
  });

  it('lets exactly one of several simultaneous bookings of a slot through', async () => {
    const startsAt = slot(4, '11:00');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => book({ kind: 'virtual', starts_at: startsAt, ...shopper(`race${i}@shopper.test`) })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it.each([
    ['a time in the past', () => slot(-1, '14:00'), ['That time has already passed. Please choose a later time.']],
    ['a time off the half-hour grid', () => slot(1, '14:15'), ['Please choose a time on the hour or the half hour.']],
    ['a time before opening', () => slot(1, '09:30'), ['Please choose a time between 10:00 am and 6:30 pm Eastern.']],
    ['a time after the last slot', () => slot(1, '19:00'), ['Please choose a time between 10:00 am and 6:30 pm Eastern.']],
    ['a date more than 90 days ahead', () => slot(91, '14:00'), ['Please choose a date within the next 90 days.']],
  ])('answers 422 for %s, saying what is wrong', async (_case, startsAt, messages) => {
    const res = await book({ kind: 'virtual', starts_at: startsAt(), ...shopper('late@shopper.test') });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: messages.join(' '), errors: { starts_at: messages } });
  });

  it('answers 422 for a time within the next hour', async () => {
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    const res = await book({ kind: 'virtual', starts_at: soon, ...shopper('soon@shopper.test') });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.starts_at).toContain('Please choose a time at least 1 hour from now.');
  });

  it('accepts the 90th day', async () => {
    const res = await book({ kind: 'virtual', starts_at: slot(90, '12:00'), ...shopper('far@shopper.test') });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['no time', { kind: 'virtual' }, 'starts_at', 'Please choose a date and time.'],
    ['a time that is not ISO 8601', { kind: 'virtual', starts_at: 'tomorrow 2pm' }, 'starts_at', 'Please choose a date and time.'],
    ['an unknown kind', { kind: 'phone', starts_at: slot(1, '14:00') }, 'kind', 'Please choose a virtual or an in-person appointment.'],
    ['no name', { kind: 'virtual', starts_at: slot(1, '14:00'), name: ' ' }, 'name', 'The name field is required.'],
  ])('answers 422 for %s', async (_case, override, field, message) => {
    const res = await book({ ...shopper('x@shopper.test'), ...override });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('lists a day’s slots with the taken one unavailable for its kind only', async () => {
    const day = eastern(5);
    const taken = slot(5, '16:00');
    expect((await book({ kind: 'virtual', starts_at: taken, ...shopper('slots@shopper.test') })).statusCode).toBe(201);

    const res = await slots(`date=${day}&kind=virtual`);
    expect(res.statusCode, res.body).toBe(200);
    const body: AppointmentSlotsResponse = res.json();
    expect(body.date).toBe(day);
    expect(body.slots).toHaveLength(18);
    expect(body.slots[0]).toEqual({ starts_at: slot(5, '10:00'), available: true });
    expect(body.slots.find((s) => s.starts_at === taken)).toEqual({ starts_at: taken, available: false });
    expect(body.slots.filter((s) => !s.available)).toHaveLength(1);

    const inPerson: AppointmentSlotsResponse = (await slots(`date=${day}&kind=in-person`)).json();
    expect(inPerson.slots.every((s) => s.available)).toBe(true);
  });

  it('marks every slot of a past day, or one beyond 90 days, unavailable', async () => {
    for (const day of [eastern(-1), eastern(91), '0001-01-01', '9999-12-31']) {
      const body: AppointmentSlotsResponse = (await slots(`date=${day}&kind=virtual`)).json();
      expect(body.date).toBe(day);
      expect(body.slots).toHaveLength(18);
      expect(body.slots[0]!.starts_at.slice(0, 10)).toBe(day);
      expect(body.slots.some((s) => s.available)).toBe(false);
    }
  });

  it.each([
    ['a malformed date', 'date=tomorrow&kind=virtual', 'date'],
    ['an impossible date', 'date=2026-02-30&kind=virtual', 'date'],
    ['no date', 'kind=virtual', 'date'],
    ['an unknown kind', `date=${eastern(1)}&kind=phone`, 'kind'],
  ])('answers 400 for %s', async (_case, query, field) => {
    const res = await slots(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('documents the storefront calls in the OpenAPI description', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/contact', '/api/newsletter', '/api/appointments', '/api/appointments/slots']));
  });
});
