import { hostname, userInfo } from 'node:os';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditListResponse } from '@everstone/contract';
import type { AuditLogTable, Database } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';

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
  actor?: { id: number | null; commandLine?: string } | 'command-line';
  page: number;
  per_page: number;
}

type AuditRow = Selectable<AuditLogTable>;

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
export function createAuditLog(deps: { db: Kysely<Database>; now: () => Date }) {
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

  async function record(trx: Kysely<Database>, actor: Actor, what: AuditRecord): Promise<void> {
    await trx.insertInto('audit_log').values(row(deps.now().toISOString(), actor, what)).execute();
  }

  return {
    /** Writes one entry with `trx`, the transaction of the change it records. */
    record,

    /**
     * Writes one entry per record with `trx`, in as few statements as the engines' parameter limits allow: an import
     * changes a thousand stones a batch, and a round trip per stone would cost more than the change itself.
     */
    async recordMany(trx: Kysely<Database>, actor: Actor, what: readonly AuditRecord[]): Promise<void> {
      const at = deps.now().toISOString();
      // 10 parameters a row: 500 rows stay far below SQLite's 32,766 and PostgreSQL's 65,535.
      for (let i = 0; i < what.length; i += 500) {
        await trx.insertInto('audit_log').values(what.slice(i, i + 500).map((w) => row(at, actor, w))).execute();
      }
    },

    /** Writes one entry on its own, for what changes nothing in the database (an export of personal data). */
    async recordNow(actor: Actor, what: AuditRecord): Promise<void> {
      await record(deps.db, actor, what);
    },

    /** Newest first, a page at a time; `subject` matches a subject id exactly, `actor` an email's start. */
    async list(query: AuditQuery): Promise<AuditListResponse> {
      let q = deps.db.selectFrom('audit_log');
      if (query.action) q = q.where('action', '=', query.action);
      if (query.subject) q = q.where('subject_id', '=', query.subject.toUpperCase().startsWith('EV-') ? query.subject.toUpperCase() : query.subject);
      const actor = query.actor;
      if (actor === 'command-line') q = q.where('actor_id', 'is', null);
      else if (actor) {
        q = q.where((eb) => {
          const byCommandLine = actor.commandLine
            ? eb.and([eb('actor_id', 'is', null), sql<boolean>`actor_email like ${`${escapeLike(actor.commandLine.toLowerCase())}%`} escape '\\'`])
            : null;
          const byId = actor.id === null ? null : eb('actor_id', '=', actor.id);
          const either = [byId, byCommandLine].filter((c) => c !== null);
          return either.length > 0 ? eb.or(either) : sql<boolean>`1 = 0`;
        });
      }
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page)
        .execute();
      return { entries: rows.map(toEntry), total: Number(total), page: query.page, per_page: query.per_page };
    },

    /** Every entry about one subject, oldest first (an order's history). */
    async of(subjectType: string, subjectId: string): Promise<AuditEntry[]> {
      const rows = await deps.db
        .selectFrom('audit_log')
        .selectAll()
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('id', 'asc')
        .limit(500)
        .execute();
      return rows.map(toEntry);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
