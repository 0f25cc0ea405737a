import { ADMIN_PAGE_SIZES, adminRequestListQuerySchema } from '@everstone/contract';

/** A field of a contract schema, as far as reading an address needs it. */
interface ParamRule {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/**
 * Reads a list's address field by field with the contract's own rules (the list query schema's shape): an empty
 * parameter, or one the contract refuses, reads as absent, so a mistyped link shows the list with that filter off
 * instead of failing the page.
 */
export function paramReader<S extends Record<string, ParamRule>>(shape: S, params: URLSearchParams) {
  return (key: keyof S & string): unknown => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const parsed = shape[key]!.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };
}

export type PageSize = (typeof ADMIN_PAGE_SIZES)[number];

export function read<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, raw: string | null, fallback: T): T {
  if (raw === null || raw === '') return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

export const pageOf = (raw: string | null) => read(adminRequestListQuerySchema.shape.page, raw, 1);
export const sizeOf = (raw: string | null) => read(adminRequestListQuerySchema.shape.per_page, raw, ADMIN_PAGE_SIZES[0]) as PageSize;

/** Only what differs from the first page of the default list goes in the address. */
export function withPaging(params: URLSearchParams, page: number, perPage: PageSize, prefix = '') {
  if (page !== 1) params.set(`${prefix}page`, String(page));
  if (perPage !== ADMIN_PAGE_SIZES[0]) params.set(`${prefix}per_page`, String(perPage));
  return params;
}

/** Whether an address's part can be a record's id (a positive 32-bit integer); anything else is not asked for. */
export const isRecordId = (text: string) => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647;
