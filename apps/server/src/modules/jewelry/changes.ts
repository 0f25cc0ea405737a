/** A change as the audit log keeps it: the fields as they were and as they became. */
export interface JewelryChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** What of `before` differs in `after`, as two records of only those keys. */
export function changed(before: Record<string, unknown>, after: Record<string, unknown>): JewelryChange {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}
