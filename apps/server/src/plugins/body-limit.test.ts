import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestDb, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { chunked, postRaw } from '../test/raw-post.ts';
import { bearer, quickHasher, signUpAndIn } from '../test/accounts.ts';
import { BODY_LIMIT_BYTES, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './body-limit.ts';

describe('request bodies', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    app = await createTestApp(db, {}, { passwordHasher: quickHasher });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('are refused with a 413 naming the cap when they declare more than it, before they are read', async () => {
    const res = await postRaw({ host: '127.0.0.1', port, path: '/api/contact' }, { 'content-type': 'application/json', 'content-length': String(120 * 1024 * 1024) }, Buffer.alloc(0));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: expect.stringMatching(/^The request is too large: the store accepts at most 64 KB in one request\./) });
  });

  it('are refused with a 413 as soon as a chunked body passes the cap, without waiting for its end', async () => {
    // One byte past the cap and no final chunk: the answer cannot have waited for the rest.
    const res = await postRaw({ host: '127.0.0.1', port, path: '/api/contact' }, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunked(BODY_LIMIT_BYTES + 1));
    expect(res.status).toBe(413);
    // Just under the cap, the same request is read (and refused for what it says, not for its size).
    const under = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: 'a'.repeat(BODY_LIMIT_BYTES - 1) });
    expect(under.statusCode).toBe(400);
  });

  it('of a type the API does not read are a 415 before any route runs: text/plain, which another site may post', async () => {
    const { token } = await signUpAndIn(app);
    const asText = { 'content-type': 'text/plain' };
    const contact = await app.inject({ method: 'POST', url: '/api/contact', headers: asText, payload: JSON.stringify({ email: 'plain@shopper.test', topic: 'Diamonds', question: 'Hi' }) });
    expect(contact.statusCode).toBe(415);
    expect(contact.json()).toEqual({ message: `${UNSUPPORTED_MEDIA_TYPE_MESSAGE} (got text/plain).` });
    // A change without a body schema ran on any text before: now it is refused, and the token still works.
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { ...asText, ...bearer(token) }, payload: 'bye' });
    expect(logout.statusCode).toBe(415);
    expect((await app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('up to the cap are read as usual', async () => {
    const question = 'x'.repeat(4_000);
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'cap@shopper.test', topic: 'Diamonds', question } });
    expect(res.statusCode, res.body).toBe(200);
    const over = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'cap@shopper.test', topic: 'Diamonds', question: 'y'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(over.statusCode).toBe(413);
  });
});
