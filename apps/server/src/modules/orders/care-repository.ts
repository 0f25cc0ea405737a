import type { Kysely } from 'kysely';
import { OPEN_CARE_STATUSES, type CareStatus } from '@everstone/contract';
import type { OrderCareTicketRow } from '../../db/schema.ts';
import type { OrderTables } from './tables.ts';

const n = (v: unknown) => Number(v);
export const ticketRow = (t: OrderCareTicketRow): OrderCareTicketRow => ({
  ...t,
  id: n(t.id),
  order_id: n(t.order_id),
  order_item_id: n(t.order_item_id),
  user_id: n(t.user_id),
  free: n(t.free),
  fee_cents: t.fee_cents === null ? null : n(t.fee_cents),
});

export type NewTicket = Omit<OrderCareTicketRow, 'id' | 'received_by' | 'work_started_at' | 'work_by' | 'shipped_at' | 'shipped_by' | 'closed_at' | 'closed_by' | 'fee_cents' | 'fee_reference'> &
  Partial<Pick<OrderCareTicketRow, 'received_by' | 'fee_cents'>>;
type TicketChange = Partial<Pick<OrderCareTicketRow, 'received_at' | 'received_by' | 'work_started_at' | 'work_by' | 'fee_cents' | 'fee_reference' | 'shipped_at' | 'shipped_by' | 'closed_at' | 'closed_by' | 'label_token_hash'>>;

/** Resize and repair tickets: the only place with their SQL. `db` may be a transaction. */
export function createCareRepository(db: Kysely<OrderTables>) {
  return {
    async findByNumber(number: string): Promise<OrderCareTicketRow | null> {
      const row = await db.selectFrom('order_care_tickets').selectAll().where('number', '=', number).executeTakeFirst();
      return row ? ticketRow(row) : null;
    },

    async findByLabelToken(tokenHash: string, at: string): Promise<OrderCareTicketRow | null> {
      const row = await db.selectFrom('order_care_tickets').selectAll().where('label_token_hash', '=', tokenHash).where('label_expires_at', '>', at).executeTakeFirst();
      return row ? ticketRow(row) : null;
    },

    /**
     * Inserts a ticket; 'number' when its number is taken (the caller draws another), 'line' when the line has an open
     * ticket. A ticket of the same line inserted meanwhile fails on the partial unique index.
     */
    async insert(ticket: NewTicket): Promise<'number' | 'line' | number> {
      const taken = await db.selectFrom('order_care_tickets').select('id').where('number', '=', ticket.number).executeTakeFirst();
      if (taken) return 'number';
      const open = await db.selectFrom('order_care_tickets').select('id').where('order_item_id', '=', ticket.order_item_id).where('status', 'in', [...OPEN_CARE_STATUSES]).executeTakeFirst();
      if (open) return 'line';
      // Two tickets of one line at once: the partial unique index refuses the second (the caller says so).
      const row = await db.insertInto('order_care_tickets').values(ticket).returning('id').executeTakeFirstOrThrow();
      return n(row.id);
    },

    /** Moves a ticket from `from` to `to`, on the condition that it still stands as read. True when this call made it. */
    async move(id: number, from: CareStatus, to: CareStatus, change: TicketChange = {}): Promise<boolean> {
      const result = await db.updateTable('order_care_tickets').set({ ...change, status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new label link's hash for a ticket still `requested`. */
    async setLabelToken(id: number, tokenHash: string): Promise<boolean> {
      const result = await db.updateTable('order_care_tickets').set({ label_token_hash: tokenHash }).where('id', '=', id).where('status', '=', 'requested').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether a line has had a resize (not cancelled): its first is free. */
    async resizedBefore(orderItemId: number): Promise<boolean> {
      const row = await db.selectFrom('order_care_tickets').select('id').where('order_item_id', '=', orderItemId).where('kind', '=', 'resize').where('status', '<>', 'cancelled').executeTakeFirst();
      return row !== undefined;
    },

    /** Open tickets, oldest first, for the back office's queue. */
    async open(limit: number): Promise<OrderCareTicketRow[]> {
      const rows = await db.selectFrom('order_care_tickets').selectAll().where('status', 'in', [...OPEN_CARE_STATUSES]).orderBy('requested_at').limit(limit).execute();
      return rows.map(ticketRow);
    },
  };
}
