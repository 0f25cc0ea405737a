import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './compose.ts';

/** The one thing the dispatcher needs from a mail provider. */
export interface MailTransport {
  /** 'outbox' writes files instead of sending (no SMTP_URL); the dev page lists them. */
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/** The file outbox: what it writes, and the single-use links it keeps out of its files. */
export interface FileOutboxTransport extends MailTransport {
  readonly kind: 'outbox';
  /** The text of a message that held a secret, while it is still kept (in this process only), by its .txt name. */
  keptText(file: string): string | undefined;
}

export const OUTBOX_INDEX = 'index.jsonl';

/** A line of the outbox folder's index: enough to list a message without reading it. */
export interface OutboxEntry {
  file: string;
  date: string;
  to: string;
  subject: string;
}

// Text parts always quoted-printable: readable in a raw .eml and decodable the same way every time.
const toNodemailer = (from: string, m: OutgoingMail) => ({
  from,
  to: m.to,
  replyTo: m.replyTo ?? undefined,
  subject: m.subject,
  text: m.text,
  html: m.html ?? undefined,
  headers: m.headers,
  textEncoding: 'quoted-printable' as const,
  attachments: m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
});

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // A stalled server must not hold a dispatcher pass for minutes (nodemailer waits 2 min by default).
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(toNodemailer(from, message));
    },
    close: () => transporter.close(),
  };
}

/** What the outbox's files say in place of a message that held a single-use link. */
export const WITHHELD_TEXT =
  'This message held a single-use link (a password reset), so the outbox does not keep it in a file.\n' +
  'On the machine that runs the store, /dev/outbox shows it while the link is valid; with SMTP_URL set it is sent instead.\n';

/** How many withheld messages one process keeps at most: a flood of reset requests cannot grow its memory. */
const MAX_KEPT = 500;

export interface FileOutboxOptions {
  now?: () => Date;
  /** How long the text of a message that held a secret stays readable on the dev page (the link's lifetime). */
  keepSecretsMs?: number;
}

/**
 * Without SMTP a message is rendered exactly as it would be sent and kept in a folder: `<name>.eml` (the raw
 * message), `<name>.txt` (its text body, for the dev page) and a line in index.jsonl. The folder and its files
 * are readable by the store's own user only. A message that holds a secret (a reset link) is written without
 * it: its text stays in this process's memory for the dev page until the link expires, and never on disk.
 */
export function createFileOutboxTransport(dir: string, from: string, options: FileOutboxOptions = {}): FileOutboxTransport {
  const now = options.now ?? (() => new Date());
  const keepMs = options.keepSecretsMs ?? 60 * 60_000;
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = resolve(dir);
  const kept = new Map<string, { text: string; until: number }>();
  const forget = () => {
    const t = now().getTime();
    for (const [file, entry] of kept) if (entry.until <= t) kept.delete(file);
    while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  };
  return {
    kind: 'outbox',
    async send(message) {
      const written = message.sensitive ? { ...message, text: WITHHELD_TEXT, html: null } : message;
      const info = await transporter.sendMail(toNodemailer(from, written));
      const date = now();
      const name = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
      // Created on first use, so a store that never mails (or a test) leaves no folder behind.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(join(folder, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
      await writeFile(join(folder, `${name}.txt`), written.text, { encoding: 'utf8', mode: 0o600 });
      if (message.sensitive) {
        kept.set(`${name}.txt`, { text: message.text, until: date.getTime() + keepMs });
        forget();
      }
      const entry: OutboxEntry = { file: `${name}.eml`, date: date.toISOString(), to: message.to, subject: message.subject };
      await appendFile(join(folder, OUTBOX_INDEX), `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 });
    },
    keptText(file) {
      forget();
      return kept.get(file)?.text;
    },
    close: () => {
      kept.clear();
      transporter.close();
    },
  };
}

export function createMailTransport(config: { SMTP_URL?: string; MAIL_FROM: string; OUTBOX_DIR: string; PASSWORD_RESET_TTL_MINUTES?: number }): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createFileOutboxTransport(config.OUTBOX_DIR, config.MAIL_FROM, { keepSecretsMs: (config.PASSWORD_RESET_TTL_MINUTES ?? 60) * 60_000 });
}
