import { ADMIN_PAGE_SIZES, adminPageSize } from '@everstone/contract';

/**
 * A back-office list keeps its state in the page's address (search, filters, sort, page), so a link or the Back button
 * brings the same list back. Each list names its state's fields and defaults once; the address is read field by field
 * with the contract's own rules (its list query schema's shape) and written back with only what differs.
 */

/** A contract field's rule, as far as reading an address needs it: what it makes of a text, or that it refuses it. */
export interface FieldRule<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** What a rule reads a text as, an absent value aside (that one reads as the default). */
type RuleValue<R> = R extends FieldRule<infer T> ? Exclude<T, undefined | null> : never;

/** A list's state: each field is what its rule reads, or its default. */
export type ListState<F, D> = { [K in keyof D]: (K extends keyof F ? RuleValue<F[K]> : never) | D[K] };

/** The values a list's state holds, as the address can say them. */
type AddressValue = string | number | boolean;

export type PageSize = (typeof ADMIN_PAGE_SIZES)[number];

/** The one of `values` that `value` is, typed as it; undefined when it is none of them. */
export function oneOf<T extends AddressValue>(values: readonly T[], value: unknown): T | undefined {
  return values.find((v) => v === value);
}

/**
 * The contract's page size, read as one of the sizes the page-size select offers: the contract's rule refuses any
 * other, though its type says only "a number".
 */
export const pageSizeField: FieldRule<PageSize> = {
  safeParse(value) {
    const parsed = adminPageSize.safeParse(value);
    const size = parsed.success ? oneOf(ADMIN_PAGE_SIZES, parsed.data) : undefined;
    return size === undefined ? { success: false } : { success: true, data: size };
  },
};

/**
 * Reads a list's state from an address. An empty parameter, or one the contract refuses, reads as its default, so a
 * mistyped link shows the list with that filter off instead of failing the page. Only the defaults' fields are read.
 */
export function readList<F extends { [K in keyof D]: FieldRule<unknown> }, const D extends { [K in keyof D]: AddressValue }>(
  fields: F,
  defaults: D,
  params: URLSearchParams,
): ListState<F, D>;
// The body works on plain records: the signature above says what each field comes out as, which a loop over keys
// cannot show the compiler.
export function readList(fields: Record<string, FieldRule<unknown>>, defaults: Record<string, AddressValue>, params: URLSearchParams) {
  const state: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = params.get(key);
    const parsed = raw === null || raw === '' ? null : fields[key]!.safeParse(raw);
    state[key] = (parsed?.success ? parsed.data : undefined) ?? fallback;
  }
  return state;
}

/** How the address says a value: a flag that is on is '1'. */
const addressText = (value: AddressValue) => (value === true ? '1' : value === false ? '0' : String(value));

/**
 * The address's query for a list's state: only what differs from the defaults, in the defaults' order, so the same
 * list always has the same address. A sort's column and direction are said together (`sort=total&dir=desc`) when
 * either differs, so a link names the whole sort.
 */
export function listParams<S extends { [K in keyof S]: AddressValue }>(state: S, defaults: NoInfer<S>): URLSearchParams;
export function listParams(state: Record<string, AddressValue>, defaults: Record<string, AddressValue>) {
  const differs = (key: string) => state[key] !== defaults[key];
  const sortDiffers = 'sort' in defaults && 'dir' in defaults && (differs('sort') || differs('dir'));
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    if (differs(key) || (sortDiffers && (key === 'sort' || key === 'dir'))) params.set(key, addressText(state[key]!));
  }
  return params;
}

/**
 * The API's query for a list's state: the address's, with `always` said even at their defaults (the sort, the page
 * and its size), so the answer does not hang on the server's own defaults.
 */
export function listApiQuery<S extends { [K in keyof S]: AddressValue }>(state: S, defaults: NoInfer<S>, always: readonly (keyof S & string)[]): string {
  const params = listParams(state, defaults);
  for (const key of always) params.set(key, addressText(state[key]));
  return params.toString();
}

/** A list's sort as its address says it: which column, and which way round. */
export interface ColumnSort<K extends string = string> {
  key: K;
  dir: 'asc' | 'desc';
}

/** The sort after a click on a column's header: a new column starts its own way round (`first`), the same column turns over. */
export function nextColumnSort<K extends string>(now: ColumnSort<K>, key: K, first: ColumnSort['dir']): ColumnSort<K> {
  return { key, dir: key === now.key ? (now.dir === 'asc' ? 'desc' : 'asc') : first };
}

/** Whether an address's part can be a record's id (a positive 32-bit integer); anything else is not asked for. */
export const isRecordId = (text: string) => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647;
