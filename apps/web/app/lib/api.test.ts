import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageResponseSchema, userSchema } from '@everstone/contract';
import { NO_CONTENT, createApiClient, failureText, lazySchema, type Transport } from './api';

type Sent = { path: string; method: string; headers: Record<string, string>; body?: string };

/** A client over a fake transport that answers `answer` and records what was sent. */
function clientAnswering(answer: Response | Error, token: string | null = null) {
  const sent: Sent[] = [];
  const transport: Transport = async (path, init) => {
    sent.push({ path, method: init.method, headers: init.headers, body: init.body });
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { client: createApiClient(transport, () => token), sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = { id: 7, email: 'ada@example.com', name: 'Ada Lovelace', title: 'Ms', birth_date: null, anniversary_date: null, email_verified: true };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the API client (§7)', () => {
  it('sends JSON with the bearer token when there is one, and parses the answer with the contract', async () => {
    const { client, sent } = clientAnswering(json(200, { message: 'Saved', user }), 'tok-1');
    const res = await client.put('/api/user', { name: 'Ada' }, lazySchema((c) => c.userResponseSchema));
    expect(res).toEqual({ ok: true, status: 200, data: { message: 'Saved', user } });
    expect(sent[0]).toEqual({
      path: '/api/user',
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok-1' },
      body: '{"name":"Ada"}',
    });
  });

  it('sends no content type without a body, and no bearer when told so or when there is none', async () => {
    const { client, sent } = clientAnswering(json(200, user), 'tok-1');
    await client.get('/api/user', userSchema, { token: null });
    expect(sent[0]!.headers).toEqual({ Accept: 'application/json' });
    const guest = clientAnswering(json(200, user));
    await guest.client.get('/api/user', userSchema);
    expect(guest.sent[0]!.headers).toEqual({ Accept: 'application/json' });
  });

  it('reads an error answer as its status, message and field errors', async () => {
    const body = { message: 'Invalid body: email', errors: { email: ['The email is invalid.'], name: ['The name is required.'] } };
    const { client } = clientAnswering(json(422, body));
    const res = await client.post('/api/contact', {}, messageResponseSchema);
    expect(res).toEqual({ ok: false, status: 422, message: 'Invalid body: email', errors: body.errors });
    if (!res.ok) expect(failureText(res)).toBe('The email is invalid. The name is required.');
  });

  it('keeps the status of an error answer that says nothing, and a blank message is none', async () => {
    const html = clientAnswering(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await html.client.get('/api/orders', messageResponseSchema)).toEqual({ ok: false, status: 502, message: null });
    const blank = clientAnswering(json(429, { message: '  ' }));
    const res = await blank.client.get('/api/orders', messageResponseSchema);
    expect(res).toEqual({ ok: false, status: 429, message: null });
    if (!res.ok) expect(failureText(res)).toBeNull();
  });

  it('gives status 0 when the store cannot be reached, or answers a success the contract does not describe', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = clientAnswering(new TypeError('Failed to fetch'));
    expect(await offline.client.get('/api/user', userSchema)).toEqual({ ok: false, status: 0, message: null });
    expect(warn).toHaveBeenCalledOnce();
    const odd = clientAnswering(json(200, { id: 'seven' }));
    expect(await odd.client.get('/api/user', userSchema)).toEqual({ ok: false, status: 0, message: null });
    expect(error).toHaveBeenCalledOnce();
  });

  it('reads an answer without content', async () => {
    const { client } = clientAnswering(new Response(null, { status: 204 }));
    expect(await client.get('/sanctum/csrf-cookie', NO_CONTENT)).toEqual({ ok: true, status: 204, data: undefined });
  });

  it('fetches a file with the bearer token, and names it as the answer does', async () => {
    const pdf = new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="EV-2026-K7M3QX-invoice.pdf"' },
    });
    const { client, sent } = clientAnswering(pdf, 'tok-1');
    const res = await client.file('/api/orders/EV-2026-K7M3QX/documents/invoice');
    expect(sent[0]).toEqual({ path: '/api/orders/EV-2026-K7M3QX/documents/invoice', method: 'GET', headers: { Accept: 'application/pdf, application/json;q=0.9', Authorization: 'Bearer tok-1' }, body: undefined });
    expect(res.ok && res.data.filename).toBe('EV-2026-K7M3QX-invoice.pdf');
    expect(res.ok && new TextDecoder().decode(await res.data.blob.arrayBuffer())).toBe('%PDF-');
  });

  it('reads a file’s error answer as every other call’s', async () => {
    const { client } = clientAnswering(json(404, { message: 'No such order.' }));
    expect(await client.file('/api/orders/EV-2026-AAAAAA/documents/invoice')).toEqual({ ok: false, status: 404, message: 'No such order.' });
  });
});
