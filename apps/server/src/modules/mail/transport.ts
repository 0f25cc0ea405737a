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

/**
 * Without SMTP a message is rendered exactly as it would be sent and kept in a folder: `<name>.eml` (the raw
 * message), `<name>.txt` (its text body, for the dev page) and a line in index.jsonl.
 */
export function createFileOutboxTransport(dir: string, from: string, now: () => Date = () => new Date()): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = resolve(dir);
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(from, message));
      const date = now();
      const name = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
      // Created on first use, so a store that never mails (or a test) leaves no folder behind.
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${name}.eml`), info.message as Buffer);
      await writeFile(join(folder, `${name}.txt`), message.text, 'utf8');
      const entry: OutboxEntry = { file: `${name}.eml`, date: date.toISOString(), to: message.to, subject: message.subject };
      await appendFile(join(folder, OUTBOX_INDEX), `${JSON.stringify(entry)}\n`, 'utf8');
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(config: { SMTP_URL?: string; MAIL_FROM: string; OUTBOX_DIR: string }): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createFileOutboxTransport(config.OUTBOX_DIR, config.MAIL_FROM);
}
