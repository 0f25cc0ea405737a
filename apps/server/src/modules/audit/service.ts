import { hostname, userInfo } from 'node:os';
import type { AuditAction, AuditEntry, AuditListResponse } from '@everstone/contract';
import type { Handle } from '../../db/tables.ts';
import { createAuditRepository, type ActorFilter, type AuditRow } from './repository.ts';
import { auditTables } from './tables.ts';

/** Who did something: a staff member in the back office, or someone at the command line. */
export interface Actor {
  /** The staff member's user id; null at the command line. */
  id: number | null;
  email: string;
  name: string;
  /** The request's address, or the command line's user@host. */
  from: string;
}

/** Someone at a terminal on the store's host: named by the program, the user and the host. */
export function commandLineActor(program: string): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // A container user without a passwd entry has no name.
  }
  const at = `${user}@${hostname()}`;
  return { id: null, email: at, name: program, from: at };
}

export interface AuditRecord {
  action: AuditAction;
  subject: { type: string; id: string };
  /** The fields that changed, as they were and as they became (only those). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditQuery {
  action?: AuditAction;
  subject?: string;
  /**
   * Whose entries: a person's account id (what they are, whatever they have called themselves since), the command
   * line's (`'command-line'`, entries with no account), or both an id and the start of a command line's user@host.
   */
  actor?: ActorFilter;
  page: number;
  per_page: number;
}

const parse = (json: string | null): Record<string, unknown> | null => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at,
    actor: { id: row.actor_id === null ? null : Number(row.actor_id), email: row.actor_email, name: row.actor_name },
    action: row.action as AuditAction,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    from: row.from_address,
  };
}

/**
 * The audit log (docs/decisions/018-back-office.md): what staff changed, written by the change's own transaction so an
 * entry exists exactly when the change does. The table refuses updates and deletes by trigger; this module has no
 * function that would try.
 */
export function createAuditLog(deps: { db: Handle; now: () => Date }) {
  const db = auditTables(deps.db);
  const row = (at: string, actor: Actor, what: AuditRecord) => ({
    at,
    actor_id: actor.id,
    actor_email: actor.email,
    actor_name: actor.name,
    action: what.action,
    subject_type: what.subject.type,
    subject_id: what.subject.id,
    before_json: what.before ? JSON.stringify(what.before) : null,
    after_json: what.after ? JSON.stringify(what.after) : null,
    from_address: actor.from.slice(0, 200),
  });
  const repo = createAuditRepository(db);

  async function record(trx: Handle, actor: Actor, what: AuditRecord): Promise<void> {
    await createAuditRepository(auditTables(trx)).insert([row(deps.now().toISOString(), actor, what)]);
  }

  return {
    /** Writes one entry with `trx`, the transaction of the change it records. */
    record,

    /**
     * Writes one entry per record with `trx`, in as few statements as the engines' parameter limits allow: an import
     * changes a thousand stones a batch, and a round trip per stone would cost more than the change itself.
     */
    async recordMany(trx: Handle, actor: Actor, what: readonly AuditRecord[]): Promise<void> {
      const at = deps.now().toISOString();
      await createAuditRepository(auditTables(trx)).insert(what.map((w) => row(at, actor, w)));
    },

    /** Writes one entry on its own, for what changes nothing in the database (an export of personal data). */
    async recordNow(actor: Actor, what: AuditRecord): Promise<void> {
      await record(db, actor, what);
    },

    /** Newest first, a page at a time; `subject` matches a subject id exactly (an order number in any case), `actor` by id. */
    async list(query: AuditQuery): Promise<AuditListResponse> {
      const subjectId = query.subject && query.subject.toUpperCase().startsWith('EV-') ? query.subject.toUpperCase() : query.subject;
      const { rows, total } = await repo.page({ action: query.action, subjectId, actor: query.actor }, query.page, query.per_page);
      return { entries: rows.map(toEntry), total, page: query.page, per_page: query.per_page };
    },

    /** Every entry about one subject, oldest first (an order's history). */
    async of(subjectType: string, subjectId: string): Promise<AuditEntry[]> {
      return (await repo.of(subjectType, subjectId, 500)).map(toEntry);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
