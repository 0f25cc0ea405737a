import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIAMOND_LOOKUP_MAX, diamondLookupResponseSchema, diamondSchema, type DiamondLookupResponse } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTestApp } from '../../test/app.ts';
import { seedInventory } from '../inventory/index.ts';

describe.each(TEST_ENGINES)('POST /api/diamonds/lookup on %s', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ids: number[];
  let soldId: number;
  let reservedId: number;
  let unknownId: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedInventory(db, { count: 60, seed: 7 });
    ids = (await db.db.selectFrom('diamonds').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    soldId = ids[0]!;
    reservedId = ids[1]!;
    unknownId = ids.at(-1)! + 1000;
    await db.db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', soldId).execute();
    await db.db.updateTable('diamonds').set({ status: 'reserved' }).where('id', '=', reservedId).execute();
    app = await createTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  const lookup = (body: unknown) => app.inject({ method: 'POST', url: '/api/diamonds/lookup', payload: body as object });

  async function lookupOk(requested: number[]): Promise<DiamondLookupResponse> {
    const res = await lookup({ ids: requested });
    expect(res.statusCode, res.body).toBe(200);
    return diamondLookupResponseSchema.parse(res.json());
  }

  it('returns each requested stone as the single-stone endpoint does, in the order asked', async () => {
    const requested = [ids[10]!, ids[3]!, ids[25]!];
    const body = await lookupOk(requested);
    expect(body.missing).toEqual([]);
    expect(body.data.map((d) => d.diamondid)).toEqual(requested);
    for (const d of body.data) {
      expect(diamondSchema.strict().parse(d)).toEqual(d);
      const one = await app.inject(`/api/diamonds/${d.diamondid}`);
      expect(one.json().data).toEqual(d);
    }
  });

  it('reports the current price from the database', async () => {
    const id = ids[5]!;
    await db.db.updateTable('diamonds').set({ price_cents: 123_456 }).where('id', '=', id).execute();
    const body = await lookupOk([id]);
    expect(body.data[0]!.price).toBe(1234.56);
  });

  it('lists unknown ids in missing', async () => {
    const body = await lookupOk([ids[4]!, unknownId, 2_147_483_647, 999_999_999_999]);
    expect(body.data.map((d) => d.diamondid)).toEqual([ids[4]]);
    expect(body.missing).toEqual([unknownId, 2_147_483_647, 999_999_999_999]);
  });

  it('returns sold and reserved stones with their status', async () => {
    const body = await lookupOk([soldId, reservedId, ids[2]!]);
    expect(body.missing).toEqual([]);
    expect(Object.fromEntries(body.data.map((d) => [d.diamondid, d.status]))).toEqual({
      [soldId]: 'sold',
      [reservedId]: 'reserved',
      [ids[2]!]: 'available',
    });
  });

  it('answers a repeated id once', async () => {
    const body = await lookupOk([ids[6]!, ids[6]!, unknownId, unknownId]);
    expect(body.data.map((d) => d.diamondid)).toEqual([ids[6]]);
    expect(body.missing).toEqual([unknownId]);
  });

  it(`accepts up to ${DIAMOND_LOOKUP_MAX} ids`, async () => {
    const requested = Array.from({ length: DIAMOND_LOOKUP_MAX }, (_, i) => ids[i % ids.length]! + Math.floor(i / ids.length) * 100_000);
    const body = await lookupOk(requested);
    expect(body.data).toHaveLength(ids.length);
    expect(body.missing).toHaveLength(DIAMOND_LOOKUP_MAX - ids.length);
  });

  it.each<[string, unknown, string]>([
    ['an empty list', { ids: [] }, 'ids'],
    [`more than ${DIAMOND_LOOKUP_MAX} ids`, { ids: Array.from({ length: DIAMOND_LOOKUP_MAX + 1 }, (_, i) => i + 1) }, 'ids'],
    ['a fractional id', { ids: [1, 2.5] }, 'ids.1'],
    ['an id sent as text', { ids: ['12'] }, 'ids.0'],
    ['a zero id', { ids: [0] }, 'ids.0'],
    ['a negative id', { ids: [-3] }, 'ids.0'],
    ['a missing list', {}, 'ids'],
    ['a list that is not one', { ids: 12 }, 'ids'],
    ['an unexpected field', { ids: [1], status: 'available' }, 'body'],
  ])('rejects %s with 422', async (_name, body, field) => {
    const res = await lookup(body);
    expect(res.statusCode, res.body).toBe(422);
    const json = res.json() as { message: string; errors: Record<string, string[]> };
    expect(json.message).toMatch(/^Invalid body/);
    expect(Object.keys(json.errors)).toContain(field);
  });

  it('rejects a body that is not JSON with a 4xx, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/diamonds/lookup',
      headers: { 'content-type': 'application/json' },
      payload: '{"ids": [1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
