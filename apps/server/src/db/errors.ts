/**
 * True when a statement failed on a unique constraint: PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE
 * (node:sqlite reports it as errcode 2067). Lets a service turn a lost race into the rule's own 422.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true;
  if (e.errcode === 2067) return true;
  return typeof e.message === 'string' && e.message.startsWith('UNIQUE constraint failed');
}
