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
