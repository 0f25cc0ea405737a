import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import type { AuditTables } from './tables.ts';

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;

/** Whose entries a list is filtered to (the service's `AuditQuery.actor`). */
export type ActorFilter = { id: number | null; commandLine?: string } | 'command-line';

/**
 * The audit log's SQL. Only inserts and reads: the table refuses updates and deletes by trigger, and nothing here
 * would try.
 */
export function createAuditRepository(db: Kysely<AuditTables>) {
  return {
    /** Writes rows in as few statements as the engines' parameter limits allow (10 a row, 500 rows a statement). */
    async insert(rows: readonly NewAuditRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) await db.insertInto('audit_log').values(rows.slice(i, i + 500)).execute();
    },

    /** Newest first, a page at a time, and how many match. */
    async page(filter: { action?: string; subjectId?: string; actor?: ActorFilter }, page: number, perPage: number): Promise<{ rows: AuditRow[]; total: number }> {
      let q = db.selectFrom('audit_log');
      if (filter.action) q = q.where('action', '=', filter.action);
      if (filter.subjectId) q = q.where('subject_id', '=', filter.subjectId);
      const actor = filter.actor;
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
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { rows, total: Number(total) };
    },

    /** Every entry about one subject, oldest first, at most `limit`. */
    async of(subjectType: string, subjectId: string, limit: number): Promise<AuditRow[]> {
      return db.selectFrom('audit_log').selectAll().where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).orderBy('id', 'asc').limit(limit).execute();
    },
  };
}
