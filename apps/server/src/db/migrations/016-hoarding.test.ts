import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { migrateToLatest } from '../database.ts';

/**
 * Migration 016 on a store that has accounts and orders already: who is taken as verified, which open orders count
 * toward the ceiling, and the reset links kept as links of their purpose.
 */
describe.each(TEST_ENGINES)('migration 016 on %s', (engine) => {
  let db: TestDb;
  const at = '2030-01-01T00:00:00.000Z';
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    db = await createTestDb(engine, { upTo: '015-staff-security' });
    const old = db.db as unknown as Kysely<any>;
    for (const name of ['paid', 'unpaid', 'staff', 'plain']) {
      const row = await old
        .insertInto('users')
        .values({ email: `${name}@shopper.test`, name, title: 'Ms', birth_date: null, anniversary_date: null, password_hash: 'x', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = Number(row.id);
    }
    const order = (userId: number, number: string, payment_status: string) =>
      old
        .insertInto('orders')
        .values({
          order_number: number,
          user_id: userId,
          user_name: 'Ann Lee',
          contact_email: 'x@shopper.test',
          contact_number: '212-555-0100',
          street: '1 Main St',
          apartment: null,
          city: 'New York',
          state: null,
          zip: '10036',
          country: 'United States',
          payment_mode: payment_status === 'paid' ? 'pay-paypal' : 'cod',
          order_status: 'pending',
          payment_status,
          total_cents: 100_00,
          is_gift: 0,
          notes: null,
          hold_expires_at: payment_status === 'paid' ? null : '2030-01-04T00:00:00.000Z',
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await order(ids.paid!, 'EV-2030-PAID01', 'paid');
    await order(ids.paid!, 'EV-2030-OPEN01', 'pending');
    await order(ids.unpaid!, 'EV-2030-OPEN02', 'pending');
    await old
      .insertInto('staff_invitations')
      .values({ email: 'staff@shopper.test', name: 'staff', title: 'Ms', role: 'staff', token_hash: 'a'.repeat(64), invited_by: 'owner', created_at: at, expires_at: at, accepted_at: at, user_id: ids.staff })
      .execute();
    await old.insertInto('password_resets').values({ user_id: ids.plain, token_hash: 'b'.repeat(64), created_at: at, expires_at: at }).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('takes accounts with a paid order, and staff who joined by their link, as verified; no other', async () => {
    const rows = await db.db.selectFrom('users').select(['email', 'email_verified_at']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.email_verified_at !== null]))).toEqual({ paid: true, unpaid: false, staff: true, plain: false });
  });

  it('counts the open unpaid orders of accounts without a verified email and a paid order toward the ceiling', async () => {
    const rows = await db.db.selectFrom('orders').select(['order_number', 'untrusted']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.order_number, Number(r.untrusted)]))).toEqual({ 'EV-2030-PAID01': 0, 'EV-2030-OPEN01': 0, 'EV-2030-OPEN02': 1 });
  });

  it('keeps the reset links as links of their purpose', async () => {
    const link = await db.db.selectFrom('email_links').selectAll().where('user_id', '=', ids.plain!).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ purpose: 'password', token_hash: 'b'.repeat(64) });
  });
});
