/** Why `from` may not import `to` (repository-relative paths), or null when it may. */
export function boundaryViolation(from: string, to: string, published?: boolean): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
