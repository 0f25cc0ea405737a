import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { quickHasher, signUpAndIn } from '../test/accounts.ts';

describe.each(TEST_ENGINES)('the client’s address on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let port: number;
  /** Resolved once the server has seen the next connection close: the password check waits for it when asked to. */
  let hungUp: Promise<void> | null = null;

  beforeAll(async () => {
    db = await createTestDb(engine);
    // The sign-in's password check is where the handler waits, in this test, for its client to be gone.
    const waitingHasher = { ...quickHasher, verify: async (stored: string, password: string) => (await hungUp, quickHasher.verify(stored, password)) };
    // Without rate limits nothing reads the address before the handler does (as on a store started with them off).
    app = await createTestApp(db, { RATE_LIMITS_ENABLED: 'false' }, { passwordHasher: waitingHasher });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('is kept from the request’s first moment: a sign-in whose client hung up at once still records where it came from', async () => {
    const person = await signUpAndIn(app, { name: 'Hana Hangup' });
    await db.db.updateTable('users').set({ role: 'staff' }).where('id', '=', person.user.id).execute();
    const body = JSON.stringify({ email: person.email, password: person.password });
    hungUp = new Promise((resolve) => app.server.once('connection', (socket) => socket.once('close', () => resolve())));
    // The whole request is sent and the connection closed before any answer: the handler runs on without its socket.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end(`POST /api/admin/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', reject);
    });
    const session = async () => db.db.selectFrom('admin_sessions').select('ip').where('user_id', '=', person.user.id).executeTakeFirst();
    await expect.poll(session, { timeout: 20_000 }).toEqual({ ip: '127.0.0.1' });
    const entry = () => db.db.selectFrom('audit_log').select(['action', 'from_address']).where('actor_id', '=', person.user.id).executeTakeFirst();
    await expect.poll(entry, { timeout: 20_000 }).toEqual({ action: 'session.sign_in', from_address: '127.0.0.1' });
    hungUp = null;
  });
});
