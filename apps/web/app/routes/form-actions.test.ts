import { describe, expect, it } from 'vitest';
import { ACCOUNT_FALLBACK_MESSAGES, ACCOUNT_MESSAGES, CONTACT_FAILURE_MESSAGE, CUSTOM_RING_MESSAGES, VERIFICATION_MESSAGES } from '@everstone/contract';
import { apiAnswering, json, type ApiCall as Call } from '../test/api-context';
import { formClientAction } from '../components/ui/form';
import { RESET_FIELDS } from '../features/account/password-reset';
import { action as contactAction } from './contact';
import { action as customRingAction } from './custom-rings';
import { action as resetRequestAction } from './account/reset-request';
import { action as resetPasswordAction } from './account/reset-password';
import { action as signUpAction } from './account/signup';

/*
 * The forms' route actions, as React Router calls them: a posted form in, the kit's one answer out. The API answers
 * here in its own wire format (the status, the JSON body of §3 and §8) through the load context, as the in-process
 * API does on a running store; what each form then shows is the browser journeys' (e2e/accounts, e2e/contact, e2e/special-requests).
 */

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://store.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What an action's `data(…)` carries: its answer and the status a browser posting without scripts sees. */
function unwrap(result: unknown): { status: number; answer: { ok: boolean; status: number; notice: { kind: string; text: string } | null; errors: Record<string, string[]>; values: Record<string, string> } } {
  const { data, init } = result as { data: never; init: { status: number } };
  return { status: init.status, answer: data };
}

describe('the reset request’s action', () => {
  const run = (reply: (call: Call) => Response | null, email = 'ada@example.com') => {
    const { context, calls } = apiAnswering(reply);
    return resetRequestAction({ request: post('/resetpassword', { email }), params: {}, context } as never).then((r) => ({ ...unwrap(r), calls }));
  };

  it('sends the address to the API and answers its message in green, keeping the address', async () => {
    const { status, answer, calls } = await run(() => json(200, { success: true, message: 'We have emailed your password reset link.' }));
    expect(calls).toEqual([{ path: '/api/password/email', method: 'POST', body: { email: 'ada@example.com' } }]);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, notice: { kind: 'success', text: 'We have emailed your password reset link.' }, values: { email: 'ada@example.com' } });
  });

  it('answers a 422 with its field messages, and an error without a message with §8’s line', async () => {
    const invalid = await run(() => json(422, { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } }), 'a@b');
    expect(invalid.status).toBe(422);
    expect(invalid.answer).toMatchObject({ ok: false, errors: { email: ['The email must be a valid email address.'] }, values: { email: 'a@b' } });

    const silent = await run(() => new Response('', { status: 500 }));
    expect(silent.status).toBe(502);
    expect(silent.answer.notice).toEqual({ kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.resetRequest });
  });

  it('says §8’s generic line when the API gives no answer at all', async () => {
    const { status, answer } = await run(() => null);
    expect(status).toBe(502);
    expect(answer.notice).toEqual({ kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic });
  });
});

describe('the new password’s action', () => {
  it('sends the link’s token from the address with the form, and never answers a password back', async () => {
    const { context, calls } = apiAnswering(() =>
      json(422, { message: 'The password confirmation does not match.', errors: { password_confirmation: ['The password confirmation does not match.'] } }),
    );
    const fields = { email: 'ada@example.com', password: 'Cushion-cut-2026', password_confirmation: 'Cushion-cut-2025' };
    const { status, answer } = unwrap(await resetPasswordAction({ request: post('/reset-password/t0k3n', fields), params: { token: 't0k3n' }, context } as never));
    expect(calls[0]).toEqual({ path: '/password/reset', method: 'POST', body: { token: 't0k3n', ...fields } });
    expect(status).toBe(422);
    expect(answer.errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    expect(answer.values).toEqual({ email: 'ada@example.com' });
    expect(JSON.stringify(answer)).not.toContain('Cushion-cut');
  });

  it('counts a success without a message as no usable answer (§8)', async () => {
    const { context } = apiAnswering(() => json(200, { message: '' }));
    const { status, answer } = unwrap(await resetPasswordAction({ request: post('/reset-password/t', { email: 'a@example.com', password: 'x', password_confirmation: 'x' }), params: { token: 't' }, context } as never));
    expect(status).toBe(502);
    expect(answer.notice).toEqual({ kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic });
  });
});

describe('the contact form’s action', () => {
  const fields = { name: 'Ada', email: 'ada@example.com', phone: '(212) 555-0100', topic: 'Diamonds', question: 'Ovals?' };

  it('sends the phone as §5 keeps it, digits and hyphens, and empties the form after the thank-you', async () => {
    const { context, calls } = apiAnswering(() => json(200, { message: 'Thank you.' }));
    const { status, answer } = unwrap(await contactAction({ request: post('/contact', fields), params: {}, context } as never));
    expect(calls[0]!.body).toEqual({ ...fields, phone: '212555-0100' });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, notice: { kind: 'success', text: 'Thank you.' }, values: {} });
  });

  it('keeps what was typed when the API fails, and says §8’s line', async () => {
    const { context } = apiAnswering(() => json(503, { message: 'Service Unavailable' }));
    const { status, answer } = unwrap(await contactAction({ request: post('/contact', fields), params: {}, context } as never));
    expect(status).toBe(502);
    expect(answer.notice).toEqual({ kind: 'error', text: CONTACT_FAILURE_MESSAGE });
    expect(answer.values.email).toBe('ada@example.com');
  });
});

