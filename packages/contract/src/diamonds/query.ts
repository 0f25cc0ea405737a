/**
 * Query-string normalisation shared by the server and the storefront.
 *
 * Browsers and HTTP clients send lists in several forms: repeated keys (`price=1&price=2`),
 * bracket keys (`price[]=1`, `price[0]=1`) and comma lists (`price=1,2`). All become one list per key.
 */
export type NormalizedQuery = Record<string, string[]>;

export function normalizeQuery(raw: Record<string, unknown> | URLSearchParams): NormalizedQuery {
  // No prototype: a parameter named like one of Object's own members (valueOf, constructor) is just a parameter.
  const out: NormalizedQuery = Object.create(null) as NormalizedQuery;
  const entries: Array<[string, unknown]> =
    raw instanceof URLSearchParams ? [...raw.entries()] : Object.entries(raw);
  for (const [rawKey, value] of entries) {
    const key = rawKey.replace(/\[\d*\]$/, '');
    const values = Array.isArray(value) ? value : [value];
    const list = (out[key] ??= []);
    for (const v of values) {
      if (v === undefined || v === null) continue;
      for (const part of String(v).split(',')) list.push(part.trim());
    }
  }
  return out;
}
