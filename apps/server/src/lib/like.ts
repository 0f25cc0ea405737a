/** A LIKE pattern's own characters (\ % _) escaped with a backslash: queries say `escape '\'`, on both engines. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