describe('the sign-up’s action', () => {
  const PASSWORD = 'Radiant-cut-2026';
  const fields = { title: 'Mrs', first_name: ' Ada ', last_name: 'Lovelace', email: ' ada@example.com ', birth_date: '04/12/1990', anniversary_date: '', password: PASSWORD };
  const run = async (reply: (call: Call) => Response | null, typed: Record<string, string> = fields) => {
    const { context, calls } = apiAnswering(reply);
    return { ...unwrap(await signUpAction({ request: post('/signup', typed), params: {}, context } as never)), calls };
  };
  const user = { id: 7, email: 'ada@example.com', name: 'Ada Lovelace', title: 'Mrs', birth_date: '1990-04-12', anniversary_date: null, email_verified: false };

  it('sends the name joined and the dates as YYYY-MM-DD, and a 201 says where the verification link went and empties the form', async () => {
    const { status, answer, calls } = await run(() => json(201, { message: ACCOUNT_MESSAGES.registered, user }));
    expect(calls).toEqual([
      {
        path: '/api/register',
        method: 'POST',
        body: { title: 'Mrs', name: 'Ada Lovelace', email: 'ada@example.com', birth_date: '1990-04-12', anniversary_date: null, password: PASSWORD },
      },
    ]);
    expect(status).toBe(200);
    expect(answer).toEqual({ status: 201, ok: true, notice: { kind: 'success', text: VERIFICATION_MESSAGES.checkInbox('ada@example.com') }, errors: {}, values: {} });
  });

  it('answers a 422 with its messages beside the fields and joined for the alert, keeping what was typed but the password', async () => {
    const errors = { title: ['Please choose a title: Mr, Mrs or Ms.'], name: ['The name field is required.'], email: ['The email has already been taken.'] };
    const { status, answer } = await run(() => json(422, { message: 'Please choose a title: Mr, Mrs or Ms. (and 2 more errors)', errors }), {
      ...fields,
      title: '',
      first_name: '',
      last_name: '',
    });
    expect(status).toBe(422);
    expect(answer.errors).toEqual(errors);
    expect(answer.notice).toEqual({ kind: 'error', text: 'Please choose a title: Mr, Mrs or Ms. The name field is required. The email has already been taken.' });
    // The dates come back as the calendar boxes take them.
    expect(answer.values).toMatchObject({ email: ' ada@example.com ', birth_date: '1990-04-12', anniversary_date: '' });
    expect(answer.values).not.toHaveProperty('password');
    expect(JSON.stringify(answer)).not.toContain(PASSWORD);
  });

  it('says §8’s fallback for an API that fails or gives no answer, and ‘Registration failed.’ for another success code', async () => {
    const failed = await run(() => new Response('', { status: 503 }));
    expect(failed.status).toBe(502);
    expect(failed.answer).toMatchObject({ ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.register }, errors: {} });
    expect(JSON.stringify(failed.answer)).not.toContain(PASSWORD);

    const silent = await run(() => null);
    expect(silent.status).toBe(502);
    expect(silent.answer.notice).toEqual({ kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.register });

    const notCreated = await run(() => json(200, { message: 'OK', user }));
    expect(notCreated.status).toBe(502);
    expect(notCreated.answer).toMatchObject({ ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.registerNot201 } });
  });
});

