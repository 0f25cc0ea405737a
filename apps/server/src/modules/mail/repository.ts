import { sql, type Kysely } from 'kysely';
import type { MailOutboxRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { mailTables, type MailTables } from './tables.ts';
import type { MailAttachment, OutgoingMail } from './compose.ts';

interface StoredAttachment {
  filename: string;
  content_type: string;
  base64: string;
}

const storedAttachment = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  content_type: a.contentType,
  base64: Buffer.from(a.content).toString('base64'),
});

/** The attachments column as the transport takes them. */
export function attachmentsOf(column: string | null): MailAttachment[] | undefined {
  if (!column) return undefined;
  return (JSON.parse(column) as StoredAttachment[]).map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.base64, 'base64') }));
}

export const SCRUBBED_BODY = '(Removed after sending: the message held a single-use link.)';

/**
 * The mail_outbox table. `db` may be a transaction: queueing mail inside the transaction that stores the record
 * it is about means both are kept or neither is.
 */
export function createMailOutboxRepository(db: Kysely<MailTables>) {
  return {
    async enqueue(messages: OutgoingMail[], now: Date): Promise<number[]> {
      if (messages.length === 0) return [];
      const at = now.toISOString();
      const ids: number[] = [];
      // One insert per message: multi-row RETURNING order is not promised on every engine.
      for (const m of messages) {
        const row = await db
          .insertInto('mail_outbox')
          .values({
            to_address: m.to,
            reply_to: m.replyTo ?? null,
            subject: m.subject,
            text_body: m.text,
            html_body: m.html ?? null,
            next_attempt_at: at,
            created_at: at,
            scrub_after_send: m.sensitive ? 1 : 0,
            headers: m.headers && Object.keys(m.headers).length > 0 ? JSON.stringify(m.headers) : null,
            attachments: m.attachments?.length ? JSON.stringify(m.attachments.map(storedAttachment)) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
      return ids;
    },

    /** Rows a dispatcher may take now: pending and due, or claimed by a dispatcher that stopped answering. */
    async findDue(now: Date, staleBefore: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now.toISOString())]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore.toISOString())]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Takes one row for sending. The conditions are re-checked by the UPDATE itself, so when two instances race
     * for a row exactly one of them changes it; the other sees 0 rows and moves on.
     */
    async claim(id: number, now: Date, staleBefore: Date): Promise<MailOutboxRow | null> {
      const result = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'sending', claimed_at: now.toISOString(), attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now.toISOString())]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore.toISOString())]),
          ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : null;
    },

    async markSent(id: number, claimedAt: string, now: Date): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          status: 'sent',
          sent_at: now.toISOString(),
          // A secret (a reset link) is kept only until it has left: afterwards the row records that mail went out.
          text_body: eb.case().when('scrub_after_send', '=', 1).then(SCRUBBED_BODY).else(eb.ref('text_body')).end(),
          html_body: eb.case().when('scrub_after_send', '=', 1).then(sql<string | null>`null`).else(eb.ref('html_body')).end(),
          // The files have left with the message; their owner (a custom ring request) keeps its own copy.
          attachments: null,
        }))
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('claimed_at', '=', claimedAt)
        .execute();
    },

    /** Back to pending for another try at `retryAt`, or 'failed' for good when `retryAt` is null. */
    async markFailed(id: number, claimedAt: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          status: retryAt ? 'pending' : 'failed',
          last_error: error.slice(0, 1000),
          ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('claimed_at', '=', claimedAt)
        .execute();
    },

    /** When the next pending row falls due, so an idle dispatcher can sleep until then. */
    async nextDueAt(): Promise<Date | null> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.next ? new Date(row.next) : null;
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

/**
 * The outbox as other modules and the tools reach it: through any handle (a transaction handed over, or the pool),
 * opened as the mail module's own table.
 */
export const openOutbox = (db: Handle) => createMailOutboxRepository(mailTables(db));
