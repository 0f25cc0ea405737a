import { addIsoDays, isoDay, storeDayStart, storeToday, type AdminCustomRequest, type RequestState } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import { createCustomRequestRepository, type CustomRequestRepository, type CustomRingRequestRow } from './repository.ts';
import { customRequestTables } from './tables.ts';

/** Writes the audit entry of a change in the change's own transaction. */
export type RecordCustomRequest = (trx: Handle, request: AdminCustomRequest, change: { before: Record<string, unknown>; after: Record<string, unknown> }) => Promise<void>;

function toAdmin(row: CustomRingRequestRow): AdminCustomRequest {
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
export function createCustomRequestDesk(deps: { db: Handle; engine: Engine; now: () => Date }) {
  const tables = { db: customRequestTables(deps.db), engine: deps.engine };
  const repo = createCustomRequestRepository(tables.db);
  const today = () => isoDay(storeToday(deps.now()));

  async function one(on: CustomRequestRepository, number: string): Promise<CustomRingRequestRow> {
    const row = await on.findRequest(number.trim().toUpperCase());
    if (!row) throw new NotFoundError('No custom ring request has that number.');
    return row;
  }

  return {
    /** Open ones soonest due first; answered ones newest first. */
    async list(state: RequestState, page: number, perPage: number): Promise<{ requests: AdminCustomRequest[]; total: number }> {
      const { rows, total } = await repo.pageRequests(state, page, perPage);
      return { requests: rows.map(toAdmin), total };
    },

    /** Not yet answered and due by the end of today (New York), or overdue. */
    async dueToday(): Promise<AdminCustomRequest[]> {
      return (await repo.openDueBy(today(), 100)).map(toAdmin);
    },

    async byEmail(email: string): Promise<AdminCustomRequest[]> {
      return (await repo.requestsFrom(email, 100)).map(toAdmin);
    },

    async setHandled(number: string, handled: boolean, by: { email: string }, record: RecordCustomRequest): Promise<AdminCustomRequest> {
      return writeTransaction(tables, async (trx) => {
        const r = createCustomRequestRepository(trx);
        const before = await one(r, number);
        if ((before.handled_at !== null) === handled) return toAdmin(before);
        await r.setHandled(before.id, handled ? { at: deps.now().toISOString(), by: by.email } : null);
        const after = toAdmin(await one(r, number));
        await record(trx, after, { before: { handled: !handled }, after: { handled } });
        return after;
      });
    },
  };
}

export type CustomRequestDesk = ReturnType<typeof createCustomRequestDesk>;