describe('the custom ring request’s action', () => {
  const fields = {
    style: 'halo',
    budget: '5000-10000',
    center_shape: 'Oval',
    center_origin: 'lab',
    center_carat: '1.5',
    metal: 'platinum',
    ring_size: '6.5',
    note: 'Milgrain edges.',
    name: 'Ada Lovelace',
    email: ' ada@example.com ',
    phone: '',
  };
  /** A form post with the uploaded pictures' ids, one `images` field each, as the page's form sends them. */
  function postWithImages(images: string[]) {
    const body = new URLSearchParams(fields);
    for (const id of images) body.append('images', id);
    return new Request('http://store.test/custom-rings', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  }
  const run = async (reply: (call: Call) => Response | null, images: string[] = []) => {
    const { context, calls } = apiAnswering(reply);
    return { ...unwrap(await customRingAction({ request: postWithImages(images), params: {}, context } as never)), calls };
  };

  it('names every uploaded picture in the request, and a 201 carries the number and the day of the reply', async () => {
    const created = { request_number: 'CR-2026-K7M3QX', reply_by: '2026-12-01', reply_by_text: 'We will reply by Tuesday, December 1', message: 'Thank you.' };
    const { status, answer, calls } = await run(() => json(201, created), ['img_a1', 'img_b2']);
    expect(calls).toEqual([{ path: '/api/custom-ring-requests', method: 'POST', body: { ...fields, images: ['img_a1', 'img_b2'] } }]);
    expect(status).toBe(200);
    expect(answer).toEqual({
      status: 201,
      ok: true,
      notice: null,
      errors: {},
      values: {},
      sent: { number: 'CR-2026-K7M3QX', replyByText: 'We will reply by Tuesday, December 1', email: 'ada@example.com' },
    });
  });

  it('sends no pictures for a post without any (scripts off), and shows a lost upload’s message once, beside the pictures', async () => {
    const errors = { style: [CUSTOM_RING_MESSAGES.style], 'images.0': [CUSTOM_RING_MESSAGES.unknownImage], 'images.1': [CUSTOM_RING_MESSAGES.unknownImage] };
    const { status, answer, calls } = await run(() => json(422, { message: CUSTOM_RING_MESSAGES.style, errors }));
    expect((calls[0]!.body as { images: string[] }).images).toEqual([]);
    expect(status).toBe(422);
    expect(answer.errors).toEqual({ style: [CUSTOM_RING_MESSAGES.style], images: [CUSTOM_RING_MESSAGES.unknownImage, CUSTOM_RING_MESSAGES.unknownImage] });
    expect(answer.notice).toEqual({ kind: 'error', text: 'Some details need your attention: see the messages beside the fields.' });
    // What was typed comes back to be corrected.
    expect(answer.values).toEqual(fields);
  });

  it('says a 429 in the server’s words, and §8’s line when the API fails or gives no answer', async () => {
    const limited = await run(() => json(429, { message: 'Too many custom ring requests.' }));
    expect(limited.status).toBe(429);
    expect(limited.answer.notice).toEqual({ kind: 'error', text: 'Too many custom ring requests.' });

    const failed = await run(() => new Response('', { status: 503 }));
    expect(failed.status).toBe(502);
    expect(failed.answer.notice).toEqual({ kind: 'error', text: CUSTOM_RING_MESSAGES.failure });
    expect(failed.answer.values.email).toBe(' ada@example.com ');

    const silent = await run(() => null);
    expect(silent.status).toBe(502);
    expect(silent.answer.notice).toEqual({ kind: 'error', text: CUSTOM_RING_MESSAGES.failure });
  });
});

describe('a form’s client action', () => {
  it('answers the form’s fallback, without the passwords, when the trip to the page’s server fails', async () => {
    const clientAction = formClientAction(RESET_FIELDS, ACCOUNT_FALLBACK_MESSAGES.generic);
    const request = post('/reset-password/t', { email: 'ada@example.com', password: 'secret-1', password_confirmation: 'secret-1' });
    const answer = await clientAction({ request, serverAction: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(answer).toEqual({ status: 0, ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic }, errors: {}, values: { email: 'ada@example.com' } });
  });

  it('passes the server’s answer through untouched', async () => {
    const clientAction = formClientAction(RESET_FIELDS, 'unused');
    const served = { status: 200, ok: true, notice: null, errors: {}, values: {} };
    const answer = await clientAction({ request: post('/x', {}), serverAction: <T,>() => Promise.resolve(served as T) });
    expect(answer).toBe(served);
  });
});
