import { existsSync } from 'node:fs';

/** Rows an import lists one by one before the rest are summarised. */
const SHOWN_ERRORS = 50;

/**
 * The one CSV file an import command takes, or what it says instead: the file's path when exactly one is named and
 * it exists; otherwise the message printed (with `usage`) and the exit code 1.
 */
export function importFileArgument(positionals: readonly string[], usage: string): { file: string } | { exit: number } {
  const file = positionals[0];
  if (positionals.length !== 1 || !file) {
    console.error(`Name one CSV file to import.\n\n${usage}`);
    return { exit: 1 };
  }
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return { exit: 1 };
  }
  return { file };
}

/** An import's bad rows, each by its line with what is wrong, the first SHOWN_ERRORS of them, then how many more. */
export function printRowErrors(errors: readonly { line: number; problems: readonly string[] }[]): void {
  for (const error of errors.slice(0, SHOWN_ERRORS)) console.error(`line ${error.line}: ${error.problems.join('; ')}`);
  if (errors.length > SHOWN_ERRORS) console.error(`... and ${(errors.length - SHOWN_ERRORS).toLocaleString('en-US')} more rows with errors`);
}
