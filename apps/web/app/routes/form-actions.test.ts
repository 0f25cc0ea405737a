import { describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES, CONTACT_FAILURE_MESSAGE } from '@everstone/contract';
import { appContext } from '../lib/app-context';
import { formClientAction } from '../components/ui/form';
import { RESET_FIELDS } from '../features/account/password-reset';
import { action as contactAction } from './contact';
import { action as resetRequestAction } from './account/reset-request';
import { action as resetPasswordAction } from './account/reset-password';

/*
 * The forms' route actions, as React Router calls them: a posted form in, the kit's one answer out. The API answers
 * here in its own wire format (the status, the JSON body of §3 and §8) through the load context, as the in-process
 * API does on a running store; what each form then shows is the browser journeys' (e2e/accounts, e2e/contact).
 */

type Call = { path: string; method: string; body: unknown };

/** A load context whose API answers `reply` (or fails to answer at all) and records what it was asked. */
function contextAnswering(reply: (call: Call) => Response | null) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  context.set(appContext, {
    nonce: 'n',
    publicUrl: null,
    api: async (path, init) => {
      const call = { path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const res = reply(call);
      if (!res) throw new TypeError('fetch failed');
      return res;
    },
  });
  return { context, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    const { context, calls } = contextAnswering(reply);
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
    const { context, calls } = contextAnswering(() =>
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
    const { context } = contextAnswering(() => json(200, { message: '' }));
    const { status, answer } = unwrap(await resetPasswordAction({ request: post('/reset-password/t', { email: 'a@example.com', password: 'x', password_confirmation: 'x' }), params: { token: 't' }, context } as never));
    expect(status).toBe(502);
    expect(answer.notice).toEqual({ kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic });
  });
});

describe('the contact form’s action', () => {
  const fields = { name: 'Ada', email: 'ada@example.com', phone: '(212) 555-0100', topic: 'Diamonds', question: 'Ovals?' };

  it('sends the phone as §5 keeps it, digits and hyphens, and empties the form after the thank-you', async () => {
    const { context, calls } = contextAnswering(() => json(200, { message: 'Thank you.' }));
    const { status, answer } = unwrap(await contactAction({ request: post('/contact', fields), params: {}, context } as never));
    expect(calls[0]!.body).toEqual({ ...fields, phone: '212555-0100' });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, notice: { kind: 'success', text: 'Thank you.' }, values: {} });
  });

  it('keeps what was typed when the API fails, and says §8’s line', async () => {
    const { context } = contextAnswering(() => json(503, { message: 'Service Unavailable' }));
    const { status, answer } = unwrap(await contactAction({ request: post('/contact', fields), params: {}, context } as never));
    expect(status).toBe(502);
    expect(answer.notice).toEqual({ kind: 'error', text: CONTACT_FAILURE_MESSAGE });
    expect(answer.values.email).toBe('ada@example.com');
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
