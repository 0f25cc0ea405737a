import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message as the test SMTP server received it, with just enough MIME decoding to assert on. */
export interface ReceivedMail {
  /** RCPT TO addresses: where the message really went, whatever its headers say. */
  recipients: string[];
  subject: string;
  to: string;
  replyTo: string;
  text: string;
  html: string;
  /** Files sent with the message (parts with a filename), decoded. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
}

export interface TestSmtp {
  /** An SMTP_URL pointing at this server. */
  url: string;
  messages: ReceivedMail[];
  /** Messages whose envelope includes `address` (in any letter case). */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Return an error to refuse a recipient; `attempt` counts RCPTs for that address, from 1. */
  rejectRecipient?: (address: string, attempt: number) => { code: number; message: string } | null;
  /** Called with each message before the server accepts it (the browser journeys keep a mailbox on disk). */
  onMessage?: (mail: ReceivedMail) => void;
}

function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeaderWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: splitHeaders(raw), body: '' };
  return { headers: splitHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The leaf parts of an entity, walking into nested multiparts (mixed → alternative, attachments). */
function leafParts(headers: Map<string, string>, body: string): Array<{ headers: Map<string, string>; body: string }> {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [{ headers, body }];
  const parts: Array<{ headers: Map<string, string>; body: string }> = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    // The line break before a boundary belongs to the boundary, not to the part.
    const part = splitEntity(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
    parts.push(...leafParts(part.headers, part.body));
  }
  return parts;
}

/** Text and HTML parts of a message (a single part, or the parts of nested multiparts) and its attachments. */
export function parseMail(raw: string, recipients: string[] = []): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const leaves = leafParts(headers, body);
  const filenameOf = (h: Map<string, string>) => /filename="?([^";]+)"?/i.exec(h.get('content-disposition') ?? '')?.[1];
  const texts = leaves
    .filter((p) => !filenameOf(p.headers))
    .map((p) => ({ type: p.headers.get('content-type') ?? 'text/plain', content: decodeBody(p.headers, p.body) }));
  return {
    recipients,
    subject: headers.get('subject') ?? '',
    to: headers.get('to') ?? '',
    replyTo: headers.get('reply-to') ?? '',
    text: texts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: texts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    attachments: leaves
      .filter((p) => filenameOf(p.headers))
      .map((p) => ({
        filename: filenameOf(p.headers)!,
        contentType: (p.headers.get('content-type') ?? '').split(';')[0]!.trim(),
        content: Buffer.from(p.body.replace(/\s+/g, ''), 'base64'),
      })),
    raw,
  };
}

/** A real SMTP server on 127.0.0.1 (a free port) that keeps what it receives. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      const rejection = options.rejectRecipient?.(address.address, n);
      if (!rejection) return callback();
      const err = new Error(rejection.message) as Error & { responseCode: number };
      err.responseCode = rejection.code;
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), recipients);
        messages.push(mail);
        try {
          options.onMessage?.(mail);
        } catch (err) {
          return callback(err as Error);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    // Case-insensitive: nodemailer lower-cases the domain of a recipient.
    to: (address) => messages.filter((m) => m.recipients.some((r) => r.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
