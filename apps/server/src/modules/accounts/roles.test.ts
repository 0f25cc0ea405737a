import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDb, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { quickHasher, signUpAndIn } from '../../test/accounts.ts';
import { createAccountService } from './service.ts';
import { createAuditLog } from '../audit/index.ts';
import { createAdminSessions } from '../admin/index.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { registerAuth } from '../../plugins/auth.ts';

describe('roles', () => {
  let db: TestDb;
  let store: FastifyInstance;
  let admin: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    store = await createTestApp(db, {}, { passwordHasher: quickHasher });
    // A back-office scope as the admin issue will build it: a scope with a role hook, on the store's own sign-in.
    const accounts = createAccountService({
      db: db.db,
      engine: db.engine,
      mail: { enqueue: async () => [], flush: () => {} },
      hasher: quickHasher,
      now: () => new Date(),
      tokenTtlMs: 3_600_000,
      resetTtlMs: 3_600_000,
      publicUrl: 'http://localhost',
      storeEmail: 'care@store.test',
      audit: createAuditLog({ db: db.db, now: () => new Date() }),
      endBackOfficeSessions: (trx, userId) => {
        const sessions = createAdminSessions({ db: db.db, now: () => new Date() });
        return sessions.endAllOf(userId, trx);
      },
    });
    admin = Fastify();
    registerErrorHandler(admin);
    const auth = registerAuth(admin, accounts.authenticate);
    await admin.register(async (scope) => {
      scope.addHook('onRequest', auth.requireRole('staff', 'owner'));
      scope.get('/admin/whoami', async (request) => ({ role: request.auth!.role }));
    });
    await admin.register(async (scope) => {
      scope.addHook('onRequest', auth.requireRole('owner'));
      scope.get('/admin/staff', async () => ({ ok: true }));
    });
    await admin.ready();
  });

  afterAll(async () => {
    await admin?.close();
    await store?.close();
    await db?.destroy();
  });

  const as = (token: string | null, url: string) => admin.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('every account is a customer until the store says otherwise', async () => {
    const { user } = await signUpAndIn(store);
    expect((await db.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()).role).toBe('customer');
  });

  it('a role scope refuses a guest (401) and a customer (403), lets staff in, and keeps staff out of the owner’s', async () => {
    const customer = await signUpAndIn(store);
    const staff = await signUpAndIn(store);
    const owner = await signUpAndIn(store);
    await db.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.user.id).execute();
    await db.db.updateTable('users').set({ role: 'owner' }).where('id', '=', owner.user.id).execute();

    expect((await as(null, '/admin/whoami')).statusCode).toBe(401);
    const refused = await as(customer.token, '/admin/whoami');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account does not have access to this part of the store.' });
    expect((await as(staff.token, '/admin/whoami')).json()).toEqual({ role: 'staff' });
    expect((await as(owner.token, '/admin/whoami')).json()).toEqual({ role: 'owner' });
    expect((await as(staff.token, '/admin/staff')).statusCode).toBe(403);
    expect((await as(owner.token, '/admin/staff')).statusCode).toBe(200);
  });
});
