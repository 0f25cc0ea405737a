import { sql, type Kysely, type Selectable } from 'kysely';
import { addIsoDays, isoDay, storeDayStart, storeToday, type AdminCustomRequest, type RequestState } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { CustomRingRequestTable, Database } from '../../db/schema.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';

type RequestRow = Selectable<CustomRingRequestTable>;

/** Writes the audit entry of a change in the change's own transaction. */
export type RecordCustomRequest = (trx: Kysely<Database>, request: AdminCustomRequest, change: { before: Record<string, unknown>; after: Record<string, unknown> }) => Promise<void>;

function toAdmin(row: RequestRow): AdminCustomRequest {
  return {
    request_number: row.request_number,
    style: row.style,
    budget: row.budget,
    center_shape: row.center_shape,
    center_origin: row.center_origin,
    center_carat: row.center_carat === null ? null : Number(row.center_carat),
    metal: row.metal,
    ring_size: row.ring_size,
    note: row.note,
    name: row.name,
    email: row.email,
    phone: row.phone,
    reply_by: row.reply_by,
    // The promise is "by the end of that day, Eastern Time".
    reply_due_at: storeDayStart(addIsoDays(row.reply_by, 1)),
    created_at: row.created_at,
    handled_at: row.handled_at,
    handled_by: row.handled_by,
  };
}

/**
 * Custom ring requests as staff work them (back office): the one-business-day reply promise counted down, the
 * ones due today on the first screen, and marking one answered.
 */
export function createCustomRequestDesk(deps: { db: Kysely<Database>; engine: Engine; now: () => Date }) {
  const { db } = deps;
  const today = () => isoDay(storeToday(deps.now()));

  async function one(on: Kysely<Database>, number: string): Promise<RequestRow> {
    const row = await on.selectFrom('custom_ring_requests').selectAll().where('request_number', '=', number.trim().toUpperCase()).executeTakeFirst();
    if (!row) throw new NotFoundError('No custom ring request has that number.');
    return row;
  }

  return {
    /** Open ones soonest due first; answered ones newest first. */
    async list(state: RequestState, page: number, perPage: number): Promise<{ requests: AdminCustomRequest[]; total: number }> {
      let q = db.selectFrom('custom_ring_requests');
      if (state === 'open') q = q.where('handled_at', 'is', null);
      if (state === 'handled') q = q.where('handled_at', 'is not', null);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let rows = q.selectAll();
      rows = state === 'open' ? rows.orderBy('reply_by').orderBy('id') : rows.orderBy('id', 'desc');
      const page_ = await rows.limit(perPage).offset((page - 1) * perPage).execute();
      return { requests: page_.map(toAdmin), total: Number(total) };
    },

    /** Not yet answered and due by the end of today (New York), or overdue. */
    async dueToday(): Promise<AdminCustomRequest[]> {
      const rows = await db.selectFrom('custom_ring_requests').selectAll().where('handled_at', 'is', null).where('reply_by', '<=', today()).orderBy('reply_by').orderBy('id').limit(100).execute();
      return rows.map(toAdmin);
    },

    async byEmail(email: string): Promise<AdminCustomRequest[]> {
      const rows = await db.selectFrom('custom_ring_requests').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).orderBy('id', 'desc').limit(100).execute();
      return rows.map(toAdmin);
    },

    async setHandled(number: string, handled: boolean, by: { email: string }, record: RecordCustomRequest): Promise<AdminCustomRequest> {
      return writeTransaction(deps, async (trx) => {
        const before = await one(trx, number);
        if ((before.handled_at !== null) === handled) return toAdmin(before);
        await trx
          .updateTable('custom_ring_requests')
          .set(handled ? { handled_at: deps.now().toISOString(), handled_by: by.email } : { handled_at: null, handled_by: null })
          .where('id', '=', before.id)
          .execute();
        const after = toAdmin(await one(trx, number));
        await record(trx, after, { before: { handled: !handled }, after: { handled } });
        return after;
      });
    },
  };
}

export type CustomRequestDesk = ReturnType<typeof createCustomRequestDesk>;
