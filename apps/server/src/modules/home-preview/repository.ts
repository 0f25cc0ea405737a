import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { HOME_PREVIEW_COUNTED_STATUSES, type HomePreviewStatus } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { HomePreviewRequestTable, HomePreviewRingTable } from '../../db/schema.ts';
import type { HomePreviewTables } from './tables.ts';

export type HomePreviewRow = Selectable<HomePreviewRequestTable> & { rings: Selectable<HomePreviewRingTable>[] };

export interface NewHomePreview {
  number: string;
  userId: number;
  depositCents: number;
  shipTo: {
    first_name: string;
    last_name: string;
    street: string;
    apartment: string | null;
    city: string;
    state: string;
    zip: string;
    country: string;
    phone_number: string;
  };
  rings: Array<{ variantId: number; sku: string; productSlug: string; name: string; metal: string; shape: string | null; ringSize: string }>;
  createdAt: string;
}

/** The first key of PostgreSQL's two-key advisory locks taken by Home Preview: 'EVHP'. */
const ACCOUNT_LOCK = 0x45564850;

/** The home-preview module's tables: home_preview_requests and home_preview_rings. */
export function createHomePreviewRepository(db: Kysely<HomePreviewTables>, engine: Engine) {
  async function ringsOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, Selectable<HomePreviewRingTable>[]>();
    const rows = await db.selectFrom('home_preview_rings').selectAll().where('request_id', 'in', ids).orderBy('request_id').orderBy('position').execute();
    const by = new Map<number, Selectable<HomePreviewRingTable>[]>();
    for (const r of rows) {
      const ring = { ...r, id: Number(r.id), request_id: Number(r.request_id), variant_id: Number(r.variant_id), position: Number(r.position) };
      by.set(ring.request_id, [...(by.get(ring.request_id) ?? []), ring]);
    }
    return by;
  }
  const orNull = (n: number | null) => (n === null ? null : Number(n));
  const normalize = (r: Selectable<HomePreviewRequestTable>) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    deposit_cents: Number(r.deposit_cents),
    rings_returned: Number(r.rings_returned),
    refunded_cents: orNull(r.refunded_cents),
    kept_cents: orNull(r.kept_cents),
  });
  const withRings = async (row: Selectable<HomePreviewRequestTable> | undefined): Promise<HomePreviewRow | null> => {
    if (!row) return null;
    const r = normalize(row);
    return { ...r, rings: (await ringsOf([r.id])).get(r.id) ?? [] };
  };

  return {
    /**
     * Serializes one account's requests until the transaction ends, so two sent at once cannot both see one slot
     * left. SQLite's BEGIN IMMEDIATE already serializes every write.
     */
    async lockAccount(userId: number): Promise<void> {
      if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${userId})`.execute(db);
    },

    /** When the account's requests that count toward its two (all but cancelled ones) were placed, since `since`, oldest first. */
    async activeSince(userId: number, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('home_preview_requests')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('status', 'in', HOME_PREVIEW_COUNTED_STATUSES)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.created_at);
    },

    async insert(r: NewHomePreview): Promise<number> {
      const row = await db
        .insertInto('home_preview_requests')
        .values({ number: r.number, user_id: r.userId, deposit_cents: r.depositCents, ...r.shipTo, created_at: r.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      for (const [position, ring] of r.rings.entries()) {
        await db
          .insertInto('home_preview_rings')
          .values({
            request_id: id,
            position,
            variant_id: ring.variantId,
            sku: ring.sku,
            product_slug: ring.productSlug,
            name: ring.name,
            metal: ring.metal,
            shape: ring.shape,
            ring_size: ring.ringSize,
          })
          .execute();
      }
      return id;
    },

    /** Every account's requests, newest first, a page at a time (the back office). */
    async listAll(status: string | null, page: number, perPage: number): Promise<{ rows: HomePreviewRow[]; total: number }> {
      let q = db.selectFrom('home_preview_requests');
      if (status) q = q.where('status', '=', status);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = (await q.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute()).map(normalize);
      const rings = await ringsOf(rows.map((r) => r.id));
      return { rows: rows.map((r) => ({ ...r, rings: rings.get(r.id) ?? [] })), total: Number(total) };
    },

    /** The account's requests, newest first (at most 50: two every six months). */
    async listByUser(userId: number): Promise<HomePreviewRow[]> {
      const rows = (await db.selectFrom('home_preview_requests').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(50).execute()).map(normalize);
      const rings = await ringsOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, rings: rings.get(r.id) ?? [] }));
    },

    /** One of the account's requests by its number; another account's is null, as a missing one. */
    async findOwn(userId: number, number: string): Promise<HomePreviewRow | null> {
      return withRings(await db.selectFrom('home_preview_requests').selectAll().where('number', '=', number).where('user_id', '=', userId).executeTakeFirst());
    },
    /** Any account's request by its number (the back office). */
    async findByNumber(number: string): Promise<HomePreviewRow | null> {
      return withRings(await db.selectFrom('home_preview_requests').selectAll().where('number', '=', number).executeTakeFirst());
    },
    /**
     * A staff step's one conditional UPDATE: the request changes only while its status (and, for the receive step,
     * its count of replicas back) is still as read. False when another step got there first.
     */
    async move(id: number, from: { status: HomePreviewStatus; rings_returned?: number }, set: Updateable<HomePreviewRequestTable>): Promise<boolean> {
      let q = db.updateTable('home_preview_requests').set(set).where('id', '=', id).where('status', '=', from.status);
      if (from.rings_returned !== undefined) q = q.where('rings_returned', '=', from.rings_returned);
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Marks replicas (by position) back; how many were not back before. */
    async markRingsReturned(requestId: number, positions: readonly number[], at: string): Promise<number> {
      const result = await db
        .updateTable('home_preview_rings')
        .set({ returned_at: at })
        .where('request_id', '=', requestId)
        .where('position', 'in', positions)
        .where('returned_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** The request a carrier's tracking number is recorded for, if any. */
    async trackingHolder(carrier: string, trackingNumber: string): Promise<string | null> {
      const row = await db.selectFrom('home_preview_requests').select('number').where('carrier', '=', carrier).where('tracking_number', '=', trackingNumber).executeTakeFirst();
      return row?.number ?? null;
    },

    /** requested → cancelled; false when it was not `requested` any more. */
    async cancel(id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('home_preview_requests')
        .set({ status: 'cancelled', cancelled_at: at })
        .where('id', '=', id)
        .where('status', '=', 'requested')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
