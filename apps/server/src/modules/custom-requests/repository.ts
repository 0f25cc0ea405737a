import { sql, type Kysely, type Selectable } from 'kysely';
import type { RequestState } from '@everstone/contract';
import type { CustomRingRequestTable } from '../../db/schema.ts';
import type { CustomRequestTables } from './tables.ts';

export type CustomRingRequestRow = Selectable<CustomRingRequestTable>;

export interface NewCustomRingRequest {
  requestNumber: string;
  style: string;
  budget: string;
  centerShape: string;
  centerOrigin: string;
  centerCarat: number | null;
  metal: string;
  ringSize: string;
  note: string | null;
  name: string;
  email: string;
  phone: string | null;
  replyBy: string;
  createdAt: string;
}

export interface StoredImage {
  token: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Digests of the client an upload came from: its address or /64, and an IPv6 client's /56 and /48. */
export interface UploadClient {
  clientKey: string;
  client56: string | null;
  client48: string | null;
}
export type UploadClientColumn = 'client_key' | 'client_56' | 'client_48';

/** The custom-requests module's tables: custom_ring_requests and custom_ring_images. */
export function createCustomRequestRepository(db: Kysely<CustomRequestTables>) {
  return {
    async insertImage(image: StoredImage & { createdAt: string; client: UploadClient }): Promise<void> {
      await db
        .insertInto('custom_ring_images')
        .values({
          token: image.token,
          content_type: image.contentType,
          bytes: image.bytes,
          byte_size: image.bytes.byteLength,
          created_at: image.createdAt,
          client_key: image.client.clientKey,
          client_56: image.client.client56,
          client_48: image.client.client48,
        })
        .execute();
    },

    /** Uploads no request has claimed yet from one client's range (`column` holding its digest), and when the oldest was made. */
    async unclaimedOfClient(column: UploadClientColumn, digest: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('custom_ring_images')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
        .where(column, '=', digest)
        .where('request_id', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
    },

    /** Uploads no request has claimed yet, however old. */
    async countUnclaimed(): Promise<number> {
      const row = await db
        .selectFrom('custom_ring_images')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('request_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertRequest(r: NewCustomRingRequest): Promise<number> {
      const row = await db
        .insertInto('custom_ring_requests')
        .values({
          request_number: r.requestNumber,
          style: r.style,
          budget: r.budget,
          center_shape: r.centerShape,
          center_origin: r.centerOrigin,
          center_carat: r.centerCarat,
          metal: r.metal,
          ring_size: r.ringSize,
          note: r.note,
          name: r.name,
          email: r.email,
          phone: r.phone,
          reply_by: r.replyBy,
          created_at: r.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * Gives the request the uploads it names, in its order: only unclaimed ones uploaded since `since`. The
     * condition is in each UPDATE, so an upload is claimed once however many requests name it at the same time.
     * Answers how many were claimed.
     */
    async claimImages(requestId: number, tokens: readonly string[], since: string): Promise<number> {
      let claimed = 0;
      for (const [position, token] of tokens.entries()) {
        const result = await db
          .updateTable('custom_ring_images')
          .set({ request_id: requestId, position })
          .where('token', '=', token)
          .where('request_id', 'is', null)
          .where('created_at', '>', since)
          .executeTakeFirst();
        claimed += Number(result.numUpdatedRows);
      }
      return claimed;
    },

    async imagesOf(requestId: number): Promise<StoredImage[]> {
      const rows = await db
        .selectFrom('custom_ring_images')
        .select(['token', 'content_type', 'bytes'])
        .where('request_id', '=', requestId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({ token: r.token, contentType: r.content_type, bytes: r.bytes }));
    },

    /** Deletes uploads no request claimed that were uploaded before `before`; answers how many. */
    async deleteUnclaimedBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('custom_ring_images').where('request_id', 'is', null).where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async findRequest(requestNumber: string): Promise<CustomRingRequestRow | undefined> {
      return db.selectFrom('custom_ring_requests').selectAll().where('request_number', '=', requestNumber).executeTakeFirst();
    },

    /** Open ones soonest due first; answered ones newest first; and how many match. */
    async pageRequests(state: RequestState, page: number, perPage: number): Promise<{ rows: CustomRingRequestRow[]; total: number }> {
      let q = db.selectFrom('custom_ring_requests');
      if (state === 'open') q = q.where('handled_at', 'is', null);
      if (state === 'handled') q = q.where('handled_at', 'is not', null);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let rows = q.selectAll();
      rows = state === 'open' ? rows.orderBy('reply_by').orderBy('id') : rows.orderBy('id', 'desc');
      return { rows: await rows.limit(perPage).offset((page - 1) * perPage).execute(), total: Number(total) };
    },

    /** Not yet answered and promised by `day` (an ISO day) or earlier, soonest due first, at most `limit`. */
    async openDueBy(day: string, limit: number): Promise<CustomRingRequestRow[]> {
      return db.selectFrom('custom_ring_requests').selectAll().where('handled_at', 'is', null).where('reply_by', '<=', day).orderBy('reply_by').orderBy('id').limit(limit).execute();
    },

    /** The requests sent from one address in any letter case, newest first, at most `limit`. */
    async requestsFrom(email: string, limit: number): Promise<CustomRingRequestRow[]> {
      return db.selectFrom('custom_ring_requests').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).orderBy('id', 'desc').limit(limit).execute();
    },

    /** Who answered the request and when; null opens it again. */
    async setHandled(id: number, handled: { at: string; by: string } | null): Promise<void> {
      await db
        .updateTable('custom_ring_requests')
        .set({ handled_at: handled?.at ?? null, handled_by: handled?.by ?? null })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type CustomRequestRepository = ReturnType<typeof createCustomRequestRepository>;
