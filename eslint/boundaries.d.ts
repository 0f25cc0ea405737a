/** Why `from` may not import `to` (repository-relative paths), or null when it may. */
export function boundaryViolation(from: string, to: string, published?: boolean): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
/** Why a module's file may not import `importedName` from `to`, or null. */
export function ownershipViolation(from: string, to: string, importedName: string): string | null;
/** Why a module's file may not run SQL, or null where it may (its repositories). */
export function queryPlacementViolation(from: string): string | null;
