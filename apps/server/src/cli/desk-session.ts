import { loadConfig, type Config } from '../config.ts';
import { createDb, migrateToLatest, type Db } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { cliMail } from './cli-mail.ts';

/** What one desk command works with: the settings, the migrated database and the step's mail queue. */
export interface DeskSession {
  config: Config;
  d: Db;
  mail: ReturnType<typeof cliMail>['queue'];
  now: () => Date;
}

/**
 * Runs one order-desk command against the store's database: migrated first, the shopper's email (queued in the
 * step's transaction) sent before it exits, and said where it went. The body answers 'mail' when its step may have
 * queued an email, or an exit code when it is done. A step the store refuses (an unknown number, a step the record
 * cannot take) prints why, through `visible`, and exits 1, having changed nothing.
 */
export async function runDeskSession(visible: (text: string) => string, body: (session: DeskSession) => Promise<'mail' | number>): Promise<number> {
  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  const mail = cliMail(config, d);
  try {
    await migrateToLatest(d);
    let outcome: 'mail' | number;
    try {
      outcome = await body({ config, d, mail: mail.queue, now: () => new Date() });
    } catch (err) {
      if (err instanceof HttpError) {
        console.error(visible(err.message));
        return 1;
      }
      throw err;
    }
    if (outcome !== 'mail') return outcome;
    const sent = await mail.send();
    if (sent !== 'none') console.log(sent === 'queued' ? 'The shopper’s email is queued: the mail server did not take it, and the store will try again.' : `The shopper’s email was ${sent === 'written' ? `written to ${config.OUTBOX_DIR}` : 'sent'}.`);
    return 0;
  } finally {
    await mail.close();
    await d.close();
  }
}

/** Rows as a desk prints a list: a header, then columns padded to the widest cell. */
export function deskTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

/** What the desk says of the first option given that `command` does not take, or null when all belong. */
export function strayOption(command: string, values: Record<string, string | boolean | undefined>, takes: readonly string[]): string | null {
  for (const [option, value] of Object.entries(values)) {
    if (option === 'help' || value === undefined || value === false) continue;
    if (!takes.includes(option)) return `--${option} does not belong to "${command}".`;
  }
  return null;
}

/** A list's --limit: a whole number from 1 to 1000, `fallback` when not given, or null when it is not one. */
export function limitOf(values: Record<string, string | boolean | undefined>, fallback: number): number | null {
  const limit = values.limit === undefined ? fallback : Number(values.limit);
  return Number.isInteger(limit) && limit >= 1 && limit <= 1000 ? limit : null;
}

/** What the desk says of a --limit that limitOf refused. */
export const LIMIT_PROBLEM = '--limit must be a whole number from 1 to 1000.';
