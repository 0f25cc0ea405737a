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

/**
 * True when the database could not take the lock or order the transaction in time: SQLite's SQLITE_BUSY family
 * (errcode 5, 261, 517; "database is locked") once busy_timeout has run out, PostgreSQL's serialization failure
 * (40001), deadlock (40P01) and lock timeout (55P03). Such a transaction did nothing and may simply be tried again.
 */
export function isBusy(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '40001' || e.code === '40P01' || e.code === '55P03') return true;
  if (typeof e.errcode === 'number' && (e.errcode & 0xff) === 5) return true;
  return typeof e.message === 'string' && /database is locked|SQLITE_BUSY/i.test(e.message);
}

/**
 * True when the database refused a value a request carried as data it cannot hold: PostgreSQL's class 22 (a NUL
 * character in text, a number out of range for its column, a malformed date or number). The statement did nothing;
 * the request is at fault, not the store. SQLite stores such values as they are, so only PostgreSQL says this.
 */
export function isUnreadableValue(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
